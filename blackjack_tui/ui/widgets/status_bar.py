"""The header line: bankroll, the rule set (and tier), the round's stake, the chip in hand."""

from __future__ import annotations

from decimal import Decimal

from rich.text import Text
from textual.widgets import Static

from blackjack_tui.controller.session import Session
from blackjack_tui.engine.money import money_str


class StatusBar(Static):
    def show(self, session: Session, stake: Decimal, chip: Decimal | None,
             live: bool = False) -> None:
        rules = session.rules
        bankroll = session.round.bankroll if live and session.round else session.bankroll
        # At a home evening the chips in front of the player are his stack, not his bankroll.
        label = "Stack " if session.home is not None else "Bankroll "
        text = Text.assemble(
            ("♠ blackjack-tui  ", "bold"),
            (label, ""), (money_str(bankroll), "bold"),
            ("   Table ", ""), (rules.title or rules.name, "bold"),
        )
        if session.tier:
            text.append(f" · {session.tier}")
        text.append(f"  {session.describe_limits()}")
        text.append("   Stake ")
        text.append(money_str(stake), style="bold")
        if chip is not None:
            text.append("   Chip ")
            text.append(f"●{money_str(chip)}", style="bold #f2c94c")
            text.append(" [ ]")
        if session.pending is not None:
            text.append(f"   next: {session.pending[0].title or session.pending[0].name}",
                        style="italic #e3b341")
        self.update(text)
