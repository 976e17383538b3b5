"""The dealer's final-total probabilities for many shoes at once: one shoe less each of many hands.

An exact analysis needs the dealer's odds for every composition of the player's cards (about
three thousand per up card, several times that with the split hands). :mod:`.dealer` writes the
dealer's odds as a sum over the multisets ``d`` the dealer can draw::

    P(outcome) = sum_d c_d * prod_v ff(n_v - r_v, d_v) / ff(N - |r|, |d|)

for a shoe ``n`` less the player's cards ``r`` (``ff`` is the falling factorial). Evaluating that
sum separately for each ``r`` costs the number of multisets times the number of hands; here it is
factored. The ten card values are split into a low group (ace, 2, 3) and a high group (4-10):
the low part of the product is one matrix (hand's low cards x dealer's low cards), the high part
and the coefficients are summed first for each distinct high part of the hands and each number of
player cards, and one small matrix product per group finishes the job. All arithmetic is in
floating point on exact integer inputs; the results agree with :func:`.dealer.dealer_distribution`
to about 1e-15.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from blackjack_tui.analysis.dealer import _orderings

LOW = 3
"""Values 1..LOW form the low group, LOW+1..10 the high group."""
OUTCOMES = 7
BLACKJACK_COL = 6
"""Column of the dealer's blackjack in the outcome arrays."""


def _index(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows (in key order) and, for each input row, its position among them."""
    keys = rows.astype(np.int64) @ (64 ** np.arange(rows.shape[1], dtype=np.int64))
    _, first, where = np.unique(keys, return_index=True, return_inverse=True)
    return rows[first], where.reshape(-1)


class DealerTerms:
    """The dealer's multisets for some up cards and a soft-17 rule, arranged for :func:`batch`.

    The up card is written as one more card the dealer draws from the shoe before it: with
    ``D = d + up``, ``ff(n_up - 1, d_up) = ff(n_up, D_up) / n_up`` and
    ``ff(N - 1, k) = ff(N, k + 1) / N``, so every up card is a sum over multisets of the same
    shoe and all up cards are evaluated together.
    """

    def __init__(self, ups: tuple[int, ...], hits_soft_17: bool) -> None:
        drawn: list[tuple[int, ...]] = []
        counts: list[int] = []
        columns: list[int] = []
        sizes: list[int] = []
        for j, up in enumerate(ups):
            for (outcome, k), bucket in sorted(_orderings(up, hits_soft_17).items()):
                for multiset, count in bucket.items():
                    drawn.append((*multiset[: up - 1], multiset[up - 1] + 1, *multiset[up:]))
                    counts.append(count)
                    columns.append(j * OUTCOMES + outcome)
                    sizes.append(k + 1)
        self.ups = ups
        self.columns = len(ups) * OUTCOMES
        d = np.array(drawn, dtype=np.int64)
        self.depth = d.max(axis=0)
        self.kmax = max(sizes) + 1
        self.low, low_of = _index(d[:, :LOW])
        self.high, high_of = _index(d[:, LOW:])
        # One row per (low part, column, cards drawn); terms sorted so each row is a run.
        row = (low_of * self.columns + np.array(columns)) * self.kmax + np.array(sizes)
        order = np.argsort(row, kind="stable")
        runs = row[order]
        self.term_high = high_of[order]
        self.term_count = np.array(counts, dtype=float)[order]
        self.row_start = np.flatnonzero(np.r_[True, runs[1:] != runs[:-1]])
        rows = runs[self.row_start]
        self.row_k = rows % self.kmax
        groups = rows // self.kmax  # low part * columns + column
        self.group_start = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
        self.group_id = groups[self.group_start]


@cache
def dealer_terms(ups: tuple[int, ...], hits_soft_17: bool) -> DealerTerms:
    """The (cached) terms for ``ups``."""
    return DealerTerms(ups, hits_soft_17)


class Removals:
    """Many player hands (card counts by value), grouped for :func:`batch`."""

    def __init__(self, rows: Sequence[Sequence[int]] | np.ndarray) -> None:
        r = np.array(rows, dtype=np.int64).reshape(len(rows), 10)
        self.count = len(r)
        self.rows = r
        self.most = r.max(axis=0) if len(r) else np.zeros(10, dtype=np.int64)
        low, low_of = _index(r[:, :LOW])
        high, high_of = _index(r[:, LOW:])
        self.low, self.high = low, high
        sizes = r.sum(axis=1)
        self.sizes, size_of = np.unique(sizes, return_inverse=True)
        key = size_of * len(high) + high_of
        order = np.argsort(key, kind="stable")
        self.order = order
        self.restore = np.argsort(order)
        runs = key[order]
        starts = np.flatnonzero(np.r_[True, runs[1:] != runs[:-1]])[: len(runs)]
        ends = np.r_[starts[1:], len(runs)]
        self.spans = list(zip(starts.tolist(), ends.tolist(), strict=True))
        self.span_size = size_of[order][starts]
        self.span_high = high_of[order][starts]
        self.by_size = [(int(k), np.flatnonzero(self.span_size == k))
                        for k in np.unique(self.span_size)]
        self.low_sorted = low_of[order]
        # Spans of similar length padded into blocks, so one batched product serves many.
        lengths = ends - starts
        self.blocks = []
        width = 1
        while len(lengths) and width // 2 < lengths.max():
            pick = np.flatnonzero((lengths <= width) & (lengths > width // 2))
            if len(pick):
                slots = starts[pick][:, None] + np.arange(width)[None, :]
                valid = slots < ends[pick][:, None]
                # Padding reads a row of zeros kept after the hands' low parts.
                lows = np.where(valid, self.low_sorted[slots.clip(0, len(runs) - 1)],
                                len(low))
                self.blocks.append((pick, lows, slots[valid], valid))
            width *= 2


def _falling(n: float, most: int, depth: int) -> np.ndarray:
    """``table[p, d] = ff(n - p, d)`` for p in 0..most, d in 0..depth."""
    table = np.ones((most + 1, depth + 1))
    for p in range(most + 1):
        x = n - p
        acc = 1.0
        for d in range(1, depth + 1):
            acc *= x - d + 1
            table[p, d] = acc
    return table


def batch(shoe: Sequence[float] | np.ndarray, ups: tuple[int, ...], hits_soft_17: bool,
          hands: Removals) -> np.ndarray:
    """``out[i, j]``: the dealer's outcomes with ``ups[j]`` showing, from ``shoe`` less hand i.

    ``shoe`` is what is left before the up card is dealt (other known cards already out). Rows
    that ask for more cards of a value than the shoe holds get meaningless numbers (or zeros);
    callers give them no weight. Outcomes as in :mod:`.dealer`: 17..21, bust, blackjack.
    """
    out = np.zeros((hands.count, len(ups), OUTCOMES))
    for j, up in enumerate(ups):
        out[:, j : j + 1, :] = _batch(shoe, (up,), hits_soft_17, hands)
    return out


def _batch(shoe: Sequence[float] | np.ndarray, ups: tuple[int, ...], hits_soft_17: bool,
           hands: Removals) -> np.ndarray:
    # One up card at a time keeps each product small enough for the cache.
    terms = dealer_terms(ups, hits_soft_17)
    out = np.zeros((hands.count, len(ups), OUTCOMES))
    if hands.count == 0:
        return out
    tables = [_falling(float(shoe[v]), int(hands.most[v]), int(terms.depth[v]))
              for v in range(10)]
    low = np.ones((len(hands.low), len(terms.low)))
    for v in range(LOW):
        low *= tables[v][np.ix_(hands.low[:, v], terms.low[:, v])]
    high = np.ones((len(hands.high), len(terms.high)))
    for v in range(LOW, 10):
        high *= tables[v][np.ix_(hands.high[:, v - LOW], terms.high[:, v - LOW])]
    # Each (low part, column, k) row summed over the dealer's high parts, per hand high part.
    rows = np.add.reduceat(high[:, terms.term_high] * terms.term_count, terms.row_start, axis=1)
    left = float(sum(shoe))
    weights = np.zeros((len(hands.sizes), terms.kmax))
    for i, size in enumerate(hands.sizes.tolist()):
        acc = 1.0
        for k in range(1, terms.kmax):
            acc *= left - size - k + 1
            weights[i, k] = 1.0 / acc if acc > 0 else 0.0
    # Fold 1/ff(N - |r|, k) in, for each (size, high part) that occurs.
    width = len(terms.low) * terms.columns
    per_span = np.zeros((len(hands.spans), width))
    flat = per_span.reshape(-1)
    for size, spans in hands.by_size:
        folded = rows[hands.span_high[spans]] * weights[size][terms.row_k]
        grouped = np.add.reduceat(folded, terms.group_start, axis=1)
        flat[(spans[:, None] * width + terms.group_id[None, :]).reshape(-1)] = grouped.reshape(-1)
    blocks = per_span.reshape(len(hands.spans), len(terms.low), terms.columns)
    low = np.vstack([low, np.zeros((1, len(terms.low)))])
    sorted_out = np.empty((hands.count, terms.columns))
    for pick, lows, slots, valid in hands.blocks:
        sorted_out[slots] = np.matmul(low[lows], blocks[pick])[valid]
    raw = sorted_out[hands.restore].reshape(hands.count, len(ups), OUTCOMES)
    # The up card's own factor: (N - |r|) / (n_up - r_up); no such card left: probability 0.
    base = np.asarray(shoe, dtype=float)
    for j, up in enumerate(ups):
        spare = base[up - 1] - hands.rows[:, up - 1]
        ok = spare > 0
        scale = np.where(ok, (left - hands.rows.sum(axis=1)) / np.where(ok, spare, 1.0), 0.0)
        out[:, j, :] = raw[:, j, :] * scale[:, None]
    return out
