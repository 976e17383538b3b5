"""Every starting hand of a shoe solved both ways: the best play and the printed chart.

:func:`solve` builds the forest of every hand (and every split hand) from a shoe, values it with
the best play for the exact cards (:mod:`.play`) and with the chart (:mod:`.chart_play`), and
returns each starting hand's first-action values under both, the chart itself and how often each
starting hand is dealt. :mod:`.edge` adds them up into the two house edges; :mod:`.indices` solves
shoes shifted to a true count.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
from msgspec import Struct

from blackjack_tui.analysis.chart_play import ChartPlay, Row, RowKey, play_chart
from blackjack_tui.analysis.dealer_batch import Removals, batch
from blackjack_tui.analysis.forest import MAIN, Forest, build, split_contexts
from blackjack_tui.analysis.play import Values, double_values, optimal, split_value
from blackjack_tui.analysis.strategy import (
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    SURRENDER,
    UP_CARDS,
    Cell,
    Chart,
)
from blackjack_tui.analysis.table import TableMath

UPS = tuple(range(1, 11))
EXACT_RESPLIT_DECKS = 2
"""Up to this many decks every hand of a resplit is solved with its pair cards out."""


class Start(Struct):
    """A starting hand ``first <= second`` against every up card."""

    first: int
    second: int
    node: int
    weight: np.ndarray
    """(U,) probability of this deal (either order) with each up card."""
    row: RowKey
    optimal: dict[str, np.ndarray]
    """Per legal first action, (U,) value in the forest's measure, best play after it."""
    chart: dict[str, np.ndarray]
    """The same, the chart played after the first action."""
    chart_split: np.ndarray | None = None

    @property
    def blackjack(self) -> bool:
        return (self.first, self.second) == (1, 10)

    @property
    def pair(self) -> bool:
        return self.first == self.second


class Solution(Struct):
    """A shoe solved: its forest, starting hands and chart."""

    table: TableMath
    base: np.ndarray
    """The shoe before the deal."""
    forest: Forest
    starts: list[Start]
    chart: Chart

    def total(self, start: Start, values: dict[str, np.ndarray], action: str) -> np.ndarray:
        """(U,) the round's EV playing ``action`` first, over the dealer's blackjack too."""
        forest = self.forest
        lost = 0.0 if forest.plain else 1.0 - forest.no_blackjack[start.node]
        return values[action] - lost


def deal_weights(shoe: np.ndarray, a: int, b: int, ups: Sequence[int]) -> np.ndarray:
    """(U,) probability of dealing ``a`` and ``b`` (either order) and each up card."""
    n = shoe.sum()
    p = shoe[a - 1] / n * (shoe[b - 1] - (a == b)) / (n - 1) * (1 if a == b else 2)
    ups_left = np.array([shoe[u - 1] - (u == a) - (u == b) for u in ups], dtype=float)
    out: np.ndarray = (p * ups_left.clip(0) / (n - 2)).clip(0)
    return out


def row_of(a: int, b: int) -> RowKey:
    if a == b:
        return ("pair", a)
    if a == 1:
        return ("soft", 11 + b)
    return ("hard", a + b)


def surrender_values(forest: Forest, nodes: np.ndarray) -> Values:
    """Late surrender: half the bet back (after the peek, or at once with no hole card)."""
    if forest.table.peek:
        out: Values = -0.5 * forest.no_blackjack[nodes]
    elif forest.table.loses_original_only:
        out = -0.5 + (1.0 - forest.no_blackjack[nodes])
    else:
        out = np.full((len(nodes), len(forest.ups)), -0.5)
    return out


def solve(table: TableMath, shoe: Sequence[float] | np.ndarray,
          ups: Sequence[int] = UPS) -> Solution:
    """Solve every starting hand from ``shoe`` (cards left before the deal) against ``ups``."""
    base = np.asarray(shoe, dtype=float)
    contexts = [(MAIN, [0] * 10, [0] * 10, False)]
    pairs = range(1, 11) if table.max_split_hands >= 2 else range(0)
    for pair in pairs:
        splits = split_contexts(table, pair)
        # From three decks on, a third or fourth hand of a split is extrapolated from the first
        # split and the unsplit hand (see _SplitHands); in one and two decks it is solved.
        contexts.extend(splits if table.decks <= EXACT_RESPLIT_DECKS else splits[:1])
    forest = build(table, base, ups, contexts)
    best, hit, stand = optimal(forest)
    main = forest.contexts[MAIN]
    starts: list[Start] = []
    members: dict[tuple[int, RowKey], list[Start]] = {}
    rows: dict[int, list[Row]] = {}
    for a in range(1, 11):
        for b in range(a, 11):
            counts = [0] * 10
            counts[a - 1] += 1
            counts[b - 1] += 1
            weight = deal_weights(base, a, b, ups)
            if not weight.any():
                continue
            start = Start(a, b, main.node(counts), weight, row_of(a, b), {}, {})
            starts.append(start)
            if not start.blackjack:
                _first_values(forest, start, best, hit, stand)
                for key in _chart_rows(start):
                    members.setdefault((a + b, key), []).append(start)
    for (level, key), found in members.items():
        row = Row(key, np.array([s.node for s in found]), np.array([s.weight for s in found]))
        _fill_fixed(forest, row)
        rows.setdefault(level, []).append(row)
    played = play_chart(forest, stand, rows)
    fixed = _fixed_cells(table, base, ups)
    solution = Solution(table, base, forest, starts, Chart(_cells(forest, rows, ups) | fixed))
    _splits(solution, best, stand, played, rows)
    solution.chart = Chart(_cells(forest, rows, ups) | fixed)
    for start in starts:
        if start.blackjack:
            continue
        start.chart = dict(start.optimal)
        start.chart[HIT] = played.hit[start.node]
        if start.chart_split is not None:
            start.chart[SPLIT] = start.chart_split
    return solution


def _chart_rows(start: Start) -> list[RowKey]:
    keys = [start.row]
    if start.pair and start.first in (2, 10):
        # Hard 4 and hard 20 come only as pairs: those rows play the pair unsplit.
        keys.append(("hard", start.first * 2))
    return keys


def _first_values(forest: Forest, start: Start, best: Values, hit: Values,
                  stand: Values) -> None:
    table = forest.table
    node = np.array([start.node])
    values = {STAND: stand[start.node], HIT: hit[start.node]}
    if table.may_double(start.first, start.second, after_split=False):
        values[DOUBLE] = double_values(forest, node)[0]
    if table.surrender:
        values[SURRENDER] = surrender_values(forest, node)[0]
    start.optimal = values


def _fill_fixed(forest: Forest, row: Row) -> None:
    """Double and surrender values of a row's hands (they need no later play)."""
    table = forest.table
    counts = forest.counts[row.nodes[0]]
    first = int(np.flatnonzero(counts)[0]) + 1
    second = int(forest.hard[row.nodes[0]]) - first
    if table.may_double(first, second, after_split=False):
        row.values[DOUBLE] = double_values(forest, row.nodes)
    if table.surrender:
        row.values[SURRENDER] = surrender_values(forest, row.nodes)


def _ranked(avg: dict[str, np.ndarray], j: int) -> tuple[tuple[str, float], ...]:
    return tuple(sorted(((a, float(v[j])) for a, v in avg.items()), key=lambda av: -av[1]))


def _cells(forest: Forest, rows: dict[int, list[Row]],
           ups: Sequence[int]) -> dict[tuple[str, int, int], Cell]:
    cells = {}
    for level in rows.values():
        for row in level:
            avg = row.averages(forest)
            for j, up in enumerate(ups):
                cells[(row.key[0], row.key[1], up)] = Cell(_ranked(avg, j))
    return cells


def _fixed_cells(table: TableMath, base: np.ndarray,
                 ups: Sequence[int]) -> dict[tuple[str, int, int], Cell]:
    """Hard 21 and soft 21 (three or more cards) have nothing to choose but standing."""
    dist = batch(base, tuple(ups), table.hits_soft_17, Removals([[0] * 10]))[0]
    wins = dist[:, 5] + dist[:, :4].sum(axis=1)
    no_bj = 1.0 - dist[:, 6]
    plain = not table.peek and not table.loses_original_only
    value = wins - dist[:, 6] if plain else wins / np.where(no_bj > 0, no_bj, 1.0)
    out = {}
    for j, up in enumerate(ups):
        for kind in ("hard", "soft"):
            out[(kind, 21, up)] = Cell(((STAND, float(value[j])),))
    return out


class _SplitHands:
    """The value of one split hand ``{pair, v}`` when the box holds ``hands`` hands.

    With ``h`` hands, ``h - 1`` other pair cards are out of the shoe. Where the forest has no
    context for ``h`` (three decks or more, ``h`` of 3 or 4), the value is extrapolated in the
    number of pair cards out, from the hand with none out (the unsplit hand's values) and with
    one (the first split): the hand's value moves by the same step for each further pair card.
    In six decks that differs from solving the hand by about 0.00001 points of house edge.
    """

    def __init__(self, solution: Solution, best: Values, stand: Values,
                 played: ChartPlay) -> None:
        self.solution = solution
        self.best_values = best
        self.stand = stand
        self.played = played
        self.doubles: dict[int, np.ndarray] = {}

    def _node(self, context: tuple[int, int], pair: int, v: int) -> tuple[int, bool, bool] | None:
        forest = self.solution.forest
        ctx = forest.contexts.get(context)
        if ctx is None:
            return None
        counts = [0] * 10
        counts[pair - 1] += 1
        counts[v - 1] += 1
        try:
            node = ctx.node(counts)
        except KeyError:
            return None
        one_card = pair == 1 and forest.table.split_aces_one_card
        may = not one_card and forest.table.may_double(pair, v, after_split=True)
        return node, may, one_card

    def _double(self, node: int) -> np.ndarray:
        if node not in self.doubles:
            self.doubles[node] = double_values(self.solution.forest, np.array([node]))[0]
        return self.doubles[node]

    def _value(self, context: tuple[int, int], pair: int, v: int, chart: bool) -> np.ndarray:
        found = self._node(context, pair, v)
        forest = self.solution.forest
        if found is None:
            return np.zeros(len(forest.ups))
        node, may, one_card = found
        if one_card:
            value: np.ndarray = self.stand[node]
            return value
        if not chart:
            value = self.best_values[node]
            return np.maximum(value, self._double(node)) if may else value
        options = {STAND: self.stand[node]}
        if forest.may_hit[node]:
            options[HIT] = self.played.hit[node]
        if may:
            options[DOUBLE] = self._double(node)
        # A pair the box has no room to split again plays the pair row without splitting.
        kind, row = row_of(min(pair, v), max(pair, v))
        out = np.empty(len(forest.ups))
        for j, up in enumerate(forest.ups):
            cell = self.solution.chart.cells[(kind, row, up)]
            out[j] = options[cell.action_for(frozenset(options))][j]
        return out

    def value(self, chart: bool, pair: int, hands: int, v: int) -> np.ndarray:
        if (pair, hands) in self.solution.forest.contexts or hands <= 2:
            return self._value((pair, hands), pair, v, chart)
        first = self._value((pair, 2), pair, v, chart)
        unsplit = self._value(MAIN, pair, v, chart)
        step: np.ndarray = first - unsplit
        out: np.ndarray = first + (hands - 2) * step
        return out

    def best(self, pair: int, hands: int, v: int) -> np.ndarray:
        return self.value(False, pair, hands, v)

    def chart(self, pair: int, hands: int, v: int) -> np.ndarray:
        return self.value(True, pair, hands, v)


def _splits(solution: Solution, best: Values, stand: Values, played: ChartPlay,
            rows: dict[int, list[Row]]) -> None:
    """Split values of every pair, with the best play and with the chart."""
    if solution.table.max_split_hands < 2:
        return
    hands = _SplitHands(solution, best, stand, played)
    for start in solution.starts:
        if not start.pair:
            continue
        pair = start.first
        start.optimal[SPLIT] = split_value(solution.forest, pair, 2, solution.base,
                                           partial(hands.best, pair))
        start.chart_split = split_value(solution.forest, pair, 2, solution.base,
                                        partial(hands.chart, pair))
        for row in rows.get(2 * pair, []):
            if row.key == ("pair", pair):
                row.values[SPLIT] = start.chart_split[None, :]


__all__ = ["DOUBLE", "HIT", "SPLIT", "STAND", "SURRENDER", "UP_CARDS", "Solution", "Start",
           "solve"]
