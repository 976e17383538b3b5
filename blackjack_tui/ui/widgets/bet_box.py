"""A box on the felt: its stake as chips, its hands side by side when split, insurance, result.

One pane of the felt draws the whole box, frame included: choosing a box, a new card or a settled
hand repaints the rows of that box that changed (no CSS class toggled, no restyle, no layout). Its
size is fixed by the felt for each card size; the hands are laid out inside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import lru_cache

from msgspec import Struct
from rich.style import Style
from rich.text import Span, Text
from textual.message import Message

from blackjack_tui.controller.view import BoxView, HandView
from blackjack_tui.engine.money import ZERO, money_str, signed
from blackjack_tui.ui.cards import ORDER, SIZES, CardStyle, overlapped_tens
from blackjack_tui.ui.runs import Line, Runs
from blackjack_tui.ui.widgets.hands import (
    GOLD,
    PUSH,
    fanned,
    hand_key,
    net_style,
    size_that_fits,
    tiled,
)
from blackjack_tui.ui.widgets.pane import Pane

CHIP_COLOURS = ("#e8e8e8", "#d64545", "#2f9e44", "#3b5bdb", "#7950f2", "#f08c00")
# The felt's own palette (the same on every theme). Every colour of text on it reads at WCAG 4.5:1
# or more; the hand in play sits in a darker well, so it gains contrast rather than losing it.
FELT, ACTIVE_HAND = "#0f5132", "#0b4329"
EDGE, TITLE, CLOSED_TEXT = "#6aa383", "#cfe3d4", "#a8c8b2"
ROUND = ("╭", "╮", "╰", "╯", "─", "│")
CLOSED = ("╭", "╮", "╰", "╯", "┄", "┆")  # a closed box: the same edge, dashed
HEAVY = ("┏", "┓", "┗", "┛", "━", "┃")
PLAIN = ("+", "+", "+", "+", "-", "|")


def chip_stack(amount: Decimal, chips: tuple[Decimal, ...], ascii_only: bool = False) -> Text:
    """The amount as the fewest chips, largest first: ``●25 ●5 ●1×2``."""
    text = Text()
    rest = amount
    dot, times = ("o", "x") if ascii_only else ("●", "×")
    for index in range(len(chips) - 1, -1, -1):
        chip = chips[index]
        count = int(rest // chip)
        if count:
            rest -= chip * count
            colour = CHIP_COLOURS[index % len(CHIP_COLOURS)]
            text.append(dot, style=f"bold {colour}")
            text.append(money_str(chip) + (f"{times}{count}" if count > 1 else "") + " ")
    if rest > 0:
        text.append(f"+{money_str(rest)}")
    return text


class BetShown(Struct, frozen=True):
    """A box between rounds, while bets are placed."""

    bet: Decimal | None
    chips: tuple[Decimal, ...]
    limits: str
    selected: bool
    open: bool
    plan: str = ""
    """The counting plan's bet, at the selected box (empty: no plan)."""


class BetBox(Pane):
    """Box ``number``: in betting it shows the stake being built; in a round, its hands."""

    class Selected(Message):
        """The player clicked this box."""

        def __init__(self, box: BetBox) -> None:
            super().__init__()
            self.box = box

    def __init__(self, number: int) -> None:
        super().__init__(id=f"box-{number}")
        self.number = number
        self.card_size = "small"
        """The largest card size the felt has room for (a hand steps down if it must)."""
        self.card_style = CardStyle()
        self.hands: list[list[Line]] = []
        """Each hand's lines as last drawn (for tests)."""
        self._shown: BetShown | tuple[BoxView | None, tuple[int, int] | None, bool] = \
            BetShown(None, (), "", False, True)

    def click(self, x: int, y: int) -> Message:
        return self.Selected(self)

    @property
    def box_view(self) -> BoxView | None:
        """The box of the round it shows (``None`` while betting, or with no bet)."""
        return None if isinstance(self._shown, BetShown) else self._shown[0]

    def hand_text(self, number: int) -> str:
        """Hand ``number`` (1-based) as last drawn, in plain text."""
        return "\n".join(line.plain for line in self.hands[number - 1])

    # What the box is told to show

    def show_bet(self, shown: BetShown, card_style: CardStyle) -> None:
        """Betting: the stake as chips (or how to place one) and the box's limits."""
        self.card_style = card_style
        self._shown = shown
        self.redraw()

    def show_round(self, box: BoxView | None, active: tuple[int, int] | None,
                   card_style: CardStyle, selected: bool = False) -> None:
        """In a round: the box's hands, the active one marked, insurance and the box's result."""
        self.card_style = card_style
        self._shown = (box, active, selected)
        self.redraw()

    def redraw(self) -> None:
        size = self.drawn_size
        shown = self._shown
        if isinstance(shown, BetShown):
            key: tuple[object, ...] = ("bet", shown, self.card_style)
        else:
            box, active, selected = shown
            if active is not None and active[0] != self.number:
                active = None  # (another box in play: this one looks the same)
            key = ("round", _box_key(box), active, selected, self.card_style)
        width, height = size.width, size.height
        self.draw((*key, self.card_size, width, height), lambda: self._picture(width, height),
                  width=width)

    # Drawing

    def _picture(self, width: int, height: int) -> list[Line]:
        if width < 4 or height < 3:
            return []
        shown = self._shown
        if isinstance(shown, BetShown):
            frame, stake, body, footer, sub = self._bet_parts(shown)
        else:
            frame, stake, body, footer, sub = self._round_parts(*shown, width - 2, height - 4)
        return self._framed(frame, [stake, *body], footer, sub, width, height)

    def _bet_parts(self, shown: BetShown) -> tuple[str, Text, list[Line], Text, str]:
        if not shown.open:
            return "closed", Text("closed at this table"), [], Text(""), ""
        body: list[Line] = []
        if shown.bet:
            stake = Text.assemble(Text(money_str(shown.bet), style="bold"), "  ",
                                  chip_stack(shown.bet, shown.chips, self.card_style.ascii))
        else:
            stake = Text("no bet")
            hint = "+ adds a chip" if shown.selected else f"press {self.number} or click"
            body = [Text(f" {hint}", style=CLOSED_TEXT)]
        if shown.plan:
            body.append(Text(f" {shown.plan}", style=f"bold {TITLE}"))
        frame = "selected" if shown.selected else "open"
        return frame, stake, body, Text(f"limits {shown.limits}", style=CLOSED_TEXT), \
            "selected" if shown.selected else ""

    def _round_parts(self, box: BoxView | None, active: tuple[int, int] | None,
                     selected: bool, inner: int, rows: int
                     ) -> tuple[str, Text, list[Line], Text, str]:
        if box is None:
            return "closed", Text("no bet"), [], Text(""), ""
        is_active = active is not None and active[0] == box.number
        frame = "active" if is_active else "selected" if selected else "open"
        staked = sum((h.stake for h in box.hands), ZERO)
        stake = Text(f"stake {money_str(staked)}", style="bold")
        hand = active[1] if is_active and active is not None else 0
        body = self._hands(box, hand, inner, rows)
        sub = ""
        if box.hands and all(h.outcome is not None for h in box.hands):
            sub = signed(box.net)
        return frame, stake, body, _insurance(box), sub

    def _hands(self, box: BoxView, active: int, inner: int, rows: int) -> list[Line]:
        """The hands, side by side at the felt's card size while they fit, else stacked tiles."""
        style, hands = self.card_style, box.hands
        count = len(hands)
        per = inner // max(count, 1)
        side = count == 1 or (count == 2 and all(
            CardStyle.fan_width(max(len(h.cards), 2), "small") + 2 <= per for h in hands))
        drawn: list[list[Line]] = []
        if side:
            # Both hands of a split at one size: the largest at which the longer one fits.
            size = size_that_fits(max(len(h.cards) for h in hands), per, self.card_size,
                                  max(overlapped_tens(h.cards) for h in hands))
            for index, hand in enumerate(hands):
                is_active = active == index + 1
                drawn.append(fanned(hand, per, size, style, is_active) if size is not None
                             else tiled(hand, per, style, is_active))
            self.hands = drawn
            return _side_by_side(drawn, per, active)
        grid = self._grid(hands, active, inner, rows) if count > 2 else None
        if grid is not None:
            return grid
        for lines in (2, 1):
            drawn = [tiled(h, inner, style, active == i + 1, lines) for i, h in enumerate(hands)]
            if sum(len(d) for d in drawn) <= rows:
                break
        self.hands = drawn
        out: list[Line] = []
        for index, lines_of in enumerate(drawn):
            for line in lines_of:
                if active == index + 1:
                    line = _on(line, inner, ACTIVE_HAND)
                out.append(line)
        return out

    def _grid(self, hands: Sequence[HandView], active: int, inner: int,
              rows: int) -> list[Line] | None:
        """Three or four hands of a split two by two, at the largest card size at which the
        longest fans into half the box and two rows of hands fit its height; else ``None``."""
        per = inner // 2
        longest = max(len(h.cards) for h in hands)
        largest = size_that_fits(longest, per, self.card_size,
                                 max(overlapped_tens(h.cards) for h in hands))
        if largest is None:
            return None
        fits = [s for s in ORDER[ORDER.index(largest):] if 2 * (SIZES[s][0] + 2) <= rows]
        if not fits:
            return None
        size, style = fits[0], self.card_style
        drawn = [fanned(h, per, size, style, active == i + 1) for i, h in enumerate(hands)]
        self.hands = drawn
        out: list[Line] = []
        for first in (0, 2):
            pair = drawn[first:first + 2]
            mark = active - first if 0 < active - first <= len(pair) else 0
            out += _side_by_side(pair, per, mark)
        return out

    def _framed(self, frame: str, top: list[Line], footer: Text, sub: str, width: int,
                height: int) -> list[Line]:
        ascii_only = self.card_style.ascii
        vert = _frame_chars(frame, ascii_only)[5]
        edge = _edge_style(frame)
        text_style = _style(CLOSED_TEXT) if frame == "closed" else _style(None)
        inner = width - 2
        head, foot = _edges(frame, self.number, sub, inner, ascii_only)
        body_rows = height - 2
        middle = [Text.assemble(" ", _text(line)) for line in top[:1]] + top[1:]
        middle = middle[: body_rows - 1] + [Text("")] * max(0, body_rows - 1 - len(middle))
        middle.append(Text.assemble(" ", footer))
        lines: list[Line] = [head]
        for line in middle:
            row: Line
            if frame == "closed":
                row = Text.assemble((vert, edge))
                row.append_text(_text(_on(line, inner, FELT, text_style)))
                row.append(vert, edge)
            else:
                row = walled(line, inner, vert, edge)
            lines.append(row)
        lines.append(foot)
        return lines


def _frame_chars(frame: str, ascii_only: bool) -> tuple[str, str, str, str, str, str]:
    """A box's corners, edge and wall for its frame: ``tl, tr, bl, br, horiz, vert``."""
    return PLAIN if ascii_only else HEAVY if frame == "active" \
        else CLOSED if frame == "closed" else ROUND


@lru_cache(maxsize=64)
def _edges(frame: str, number: int, sub: str, inner: int, ascii_only: bool) -> tuple[Text, Text]:
    """A box's top edge with its title and its bottom edge with its result (the same for a
    box until its frame, its result or its size changes: made once). The lines are shared:
    nothing changes a line once drawn."""
    tl, tr, bl, br, horiz, _ = _frame_chars(frame, ascii_only)
    edge = _edge_style(frame)
    title = Text(f" Box {number} ", style=Style(
        color=CLOSED_TEXT if frame == "closed" else TITLE, bold=frame == "selected"))
    head = Text.assemble((tl + horiz, edge), title)
    head.append(horiz * max(0, inner - title.cell_len - 1) + tr, edge)
    subtitle = Text(f" {sub} ", style=Style(color=GOLD)) if sub else Text("")
    if sub and sub != "selected":
        subtitle.stylize(net_style(Decimal(sub)))
    # Spans, not the Text's base style: a base style would colour all that is appended.
    foot = Text.assemble((bl + horiz * max(0, inner - subtitle.cell_len - 1), edge))
    foot.append_text(subtitle)
    foot.append(horiz + br, edge)
    return head, foot


def _edge_style(frame: str) -> Style:
    return _style(GOLD if frame in ("active", "selected") else EDGE)


@lru_cache(maxsize=16)
def _style(colour: str | None) -> Style:
    """A text colour's style, made once (the same object at each use: Rich's caches of combined
    styles find it by identity, not by hashing and comparing a new one)."""
    return Style(color=colour)


@lru_cache(maxsize=16)
def _ground(colour: str) -> Style:
    """A background colour's style, made once (as :func:`_style`)."""
    return Style(bgcolor=colour)


def _box_key(box: BoxView | None) -> tuple[object, ...] | None:
    if box is None:
        return None
    return (box.number, tuple(hand_key(h) for h in box.hands), box.insurance,
            box.insurance_net, box.even_money)


def _text(line: Line) -> Text:
    return line.text() if isinstance(line, Runs) else line


def _on(line: Line, width: int, ground: str, style: Style | None = None) -> Line:
    """The line padded (or cropped) to ``width`` on the ``ground`` colour."""
    if isinstance(line, Runs) and style is None:
        return line.on(width, _ground(ground))
    out = _text(line).copy()
    if out.cell_len > width:
        out.truncate(width, overflow="crop")
    else:
        out.append(" " * (width - out.cell_len))
    base = _ground(ground)
    out.style = (base + style) if style is not None else base
    return out


def _padded(line: Line, width: int) -> Line:
    """The line made exactly ``width`` cells wide (the felt shows through the spaces)."""
    if isinstance(line, Runs):
        return line.padded(width)
    size = line.cell_len
    if size == width:
        return line
    if size > width:
        cropped = line.copy()
        cropped.truncate(width, overflow="crop")
        return cropped
    return Text.assemble(line, " " * (width - size))


def walled(line: Line, width: int, wall: str, edge: Style) -> Line:
    """``wall`` + the line made ``width`` cells wide + ``wall``, the walls in ``edge``: the Text
    that assembling the three pieces gives, made in one step (a row of a box, drawn at every
    card); a line of runs stays one."""
    if isinstance(line, Runs):
        return line.walled(width, wall, edge)
    if line.cell_len > width:
        line = _text(_padded(line, width))
    plain = line.plain
    length = len(plain)
    pad = width - line.cell_len
    spans = [Span(0, 1, edge)]
    if length or not pad:  # (Rich drops the style of an empty line it pads)
        if line.style:
            spans.append(Span(1, 1 + length, line.style))
        spans += [Span(start + 1, end + 1, style) for start, end, style in line.spans]
    end = 1 + length + pad
    spans.append(Span(end, end + 1, edge))
    return Text(f"{wall}{plain}{' ' * pad}{wall}", spans=spans)


def _side_by_side(hands: Sequence[list[Line]], per: int, active: int) -> list[Line]:
    if len(hands) == 1:  # one hand (the box of nearly every card): its lines, each made wide
        return [_on(part, per, ACTIVE_HAND) if active == 1 else _padded(part, per)
                for part in hands[0]]
    rows = max((len(h) for h in hands), default=0)
    out: list[Line] = []
    for row in range(rows):
        line = Text()
        for index, lines in enumerate(hands):
            part = _text(lines[row]) if row < len(lines) else Text("")
            line.append_text(_text(_on(part, per, ACTIVE_HAND) if active == index + 1
                                   else _padded(part, per)))
        out.append(line)
    return out


def _insurance(box: BoxView) -> Text:
    if box.even_money:
        return Text("even money taken", style=PUSH)
    if box.insurance is None:
        return Text("")
    if box.insurance == 0:
        return Text("no insurance", style=CLOSED_TEXT)
    text = Text(f"insured {money_str(box.insurance)}", style=PUSH)
    if box.insurance_net is not None:
        text.append(f"  {signed(box.insurance_net)}", style=net_style(box.insurance_net))
    return text
