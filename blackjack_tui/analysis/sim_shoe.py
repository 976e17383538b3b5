"""The engine's :class:`~blackjack_tui.engine.shoe.Shoe`, as small integers, for the fast path.

It deals the same cards as a ``Shoe`` of the same seed, in the same order, and draws the same
random numbers for them: every shuffle starts from fresh decks (a dry shoe's discards from rank
order), and each card is drawn at random
(a step of Fisher–Yates from the top, ``randrange(loose)``) when it is dealt. Only the timing
differs, and nothing else reads the random source: the cards that will surely be dealt before the
next shuffle (down to the cut card; the opening deal when the shoe is shuffled every round) are
drawn together right after the shuffle, in one tight loop, so that most rounds deal with
``list.pop``; the last rounds of a shoe draw card by card through :meth:`FastShoe.draw`, as the
engine does.

``randrange(n)`` is unrolled into what ``random.Random`` does for it (``getrandbits`` of
``n.bit_length()`` bits until one is below ``n``), three times faster than calling it. The
engine's :func:`~blackjack_tui.engine.shoe.unrolled_draws_agree` checks that against
``randrange`` at start-up (the engine's shoe draws the same way), and the shoe calls ``randrange``
itself on a Python whose ``random`` draws differently.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TypeAlias

from blackjack_tui.analysis.sim_tables import VALUES
from blackjack_tui.engine.cards import DECK, Card
from blackjack_tui.engine.errors import ShoeEmptyError
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import unrolled_draws_agree

Draw: TypeAlias = Callable[[], int]


def card_code(card: Card, by_rank: bool) -> int:
    """A card's code: its rank 1-13 when the rules split by rank, else its value 1-10."""
    return "A23456789TJQK".index(card.rank) + 1 if by_rank else card.value


def _most_cards(values: list[int], total: int) -> int:
    """The most of these cards that can add up to no more than ``total``: a bound on the cards
    a round takes. A round without a split adds up to at most 51 (a hand that busts holds at most
    31 and the dealer then keeps two cards; one that stands, 21, and the dealer stops by 26); each
    split hand at most 31, and the dealer 26."""
    count = 0
    for value in sorted(values):
        total -= value
        if total < 0:
            break
        count += 1
    return count


def _shuffle_points(rules: Rules, total: int, stacked: bool, deal: int) -> tuple[list[bool], int]:
    """Whether to shuffle before a round, by the cards left (``Shoe.needs_shuffle``'s own float
    test); and how many cards, from the bottom, may not be dealt before the next shuffle: those
    above them will be, whatever comes (down to the cut card; the deal, shuffling every round)."""
    if stacked:
        return [False] * (total + 1), 0
    if rules.shuffle == "every-round":
        return [left != total for left in range(total + 1)], max(0, total - deal)
    shuffle_at = [1 - left / total >= rules.penetration for left in range(total + 1)]
    cut = max(left for left in range(total + 1) if shuffle_at[left])
    return shuffle_at, max(0, min(cut, total - deal))


class FastShoe:
    """One seeded shoe (or a stacked one) as integer codes, bottom first, like ``Shoe._cards``."""

    __slots__ = ("_shuffle_steps", "_unrolled", "canon", "cards", "deal", "loose", "rng", "safe",
                 "shuffle_at", "shuffles", "stacked", "sure", "taken", "total", "unsplit")

    def __init__(self, rules: Rules, seed: int = 0, stacked: list[Card] | None = None) -> None:
        by_rank = rules.split_by == "rank"
        self.canon = [card_code(card, by_rank) for card in DECK * rules.decks]  # fresh decks
        self.rng = random.Random(seed)
        self._unrolled = unrolled_draws_agree()
        self.stacked = stacked is not None
        self.cards = [card_code(c, by_rank) for c in reversed(stacked or [])]
        self.total = len(self.cards) if self.stacked else len(self.canon)
        steps = [(n - 1, n, n.bit_length()) for n in range(self.total, 1, -1)]
        self.loose = 0
        self.shuffles = 0
        self.taken: list[int] = []
        self.deal = 4 if rules.hole_card == "peek" else 3
        values = [VALUES[code] for code in (self.cards if self.stacked else self.canon)]
        self.unsplit = _most_cards(values, 51)
        self.safe = _most_cards(values, 31 * rules.max_split_hands + 26)
        total = self.total
        self.shuffle_at, self.sure = _shuffle_points(rules, total, self.stacked, self.deal)
        self._shuffle_steps = steps[:total - self.sure]  # the draws of every shuffle
        if not self.stacked:
            self.shuffle()

    def shuffle(self) -> None:
        """Gather every card as fresh decks, and draw at random those that will surely be dealt."""
        self.cards[:] = self.canon
        self.loose = self.total
        self.shuffles += 1
        self._settle(self.sure, self._shuffle_steps)

    def _settle(self, loose: int, steps: list[tuple[int, int, int]]) -> None:
        """Fisher–Yates ``steps`` from the top, leaving ``loose`` cards to draw."""
        cards = self.cards
        if not self._unrolled:
            randrange = self.rng.randrange
            for i, n, _ in steps:
                j = randrange(n)
                cards[i], cards[j] = cards[j], cards[i]
        else:
            getrandbits = self.rng.getrandbits
            for i, n, bits in steps:
                j = getrandbits(bits)
                while j >= n:
                    j = getrandbits(bits)
                cards[i], cards[j] = cards[j], cards[i]
        self.loose = loose

    def draw(self) -> int:
        """One card, drawn at random now if it is not yet, as ``Shoe.draw`` does."""
        cards = self.cards
        n = self.loose
        if n >= len(cards):
            if not cards:
                self._reshuffle_discards()
                n = self.loose
            if n > 1:  # one Fisher-Yates step, inline: the last rounds of a shoe come here a lot
                if self._unrolled:
                    getrandbits = self.rng.getrandbits
                    bits = n.bit_length()
                    j = getrandbits(bits)
                    while j >= n:
                        j = getrandbits(bits)
                else:
                    j = self.rng.randrange(n)
                cards[n - 1], cards[j] = cards[j], cards[n - 1]
            self.loose = n - 1
        card = cards.pop()
        self.taken.append(card)
        return card

    def _reshuffle_discards(self) -> None:
        """The shoe ran dry mid-round: everything but this round's cards, in rank order."""
        if self.stacked or len(self.taken) >= self.total:
            raise ShoeEmptyError("the shoe ran out of cards")
        rest = Counter(self.canon)
        rest.subtract(self.taken)
        self.cards[:] = sorted(rest.elements())
        self.loose = len(self.cards)
        self.shuffles += 1

    def prepare(self) -> tuple[Draw, Draw]:
        """Before a round near the cut card: shuffle if it is due, then how the round deals (the
        opening deal, every card after it): ``pop`` while the cards a round without a split can
        take (:attr:`unsplit`) are drawn already; else card by card (:meth:`draw`), the opening
        deal excepted while it is drawn and the shoe cannot run dry."""
        cards = self.cards
        if self.shuffle_at[len(cards)]:
            self.shuffle()
        self.taken.clear()
        stock = len(cards) - self.loose
        if stock >= self.unsplit:
            return cards.pop, cards.pop
        if len(cards) >= self.safe and stock >= self.deal:
            return cards.pop, self.draw
        return self.draw, self.draw
