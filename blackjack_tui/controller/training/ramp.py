"""Bet ramp: a true count and a spread (the simulator's :class:`~blackjack_tui.analysis.counting.
Spread`, ``TC:UNITS,...``); name the bet in units."""

from __future__ import annotations

import random
from decimal import Decimal, InvalidOperation

from msgspec import Struct

from blackjack_tui.analysis.counting import Spread
from blackjack_tui.controller.training.base import Clock, Tally, Verdict

DEFAULT_SPREAD = "1:1,2:2,3:4,4:8,5:12"


class RampQuestion(Struct, frozen=True):
    true_count: int
    units: Decimal


def spread_words(spread: Spread) -> str:
    """``1:1,2:2,3:4,4:8,5:12``: as the simulator's ``--spread`` takes it."""
    return ",".join(f"{tc}:{units}" for tc, units in spread.steps)


def parse_units(text: str) -> Decimal:
    bare = text.strip().replace(",", ".")
    try:
        units = Decimal(bare)
    except InvalidOperation:
        raise ValueError(f"the bet is a number of units such as 1, 4 or 12, "
                         f"not {text.strip()[:12]!r}") from None
    if not units.is_finite() or units < 0 or units.adjusted() > 6:
        raise ValueError(f"{text.strip()[:12]!r} is not a bet in units")
    return units


class BetRampDrill:
    name = "bet-ramp"

    def __init__(self, spread: str | Spread = DEFAULT_SPREAD, rng: random.Random | None = None,
                 clock: Clock | None = None) -> None:
        self.spread = spread if isinstance(spread, Spread) else Spread.parse(spread)
        self.rng = rng or random.Random()
        self.tally = Tally(self.name, clock) if clock else Tally(self.name)
        self.question = self.deal()

    def set_spread(self, text: str) -> None:
        """Another spread (ValueError in one line, the spread unchanged, when it is not one);
        the next question is asked on it."""
        self.spread = Spread.parse(text)
        self.question = self.deal()

    def deal(self) -> RampQuestion:
        low, high = self.spread.steps[0][0], self.spread.steps[-1][0]
        tc = self.rng.randint(low - 3, high + 2)
        return RampQuestion(tc, self.spread.units_at(tc))

    def answer(self, text: str) -> Verdict:
        said = parse_units(text)
        q = self.question
        right = said == q.units
        note = f"at true count {q.true_count:+d} the spread bets {q.units} units"
        verdict = self.tally.score(Verdict(right, str(said), str(q.units), note,
                                           f"tc{q.true_count:+d}"))
        self.question = self.deal()
        return verdict
