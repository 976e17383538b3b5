"""The house edge of playing basic strategy, and the full analysis of a rule set.

Convention of the published tables: every round from a full shoe, one box, insurance never taken,
the result in percent of the initial bet, positive when the house is ahead.
"""

from __future__ import annotations

from dataclasses import dataclass

from blackjack_tui.analysis.player import SPLIT
from blackjack_tui.analysis.starts import StartHand, same_rank_share, stand_on_21, start_hands
from blackjack_tui.analysis.strategy import Chart, build_chart, row_of
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class Analysis:
    """A rule set's basic-strategy chart and what playing it costs."""

    chart: Chart
    house_edge_percent: float
    """Playing the chart's first action on every starting hand (later decisions optimal)."""
    optimal_edge_percent: float
    """Playing the best first action for each starting hand's exact cards (a lower bound)."""
    blackjack_percent: float
    """How often the player is dealt a blackjack, in percent of rounds."""


def analyse(rules: Rules | TableMath) -> Analysis:
    """Compute the chart and house edge of ``rules`` (pure; see :mod:`.cache` to reuse results)."""
    table = rules if isinstance(rules, TableMath) else TableMath.from_rules(rules)
    hands = start_hands(table)
    chart = build_chart(hands, {up: stand_on_21(table, up) for up in range(1, 11)})
    return Analysis(
        chart=chart,
        house_edge_percent=-100.0 * expected_return(table, hands, chart),
        optimal_edge_percent=-100.0 * expected_return(table, hands, None),
        blackjack_percent=100.0 * sum(h.weight for h in hands if h.blackjack),
    )


def house_edge(rules: Rules | TableMath) -> float:
    """The house edge of ``rules`` in percent of the initial bet (positive: the house is ahead)."""
    return analyse(rules).house_edge_percent


def expected_return(table: TableMath, hands: list[StartHand], chart: Chart | None) -> float:
    """Average EV of a round per unit bet: the chart's first actions, or each hand's best."""
    same_rank = same_rank_share(table) if table.split_by_rank else 1.0
    total = 0.0
    for hand in hands:
        if hand.blackjack:
            total += hand.weight * hand.overall(table, None)
            continue
        if hand.pair and hand.first == 10 and SPLIT in hand.values and same_rank < 1.0:
            # Split by rank: a K-T is not a pair, a K-K is.
            unsplit = {a: v for a, v in hand.values.items() if a != SPLIT}
            ev = same_rank * _value(table, hand, hand.values, chart)
            ev += (1.0 - same_rank) * _value(table, hand, unsplit, chart)
            total += hand.weight * ev
            continue
        total += hand.weight * _value(table, hand, hand.values, chart)
    return total


def _value(
    table: TableMath, hand: StartHand, values: dict[str, float], chart: Chart | None
) -> float:
    if chart is None:
        action = max(values, key=values.__getitem__)
    else:
        kind, row = row_of(hand)
        action = chart.cell(kind, row, hand.up).action_for(frozenset(values))
    return hand.overall(table, action)
