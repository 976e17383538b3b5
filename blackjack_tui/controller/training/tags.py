"""The count tags every drill asks about, taken through one function.

A count drill counts in the system the player chose in Options (:func:`drill_system`), Wong
Halves too: its tags are halves, so a count is kept exact as a :class:`~fractions.Fraction`
(``Fraction(7, 2)``, never the float 3.5) and typed and shown in halves (``-3.5``,
:func:`parse_count`, :func:`count_words`). A drill asks :func:`tag_of` only.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.count_systems import system as count_system

SYSTEM = "hi-lo"
"""The count system of a drill made without one (and of a player whose setting is unknown)."""


def drill_system(name: str) -> str:
    """The system a count drill counts in for a player who chose ``name`` in Options (Hi-Lo
    when the name is not a system's)."""
    try:
        return count_system(name).name
    except ValueError:
        return SYSTEM


def title_of(system: str) -> str:
    """The system's name as players write it (``Hi-Lo``, ``Omega II``)."""
    return count_system(system).title


def step_of(system: str = SYSTEM) -> Fraction:
    """The smallest step of a count in ``system``: 1, or ½ for Wong Halves."""
    return Fraction(1, count_system(system).scale)


def tag_of(card: Card, system: str = SYSTEM) -> Fraction:
    """The card's tag in ``system``, exact (a red seven's own in Red 7, a Halves five's 1½)."""
    return count_system(system).tag(card)


def count_of(cards: Iterable[Card], system: str = SYSTEM) -> Fraction:
    """The running count of ``cards`` from zero."""
    return sum((tag_of(card, system) for card in cards), Fraction(0))


def largest_tag(system: str = SYSTEM) -> Fraction:
    """The largest tag of any card in ``system``, either sign (1 for Hi-Lo, 2 for Omega II,
    1½ for Wong Halves)."""
    found = count_system(system)
    return Fraction(max(abs(p) for p in found.points) + abs(found.red_seven), found.scale)


def pair_range(system: str = SYSTEM) -> tuple[Fraction, ...]:
    """Every net two cards can have in ``system``, lowest first, by the system's step (Hi-Lo
    -2 to +2; Omega II -4 to +4; Wong Halves -2 to +3 by halves)."""
    found = count_system(system)
    low = 2 * min(found.points)
    high = 2 * max(p + (found.red_seven if value == 7 else 0)
                   for value, p in enumerate(found.points, start=1))
    return tuple(Fraction(points, found.scale) for points in range(low, high + 1))


def count_words(value: Fraction | int) -> str:
    """A count as the drills show it: ``+3``, ``-2``, ``+0``; in halves ``-3.5``, ``+0.5``."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return f"{int(exact):+d}"
    sign = "-" if exact < 0 else "+"
    whole, rest = divmod(abs(exact), 1)
    return f"{sign}{int(whole)}.5" if rest == Fraction(1, 2) else f"{float(exact):+g}"


def parse_count(text: str, what: str = "the count", system: str = SYSTEM) -> Fraction:
    """A count typed by the player: a whole number (``+3``, ``-2``, ``0``), or in a system
    counted in halves a number of halves too (``-3.5``, ``+0.5``; ``3,5`` as well); ValueError
    in one line."""
    step = step_of(system)
    bare = text.strip().replace("−", "-").replace(",", ".")
    if step == 1:
        example = "a whole number such as -2, 0 or +3"
    else:
        example = f"a number in halves such as -3.5, 0 or +2 ({title_of(system)})"
    try:
        number = Decimal(bare)
    except InvalidOperation:
        number = None
    if number is None or not number.is_finite() or abs(number) > 10_000:
        raise ValueError(f"{what} is {example}, not {text.strip()[:12]!r}")
    exact = Fraction(number)
    if (exact / step).denominator != 1:
        raise ValueError(f"{what} is {example}, not {text.strip()[:12]!r}")
    return exact
