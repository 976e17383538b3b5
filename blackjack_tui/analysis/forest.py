"""The hands an exact analysis follows, each with the dealer's odds for exactly its cards.

A :class:`Forest` holds one or more *contexts*. A context is a set of compositions of the
player's hand (:mod:`.compositions`) played from one shoe: the main context is a hand dealt from
the shoe; a split context ``(x, h)`` is one hand of a split of ``x``s when the box holds ``h``
hands, played from the shoe less the other ``h - 1`` pair cards (the published exact analyses
count the pair cards already split off, not the other cards those hands drew). Every node of
every context gets, for each up card analysed:

- ``dist``: the dealer's outcome probabilities (17..21, bust, blackjack) from the shoe less the up
  card, the hand's cards and the context's pair cards (:mod:`.dealer_batch`);
- ``draw``: the chance of each value as the hand's next card, from the same shoe;
- ``bust``: what busting on each value is worth.

Values are *joint with the dealer not having blackjack* wherever the dealer's blackjack cannot
depend on the play (a peek game, or a no-hole-card game that takes only the original bet): a
hand's value there is ``E[result * 1{no dealer blackjack}]``, whose maximum over the play is the
same as that of the EV given no blackjack (the two differ by a factor fixed at the decision).
Where the dealer's later blackjack takes every bet, values are plain EVs including it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from msgspec import Struct, field

from blackjack_tui.analysis.compositions import PLACE, Compositions, compositions, everything
from blackjack_tui.analysis.dealer_batch import BLACKJACK_COL, Removals, batch
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.engine.kernel import result

MAIN = (0, 0)
"""The main context's name: no split (``(x, h)`` names a split context)."""


def stand_weights(ties_lose: frozenset[int], plain: bool) -> np.ndarray:
    """``w[t] @ dist``: standing on ``t`` against the dealer's outcome probabilities."""
    w = np.zeros((22, 7))
    for total in range(22):
        for i, dealer in enumerate(range(17, 23)):  # 17..21, then a bust
            w[total, i] = result(total, dealer, ties_lose)
        w[total, BLACKJACK_COL] = -1.0 if plain else 0.0
    return w


class Context(Struct):
    """One set of compositions in the forest, nodes ``start .. start + len(comps)``."""

    name: tuple[int, int]
    comps: Compositions
    offset: np.ndarray
    start: int
    one_card: bool = False
    """Split aces that take exactly one card: no hitting."""

    def node(self, counts: Sequence[int]) -> int:
        return self.start + self.comps.index(counts)


class Forest(Struct):
    """Nodes of all contexts, with their dealer odds and draw chances for each up card."""

    table: TableMath
    ups: tuple[int, ...]
    contexts: dict[tuple[int, int], Context]
    counts: np.ndarray
    hard: np.ndarray
    total: np.ndarray
    soft: np.ndarray
    size: np.ndarray
    child: np.ndarray
    may_hit: np.ndarray
    dist: np.ndarray
    """(n, U, 7)"""
    draw: np.ndarray
    """(n, 10, U)"""
    bust: np.ndarray
    """(n, 10, U)"""
    no_blackjack: np.ndarray
    """(n, U) chance the dealer has no blackjack, given the node's cards."""
    plain: bool
    weights: np.ndarray
    levels: list[np.ndarray] = field(default_factory=list)

    def stand(self, nodes: np.ndarray, totals: np.ndarray) -> np.ndarray:
        """(len, U) value of standing on ``totals`` at ``nodes``."""
        out: np.ndarray = np.einsum("iuo,io->iu", self.dist[nodes], self.weights[totals])
        return out


def build(table: TableMath, shoe: Sequence[float] | np.ndarray, ups: Sequence[int],
          contexts: Sequence[tuple[tuple[int, int], Sequence[int], Sequence[int], bool]]) -> Forest:
    """A forest over ``shoe`` (the cards left before the up card) for ``ups``.

    Each context is ``(name, minimum, offset, one_card)``: its hands hold at least ``minimum``,
    and ``offset`` more cards are out of the shoe (the other pair cards of a split).
    """
    base = np.asarray(shoe, dtype=float)
    cap = np.floor(base + 1e-9).astype(np.int64)
    built: dict[tuple[int, int], Context] = {}
    every = everything(tuple(int(c) for c in cap))
    parts = []
    start = 0
    for name, minimum, offset, one_card in contexts:
        off = np.asarray(offset, dtype=np.int64)
        comps = compositions(minimum, (cap - off).clip(0).tolist(), every=every)
        if one_card:
            comps = _two_cards(comps)
        built[name] = Context(name, comps, off, start, one_card)
        parts.append((comps, off, one_card, start))
        start += len(comps.counts)
    counts = np.concatenate([c.counts for c, _, _, _ in parts])
    removed = np.concatenate([c.counts + off for c, off, _, _ in parts])
    child = np.concatenate([np.where(c.child >= 0, c.child + s, -1) for c, _, _, s in parts])
    hard = np.concatenate([c.hard for c, _, _, _ in parts])
    soft = np.concatenate([c.soft for c, _, _, _ in parts])
    total = np.concatenate([c.total for c, _, _, _ in parts])
    size = np.concatenate([c.size for c, _, _, _ in parts])
    one = np.concatenate([np.full(len(c.counts), o) for c, _, o, _ in parts])
    may_hit = ~one & ((total < 21) | (table.hit_soft_21 & soft & (total == 21)))
    child = np.where(one[:, None], -1, child)
    return _fill(table, base, tuple(ups), built, counts, removed, hard, soft, total, size, child,
                 may_hit)


def _two_cards(comps: Compositions) -> Compositions:
    keep = comps.size == 2
    return Compositions(comps.counts[keep], comps.hard[keep], comps.soft[keep],
                        comps.total[keep], comps.size[keep],
                        np.full((int(keep.sum()), 10), -1), comps.keys[keep])


def _fill(table: TableMath, base: np.ndarray, ups: tuple[int, ...],
          built: dict[tuple[int, int], Context], counts: np.ndarray, removed: np.ndarray,
          hard: np.ndarray, soft: np.ndarray, total: np.ndarray, size: np.ndarray,
          child: np.ndarray, may_hit: np.ndarray) -> Forest:
    n = len(counts)
    keys = removed @ PLACE
    _, first, where = np.unique(keys, return_index=True, return_inverse=True)
    distinct = removed[first]
    where = where.reshape(-1)
    hands = Removals(distinct)
    plain = not table.peek and not table.loses_original_only
    dist = np.empty((n, len(ups), 7))
    draw = np.empty((n, 10, len(ups)))
    bust = np.empty((n, 10, len(ups)))
    no_bj = np.empty((n, len(ups)))
    gone = removed.sum(axis=1)
    dist[:] = batch(base, ups, table.hits_soft_17, hands)[where]
    for j, up in enumerate(ups):
        shoe = base.copy()
        shoe[up - 1] -= 1
        if shoe[up - 1] < 0:
            raise ValueError(f"no card of value {up} left for the up card")
        left = shoe.sum() - gone
        draw[:, :, j] = (shoe[None, :] - removed).clip(0) / left[:, None]
        no_bj[:, j] = 1.0 - dist[:, j, BLACKJACK_COL]
        if plain:
            bust[:, :, j] = -1.0
        else:
            hole = {1: 9, 10: 0}.get(up)  # the hole card that would make blackjack
            if hole is None:
                bust[:, :, j] = -1.0
            else:
                spare = shoe[hole] - removed[:, hole]
                after = spare[:, None] - (np.arange(10) == hole)[None, :]
                bust[:, :, j] = -(1.0 - after.clip(0) / (left[:, None] - 1.0))
    forest = Forest(table, ups, built, counts, hard, total, soft, size, child, may_hit, dist,
                    draw, bust, no_bj, plain, stand_weights(table.ties_lose, plain))
    forest.levels = [np.flatnonzero(hard == h) for h in range(21, 1, -1)]
    forest.levels = [lv for lv in forest.levels if len(lv)]
    return forest


def most_hands(table: TableMath, pair: int, first_hands: int) -> int:
    """The most hands a split of ``pair`` can reach when it first makes ``first_hands``."""
    if pair == 1 and not table.resplit_aces:
        return first_hands
    return max(table.max_split_hands, first_hands)


def split_contexts(table: TableMath, pair: int, first_hands: int = 2) -> list[
        tuple[tuple[int, int], list[int], list[int], bool]]:
    """The contexts of a split of ``pair``: one per number of hands the box may come to hold.

    ``first_hands`` is the number of hands the box holds once this split is made; with ``h``
    hands, ``h - first_hands + 1`` other pair cards are out of the shoe.
    """
    one_card = pair == 1 and table.split_aces_one_card
    out = []
    for hands in range(first_hands, most_hands(table, pair, first_hands) + 1):
        minimum = [0] * 10
        minimum[pair - 1] = 1
        offset = [0] * 10
        offset[pair - 1] = hands - first_hands + 1
        out.append(((pair, hands), minimum, offset, one_card))
    return out
