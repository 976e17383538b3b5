"""The shoe: N decks, each card drawn at random as it is dealt; a cut card, a discard tray; or a
stacked shoe.

A shuffle gathers every card and lays them out as fresh decks (deck after deck, each A to K of
spades, hearts, diamonds, clubs). Nothing random happens then: each card is drawn at random from
those left in the shoe when it is dealt. That is Fisher–Yates run lazily from the top (step
``n`` swaps the top card with one of the ``n`` left, at random, and deals it), so a deal is
exactly as random as shuffling the whole shoe first and dealing from the top, but a shoe
shuffled every round does the work for the cards the round uses, not for all of them. Starting
each shuffle from the same order makes the shoe depend on its random source alone, not on the
order in which the cards came back; and the first shoe of a seed is the one a full shuffle of
fresh decks gave before cards were drawn lazily. (A shoe that runs dry mid-round reshuffles its
discards from rank order: aces first, then twos, ... then kings.)

The random source is anything with ``randrange(stop)`` (``random.Random`` and its subclasses):
``random.Random(seed)`` for a reproducible shoe, ``random.SystemRandom()`` (the operating system's
entropy) by default. ``randrange`` draws by rejection, so index selection has no modulo bias.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, Protocol

from blackjack_tui.engine.cards import DECK, RANKS, SUITS, Card, parse_cards
from blackjack_tui.engine.errors import ShoeEmptyError

_RANK_ORDER = {card: RANKS.index(card.rank) * len(SUITS) + SUITS.index(card.suit) for card in DECK}


class RandomSource(Protocol):
    def randrange(self, stop: int, /) -> int: ...


# The random sources whose randrange(n) is getrandbits(n.bit_length()) drawn again while >= n.
_UNROLLED = (random.Random, random.SystemRandom)
_STEPS = [(n, n.bit_length()) for n in range(1024)]
"""``_STEPS[n]``: a step of Fisher–Yates among ``n`` loose cards, and the bits it draws."""
_AGREES: bool | None = None


def unrolled_draws_agree() -> bool:
    """Whether ``getrandbits`` with rejection draws what ``randrange`` draws on this Python."""
    global _AGREES
    if _AGREES is None:
        ours, theirs = random.Random(11), random.Random(11)
        agree = True
        for n in [*range(2, 420), *range(2, 420)]:
            bits = n.bit_length()
            j = ours.getrandbits(bits)
            while j >= n:
                j = ours.getrandbits(bits)
            agree = agree and j == theirs.randrange(n)
        _AGREES = agree
    return _AGREES


def fisher_yates(cards: list[Card], rng: RandomSource) -> None:
    """Shuffle ``cards`` in place: every permutation equally likely given a fair ``rng``."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randrange(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def rank_order(cards: list[Card]) -> list[Card]:
    """``cards`` by rank (aces first), then suit (SHDC): where a dry shoe's discards start."""
    return sorted(cards, key=_RANK_ORDER.__getitem__)


def fresh_order(cards: list[Card]) -> list[Card]:
    """``cards`` laid out as fresh decks: the first of each card in deck order (AS 2S … KC),
    then the second of each, and so on. ``decks`` whole decks come out as ``list(DECK) * decks``."""
    counts = Counter(cards)
    copies = max(counts.values(), default=0)
    if len(counts) == len(DECK) and min(counts.values()) == copies:
        return list(DECK) * copies
    return [card for k in range(copies) for card in DECK if counts[card] > k]


MAX_DECKS = 8


def saved_decks(data: dict[str, Any]) -> int:
    """The number of decks of a saved shoe, checked before any card is made: a damaged count
    (a trillion decks) was a MemoryError."""
    decks = data["decks"]
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= MAX_DECKS:
        raise ValueError(f"a shoe has 1 to {MAX_DECKS} decks, not {str(decks)[:20]}")
    return decks


class Shoe:
    """Cards to deal, top first; the discard tray; the cut card.

    Internally the remaining cards are stored bottom-first so that drawing is ``list.pop()``. The
    bottom ``_loose`` of them are not drawn yet (their order is not the dealing order): a draw
    whose top card is loose first swaps a random loose card to the top. A stacked shoe
    (``Shoe.stacked``) has no loose cards and never shuffles: running out raises
    :class:`ShoeEmptyError`.
    """

    __slots__ = ("_bits", "_cards", "_loose", "_rng", "decks", "discards", "shuffles",
                 "stacked_shoe", "total")

    def __init__(self, decks: int, rng: RandomSource | None = None, *,
                 shuffle: bool = True) -> None:
        self.decks = decks
        self.rng = rng if rng is not None else random.SystemRandom()
        self.stacked_shoe = False
        self._cards: list[Card] = list(DECK) * decks
        self._loose = 0
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

    @property
    def rng(self) -> RandomSource:
        """The random source; setting it keeps the draw's fast path right."""
        return self._rng

    @rng.setter
    def rng(self, rng: RandomSource) -> None:
        self._rng = rng
        # randrange(n) of these classes is getrandbits with rejection: called straight, the same
        # numbers for a third of the cost (checked once against randrange on this Python).
        fast = type(rng) in _UNROLLED and unrolled_draws_agree()
        self._bits: Callable[[int], int] | None = (
            rng.getrandbits if fast else None)  # type: ignore[attr-defined]

    # Dealing

    def draw(self) -> Card:
        """Take the top card. A real shoe that runs dry mid-round reshuffles its discards."""
        cards = self._cards
        n = self._loose
        if n < len(cards):  # the top card is drawn already (or the shoe lays them in order)
            return cards.pop()
        if not cards:
            if self.stacked_shoe or not self.discards:
                raise ShoeEmptyError("the shoe ran out of cards")
            self._reshuffle_discards()
            cards = self._cards
            n = self._loose
        # One step of Fisher–Yates, inline (a random loose card is the top card): every card
        # dealt after the opening deal comes here.
        if n < 2:
            self._loose = 0
            return cards.pop()
        bits = self._bits
        if bits is None or n >= len(_STEPS):
            j = self._randbelow(n)
        else:
            k = _STEPS[n][1]
            j = bits(k)
            while j >= n:
                j = bits(k)
        self._loose = n - 1
        last = cards.pop()
        if j == n - 1:
            return last
        card = cards[j]
        cards[j] = last
        return card

    def draw_cards(self, n: int) -> list[Card] | None:
        """The next ``n`` cards, exactly as ``n`` draws deal them; ``None`` when fewer are left
        (a draw may then reshuffle the discards, which the round must tell card by card)."""
        cards = self._cards
        left = len(cards)
        if left < n:
            return None
        loose = self._loose
        bits = self._bits
        if loose != left or bits is None or loose <= n or loose >= len(_STEPS):
            return self._draw_each(n)
        # Every card is loose (the usual case): n steps of Fisher–Yates, as n draws take them.
        drawn = []
        for size, k in _STEPS[loose:loose - n:-1]:  # size: the loose cards, k its bit length
            j = bits(k)
            while j >= size:
                j = bits(k)
            last = cards.pop()
            if j == size - 1:
                drawn.append(last)
            else:
                drawn.append(cards[j])
                cards[j] = last
        self._loose = loose - n
        return drawn

    def _draw_each(self, n: int) -> list[Card]:
        """:meth:`draw_cards` in the general case: the cards already on top, then loose ones."""
        cards = self._cards
        left = len(cards)
        loose = self._loose
        drawn = []
        for _ in range(n):
            if loose >= left:  # the top card is loose: one step of Fisher–Yates, as draw() does
                if loose > 1:
                    j = self._randbelow(loose)
                    cards[loose - 1], cards[j] = cards[j], cards[loose - 1]
                loose -= 1
            drawn.append(cards.pop())
            left -= 1
        self._loose = loose
        return drawn

    def _randbelow(self, n: int) -> int:
        """``rng.randrange(n)``, by the fast path where there is one."""
        bits = self._bits
        if bits is None:
            return self._rng.randrange(n)
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        return j

    def _draw_top(self) -> None:
        """One step of Fisher–Yates: a random loose card becomes the top card."""
        cards = self._cards
        n = self._loose
        if n > 1:
            j = self._randbelow(n)
            cards[n - 1], cards[j] = cards[j], cards[n - 1]
        self._loose = n - 1

    def peek_top(self) -> Card | None:
        """The card the next draw deals (drawing it at random now if it is not drawn yet)."""
        if not self._cards:
            return None
        if self._loose >= len(self._cards):
            self._draw_top()
        return self._cards[-1]

    @property
    def remaining(self) -> int:
        return len(self._cards)

    def remaining_cards(self) -> list[Card]:
        """The cards still in the shoe, top first: those already drawn at random on top, in
        dealing order, then the rest in the order they lie (each drawn at random in its turn)."""
        return self._cards[::-1]

    @property
    def dealt_fraction(self) -> float:
        """How far into the shoe the deal has gone (0 after a shuffle)."""
        return 1 - len(self._cards) / self.total if self.total else 1.0

    def discard(self, cards: list[Card]) -> None:
        self.discards.extend(cards)

    # Shuffling

    def shuffle(self) -> None:
        """Gather the discards: the whole shoe is drawn at random again from here."""
        if self.stacked_shoe:
            return
        self._cards = fresh_order(self._cards + self.discards)
        self._loose = len(self._cards)
        self.discards = []
        self.shuffles += 1

    def _reshuffle_discards(self) -> None:
        self._cards = rank_order(self.discards)
        self._loose = len(self._cards)
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
        total = self.total  # dealt_fraction, written out: this is asked before every round
        return (1 - len(self._cards) / total if total else 1.0) >= penetration

    # Serialization (the round state includes its shoe)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "decks": self.decks,
            "stacked": self.stacked_shoe,
            "total": self.total,
            "cards": [c.text for c in reversed(self._cards)],
            "discards": [c.text for c in self.discards],
            "shuffles": self.shuffles,
        }
        if self._loose:  # only then: shoes saved before cards were drawn lazily read the same
            data["loose"] = self._loose
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: RandomSource | None = None) -> Shoe:
        shoe = cls(saved_decks(data), rng, shuffle=False)
        shoe.stacked_shoe = bool(data["stacked"])
        shoe.total = int(data["total"])
        shoe._cards = parse_cards(list(data["cards"]))[::-1]
        shoe.discards = parse_cards(list(data["discards"]))
        shoe.shuffles = int(data["shuffles"])
        loose = data.get("loose", 0)
        if isinstance(loose, bool) or not isinstance(loose, int) or \
                not 0 <= loose <= len(shoe._cards) or (loose and shoe.stacked_shoe):
            raise ValueError(f"a shoe's loose cards are 0 to {len(shoe._cards)}, not {loose!r}")
        shoe._loose = loose
        return shoe
