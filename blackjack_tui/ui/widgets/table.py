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
from blackjack_tui.engine.cards import hand_totals
from blackjack_tui.ui.cards import CardStyle
from blackjack_tui.ui.widgets.bet_box import BetBox
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

    def render(self) -> RenderableType:
        view = self.view
        if view is None or not view.dealer:
            return self._centred([Text("DEALER", style="bold"), Text(""),
                                  Text("draws to 17", style="dim")])
        lines = self.card_style.full(list(view.dealer))
        label = Text(view.dealer_label(), style="bold")
        cards = view.dealer_cards
        if view.dealer_outcome == "bust":
            label.append("  BUST", style="bold #ff7b72")
        elif view.over and len(view.dealer) == 2 and len(cards) == 2 and \
                hand_totals(cards)[0] == 21:
            label.append("  BLACKJACK", style="bold #f2c94c")
        elif view.peek == "none" and not view.over:
            label.append("  no blackjack", style="dim")
        return self._centred([Text("DEALER", style="bold"), *lines, label])

    @staticmethod
    def _centred(lines: list[Text]) -> Text:
        text = Text("\n").join(lines)
        text.justify = "center"
        return text


class Table(Vertical):
    """The whole felt. ``show`` redraws it from a :class:`TableView`."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="dealer-row"):
            yield ShoeGauge(id="shoe")
            yield DealerPanel(id="dealer")
            yield DiscardTray(id="discards")
        yield SeatStrip(id="seats")
        with Horizontal(id="boxes"):
            for number in (1, 2, 3):
                yield BetBox(number)

    def show_seats(self, seats: tuple[SeatInfo, ...]) -> None:
        """The computer players' seats (the strip is hidden when the player sits alone)."""
        strip = self.query_one(SeatStrip)
        strip.seats = seats
        self.set_class(bool(seats), "-seats")

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
