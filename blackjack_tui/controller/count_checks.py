"""Count checks at the table: now and then, before a deal, the game asks the running or the true
count, and scores the answer: the session's score here, each check kept in the drills store
too (the progress screen's ``count-checks``). An answer never touches the bankroll.

How often is a setting: never, sometimes (one deal in eight), often (one in three). No check
comes before any card of the shoe has been seen (the answer would be 0). A true count is right
within half a count of the exact quotient (running count per deck left), or at the whole count
the simulator bets on (the quotient floored); a running count must be exact, in the system's
tags: Wong Halves' in halves (``+1.5``), never its doubled points.
"""

from __future__ import annotations

import math
import random
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from msgspec import Struct

from blackjack_tui.controller.count import CountView

CHANCE = {"never": 0.0, "sometimes": 1 / 8, "often": 1 / 3}
"""The chance of a check at each deal, by the setting."""


class Question(Struct, frozen=True):
    kind: str
    """``running`` or ``true``."""
    running: Fraction | int
    """The running count in the system's tags, exact (``Fraction(3, 2)``: Wong Halves' +1.5)."""
    true_count: float

    @property
    def text(self) -> str:
        return ("What is the running count?" if self.kind == "running"
                else "What is the true count (running count per deck left)?")

    def answer(self) -> str:
        if self.kind == "running":
            exact = Fraction(self.running)
            return f"{int(exact):+d}" if exact.denominator == 1 else f"{float(exact):+.1f}"
        return f"{self.true_count:+.1f} (the simulator bets on {math.floor(self.true_count):+d})"


class Scored(Struct, frozen=True):
    right: bool
    words: str


class CountChecks:
    """The session's checks: asked, right, and the chance of the next one."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()
        self.asked = 0
        self.right = 0

    def due(self, how_often: str, view: CountView) -> Question | None:
        """A question before this deal, or ``None``."""
        chance = CHANCE.get(how_often, 0.0)
        if view.seen == 0 or chance == 0 or self.rng.random() >= chance:
            return None
        kind = self.rng.choice(("running", "true"))
        return Question(kind, view.tags, view.true_count)

    def score(self, question: Question, text: str | None) -> Scored:
        """The answer ``text`` scored (``None``: skipped, scored wrong)."""
        self.asked += 1
        given = _number(text) if text is not None else None
        if given is None:
            right = False
        elif question.kind == "running":
            right = Fraction(given) == Fraction(question.running)
        else:
            exact = question.true_count
            right = abs(float(given) - exact) <= 0.5 or given == math.floor(exact)
        self.right += right
        verdict = "Right" if right else ("Skipped" if text is None else "Not quite")
        return Scored(right, f"{verdict}: the {question.kind} count is {question.answer()}")

    def summary(self) -> str:
        """``Checks 3/4``."""
        return f"checks {self.right}/{self.asked}"


def _number(text: str) -> Decimal | None:
    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        return None
    return value if value.is_finite() else None
