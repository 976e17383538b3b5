"""Running count at speed: cards dealt one to three at a time; name the count at the end.

Modes (:data:`MODES`): ``round`` (one round's worth, 8 to 14 cards), ``deck`` (a deck dealt down
to a point the drill picks, 26 to 51 cards: a whole deck counts the same every time, 0 in a
balanced count, so the drill stops and asks), ``shoe`` (two decks, stopped after 60 to 100
cards), and
``missing`` (the classic trick: a deck less one card, counted through; the answer is the
missing card's tag, a deck's count less the count of what was shown). The
pace is the player's: seconds per group, :data:`PACES`, changed with
:meth:`RunningCountDrill.faster` and :meth:`slower`.
"""

from __future__ import annotations

import random
from fractions import Fraction

from msgspec import Struct

from blackjack_tui.controller.training.base import Clock, Tally, Verdict
from blackjack_tui.controller.training.tags import (
    SYSTEM,
    count_of,
    count_words,
    parse_count,
    tag_of,
)
from blackjack_tui.engine.cards import DECK, Card

MODES = ("round", "deck", "shoe", "missing")
MODE_WORDS = {"round": "one round's cards", "deck": "a deck, stopped part way",
              "shoe": "two decks, stopped part way",
              "missing": "a deck less one card: name its tag"}
PACES = (0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
"""Seconds each group of cards stays up."""


class Run(Struct, frozen=True):
    """One run: the groups of cards in the order shown, and what the answer is."""

    mode: str
    groups: tuple[tuple[Card, ...], ...]
    answer: Fraction
    """The count (or the missing card's tag), exact: in halves for Wong Halves."""
    missing: Card | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for group in self.groups for card in group)


class RunningCountDrill:
    """Deals runs and scores the answers; the screen shows the groups at the drill's pace."""

    name = "running-count"

    def __init__(self, mode: str = "deck", rng: random.Random | None = None,
                 clock: Clock | None = None, system: str = SYSTEM) -> None:
        if mode not in MODES:
            raise ValueError(f"the mode is one of {', '.join(MODES)}, not {mode!r}")
        self.rng = rng or random.Random()
        self.system = system
        self.tally = Tally(self.name, clock) if clock else Tally(self.name)
        self.mode = mode
        self.pace = PACES.index(1.0)
        self.run = self.deal()
        self.shown = 0
        """How many of the run's groups have been shown."""

    @property
    def seconds(self) -> float:
        return PACES[self.pace]

    def faster(self) -> float:
        self.pace = max(0, self.pace - 1)
        return self.seconds

    def slower(self) -> float:
        self.pace = min(len(PACES) - 1, self.pace + 1)
        return self.seconds

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"the mode is one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self.run = self.deal()
        self.shown = 0

    def deal(self) -> Run:
        """A new run of the drill's mode, its cards shuffled and cut into groups of 1-3."""
        rng = self.rng
        missing: Card | None = None
        if self.mode == "round":
            cards = rng.sample(DECK, rng.randint(8, 14))
        elif self.mode == "shoe":
            cards = list(DECK) * 2
            rng.shuffle(cards)
            cards = cards[:rng.randint(60, 100)]
        elif self.mode == "deck":
            cards = list(DECK)
            rng.shuffle(cards)
            cards = cards[:rng.randint(26, 51)]
        else:
            cards = list(DECK)
            rng.shuffle(cards)
            missing = cards.pop()
        groups: list[tuple[Card, ...]] = []
        at = 0
        while at < len(cards):
            size = rng.randint(1, 3)
            groups.append(tuple(cards[at:at + size]))
            at += size
        answer = tag_of(missing, self.system) if missing else count_of(cards, self.system)
        return Run(self.mode, tuple(groups), answer, missing)

    def next_group(self) -> tuple[Card, ...] | None:
        """The next group to show (``None`` once all are shown: time to answer)."""
        if self.shown >= len(self.run.groups):
            return None
        group = self.run.groups[self.shown]
        self.shown += 1
        if self.shown == len(self.run.groups):
            self.tally.start()
        return group

    @property
    def done(self) -> bool:
        return self.shown >= len(self.run.groups)

    def answer(self, text: str) -> Verdict:
        """Score the count (or, in ``missing``, the missing card's tag) typed as ``text``;
        ValueError (nothing scored) when it is not a count of the drill's system (a whole
        number, or in Wong Halves a number of halves: ``-3.5``). Deals the next run."""
        what = "the tag" if self.run.missing else "the count"
        said = parse_count(text, what, self.system)
        run = self.run
        right = said == run.answer
        if run.missing is not None:
            note = f"the missing card was {run.missing.text}, tag {count_words(run.answer)}"
            item = f"missing {run.missing.text}"
        else:
            note = f"{len(run.cards)} cards, running count {count_words(run.answer)}"
            item = f"{run.mode} rc{count_words(run.answer)} said{count_words(said)}"
        verdict = self.tally.score(Verdict(right, count_words(said), count_words(run.answer),
                                           note, item))
        self.run = self.deal()
        self.shown = 0
        return verdict
