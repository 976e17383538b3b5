"""Playing a forest's hands: the best play for every composition, doubles, and splits.

Hands are valued from the highest hard total down: a card only ever raises the hard total, so
every hand a hit can lead to has been valued before the hand that hits. Each step is one array
operation over all the hands of that total and all the up cards at once. Values are per unit of
the hand's bet, in the forest's measure (see :mod:`.forest`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from blackjack_tui.analysis.forest import Forest, most_hands

Values = np.ndarray
"""(nodes, up cards)"""


def hit_values(forest: Forest, nodes: np.ndarray, after: Values) -> Values:
    """EV of one more card at ``nodes``, each resulting hand worth ``after`` (a bust: ``bust``)."""
    kids = forest.child[nodes]
    worth = np.where(kids[:, :, None] >= 0, after[kids.clip(0)], forest.bust[nodes])
    out: Values = np.einsum("ivu,ivu->iu", forest.draw[nodes], worth)
    return out


def optimal(forest: Forest) -> tuple[Values, Values, Values]:
    """``(best, hit, stand)`` for every node: the best of hitting and standing, hand by hand."""
    stand = forest.stand(np.arange(len(forest.hard)), forest.total)
    best = stand.copy()
    hit = np.full_like(stand, -np.inf)
    for nodes in forest.levels:
        value = hit_values(forest, nodes, best)
        hit[nodes] = value
        hits = forest.may_hit[nodes]
        best[nodes] = np.where(hits[:, None], np.maximum(stand[nodes], value), stand[nodes])
    hit[~forest.may_hit] = -np.inf
    return best, hit, stand


def doubled_totals(forest: Forest, nodes: np.ndarray) -> np.ndarray:
    """(len, 10) the total a doubled hand ends on after each value (22: bust).

    ``double_ace_as_one`` ``"all"``: every ace counts 1, the one drawn too; ``"held"``: the aces
    held count 1 and the drawn card counts as usual; otherwise the hand's usual total.
    """
    hard = forest.hard[nodes][:, None]
    values = np.arange(1, 11)[None, :]
    reading = forest.table.double_ace_as_one
    kids = forest.child[nodes]
    if reading == "all":
        totals = hard + values
    elif reading == "held":
        totals = np.where((values == 1) & (hard + 11 <= 21), hard + 11, hard + values)
    else:
        totals = np.where(kids >= 0, forest.total[kids.clip(0)], 22)
    return np.where((hard + values <= 21) & (kids >= 0), totals, 22)


def double_values(forest: Forest, nodes: np.ndarray) -> Values:
    """EV of doubling at (two-card) ``nodes``: one card, then stand, for twice the bet."""
    if len(nodes) == 0:
        return np.zeros((0, len(forest.ups)))
    totals = doubled_totals(forest, nodes)
    kids = forest.child[nodes].clip(0)
    stands = np.einsum("ivuo,ivo->ivu", forest.dist[kids], forest.weights[totals.clip(0, 21)])
    worth = np.where((totals <= 21)[:, :, None], stands, forest.bust[nodes])
    out: Values = 2.0 * np.einsum("ivu,ivu->iu", forest.draw[nodes], worth)
    return out


def split_value(forest: Forest, pair: int, first_hands: int, shoe: Sequence[float] | np.ndarray,
                hand_value: Callable[[int, int], Values]) -> Values:
    """(U,) EV summed over the hands of a split of ``pair`` that first makes ``first_hands``.

    Each hand takes its second card from the shoe less every pair card dealt so far; a pair
    card is split again while the box has room (and the rules let aces resplit). A hand with
    second card ``v`` when the box holds ``h`` hands is worth ``hand_value(h, v)`` (its own
    cards and the pair cards out). The count of pair cards follows the deal exactly; the other
    cards the hands draw are not taken out of each other's shoe (as in the published tables).
    """
    last = most_hands(forest.table, pair, first_hands)
    base = np.asarray(shoe, dtype=float)
    lefts = []
    for up in forest.ups:
        s = base.copy()
        s[up - 1] -= 1
        lefts.append(s)
    shoes = np.array(lefts).T  # (10, U)

    @cache
    def rest(hands: int, waiting: int) -> Values:
        if waiting == 0:
            return np.zeros(len(forest.ups))
        out_of_shoe = hands - first_hands + 2
        counts = shoes.copy()
        counts[pair - 1] -= out_of_shoe
        counts = counts.clip(0)
        chance = counts / (shoes.sum(axis=0) - out_of_shoe)
        value = np.zeros(len(forest.ups))
        for v in range(1, 11):
            p = chance[v - 1]
            if not p.any():
                continue
            if v == pair and hands < last:
                value = value + p * rest(hands + 1, waiting + 1)
            else:
                value = value + p * (hand_value(hands, v) + rest(hands, waiting - 1))
        return value

    return rest(first_hands, 2)
