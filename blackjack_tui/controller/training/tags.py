"""The count tags every drill asks about, taken through one function.

The simulator's :func:`blackjack_tui.analysis.counting.tag` knows the systems it can count
(Hi-Lo today); a drill asks :func:`tag_of` only, so that another system plugs in by its name.
"""

from __future__ import annotations

from collections.abc import Iterable

from blackjack_tui.analysis.counting import tag
from blackjack_tui.engine.cards import Card

SYSTEM = "hi-lo"
"""The count system the drills use until Options offers others."""


def tag_of(card: Card, system: str = SYSTEM) -> int:
    """The card's tag in ``system``."""
    return tag(system, card.value)


def count_of(cards: Iterable[Card], system: str = SYSTEM) -> int:
    """The running count of ``cards`` from zero."""
    return sum(tag_of(card, system) for card in cards)
