"""Betting: the bet slip (chips placed in boxes before the deal, checked against the table as
they go) and :class:`Betting`, the model the table screen draws between rounds.

A chip that would take a box over the table maximum, or the bets over the bankroll, is refused
with the reason, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from blackjack_tui.engine.money import ZERO, money_str
from blackjack_tui.engine.rules import Limits
from blackjack_tui.engine.seats import SEAT_BOX_BASE

if TYPE_CHECKING:
    from blackjack_tui.controller.session import Session


BANKING = "You hold the bank this hand: you bet nothing · enter deals the others"


class BetSlip:
    def __init__(self, boxes: int, limits: tuple[Decimal, Decimal], bankroll: Decimal,
                 chips: str = "the bankroll") -> None:
        self.boxes = boxes
        self.chips = chips
        """What the bets are taken from, in words: the bankroll, or a home evening's stack."""
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
            return f"Only {money_str(self.bankroll - self.total)} left in {self.chips}"
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
            return f"The last bets are more than {self.chips}"
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
            return f"The bets are more than {self.chips}"
        return None

    def as_list(self) -> list[Decimal | None]:
        if not self.bets:
            return []
        top = max(self.bets)
        return [self.bets.get(i) for i in range(1, top + 1)]


class Betting:
    """The table between rounds: the box in hand, the chip in hand, the bet slip and the bets
    behind computer players' boxes (kept by the session, which deals them).

    Boxes 1-3 are the player's own; 4-7 are the computer players' (chips placed there go behind
    them). Every change returns why it was refused, or ``None``; a refused change changes nothing.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.selected = 1
        self.chip_index = 0
        self.slip = BetSlip(1, (ZERO, ZERO), ZERO)
        self._table: tuple[object, ...] = ()
        self.touched = False
        """A chip was placed or taken since the slip was made (the last round leaves the felt)."""
        self.renew(first=True)

    def _table_key(self) -> tuple[object, ...]:
        session = self.session
        return (session.rules.name, session.tier, session.bankroll)

    @property
    def stale(self) -> bool:
        """The table, its tier or the chips changed since the slip was made."""
        return self._table != self._table_key()

    def renew(self, first: bool = False, keep: bool = False) -> None:
        """A fresh slip for the table as it is now (``keep``: the bets that still fit; ``first``:
        the table minimum in box 1 when there is nothing to rebet)."""
        session = self.session
        new_table = self._table[:2] != self._table_key()[:2]  # another table or tier
        self._table = self._table_key()
        self.touched = False
        old = self.slip.as_list() if keep else []
        self.slip = BetSlip(session.rules.max_boxes, session.limits, session.bankroll,
                            "the bankroll" if session.home is None else "your stack")
        if old:
            self.slip.set(session.fit_bets(old))
        elif first and not session.last_bets and not self.banking:
            self.slip.set([session.limits[0]])
        self.selected = min(self.selected, session.rules.max_boxes)
        self.chip_index = min(self.chip_index, len(session.rules.chips) - 1)
        low = session.limits[0]
        if new_table and low > session.rules.min_bet:
            # A higher tier: the chip in hand is its minimum's (a 25 at 25+, not a 1); the
            # table's own chips stay as its house set them, and a chip chosen later stays.
            fits = [i for i, chip in enumerate(session.rules.chips) if chip >= low]
            if fits and self.chip < low:
                self.chip_index = fits[0]

    @property
    def chip(self) -> Decimal:
        return self.session.rules.chips[self.chip_index]

    @property
    def behind_selected(self) -> bool:
        return self.selected > SEAT_BOX_BASE

    def select(self, number: int) -> str | None:
        if number > SEAT_BOX_BASE and number - SEAT_BOX_BASE <= len(self.session.others):
            self.selected = number  # a computer player's box: chips go behind it
            return None
        if number > self.session.rules.max_boxes:
            return f"This table has {self.session.rules.max_boxes} box(es)"
        self.selected = number
        return None

    def step_chip(self, delta: int) -> None:
        chips = self.session.rules.chips
        self.chip_index = max(0, min(len(chips) - 1, self.chip_index + delta))

    def pick_chip(self, index: int) -> None:
        self.chip_index = max(0, min(len(self.session.rules.chips) - 1, index))

    def add(self) -> str | None:
        """One chip in hand on the box in hand (or behind it)."""
        closed = self._no_bets()
        if closed is not None:  # a chip shown in box 1 would be left out of the deal
            return closed
        self.touched = True
        if not self.behind_selected:
            return self.slip.add(self.selected, self.chip)
        session = self.session
        if session.rules.ledger is not None:
            return "The home game has no bets behind"
        box = self.selected
        old = session.behind.get(box, ZERO)
        session.behind[box] = old + self.chip
        problem = session.check_bets(self.slip.as_list())
        if problem is not None:
            session.behind[box] = old
            if not old:
                session.behind.pop(box)
        return problem

    def remove(self) -> str | None:
        self.touched = True
        if not self.behind_selected:
            return self.slip.remove(self.selected, self.chip)
        behind = self.session.behind
        old = behind.get(self.selected, ZERO)
        if old <= 0:
            return "No bet behind this box"
        left = old - self.chip
        if left > 0:
            behind[self.selected] = left
        else:
            behind.pop(self.selected)
        return None

    def clear(self) -> None:
        self.touched = True
        if self.behind_selected:
            self.session.behind.pop(self.selected, None)
        self.slip.clear(self.selected)

    def rebet(self) -> str | None:
        closed = self._no_bets()
        if closed is not None:
            return closed
        if not self.session.last_bets:
            return "No earlier bets to repeat"
        self.touched = True
        return self.slip.set(self.session.last_bets)

    @property
    def banking(self) -> bool:
        """The player holds the home game's bank: he bets nothing this round."""
        home = self.session.home
        return home is not None and home.player_banks

    def _no_bets(self) -> str | None:
        """Why the player places no bet at all now (the home evening is over for him, or he
        holds its bank), or ``None``."""
        home = self.session.home
        if home is not None and home.over:
            return home.over_words()
        return BANKING if self.banking else None

    def to_deal(self) -> tuple[list[Decimal | None], str | None]:
        """The bets to deal, and why they cannot be (``None``: they can)."""
        bets = [] if self.banking else self.slip.as_list()
        problem = None if self.banking else self.slip.problem()
        if problem is None:
            problem = self.session.check_bets(bets)
        return bets, problem
