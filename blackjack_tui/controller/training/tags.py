"""The count tags every drill asks about, taken through one function.

A count drill counts in the system the player chose in Options when its tags are whole (every
system but Wong Halves, whose halves the drills' whole-number answers cannot take: Hi-Lo
then), by :func:`drill_system`; a drill asks :func:`tag_of` only.
"""

from __future__ import annotations

from collections.abc import Iterable

from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.count_systems import system as count_system

SYSTEM = "hi-lo"
"""The count system of a drill made without one (and of a player counting Wong Halves)."""


def drill_system(name: str) -> str:
    """The system a count drill counts in for a player who chose ``name`` in Options."""
    try:
        found = count_system(name)
    except ValueError:
        return SYSTEM
    return found.name if found.scale == 1 else SYSTEM


def title_of(system: str) -> str:
    """The system's name as players write it (``Hi-Lo``, ``Omega II``)."""
    return count_system(system).title


def tag_of(card: Card, system: str = SYSTEM) -> int:
    """The card's tag in ``system`` (a red seven's own in Red 7); ValueError for a system
    whose tags are not whole."""
    found = count_system(system)
    if found.scale != 1:
        raise ValueError(f"{found.title} counts in halves: the drills count whole tags")
    return found.points_of(card)


def count_of(cards: Iterable[Card], system: str = SYSTEM) -> int:
    """The running count of ``cards`` from zero."""
    return sum(tag_of(card, system) for card in cards)


def largest_tag(system: str = SYSTEM) -> int:
    """The largest tag of any card in ``system``, either sign (1 for Hi-Lo, 2 for Omega II)."""
    found = count_system(system)
    return max(abs(p) for p in found.points) + abs(found.red_seven)
