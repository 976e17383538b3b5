"""True count: a running count and the decks left (the tray drawn, or in words); name the true
count. Within 0.5 of the exact quotient is right; the verdict gives the exact figure and the
whole number the simulator would use (:func:`blackjack_tui.analysis.counting.true_count`, floor).
"""

from __future__ import annotations

import random
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from msgspec import Struct

from blackjack_tui.analysis.counting import true_count
from blackjack_tui.controller.training.base import Clock, Tally, Verdict
from blackjack_tui.controller.training.tags import SYSTEM, count_words, largest_tag, step_of
from blackjack_tui.engine.count_systems import system as count_system

SHOES = (1, 2, 6, 8)
"""Decks in the shoes the drill deals from."""
TOLERANCE = Fraction(1, 2)
CONVENTION = "floor"
"""The simulator's default true-count convention (``sim --tc``)."""


class TrueCountQuestion(Struct, frozen=True):
    decks: int
    """Decks in the shoe."""
    quarters_left: int
    """Decks left, in quarter decks (the tray holds the rest)."""
    running: Fraction
    """In the drill's count (halves in Wong Halves)."""
    scale: int = 1
    """The count's points per tag (2 in Wong Halves, which the simulator keeps in half points)."""

    @property
    def decks_left(self) -> Fraction:
        return Fraction(self.quarters_left, 4)

    @property
    def exact(self) -> Fraction:
        return self.running / self.decks_left

    @property
    def simulator(self) -> int:
        """The simulator's whole true count for this running count and these cards left."""
        return true_count(int(self.running * self.scale), self.quarters_left * 13, CONVENTION,
                          self.scale)


def deck_words(decks: Fraction) -> str:
    """``1 deck``, ``0.25 decks``, ``2.5 decks``."""
    return f"{words(decks).lstrip('+')} deck{'' if decks == 1 else 's'}"


def words(value: Fraction) -> str:
    """``+2.67``, ``-1.5``, ``+3``."""
    if value.denominator == 1:
        return f"{int(value):+d}"
    return f"{float(value):+.2f}".rstrip("0")


def parse_number(text: str) -> Fraction:
    """A true count as typed: ``3``, ``-1.5``, ``+2,5``; ValueError in one line."""
    bare = text.strip().replace("−", "-").replace(",", ".")
    try:
        number = Decimal(bare)
    except InvalidOperation:
        raise ValueError(f"the true count is a number such as -1.5, 0 or +3, "
                         f"not {text.strip()[:12]!r}") from None
    if not number.is_finite() or abs(number) > 100:
        raise ValueError(f"{text.strip()[:12]!r} is not a true count")
    return Fraction(number)


class TrueCountDrill:
    name = "true-count"

    def __init__(self, rng: random.Random | None = None, clock: Clock | None = None,
                 system: str = SYSTEM) -> None:
        self.rng = rng or random.Random()
        self.tally = Tally(self.name, clock) if clock else Tally(self.name)
        # A true count is a balanced count's: KO and Red 7 are read by their running count.
        self.system = system if count_system(system).balanced else SYSTEM
        self.question = self.deal()

    def deal(self) -> TrueCountQuestion:
        rng = self.rng
        decks = rng.choice(SHOES)
        # At least half a deck left; at most the whole shoe less a quarter.
        quarters_left = rng.randint(2, decks * 4 - 1) if decks > 1 else rng.randint(2, 3)
        # A running count that makes a true count a player meets: about -5 to +8 in Hi-Lo, as
        # much more as the count's tags are larger (a level-two count's twice), in its steps.
        step = step_of(self.system)
        spread = rng.uniform(-5, 8) * quarters_left / 4 * float(largest_tag(self.system))
        running = round(Fraction(spread) / step) * step
        return TrueCountQuestion(decks, quarters_left, running, count_system(self.system).scale)

    def answer(self, text: str) -> Verdict:
        said = parse_number(text)
        q = self.question
        right = abs(said - q.exact) <= TOLERANCE
        note = (f"running {count_words(q.running)} over {deck_words(q.decks_left)} left is "
                f"{words(q.exact)}; the simulator counts {q.simulator:+d} "
                f"({CONVENTION})")
        item = f"rc{count_words(q.running)}/{words(q.decks_left).lstrip('+')}"
        verdict = self.tally.score(Verdict(right, words(said), words(q.exact), note, item))
        self.question = self.deal()
        return verdict
