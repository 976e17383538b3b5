"""The felt: the dealer's area at the top (with the shoe and the discard tray), the boxes below.

Every part is a :class:`~blackjack_tui.ui.widgets.drawn.Drawn` widget of a fixed size for the
felt's card size: a round's step repaints the parts it changed and nothing is laid out again.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from blackjack_tui.controller.view import TableView
from blackjack_tui.ui.cards import ORDER, CardStyle, overlapped_tens
from blackjack_tui.ui.widgets.bet_box import BetBox, BetShown
from blackjack_tui.ui.widgets.drawn import Drawn
from blackjack_tui.ui.widgets.hands import GOLD, LOSS
from blackjack_tui.ui.widgets.kept import KeptHorizontal, KeptLines, KeptStatic
from blackjack_tui.ui.widgets.seat_strip import SeatInfo, SeatStrip

SOFT = "#cfe3d4"


@dataclass(frozen=True)
class ShoeInfo:
    remaining: int
    total: int
    discards: int
    cut: float | None  # fraction dealt at which the cut card comes out; None: every round


class ShoeGauge(Drawn):
    """How much of the shoe is left, and where the cut card sits."""

    DEFAULT_CSS = "ShoeGauge { width: 20; height: 4; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.info: ShoeInfo | None = None

    def show(self, info: ShoeInfo) -> None:
        self.info = info
        self.redraw()

    def redraw(self) -> None:
        width = self.drawn_size.width
        self.draw((self.info, width), lambda: self._picture(width), width=width)

    def _picture(self, width: int) -> list[Text]:
        info = self.info
        if info is None or info.total == 0:
            return []
        cells = 10
        left = round(cells * info.remaining / info.total)
        cut = (f"cut at {round(info.cut * 100)}%" if info.cut is not None
               else "shuffled every round")
        cards = f"{info.remaining} card{'s' if info.remaining != 1 else ''}"
        # Only the count changes at most cards: the other lines are made once for each look.
        return [_gauge_line("SHOE", "bold", width), _gauge_bar(left, cells, width),
                _right(Text(cards, style=SOFT), width), _gauge_line(cut, SOFT, width)]


@lru_cache(maxsize=32)
def _gauge_line(words: str, style: str, width: int) -> Text:
    """A line of the gauge that seldom changes, right-aligned (shared: never changed)."""
    return _right(Text(words, style=style), width)


@lru_cache(maxsize=32)
def _gauge_bar(left: int, cells: int, width: int) -> Text:
    """The gauge's bar: ``left`` of ``cells`` full, right-aligned (shared: never changed)."""
    bar = Text("▕")
    bar.append("█" * left, style="#c9a227")
    bar.append("░" * (cells - left), style="#93a89a")
    bar.append("▏")
    return _right(bar, width)


class DiscardTray(Drawn):
    DEFAULT_CSS = "DiscardTray { width: 20; height: 2; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.count = 0

    def show(self, count: int) -> None:
        self.count = count
        self.redraw()

    def redraw(self) -> None:
        count = f"{self.count} card{'s' if self.count != 1 else ''}"
        self.draw(count, lambda: [Text("DISCARDS", style="bold"), Text(count, style=SOFT)])


class DealerPanel(Drawn):
    """The dealer's cards and total; a face-down card stays face down until revealed."""

    DEFAULT_CSS = "DealerPanel { height: 5; width: 1fr; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: TableView | None = None
        self.card_style = CardStyle()
        self.card_size = "small"

    def show(self, view: TableView | None, card_style: CardStyle) -> None:
        self.view = view
        self.card_style = card_style
        self.redraw()

    def redraw(self) -> None:
        view = self.view
        shown = None if view is None or not view.dealer else (
            tuple(c.text if c is not None else None for c in view.dealer),
            view.dealer_outcome, view.over, view.peek)
        size = self.drawn_size
        key = (shown, self.card_style, self.card_size, size.width, size.height)
        self.draw(key, lambda: self._picture(size.width), width=size.width)

    def _picture(self, width: int) -> list[Text]:
        view = self.view
        if view is None or not view.dealer:
            lines = [Text("DEALER", style="bold"), Text(""), Text("draws to 17", style=SOFT)]
            return [_centred(line, width) for line in lines]
        size = self.card_size
        tens = overlapped_tens(view.dealer)
        while CardStyle.fan_width(len(view.dealer), size, tens) > width and size != "small":
            size = ORDER[ORDER.index(size) + 1]
        cards = self.card_style.fan(list(view.dealer), size)
        label = Text(view.dealer_label(), style="bold")
        if view.dealer_outcome == "bust":
            label.append("  BUST", style=f"bold {LOSS}")
        elif view.over and view.dealer_blackjack:
            label.append("  BLACKJACK", style=f"bold {GOLD}")
        elif view.peek == "none" and not view.over:
            label.append("  no blackjack", style=SOFT)
        return [_centred(line, width) for line in (Text("DEALER", style="bold"), *cards, label)]


def _centred(line: Text, width: int) -> Text:
    left = max(0, (width - line.cell_len) // 2)
    return Text.assemble(" " * left, line)


def _right(line: Text, width: int) -> Text:
    return Text.assemble(" " * max(0, width - line.cell_len), line)


def card_size_for(width: int, height: int, seats: bool) -> str:
    """The largest cards the felt (``width`` × ``height`` inside) has room for."""
    extra = SEAT_ROWS if seats else 0
    if width >= 140 and height >= FELT_ROWS["xlarge"] + extra:
        return "xlarge"
    if width >= 100 and height >= FELT_ROWS["large"] + extra:
        return "large"
    if width >= 84 and height >= FELT_ROWS["medium"] + extra:
        return "medium"
    return "small"


# Rows the felt needs at each card size: the dealer's row, the boxes, and at the three larger
# sizes a line for the table's printed rules and a row to spare.
FELT_ROWS = {"xlarge": 13 + 1 + 17 + 1, "large": 11 + 1 + 15 + 1, "medium": 7 + 1 + 11 + 1,
             "small": 6 + 12}
SEAT_ROWS = 4


class Table(KeptLines, Vertical):
    """The whole felt. ``show_round`` and ``show_betting`` draw it.

    Laid out as a table is: the discard tray at the dealer's right, the shoe at his left, the
    house's rules printed on the felt under him, the boxes in an arc in front. The cards take
    the largest size the felt has room for; spare rows go around the dealer and the boxes, never
    into one band between them.
    """

    def __init__(self, *, id: str | None = None, largest: str | None = None) -> None:
        """``largest``: the largest card size to draw (config.toml's ``card_size``; ``None`` or
        ``auto``: the largest the felt has room for)."""
        super().__init__(id=id, classes="-small")
        self.card_size = "small"  # until the felt has a size (no restyle at the first frame)
        self.largest = largest if largest in ORDER else ORDER[0]
        self._rules_line = ""

    def compose(self) -> ComposeResult:
        yield KeptStatic(classes="gap -top")
        with KeptHorizontal(id="dealer-row"):
            yield DiscardTray(id="discards")
            yield DealerPanel(id="dealer")
            yield ShoeGauge(id="shoe")
        yield KeptStatic(id="felt-rules")
        yield KeptStatic(classes="gap -middle")
        yield SeatStrip(id="seats")
        with KeptHorizontal(id="boxes"):
            for number in (1, 2, 3):
                yield BetBox(number)
        yield KeptStatic(classes="gap -bottom")

    def on_mount(self) -> None:
        self.dealer = self.query_one(DealerPanel)
        self.shoe = self.query_one(ShoeGauge)
        self.tray = self.query_one(DiscardTray)
        self.seats = self.query_one(SeatStrip)
        self.boxes = list(self.query(BetBox))
        self.felt_rules = self.query_one("#felt-rules", Static)
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        size = card_size_for(self.size.width, self.size.height, self.has_class("-seats"))
        size = ORDER[max(ORDER.index(size), ORDER.index(self.largest))]
        if size == self.card_size:
            return
        self.card_size = size
        for name in ORDER:
            self.set_class(name == size, f"-{name}")
        self.dealer.card_size = size
        self.dealer.redraw()
        for box in self.boxes:
            box.card_size = size
            box.redraw()

    def show_rules_line(self, text: str) -> None:
        """The house's rules as printed on the felt (shown when there is room)."""
        if text != self._rules_line:
            self._rules_line = text
            self.felt_rules.update(text, layout=False)

    def show_seats(self, seats: tuple[SeatInfo, ...], view: TableView | None) -> None:
        """The computer players' seats (the strip is hidden when the player sits alone)."""
        if self.has_class("-seats") != bool(seats):
            self.set_class(bool(seats), "-seats")
            self._fit()
        self.seats.show(seats, view)

    def show_shoe(self, info: ShoeInfo) -> None:
        self.shoe.show(info)
        self.tray.show(info.discards)

    def show_round(self, view: TableView, card_style: CardStyle, selected: int = 0) -> None:
        self.dealer.show(view, card_style)
        numbers = {b.number: b for b in view.boxes}
        for box in self.boxes:
            box.show_round(numbers.get(box.number), view.active, card_style,
                           selected=box.number == selected)

    def show_betting(self, bets: dict[int, Decimal], chips: tuple[Decimal, ...], limits: str,
                     selected: int, boxes_open: int, card_style: CardStyle,
                     plan: str = "") -> None:
        """Between rounds, once a bet is placed (until then the last round stays on the felt:
        :meth:`show_round` with ``selected``)."""
        self.dealer.show(None, card_style)
        for box in self.boxes:
            box.show_bet(BetShown(bets.get(box.number), chips, limits, box.number == selected,
                                  box.number <= boxes_open,
                                  plan if box.number == selected else ""), card_style)
