"""Deck estimation: the discard tray drawn at its height; name the decks discarded (or left),
to the quarter deck. Right is the exact quarter; the verdict says how far off an answer was."""

from __future__ import annotations

import random
from fractions import Fraction

from msgspec import Struct

from blackjack_tui.controller.training.base import Clock, Tally, Verdict
from blackjack_tui.controller.training.true_count import deck_words, parse_number, words

SHOES = (2, 6, 8)
ASKS = ("discarded", "left")


class DeckQuestion(Struct, frozen=True):
    decks: int
    quarters_discarded: int
    ask: str
    """``discarded`` or ``left``: which the player names."""

    @property
    def discarded(self) -> Fraction:
        return Fraction(self.quarters_discarded, 4)

    @property
    def left(self) -> Fraction:
        return self.decks - self.discarded

    @property
    def expected(self) -> Fraction:
        return self.discarded if self.ask == "discarded" else self.left


class DeckDrill:
    name = "decks"

    def __init__(self, rng: random.Random | None = None, clock: Clock | None = None) -> None:
        self.rng = rng or random.Random()
        self.tally = Tally(self.name, clock) if clock else Tally(self.name)
        self.question = self.deal()

    def deal(self) -> DeckQuestion:
        decks = self.rng.choice(SHOES)
        return DeckQuestion(decks, self.rng.randint(1, decks * 4 - 1), self.rng.choice(ASKS))

    def answer(self, text: str) -> Verdict:
        q = self.question
        said = parse_decks(text, q.decks)
        right = said == q.expected
        off = said - q.expected
        note = (f"{words(q.discarded).lstrip('+')} of {q.decks} decks discarded, "
                f"{words(q.left).lstrip('+')} left")
        if not right:
            side = "over" if off > 0 else "under"
            note += f" (you were {deck_words(abs(off))} {side})"
        item = f"{q.decks}d {q.ask} {words(q.expected).lstrip('+')}"
        verdict = self.tally.score(Verdict(right, words(said).lstrip("+"),
                                           words(q.expected).lstrip("+"), note, item))
        self.question = self.deal()
        return verdict


def parse_decks(text: str, decks: int) -> Fraction:
    """Decks as typed (``2.75``, ``3,5``), from none to the whole shoe; ValueError in one line."""
    try:
        said = parse_number(text)
    except ValueError:
        raise ValueError(f"decks are a number such as 1.25 or 3.5, not {text.strip()[:12]!r}"
                         ) from None
    if not 0 <= said <= decks:
        raise ValueError(f"a {decks}-deck shoe holds 0 to {decks} decks, "
                         f"not {words(said).lstrip('+')}")
    return said
