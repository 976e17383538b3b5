"""The felt: the dealer's area at the top (with the shoe and the discard tray), the boxes below."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from blackjack_tui.controller.view import TableView
from blackjack_tui.ui.cards import CardStyle
from blackjack_tui.ui.widgets.bet_box import BetBox
from blackjack_tui.ui.widgets.hand_panel import HandPanel
from blackjack_tui.ui.widgets.seat_strip import SeatInfo, SeatStrip


@dataclass(frozen=True)
class ShoeInfo:
    remaining: int
    total: int
    discards: int
    cut: float | None  # fraction dealt at which the cut card comes out; None: every round


class ShoeGauge(Static):
    """How much of the shoe is left, and where the cut card sits."""

    info: reactive[ShoeInfo | None] = reactive(None)

    def render(self) -> RenderableType:
        info = self.info
        if info is None or info.total == 0:
            return Text("")
        width = 10
        left = round(width * info.remaining / info.total)
        bar = Text("▕")
        bar.append("█" * left, style="#c9a227")
        bar.append("░" * (width - left), style="#5b6b5f")
        bar.append("▏")
        if info.cut is not None:
            cut = "cut at " + f"{round(info.cut * 100)}%"
        else:
            cut = "new shuffle each round"
        cards = f"{info.remaining} card{'s' if info.remaining != 1 else ''}"
        return Group(Text("SHOE", style="bold"), bar, Text(cards, style="dim"),
                     Text(cut, style="dim"))

    def watch_info(self) -> None:
        self.refresh()


class DiscardTray(Static):
    count: reactive[int] = reactive(0)

    def render(self) -> RenderableType:
        count = f"{self.count} card{'s' if self.count != 1 else ''}"
        return Group(Text("DISCARDS", style="bold"), Text(count, style="dim"))


class DealerPanel(Widget):
    """The dealer's cards and total; a face-down card stays face down until revealed."""

    DEFAULT_CSS = "DealerPanel { height: 5; width: 1fr; }"

    view: reactive[TableView | None] = reactive(None, always_update=True)
    card_style: reactive[CardStyle] = reactive(CardStyle())
    card_size: reactive[str] = reactive("small")

    def render(self) -> RenderableType:
        view = self.view
        if view is None or not view.dealer:
            return self._centred([Text("DEALER", style="bold"), Text(""),
                                  Text("draws to 17", style="dim")])
        size = self.card_size
        if CardStyle.fan_width(len(view.dealer), size) > self.size.width and size != "small":
            size = "medium" if size == "large" else "small"
        lines = self.card_style.fan(list(view.dealer), size)
        label = Text(view.dealer_label(), style="bold")
        if view.dealer_outcome == "bust":
            label.append("  BUST", style="bold #ff7b72")
        elif view.over and view.dealer_blackjack:
            label.append("  BLACKJACK", style="bold #f2c94c")
        elif view.peek == "none" and not view.over:
            label.append("  no blackjack", style="dim")
        return self._centred([Text("DEALER", style="bold"), *lines, label])

    @staticmethod
    def _centred(lines: list[Text]) -> Text:
        text = Text("\n").join(lines)
        text.justify = "center"
        return text


def card_size_for(width: int, height: int, seats: bool) -> str:
    """The largest cards the felt (``width`` × ``height`` inside) has room for."""
    extra = 2 if seats else 0
    if width >= 100 and height >= FELT_ROWS["large"] + extra:
        return "large"
    if width >= 84 and height >= FELT_ROWS["medium"] + extra:
        return "medium"
    return "small"


# Rows the felt needs at each card size: the dealer's row, the boxes, and at the two larger sizes
# a line for the table's printed rules and a row to spare.
FELT_ROWS = {"large": 11 + 1 + 15 + 1, "medium": 7 + 1 + 11 + 1, "small": 6 + 12}


class Table(Vertical):
    """The whole felt. ``show`` redraws it from a :class:`TableView`.

    Laid out as a table is: the discard tray at the dealer's right, the shoe at his left, the
    house's rules printed on the felt under him, the boxes in an arc in front. The cards take
    the largest size the felt has room for; spare rows go around the dealer and the boxes, never
    into one band between them.
    """

    card_size: reactive[str] = reactive("small")

    def compose(self) -> ComposeResult:
        yield Static(classes="gap -top")
        with Horizontal(id="dealer-row"):
            yield DiscardTray(id="discards")
            yield DealerPanel(id="dealer")
            yield ShoeGauge(id="shoe")
        yield Static(id="felt-rules")
        yield Static(classes="gap -middle")
        yield SeatStrip(id="seats")
        with Horizontal(id="boxes"):
            for number in (1, 2, 3):
                yield BetBox(number)
        yield Static(classes="gap -bottom")

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        size = card_size_for(self.size.width, self.size.height, self.has_class("-seats"))
        self.card_size = size

    def watch_card_size(self, size: str) -> None:
        for name in ("small", "medium", "large"):
            self.set_class(name == size, f"-{name}")
        self.query_one(DealerPanel).card_size = size
        for box in self.query(BetBox):
            box.card_size = size
            for panel in box.query(HandPanel):
                panel.card_size = size

    def show_rules_line(self, text: str) -> None:
        """The house's rules as printed on the felt (shown when there is room)."""
        self.query_one("#felt-rules", Static).update(text)

    def show_seats(self, seats: tuple[SeatInfo, ...]) -> None:
        """The computer players' seats (the strip is hidden when the player sits alone)."""
        strip = self.query_one(SeatStrip)
        strip.seats = seats
        if self.has_class("-seats") != bool(seats):
            self.set_class(bool(seats), "-seats")
            self._fit()

    def show_shoe(self, info: ShoeInfo) -> None:
        self.query_one(ShoeGauge).info = info
        self.query_one(DiscardTray).count = info.discards

    def show_round(self, view: TableView, card_style: CardStyle) -> None:
        dealer = self.query_one(DealerPanel)
        dealer.card_style = card_style
        dealer.view = view
        self.query_one(SeatStrip).view = view
        numbers = {b.number: b for b in view.boxes}
        for box in self.query(BetBox):
            box.show_round(numbers.get(box.number), view.active, card_style)

    def show_betting(self, bets: dict[int, Decimal], chips: tuple[Decimal, ...], limits: str,
                     selected: int, boxes_open: int, last: TableView | None,
                     card_style: CardStyle) -> None:
        """Between rounds: the last round stays on the felt until new bets are placed."""
        dealer = self.query_one(DealerPanel)
        dealer.card_style = card_style
        dealer.view = last
        self.query_one(SeatStrip).view = last if not bets else None
        for box in self.query(BetBox):
            if last is not None and not bets:
                numbers = {b.number: b for b in last.boxes}
                box.show_round(numbers.get(box.number), None, card_style)
                box.set_class(box.number == selected, "-selected")
            else:
                box.show_bet(bets.get(box.number), chips, limits, box.number == selected,
                             box.number <= boxes_open)
