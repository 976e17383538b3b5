"""The shoe: N decks shuffled by Fisher–Yates, a cut card, a discard tray; or a stacked shoe.

The random source is anything with ``randrange(stop)`` (``random.Random`` and its subclasses):
``random.Random(seed)`` for a reproducible shoe, ``random.SystemRandom()`` (the operating system's
entropy) by default. ``randrange`` draws by rejection, so index selection has no modulo bias.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from blackjack_tui.engine.cards import DECK, Card, parse_cards
from blackjack_tui.engine.errors import ShoeEmptyError


class RandomSource(Protocol):
    def randrange(self, stop: int, /) -> int: ...


def fisher_yates(cards: list[Card], rng: RandomSource) -> None:
    """Shuffle ``cards`` in place: every permutation equally likely given a fair ``rng``."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randrange(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


class Shoe:
    """Cards to deal, top first; the discard tray; the cut card.

    Internally the remaining cards are stored bottom-first so that drawing is ``list.pop()``.
    A stacked shoe (``Shoe.stacked``) never shuffles: running out raises :class:`ShoeEmptyError`.
    """

    __slots__ = ("_cards", "decks", "discards", "rng", "shuffles", "stacked_shoe", "total")

    def __init__(self, decks: int, rng: RandomSource | None = None, *,
                 shuffle: bool = True) -> None:
        self.decks = decks
        self.rng: RandomSource = rng if rng is not None else random.SystemRandom()
        self.stacked_shoe = False
        self._cards: list[Card] = list(DECK) * decks
        self.total = len(self._cards)
        self.discards: list[Card] = []
        self.shuffles = 0
        if shuffle:
            self.shuffle()

    @classmethod
    def seeded(cls, decks: int, seed: int) -> Shoe:
        """A shoe whose every shuffle is reproducible from ``seed``."""
        return cls(decks, random.Random(seed))

    @classmethod
    def stacked(cls, cards: list[Card] | list[str], decks: int | None = None) -> Shoe:
        """A shoe that deals exactly ``cards``, top first, and never shuffles."""
        parsed = parse_cards([str(c) for c in cards])
        shoe = cls(decks or 1, random.Random(0), shuffle=False)
        shoe.stacked_shoe = True
        shoe._cards = parsed[::-1]
        shoe.total = len(parsed)
        return shoe

    # Dealing

    def draw(self) -> Card:
        """Take the top card. A real shoe that runs dry mid-round reshuffles its discards."""
        try:
            return self._cards.pop()
        except IndexError:
            if self.stacked_shoe or not self.discards:
                raise ShoeEmptyError("the shoe ran out of cards") from None
            self._reshuffle_discards()
            return self._cards.pop()

    def peek_top(self) -> Card | None:
        return self._cards[-1] if self._cards else None

    @property
    def remaining(self) -> int:
        return len(self._cards)

    def remaining_cards(self) -> list[Card]:
        """The cards still to be dealt, top first."""
        return self._cards[::-1]

    @property
    def dealt_fraction(self) -> float:
        """How far into the shoe the deal has gone (0 after a shuffle)."""
        return 1 - len(self._cards) / self.total if self.total else 1.0

    def discard(self, cards: list[Card]) -> None:
        self.discards.extend(cards)

    # Shuffling

    def shuffle(self) -> None:
        """Gather the discards and shuffle the whole shoe."""
        if self.stacked_shoe:
            return
        self._cards.extend(self.discards)
        self.discards.clear()
        fisher_yates(self._cards, self.rng)
        self.shuffles += 1

    def _reshuffle_discards(self) -> None:
        fisher_yates(self.discards, self.rng)
        self._cards = self.discards
        self.discards = []
        self.shuffles += 1

    def needs_shuffle(self, every_round: bool, penetration: float) -> bool:
        """Whether to shuffle before the next round under these rules."""
        if self.stacked_shoe:
            return False
        if self.shuffles == 0:
            return True  # a shoe made with shuffle=False has never been shuffled
        if every_round:
            return bool(self.discards)
        return self.dealt_fraction >= penetration

    # Serialization (the round state includes its shoe)

    def to_dict(self) -> dict[str, Any]:
        return {
            "decks": self.decks,
            "stacked": self.stacked_shoe,
            "total": self.total,
            "cards": [c.text for c in reversed(self._cards)],
            "discards": [c.text for c in self.discards],
            "shuffles": self.shuffles,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: RandomSource | None = None) -> Shoe:
        shoe = cls(int(data["decks"]), rng, shuffle=False)
        shoe.stacked_shoe = bool(data["stacked"])
        shoe.total = int(data["total"])
        shoe._cards = parse_cards(list(data["cards"]))[::-1]
        shoe.discards = parse_cards(list(data["discards"]))
        shoe.shuffles = int(data["shuffles"])
        return shoe
