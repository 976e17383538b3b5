"""One basic strategy for every engine the engine benchmark drives.

The published total-dependent chart for 4–8 decks, dealer stands on soft 17, double after split,
late surrender (as printed by the Wizard of Odds). Each engine's adapter reads the hand's total,
softness and pair from its own engine and passes what its engine allows; the chart then answers
the same way for all of them, so the engines do the same work.
"""

from __future__ import annotations

HIT, STAND, DOUBLE, SPLIT, SURRENDER = "hit", "stand", "double", "split", "surrender"

UPS = range(1, 11)  # 1 is the ace


def _row(codes: str) -> dict[int, str]:
    """``codes`` for up cards 2..10 then A: H, S, D (else hit), Ds (else stand), P, R (else hit)."""
    names = codes.split()
    assert len(names) == 10, codes
    return {up: names[(up - 2) % 10] for up in UPS}


_HARD = {
    **{total: _row("H H H H H H H H H H") for total in range(4, 9)},
    9: _row("H D D D D H H H H H"),
    10: _row("D D D D D D D D H H"),
    11: _row("D D D D D D D D D H"),
    12: _row("H H S S S H H H H H"),
    13: _row("S S S S S H H H H H"),
    14: _row("S S S S S H H H H H"),
    15: _row("S S S S S H H H R H"),
    16: _row("S S S S S H H R R R"),
    **{total: _row("S S S S S S S S S S") for total in range(17, 22)},
}
_SOFT = {
    12: _row("H H H H H H H H H H"),  # A+A that may not split
    13: _row("H H H D D H H H H H"),
    14: _row("H H H D D H H H H H"),
    15: _row("H H D D D H H H H H"),
    16: _row("H H D D D H H H H H"),
    17: _row("H D D D D H H H H H"),
    18: _row("S Ds Ds Ds Ds S S H H H"),
    19: _row("S S S S S S S S S S"),
    20: _row("S S S S S S S S S S"),
    21: _row("S S S S S S S S S S"),
}
# Pairs by the value of one card; a pair not split here is played by its total.
_SPLIT = {
    1: _row("P P P P P P P P P P"),
    2: _row("P P P P P P H H H H"),
    3: _row("P P P P P P H H H H"),
    4: _row("H H H P P H H H H H"),
    6: _row("P P P P P H H H H H"),
    7: _row("P P P P P P H H H H"),
    8: _row("P P P P P P P P P P"),
    9: _row("P P P P P S P P S S"),
}

_CODE = {"H": (HIT,), "S": (STAND,), "D": (DOUBLE, HIT), "Ds": (DOUBLE, STAND),
         "R": (SURRENDER, HIT), "P": (SPLIT,)}


def play(total: int, soft: bool, pair: int, up: int, can_double: bool, can_split: bool,
         can_surrender: bool) -> str:
    """The chart's play. ``pair`` is the value of one card of a splittable pair (0: not a pair),
    ``up`` the dealer's up card (1 for the ace)."""
    if pair and can_split and _SPLIT.get(pair, {}).get(up) == "P":
        return SPLIT
    if total > 21:
        return STAND
    code = (_SOFT if soft else _HARD)[total][up]
    first, *rest = _CODE[code]
    if first == DOUBLE and not can_double:
        return rest[0]
    if first == SURRENDER and not can_surrender:
        return rest[0]
    return first
