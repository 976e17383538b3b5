"""The bet slip: chips placed in boxes before the deal, checked against the table as they go.

A chip that would take a box over the table maximum, or the bets over the bankroll, is refused
with the reason, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from blackjack_tui.engine.money import ZERO, money_str
from blackjack_tui.engine.rules import Limits


class BetSlip:
    def __init__(self, boxes: int, limits: tuple[Decimal, Decimal], bankroll: Decimal) -> None:
        self.boxes = boxes
        self.limits = Limits(*limits)
        self.low, self.high = self.limits
        self.bankroll = bankroll
        self.bets: dict[int, Decimal] = {}

    @property
    def total(self) -> Decimal:
        return sum(self.bets.values(), ZERO)

    def add(self, box: int, chip: Decimal) -> str | None:
        """Add a chip to ``box``; returns why not, or ``None``."""
        if not 1 <= box <= self.boxes:
            return f"This table has {self.boxes} box{'es' if self.boxes > 1 else ''}"
        new = self.bets.get(box, ZERO) + chip
        if new > self.high:
            return f"Box {box} takes at most {money_str(self.high)}"
        if self.total + chip > self.bankroll:
            return f"Only {money_str(self.bankroll - self.total)} left in the bankroll"
        self.bets[box] = new
        return None

    def remove(self, box: int, chip: Decimal) -> str | None:
        current = self.bets.get(box, ZERO)
        if current == 0:
            return f"Box {box} has no bet"
        new = current - chip
        if new <= 0:
            self.bets.pop(box, None)
        else:
            self.bets[box] = new
        return None

    def clear(self, box: int | None = None) -> None:
        if box is None:
            self.bets.clear()
        else:
            self.bets.pop(box, None)

    def set(self, bets: Sequence[Decimal | None]) -> str | None:
        """Place these bets (a rebet); refused whole if any box or the total does not fit."""
        wanted = {i: b for i, b in enumerate(bets, start=1) if b}
        for box, bet in wanted.items():
            if box > self.boxes or not self.limits.fits(bet):
                return f"Box {box}'s last bet {money_str(bet)} does not fit this table"
        if sum(wanted.values(), ZERO) > self.bankroll:
            return "The last bets are more than the bankroll"
        self.bets = wanted
        return None

    def problem(self) -> str | None:
        """Why these bets cannot be dealt, or ``None``."""
        if not self.bets:
            return "Place a bet first"
        for box, bet in sorted(self.bets.items()):
            if bet < self.low:
                return f"Box {box} needs at least {money_str(self.low)}"
        if self.total > self.bankroll:
            return "The bets are more than the bankroll"
        return None

    def as_list(self) -> list[Decimal | None]:
        if not self.bets:
            return []
        top = max(self.bets)
        return [self.bets.get(i) for i in range(1, top + 1)]
