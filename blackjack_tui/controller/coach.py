"""Coach mode: after each play, whether it was the best one and what it cost, and a session tally.

The judgement is the hint's (:func:`.strategy.advise`): exact EVs for the hand's own cards against
the up card, not the printed chart's row, so a composition-dependent play is never called a
mistake. Insurance and even money are judged by the chance of a ten under the ace, from the
cards the player can see (:func:`.strategy.insurance_advice`).
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct

from blackjack_tui.controller.strategy import Advice

EPSILON = 1e-9  # two actions worth the same are both the best play


class Verdict(Struct, frozen=True):
    action: str
    best: str
    cost: float
    """EV given up, per unit of the hand's bet."""
    money: Decimal
    """The same in money: the cost times the hand's stake, to the cent."""

    @property
    def mistake(self) -> bool:
        return self.cost > EPSILON


class Coach:
    """The session's tally: decisions judged, mistakes, and their total cost in money."""

    def __init__(self) -> None:
        self.decisions = 0
        self.mistakes = 0
        self.cost = Decimal(0)

    def judge(self, advice: Advice, action: str) -> Verdict:
        cost = advice.cost(action)
        best = advice.best if cost > EPSILON else action
        money = (Decimal(repr(cost)) * advice.stake).quantize(Decimal("0.01"))
        verdict = Verdict(action, best, cost, money)
        self.decisions += 1
        if verdict.mistake:
            self.mistakes += 1
            self.cost += money
        return verdict

    def summary(self) -> str:
        """``12 decisions · 2 mistakes · cost 0.85``."""
        return (f"{self.decisions} decision{'s' if self.decisions != 1 else ''} · "
                f"{self.mistakes} mistake{'s' if self.mistakes != 1 else ''} · cost {self.cost}")
