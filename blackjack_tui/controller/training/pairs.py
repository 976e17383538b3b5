"""Pairs cancelling: two cards at a time; name the pair's net tag (-2 to +2 in Hi-Lo, to +4 in a
level-two count, -2 to +3 by halves in Wong Halves). A high card and a low card cancel (0): the
habit that makes a fast count."""

from __future__ import annotations

import random
from fractions import Fraction

from blackjack_tui.controller.training.base import Clock, Tally, Verdict
from blackjack_tui.controller.training.tags import (
    SYSTEM,
    count_of,
    count_words,
    pair_range,
    parse_count,
)
from blackjack_tui.engine.cards import DECK, Card

ANSWERS = (-2, -1, 0, 1, 2)
"""The nets of a pair in Hi-Lo (:attr:`PairsDrill.answers` for the drill's own count)."""


class PairsDrill:
    name = "pairs"

    def __init__(self, rng: random.Random | None = None, clock: Clock | None = None,
                 system: str = SYSTEM) -> None:
        self.rng = rng or random.Random()
        self.system = system
        self.answers: tuple[Fraction, ...] = pair_range(system)
        """Every net a pair can have in the drill's system, lowest first (the buttons)."""
        self.tally = Tally(self.name, clock) if clock else Tally(self.name)
        self.pair = self.deal()

    def deal(self) -> tuple[Card, Card]:
        a, b = self.rng.sample(DECK, 2)
        return a, b

    @property
    def net(self) -> Fraction:
        return count_of(self.pair, self.system)

    def answer(self, text: str) -> Verdict:
        said = parse_count(text, "the net tag", self.system)
        a, b = self.pair
        net = self.net
        right = said == net
        verdict = self.tally.score(Verdict(right, count_words(said), count_words(net),
                                           f"{a.text} {b.text} nets {count_words(net)}",
                                           f"{a.rank}{b.rank}"))
        self.pair = self.deal()
        return verdict
