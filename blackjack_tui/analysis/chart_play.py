"""The printed chart, worked out and played: a total-dependent basic strategy.

A printed chart has one cell per hard total, soft total and pair against each up card. Each cell
here ranks the actions by their EV averaged over the two-card hands that make the row (weighted
by how often each is dealt against that up card), and every later decision of every hand is
the cell's choice between hitting and standing for the hand's total: a three-card 16 is played
as the chart's 16, whatever its cards. A hand's value after hitting therefore depends only on the
cells of higher hard totals, so cells are decided from hard 21 down, each with the EVs of playing
the chart from there on (not the best play for the exact cards, which :mod:`.play` gives).
"""

from __future__ import annotations

import numpy as np
from msgspec import Struct, field

from blackjack_tui.analysis.forest import Forest
from blackjack_tui.analysis.play import Values, hit_values
from blackjack_tui.analysis.strategy import HIT, STAND

RowKey = tuple[str, int]


class Row(Struct):
    """The two-card hands of one chart row, and what each of their actions is worth."""

    key: RowKey
    nodes: np.ndarray
    weights: np.ndarray
    """(len, U) how often each hand is dealt against each up card."""
    values: dict[str, Values] = field(default_factory=dict)
    """Per action, (len, U) values in the forest's measure; filled in as the pass goes."""

    def averages(self, forest: Forest) -> dict[str, np.ndarray]:
        """Per action, (U,) the EV averaged over the row's hands (given no dealer blackjack
        where the forest's values are joint with it)."""
        scale = 1.0 if forest.plain else forest.no_blackjack[self.nodes]
        total = self.weights.sum(axis=0)
        return {action: (self.weights * value / scale).sum(axis=0) / np.where(total, total, 1.0)
                for action, value in self.values.items()}


class ChartPlay(Struct):
    """The chart's hit-or-stand for every (kind, total, up) and each node's value playing it."""

    hits: dict[tuple[bool, int], np.ndarray]
    """``(soft, total) -> (U,)`` whether the chart hits there (after the first decision)."""
    value: Values
    """Playing the chart from each node on (its first decision being hit or stand)."""
    hit: Values
    """Hitting each node, then playing the chart."""


def play_chart(forest: Forest, stand: Values, rows: dict[int, list[Row]]) -> ChartPlay:
    """Decide every hard and soft row from hard 21 down and play the chart on every node.

    ``rows[h]`` are the chart rows whose two-card hands have hard total ``h``; each row's
    ``values`` must already hold its double and surrender values (they need no later play);
    its stand and hit values are filled in here.
    """
    ups = len(forest.ups)
    value = stand.copy()
    hit = np.full_like(stand, -np.inf)
    hits: dict[tuple[bool, int], np.ndarray] = {}
    table = np.zeros((2, 22, ups), dtype=bool)
    for nodes in forest.levels:
        h = int(forest.hard[nodes[0]])
        hit[nodes] = hit_values(forest, nodes, value)
        for row in rows.get(h, []):
            row.values[STAND] = stand[row.nodes]
            if forest.may_hit[row.nodes].all():
                row.values[HIT] = hit[row.nodes]
            if row.key[0] == "pair":
                continue
            avg = row.averages(forest)
            choose = avg[HIT] > avg[STAND] if HIT in avg else np.zeros(ups, dtype=bool)
            hits[(row.key[0] == "soft", row.key[1])] = choose
            table[int(row.key[0] == "soft"), row.key[1]] = choose
        decide = table[forest.soft[nodes].astype(int), forest.total[nodes]]
        decide &= forest.may_hit[nodes][:, None]
        value[nodes] = np.where(decide, hit[nodes], stand[nodes])
    hit[~forest.may_hit] = -np.inf
    return ChartPlay(hits, value, hit)
