"""Shoe compositions: how many cards of each value are left, as a tuple of ten integers.

Index ``v - 1`` holds the count of value ``v`` (ace = 1, every ten-value card = 10). Integers keep
the dealer's probabilities exact until the last division; tuples are hashable, so they key caches.
"""

from __future__ import annotations

from collections.abc import Iterable

from blackjack_tui.engine.cards import Card

Composition = tuple[int, int, int, int, int, int, int, int, int, int]
"""Counts of values 1..10 left in the shoe."""

VALUES = range(1, 11)


def full_shoe(decks: int) -> Composition:
    """The composition of ``decks`` fresh 52-card decks."""
    if decks < 1:
        raise ValueError(f"a shoe needs at least one deck, not {decks}")
    four = 4 * decks
    return (four, four, four, four, four, four, four, four, four, 16 * decks)


def remove(comp: Composition, values: Iterable[int]) -> Composition:
    """``comp`` with one card of each of ``values`` taken out; ValueError if one is not there."""
    counts = list(comp)
    for value in values:
        if not 1 <= value <= 10:
            raise ValueError(f"a card value is 1 to 10, not {value}")
        if counts[value - 1] <= 0:
            raise ValueError(f"no card of value {value} left in the shoe")
        counts[value - 1] -= 1
    return _as_comp(counts)


def card_values(cards: Iterable[Card]) -> list[int]:
    """The blackjack values of ``cards`` (ace = 1)."""
    return [card.value for card in cards]


def _as_comp(counts: list[int]) -> Composition:
    a, b, c, d, e, f, g, h, i, j = counts
    return (a, b, c, d, e, f, g, h, i, j)
