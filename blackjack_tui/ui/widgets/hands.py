"""A hand drawn as lines: its cards, its total (``7/17`` when soft), badges, the payout.

Pure drawing (Rich text, no widget): a box draws its hands side by side or stacked with these.
"""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache

from rich.style import Style
from rich.text import Text

from blackjack_tui.controller.view import HandView
from blackjack_tui.engine.money import signed
from blackjack_tui.ui.cards import ORDER, SIZES, CardStyle
from blackjack_tui.ui.runs import Line, Run, Runs

OUTCOME_WORDS = {
    "blackjack": "BLACKJACK", "win": "WIN", "push": "PUSH", "lose": "LOSE", "bust": "BUST",
    "surrender": "SURRENDER", "even-money": "EVEN MONEY",
}
WIN, LOSS, PUSH = "#7ee787", "#ffa198", "#e3b341"
GOLD = "#f2c94c"


def hand_key(hand: HandView) -> tuple[object, ...]:
    """Everything a hand's picture depends on (a view is changed in place, so it is copied)."""
    return (tuple(c.text for c in hand.cards), hand.stake, hand.doubled, hand.split,
            hand.aces_low, hand.outcome, hand.net, hand.stood, hand.done, hand.behind,
            hand.behind_outcome, hand.behind_net)


def total_text(hand: HandView) -> str:
    """``7/17`` while a soft hand can still draw; once it is done (stood, doubled, settled),
    its total: ``17``."""
    if hand.cards and (hand.stood or hand.done or hand.doubled or hand.outcome is not None) \
            and not hand.blackjack:
        return str(hand.totals()[0])
    return hand.label()


def badges(hand: HandView, compact: bool = False) -> list[tuple[str, str]]:
    """``(word, style)`` badges for what happened to the hand (short words when ``compact``;
    a compact hand is always one of a split box, so it wears no SPLIT badge)."""
    out = []
    settled = hand.outcome is not None  # the outcome line says BLACKJACK or BUST itself
    if hand.blackjack and not settled:
        out.append(("BLACKJACK", f"bold #1b1b1b on {GOLD}"))
    elif hand.bust and not settled:
        out.append(("BUST", "bold #ffffff on #b3261e"))
    if hand.doubled:
        out.append(("DBL" if compact else "DOUBLED", "bold #ffffff on #6b4fbb"))
    if hand.split and not compact:
        out.append(("SPLIT", "bold #ffffff on #2d6a9f"))
    return out


def net_style(net: Decimal) -> str:
    return f"bold {WIN if net > 0 else LOSS if net < 0 else PUSH}"


def outcome_text(hand: HandView, short: bool = False) -> Text:
    """``WIN +10`` (``+10`` when ``short``: the colour and the sign tell the rest)."""
    if hand.outcome is None or hand.net is None:
        return Text("")
    word = OUTCOME_WORDS.get(hand.outcome, hand.outcome.upper())
    net = signed(hand.net)
    return Text(net if short else f"{word} {net}", style=net_style(hand.net))


def _badge_text(hand: HandView, compact: bool) -> Text:
    text = Text()
    for word, style in badges(hand, compact):
        if text:
            text.append(" ")
        text.append(f" {word} ", style=style)
    return text


def size_that_fits(count: int, width: int, largest: str, tens: int = 0) -> str | None:
    """The largest card size up to ``largest`` at which ``count`` cards (``tens`` of them 10s
    under another card) fan into ``width``."""
    sizes = ORDER[ORDER.index(largest):] if largest in ORDER else ORDER
    for size in sizes:
        if CardStyle.fan_width(max(count, 2), size, tens) <= width - 2:
            return size
    return None


def fanned(hand: HandView, width: int, size: str, style: CardStyle,
           active: bool) -> list[Line]:
    """The hand as drawn cards (``size``), its total and badges under them, then its result.
    The cards' rows are lines of runs (see :mod:`blackjack_tui.ui.runs`)."""
    rows = SIZES[size][0]
    middle = rows // 2
    body: list[Line]
    if hand.cards:
        body = [line.after(_marker_run(style, active) if i == middle else _NO_MARKER)
                for i, line in enumerate(style.fan_runs(list(hand.cards), size))]
    else:
        body = [Text.assemble(_marker(style, active) if i == middle else "  ")
                for i in range(rows)]
    info = Text.assemble(Text(total_text(hand), style="bold"))
    tail = _badge_text(hand, compact=width < 26)
    if tail:
        info.append("  ")
        info.append_text(tail)
    return [*body, Text.assemble("  ", info), Text.assemble("  ", outcome_text(hand))]


def tiled(hand: HandView, width: int, style: CardStyle, active: bool,
          lines: int = 2) -> list[Line]:
    """The hand as one-line tiles: ``▶ 8♠ 3♥  11`` and its badges and result, on one line when
    they fit, else on two (``lines`` 1: the result shortened to its net to fit one)."""
    line = Text.assemble(_marker(style, active), style.tiles(list(hand.cards)), "  ",
                         Text(total_text(hand), style="bold"))
    for short in (False, True):
        tail = _badge_text(hand, compact=True)
        result = outcome_text(hand, short=short)
        if result:
            if tail:
                tail.append(" ")
            tail.append_text(result)
        if not tail:
            return [line]
        if line.cell_len + 1 + tail.cell_len <= width:
            return [Text.assemble(line, " ", tail)]
        if lines > 1:
            return [line, Text.assemble("  ", tail)]
    return [line, Text.assemble("  ", tail)]  # too wide even so: the box gives it a second line


_NO_MARKER: Run = (("  ", None),)


@lru_cache(maxsize=4)
def _marker_run(style: CardStyle, active: bool) -> Run:
    """The mark of the hand in play (two spaces for another hand), as a run."""
    if not active:
        return _NO_MARKER
    return (("> " if style.ascii else "▶ ", Style.parse(f"bold {GOLD}")),)


def _marker(style: CardStyle, active: bool) -> Text:
    return Runs((_marker_run(style, active),)).text()
