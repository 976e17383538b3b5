"""The header line: bankroll, the rule set (and tier), the round's stake, the chip in hand.

When the line is wider than the terminal it drops what is printed elsewhere too (the name of the
game, the limits, which every box shows) before anything the player needs: his chips, the stake
and the chip in hand are always whole.
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct
from rich.text import Text

from blackjack_tui.engine.money import money_str
from blackjack_tui.ui.widgets.drawn import Drawn


class Status(Struct, frozen=True):
    chips_label: str  # "Bankroll", or "Stack" at a home evening
    chips: Decimal
    table: str
    tier: str | None
    limits: str
    stake: Decimal
    chip: Decimal | None  # the chip in hand while betting
    pending: str | None  # a table the player moves to from the next round
    ascii: bool = False


class StatusBar(Drawn):
    DEFAULT_CSS = "StatusBar { height: 1; background: $panel; color: $text; padding: 0 1; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.status: Status | None = None

    def show(self, status: Status) -> None:
        self.status = status
        self.redraw()

    def redraw(self) -> None:
        if self.status is not None:
            width = self.drawn_size.width
            self.draw((self.status, width), lambda: [self._line(width)], width=width)

    def _line(self, width: int) -> Text:
        for brand, limits, table_word in ((True, True, True), (False, True, True),
                                          (False, False, True), (False, False, False)):
            line = self._assemble(brand, limits, table_word)
            if not width or line.cell_len <= width:
                return line
        return line

    def _assemble(self, brand: bool, limits: bool, table_word: bool) -> Text:
        s = self.status
        assert s is not None
        text = Text()
        if brand:
            text.append("* blackjack-tui  " if s.ascii else "♠ blackjack-tui  ", style="bold")
        text.append(f"{s.chips_label} ")
        text.append(money_str(s.chips), style="bold")
        text.append("   Table " if table_word else "   ")
        text.append(s.table, style="bold")
        if s.tier:
            text.append(f" · {s.tier}")
        if limits:
            text.append(f"  {s.limits}")
        text.append("   Stake ")
        text.append(money_str(s.stake), style="bold")
        if s.chip is not None:
            text.append("   Chip ")
            # In the bar's own colours (a felt colour would not read on every theme).
            text.append(f"{'o' if s.ascii else '●'}{money_str(s.chip)}", style="bold")
            text.append(" [ ]")
        if s.pending is not None:
            text.append(f"   next: {s.pending}", style="italic")
        return text
