"""A hand: its cards, its total (``7/17`` when soft), badges, and after settlement the payout."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from blackjack_tui.controller.view import HandView
from blackjack_tui.engine.money import money_str
from blackjack_tui.ui.cards import ORDER, SIZES, CardStyle

OUTCOME_WORDS = {
    "blackjack": "BLACKJACK", "win": "WIN", "push": "PUSH", "lose": "LOSE", "bust": "BUST",
    "surrender": "SURRENDER", "even-money": "EVEN MONEY",
}


def badges(hand: HandView, compact: bool = False) -> list[tuple[str, str]]:
    """``(word, style)`` badges for what happened to the hand (short words when ``compact``;
    a compact hand is always one of a split box, so it wears no SPLIT badge)."""
    out = []
    settled = hand.outcome is not None  # the outcome line says BLACKJACK or BUST itself
    if hand.blackjack and not settled:
        out.append(("BLACKJACK", "bold #1b1b1b on #f2c94c"))
    elif hand.bust and not settled:
        out.append(("BUST", "bold white on #b3261e"))
    if hand.doubled:
        out.append(("DBL" if compact else "DOUBLED", "bold white on #6b4fbb"))
    if hand.split and not compact:
        out.append(("SPLIT", "bold white on #2d6a9f"))
    return out


def outcome_text(hand: HandView) -> Text:
    if hand.outcome is None or hand.net is None:
        return Text("")
    word = OUTCOME_WORDS.get(hand.outcome, hand.outcome.upper())
    sign = "+" if hand.net > 0 else ""
    colour = "#7ee787" if hand.net > 0 else ("#ff7b72" if hand.net < 0 else "#e3b341")
    return Text(f"{word} {sign}{money_str(hand.net)}", style=f"bold {colour}")


class HandPanel(Widget):
    """Draws one :class:`HandView`: its cards fanned at the largest size up to ``card_size`` that
    fits the panel's width, or one-line tiles when ``compact`` (a box split three ways or more)."""

    DEFAULT_CSS = """
    HandPanel { height: auto; width: 1fr; }
    """

    # A new card or a split changes how many lines the panel needs: both lay out again.
    hand: reactive[HandView | None] = reactive(None, always_update=True, layout=True)
    compact: reactive[bool] = reactive(False, layout=True)
    card_size: reactive[str] = reactive("small", layout=True)
    card_style: reactive[CardStyle] = reactive(CardStyle())
    active: reactive[bool] = reactive(False)

    def watch_active(self, active: bool) -> None:
        self.set_class(active, "-active")

    def _size_that_fits(self, count: int, width: int) -> str | None:
        sizes = ORDER[ORDER.index(self.card_size):] if self.card_size in ORDER else ORDER
        for size in sizes:
            if CardStyle.fan_width(max(count, 2), size) <= width - 2:
                return size
        return None

    def render(self) -> RenderableType:
        hand = self.hand
        if hand is None:
            return Text("")
        style = self.card_style
        marker = Text(("> " if style.ascii else "▶ ") if self.active else "  ",
                      style="bold #f2c94c")
        total = Text(hand.label(), style="bold")
        width = max(self.size.width, 10)
        info = Text.assemble(total, " ")
        for word, badge_style in badges(hand, compact=width < 26):
            info.append(f" {word} ", style=badge_style)
            info.append(" ")
        result = outcome_text(hand)
        size = None if self.compact else self._size_that_fits(len(hand.cards), width)
        if size is None:
            line = Text.assemble(marker, style.tiles(list(hand.cards)), "  ", total)
            tail = Text.assemble(*[Text(f" {w} ", style=s) for w, s in badges(hand, True)],
                                 " ", result)
            if line.cell_len + tail.cell_len <= width:
                return Text.assemble(line, " ", tail)
            return Group(line, Text.assemble("  ", tail))
        rows = SIZES[size][0]
        lines = style.fan(list(hand.cards), size) if hand.cards else [Text("")] * rows
        middle = rows // 2
        body = [Text.assemble(marker if i == middle else "  ", line)
                for i, line in enumerate(lines)]
        return Group(*body, Text.assemble("  ", info), Text.assemble("  ", result))
