"""The house edge of a rule set, two ways, and its basic-strategy chart.

Convention of the published tables: every round from a full shoe, one box, insurance never
taken, the result in percent of the initial bet, positive when the house is ahead. Two figures:

- the **chart's** edge: the printed total-dependent chart played on every decision
  (:mod:`.chart_play`);
- the **optimal** edge: the best play for the exact cards of every hand, which is what the hint
  gives and what the published exact analyses (the Wizard of Odds' Appendix 9) report.
"""

from __future__ import annotations

import numpy as np

from blackjack_tui.analysis.result import Analysis
from blackjack_tui.analysis.shoe import full_shoe
from blackjack_tui.analysis.solve import SPLIT, Solution, Start, solve
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.engine.rules import Rules


def analyse(rules: Rules | TableMath) -> Analysis:
    """Compute the chart and both house edges of ``rules`` (pure; :mod:`.cache` keeps results)."""
    table = rules if isinstance(rules, TableMath) else TableMath.from_rules(rules)
    solution = solve(table, full_shoe(table.decks))
    return Analysis(
        chart=solution.chart,
        house_edge_percent=-100.0 * expected_return(solution, chart=True),
        optimal_edge_percent=-100.0 * expected_return(solution, chart=False),
        blackjack_percent=100.0 * sum(float(s.weight.sum()) for s in solution.starts
                                      if s.blackjack),
    )


def house_edge(rules: Rules | TableMath) -> float:
    """The chart's house edge of ``rules`` in percent of the initial bet (+: the house ahead)."""
    return analyse(rules).house_edge_percent


def same_rank_share(table: TableMath) -> float:
    """Chance that two ten-value cards from a full shoe are of the same rank (T-T, not K-T)."""
    tens = 16 * table.decks
    return (4 * table.decks - 1) / (tens - 1)


def expected_return(solution: Solution, chart: bool) -> float:
    """Average EV of a round per unit bet: the chart played, or the best play everywhere."""
    table = solution.table
    same_rank = same_rank_share(table) if table.split_by_rank else 1.0
    total = 0.0
    for start in solution.starts:
        if start.blackjack:
            pays = table.blackjack_pays * solution.forest.no_blackjack[start.node]
            total += float(np.dot(start.weight, pays))
            continue
        values = start.chart if chart else start.optimal
        ev = _value(solution, start, values, chart)
        if start.pair and start.first == 10 and SPLIT in values and same_rank < 1.0:
            # Split by rank: a K-T is not a pair, a K-K is.
            unsplit = {a: v for a, v in values.items() if a != SPLIT}
            ev = same_rank * ev + (1.0 - same_rank) * _value(solution, start, unsplit, chart)
        total += float(np.dot(start.weight, ev))
    return total


def _value(solution: Solution, start: Start, values: dict[str, np.ndarray],
           chart: bool) -> np.ndarray:
    """(U,) the round's EV for ``start`` choosing its first action from ``values``."""
    totals = {action: solution.total(start, values, action) for action in values}
    if not chart:
        best: np.ndarray = np.max(np.array(list(totals.values())), axis=0)
        return best
    legal = frozenset(values)
    kind, row = start.row
    out = np.empty(len(solution.forest.ups))
    for j, up in enumerate(solution.forest.ups):
        action = solution.chart.cell(kind, row, up).action_for(legal)
        out[j] = totals[action][j]
    return out
