"""Betting by the count: the player's bet at each deal against his plan's bet for the true count,
and a session tally of the bets that differ, with what they cost.

The cost is an estimate by the simple approximation, not the plan's simulated EV per true count:
the player's expectation per unit bet at true count ``tc`` is minus the table's house edge plus
half a percent a count (:func:`.plan_figures.edge_at`). A bet off the plan costs the expectation
it gives up: a smaller bet than the plan's at a count where the player is ahead, a larger one
where the house is. The other two ways off the plan (larger when ahead, smaller when behind) give
up no expectation, so they cost nothing here, but they are still off the plan (more risk, or less
win, than the plan's figures assume) and counted.
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct

from blackjack_tui.engine.money import money_str

CENT = Decimal("0.01")


class BetVerdict(Struct, frozen=True):
    tc: int
    plan: Decimal
    """The plan's bet (0: the plan sits this round out)."""
    bet: Decimal
    cost: Decimal
    """Expectation given up, in money (never negative)."""

    @property
    def off(self) -> bool:
        return self.bet != self.plan

    def words(self) -> str:
        """``Bet 10 at TC +3: the plan bets 40 (cost 0.15)``."""
        plan = "sits out" if self.plan == 0 else f"bets {money_str(self.plan)}"
        return (f"Bet {money_str(self.bet)} at true count {self.tc:+d}: the plan {plan}"
                + (f" (cost {money_str(self.cost)})" if self.cost else ""))


class BetTally:
    """The session's bets judged against the plan: how many, how many off it, their cost."""

    def __init__(self) -> None:
        self.rounds = 0
        self.off = 0
        self.cost = Decimal(0)

    def judge(self, plan_bet: Decimal, bet: Decimal, tc: int,
              house_edge_percent: float) -> BetVerdict:
        from blackjack_tui.analysis.plan_figures import edge_at  # (numpy: not at the first frame)

        edge = Decimal(repr(edge_at(house_edge_percent, tc)))
        cost = max(Decimal(0), ((plan_bet - bet) * edge).quantize(CENT))
        verdict = BetVerdict(tc, plan_bet, bet, cost)
        self.rounds += 1
        if verdict.off:
            self.off += 1
            self.cost += cost
        return verdict

    def summary(self) -> str:
        """``off plan 2/12, cost 0.85``."""
        return f"off plan {self.off}/{self.rounds}, cost {money_str(self.cost)}"
