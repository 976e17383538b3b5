"""The felt: the dealer's area at the top (with the shoe and the discard tray), the boxes below.

The felt is one widget over Textual's line API. Its parts (the dealer, the shoe, the tray, the
printed rules, the seats, the three boxes) are :class:`~blackjack_tui.ui.widgets.pane.Pane` s of
it, each of a fixed size for the felt's card size, laid out by the felt itself
(:func:`felt_layout`, the layout the felt's CSS gave the parts when they were widgets). A round's
step draws again the rows of the parts it changed; nothing is laid out again. One widget instead
of thirteen takes a third off the work of the first frame (Textual composes, styles, lays out and
paints each widget); a click finds its part by where it fell.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from msgspec import Struct
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.filter import ANSIToTruecolor, LineFilter
from textual.geometry import Offset, Region
from textual.strip import Strip
from textual.widget import Widget

from blackjack_tui.controller.view import TableView
from blackjack_tui.ui.cards import ORDER, CardStyle, overlapped_tens
from blackjack_tui.ui.min_contrast import MinimumContrast
from blackjack_tui.ui.runs import Line, Runs
from blackjack_tui.ui.widgets.bet_box import BetBox, BetShown
from blackjack_tui.ui.widgets.drawn import strip_of
from blackjack_tui.ui.widgets.hands import GOLD, LOSS
from blackjack_tui.ui.widgets.kept import KeptLines
from blackjack_tui.ui.widgets.pane import Pane
from blackjack_tui.ui.widgets.seat_strip import SeatInfo, SeatStrip

SOFT = "#cfe3d4"


class ShoeInfo(Struct, frozen=True):
    remaining: int
    total: int
    discards: int
    cut: float | None  # fraction dealt at which the cut card comes out; None: every round


class ShoeGauge(Pane):
    """How much of the shoe is left, and where the cut card sits."""

    colour = "#dfe9df"

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


class DiscardTray(Pane):
    colour = "#dfe9df"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.count = 0

    def show(self, count: int) -> None:
        self.count = count
        self.redraw()

    def redraw(self) -> None:
        count = f"{self.count} card{'s' if self.count != 1 else ''}"
        self.draw(count, lambda: [Text("DISCARDS", style="bold"), Text(count, style=SOFT)])


class DealerPanel(Pane):
    """The dealer's cards and total; a face-down card stays face down until revealed."""

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

    def _picture(self, width: int) -> list[Line]:
        view = self.view
        if view is None or not view.dealer:
            lines = [Text("DEALER", style="bold"), Text(""), Text("draws to 17", style=SOFT)]
            return [_centred(line, width) for line in lines]
        size = self.card_size
        tens = overlapped_tens(view.dealer)
        while CardStyle.fan_width(len(view.dealer), size, tens) > width and size != "small":
            size = ORDER[ORDER.index(size) + 1]
        cards = self.card_style.fan_runs(list(view.dealer), size)
        label = Text(view.dealer_label(), style="bold")
        if view.dealer_outcome == "bust":
            label.append("  BUST", style=f"bold {LOSS}")
        elif view.over and view.dealer_blackjack:
            label.append("  BLACKJACK", style=f"bold {GOLD}")
        elif view.peek == "none" and not view.over:
            label.append("  no blackjack", style=SOFT)
        shown: list[Line] = [Text("DEALER", style="bold"), *cards, label]
        return [_centred(line, width) for line in shown]


def _true_colours(style: Style) -> bool:
    """Whether ``style`` has only true colours (or none), and is not dim (which the filter
    turns into a colour too)."""
    return not style.dim and all(colour is None or colour.triplet is not None
                                 for colour in (style.color, style.bgcolor))


def _centred(line: Line, width: int) -> Line:
    left = max(0, (width - line.cell_len) // 2)
    if isinstance(line, Runs):
        return line.after(((" " * left, None),) if left else ())
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


class RulesLine(Pane):
    """The house's rules as printed on the felt, centred (shown when the felt has the room)."""

    on_ground = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""

    def show(self, text: str) -> None:
        self.text = text
        self.redraw()

    def redraw(self) -> None:
        width, text = self.drawn_size.width, self.text
        self.draw((text, width), lambda: [_centred(Text(text, style="bold #d4bf62"), width)]
                  if text else [], width=width)


# Every part of the felt has a fixed height for each card size (a round's steps repaint, they
# never lay the felt out again): the dealer's row (and the space above the dealer in it), the
# dealer, the boxes and the widest a box grows.
DEALER_ROW = {"small": (6, 1), "medium": (7, 0), "large": (11, 0), "xlarge": (13, 0)}
DEALER_HEIGHT = {"small": 5, "medium": 7, "large": 11, "xlarge": 13}
BOX_HEIGHT = {"small": 12, "medium": 11, "large": 15, "xlarge": 17}
BOX_WIDEST = {"small": 34, "medium": 40, "large": 46, "xlarge": 52}
SIDE = 20
"""The width of the discard tray (at the dealer's right) and of the shoe (at his left)."""
TRAY_ROWS, SHOE_ROWS = 2, 4


def felt_layout(width: int, height: int, size: str, seats: bool) -> dict[str, Region]:
    """Where each part of the felt lies in a felt of ``width`` × ``height`` inside, at card size
    ``size``, with the computer players' seats or not: ``dealer``, ``shoe``, ``discards``,
    ``felt-rules``, ``seats`` and ``box-1`` to ``box-3`` (a part not shown at that size is
    absent), and the bands of spare rows (``gap-top``, ``gap-middle``, ``gap-bottom``).

    Spare rows go around the dealer and the boxes, never into one band between them: above the
    dealer, between him and the boxes (twice as much, but for the extra-large cards) and below
    the boxes, shared as Textual shares ``fr`` rows (fractions, each band's top rounded down)."""
    row, above = DEALER_ROW[size]
    boxes = BOX_HEIGHT[size]
    if seats and size == "small":  # 80x24 with players: the dealer and the boxes give up rows
        row, above, boxes = 5, 0, 10
    wide = size != "small"
    bands: list[tuple[str, int, int]] = []  # (name, rows, or 0 and its share of the spare rows)
    if wide:
        bands.append(("gap-top", 0, 1))
    bands.append(("dealer-row", row, 0))
    if wide:
        bands.append(("felt-rules", 1, 0))
    bands.append(("gap-middle", 0, 1 if size == "xlarge" else 2))
    if seats:
        bands.append(("seats", SEAT_ROWS, 0))
    bands.append(("boxes", boxes, 0))
    if wide:
        bands.append(("gap-bottom", 0, 1))
    spare = max(0, height - sum(rows for _, rows, _ in bands))
    unit = Fraction(spare, sum(share for *_, share in bands))
    tops: dict[str, tuple[int, int]] = {}
    y = Fraction(0)
    for name, rows, share in bands:
        below = y + (rows or unit * share)
        tops[name] = (int(y), int(below) - int(y))
        y = below
    top, _ = tops["dealer-row"]
    top += above
    found = {"discards": Region(0, top, SIDE, TRAY_ROWS),
             "dealer": Region(SIDE, top, max(0, width - 2 * SIDE), DEALER_HEIGHT[size]),
             "shoe": Region(width - SIDE, top, SIDE, SHOE_ROWS)}
    for name in ("gap-top", "gap-middle", "gap-bottom"):
        if name in tops:
            found[name] = Region(0, tops[name][0], width, tops[name][1])
    if wide:
        found["felt-rules"] = Region(0, tops["felt-rules"][0], width, 1)
    if seats:
        found["seats"] = Region(0, tops["seats"][0], width, SEAT_ROWS)
    top, rows = tops["boxes"]
    each = Fraction(width, 3)
    if each > BOX_WIDEST[size]:  # as wide as a box grows, the three centred
        widest = BOX_WIDEST[size]
        left = (width - 3 * widest) // 2
        for number in (1, 2, 3):
            found[f"box-{number}"] = Region(left + (number - 1) * widest, top, widest, rows)
    else:
        for number in (1, 2, 3):
            x, end = int(each * (number - 1)), int(each * number)
            found[f"box-{number}"] = Region(x, top, end - x, rows)
    return found


class Table(KeptLines, Widget):
    """The whole felt, one widget. ``show_round`` and ``show_betting`` draw it.

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
        self.tray = DiscardTray(id="discards")
        self.dealer = DealerPanel(id="dealer")
        self.shoe = ShoeGauge(id="shoe")
        self.felt_rules = RulesLine(id="felt-rules")
        self.seats = SeatStrip(id="seats")
        self.boxes = [BetBox(number) for number in (1, 2, 3)]
        self.panes: tuple[Pane, ...] = (self.tray, self.dealer, self.shoe, self.felt_rules,
                                        self.seats, *self.boxes)
        for pane in self.panes:
            pane.felt = self
        self._laid: tuple[object, ...] = ()
        self._gaps: list[Region] = []
        self._painting = False
        self._rows: dict[int, Strip] = {}
        self._strips: dict[tuple[int, int], Strip] = {}
        self._plans: dict[int, list[tuple[int, Pane | None]]] = {}
        self._base = Style()
        self._ground = Style()
        self._width = 0

    def part(self, id: str) -> Pane:
        """The part of the felt of that id (``box-1``, ``dealer``, ``seats`` …)."""
        return next(pane for pane in self.panes if pane.id == id)

    def where(self, pane: Pane, x: int = 0, y: int = 0) -> Offset:
        """The cell ``x``, ``y`` of ``pane`` in the felt widget (for a click)."""
        gutter = self.styles.gutter
        return Offset(gutter.left + pane.region.x + x, gutter.top + pane.region.y + y)

    def pane_line(self, pane: Pane, y: int) -> Strip:
        """Row ``y`` of ``pane`` as the felt draws it (for tests: what a row shows)."""
        region = pane.region
        return self.render_line(region.y + y).crop(region.x, region.right)

    def pane_style(self, pane: Pane) -> Style:
        """The style under ``pane``'s lines: the felt's, in the pane's colour."""
        base = self.visual_style.rich_style
        if pane.on_ground:
            return Style(bgcolor=base.bgcolor)
        return base + Style(color=pane.colour) if pane.colour else base

    @property
    def cut(self) -> bool:
        """Whether a part shown drew a line wider than itself."""
        return any(pane.display and pane.cut for pane in self.panes)

    # ------------------------------------------------------------------ layout

    def on_mount(self) -> None:
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        size = card_size_for(self.size.width, self.size.height, self.has_class("-seats"))
        size = ORDER[max(ORDER.index(size), ORDER.index(self.largest))]
        if size != self.card_size:
            self.card_size = size
            for name in ORDER:
                self.set_class(name == size, f"-{name}")
            self.dealer.card_size = size
            for box in self.boxes:
                box.card_size = size
            for pane in (self.dealer, *self.boxes):
                pane.forget()
        self._lay_out()

    def _lay_out(self) -> None:
        """Each part where the felt's size puts it; those of a new size drawn again."""
        inner = self.content_size
        seats = self.has_class("-seats")
        laid = (inner, self.card_size, seats)
        if laid == self._laid:
            for pane in self.panes:
                pane.redraw()  # (nothing moved: a part whose picture changed draws it)
            return
        self._laid = laid
        self._width = inner.width
        places = felt_layout(inner.width, inner.height, self.card_size, seats)
        self._gaps = [places[name] for name in ("gap-top", "gap-middle", "gap-bottom")
                      if name in places]
        for pane in self.panes:
            place = places.get(pane.id or "")
            pane.display = place is not None
            place = place or Region(0, 0, 0, 0)
            if place.size != pane.region.size:
                pane.forget()
            pane.region = place
        self._forget_strips()
        for pane in self.panes:
            pane.redraw()
        if not self._painting:
            self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The felt laid out for its size before it is painted at that size: the first frame
        shows the table (not an empty felt, drawn again once the felt hears of its size)."""
        if (self.content_size, self.card_size, self.has_class("-seats")) != self._laid:
            # Textual paints the felt anew at a new size: no refresh needed, only the kept
            # lines forgotten.
            self._painting = True
            try:
                self._fit()
            finally:
                self._painting = False
            self.kept_epoch += 1
        return super().render_lines(crop)

    def _forget_strips(self) -> None:
        self._rows.clear()
        self._strips.clear()
        self._plans.clear()

    # ------------------------------------------------------------------ drawing

    def pane_drawn(self, pane: Pane, rows: Sequence[int] | None) -> None:
        """Rows of a part show something new: those rows of the felt are drawn again."""
        region = pane.region
        if not pane.display or not region.area:
            return
        index = self.panes.index(pane)
        shown = range(region.height) if rows is None else [r for r in rows if r < region.height]
        if rows is None:
            for y in range(region.height):
                self._strips.pop((index, y), None)
        top = self.styles.gutter.top
        width = self.outer_size.width  # (the size the layout gave: ``size`` finds the widget)
        refreshed = []
        for y in shown:
            self._strips.pop((index, y), None)
            self._rows.pop(region.y + y, None)
            refreshed.append(Region(0, top + region.y + y, width, 1))
        if refreshed and not self._painting:
            self.refresh(*refreshed)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """The app's filters but the contrast floor: the felt's palette reads as it is (the
        contrast test checks it). And but the one that turns ANSI colours into true colours
        while the felt's own colours are true colours: every colour drawn on it is then one
        (the cards', the boxes', the felt's: a test checks each row), so that filter would only
        copy each new row, segment by segment (a third of a hit's frame at 120×40)."""
        ansi = not _true_colours(self.visual_style.rich_style)
        return [f for f in super().get_line_filters() if type(f) is not MinimumContrast
                and (ansi or type(f) is not ANSIToTruecolor)]

    def render_line(self, y: int) -> Strip:
        base = self.visual_style.rich_style
        if base != self._base:  # new colours under the felt (another theme): every row again
            self._base = base
            self._ground = Style(bgcolor=base.bgcolor)
            self._forget_strips()
        strip = self._rows.get(y)
        if strip is None:
            strip = self._rows[y] = self._row(y, base)
        return strip

    def _row(self, y: int, base: Style) -> Strip:
        width = self._width
        ground = self._ground  # the felt between the parts: its colour alone
        for gap in self._gaps:
            if gap.y <= y < gap.bottom:
                # A band of spare rows draws as the empty text it was: the felt's colour with
                # its text colour below the first row.
                if y == gap.y:
                    return Strip([Segment("", base), Segment(" " * width, ground)], width)
                return Strip.blank(width, base)
        plan = self._plans.get(y)
        if plan is None:
            plan = self._plans[y] = self._plan(y, width)
        # The row's segments, the parts' strips one after the other (each kept until its part
        # draws that row again): a list made once, not strips joined.
        segments: list[Segment] = []
        for index, pane in plan:
            if pane is None:  # ``index`` cells of bare felt
                segments.append(Segment(" " * index, ground))
                continue
            row = y - pane.region.y
            strip = self._strips.get((index, row))
            if strip is None:
                style = self.pane_style(pane)
                lines = pane.lines
                if row >= len(lines):
                    strip = Strip.blank(pane.region.width, style)
                elif isinstance(line := lines[row], Runs):
                    strip = line.strip(pane.region.width, style)
                else:
                    strip = strip_of(line, pane.region.width, style, self.app.console)
                self._strips[(index, row)] = strip
            segments.extend(strip)
        return Strip(segments, width)

    def _plan(self, y: int, width: int) -> list[tuple[int, Pane | None]]:
        """What row ``y`` is made of, left to right, as the felt is laid out: ``(index, pane)``
        for a part, ``(cells, None)`` for bare felt between."""
        parts = sorted((pane.region.x, index, pane) for index, pane in enumerate(self.panes)
                       if pane.display and pane.region.y <= y < pane.region.bottom)
        plan: list[tuple[int, Pane | None]] = []
        x = 0
        for left, index, pane in parts:
            if left > x:
                plan.append((left - x, None))
            plan.append((index, pane))
            x = left + pane.region.width
        if x < width:
            plan.append((width - x, None))
        return plan

    def on_click(self, event: events.Click) -> None:
        gutter = self.styles.gutter
        x, y = event.x - gutter.left, event.y - gutter.top
        for pane in self.panes:
            if pane.display and pane.region.contains(x, y):
                message = pane.click(x - pane.region.x, y - pane.region.y)
                if message is not None:
                    self.post_message(message)
                return

    # ------------------------------------------------------------------ what it shows

    def show_rules_line(self, text: str) -> None:
        """The house's rules as printed on the felt (shown when there is room)."""
        self.felt_rules.show(text)

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
