"""The counting definitions read as a counter reads them: tags, true counts, the spread, the wong
rules, the index plays, and the figures of a plan, each against numbers worked out by hand."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest

from blackjack_tui.analysis import counting as c
from blackjack_tui.analysis.indices import Index
from blackjack_tui.analysis.sim_count import CountingFastTable
from blackjack_tui.analysis.sim_count_engine import CountingEngineTable
from blackjack_tui.analysis.strategy import Cell, Chart
from blackjack_tui.engine.cards import DECK
from blackjack_tui.engine.rules import Rules

from .sim_diff import random_chart


def test_hilo_counts_two_to_six_up_and_tens_and_aces_down() -> None:
    assert [c.tag("hilo", v) for v in range(1, 11)] == [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]
    assert sum(c.tag("hilo", card.value) for card in DECK) == 0  # a balanced count
    with pytest.raises(ValueError, match="unknown count"):
        c.tag("knock-in", 5)


@pytest.mark.parametrize(("running", "left", "mode", "expected"), [
    (7, 156, "floor", 2),         # +7 over three decks: +2.33
    (-7, 156, "floor", -3),       # -2.33 floors to -3
    (-7, 156, "truncate", -2),    # ... and truncates to -2
    (5, 130, "floor", 2),         # 2.5 decks: +2
    (5, 117, "half-deck", 2),     # 2.25 decks round to 2.5: +2; floored by the exact decks, +2.22
    (5, 110, "half-deck", 2),     # 2.12 decks round to 2: +2.5 floors to +2
    (3, 20, "half-deck", 6),      # under a deck left counts as half a deck at least
    (0, 300, "floor", 0),
])
def test_the_true_count_conventions(running: int, left: int, mode: str, expected: int) -> None:
    assert c.true_count(running, left, mode) == expected


def test_a_spread_bets_the_highest_entry_at_or_below_the_count() -> None:
    spread = c.Spread.parse("1:1,2:2,3:4,4:8,5:12")
    assert [spread.units_at(tc) for tc in (-5, 0, 1, 2, 3, 4, 5, 9)] == \
        [1, 1, 1, 2, 4, 8, 12, 12]
    assert c.Spread.parse(" -1:1, 2:2.5").units_at(3) == Decimal("2.5")
    assert spread.top == 12 and spread.text() == "1:1,2:2,3:4,4:8,5:12"


@pytest.mark.parametrize(("text", "why"), [
    ("2:1,1:2", "out of order"), ("1:4,2:2", "out of order"), ("1:1,1:2", "out of order"),
    ("1-1", "not TC:UNITS"), ("x:1", "not TC:UNITS"), ("1:0", "above 0"), ("", "not TC"),
])
def test_a_spread_out_of_order_or_malformed_is_refused(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        c.Spread.parse(text)


def test_wonging_in_below_wonging_out_is_refused() -> None:
    with pytest.raises(ValueError, match="above"):
        c.CountPlan(c.Spread.flat(), wong_in=0, wong_out=1)


def test_an_index_play_reranks_its_cell_and_falls_back_as_the_chart_would() -> None:
    cell = Cell((("hit", 0.1), ("stand", 0.0), ("double", -0.2)))
    chart = Chart({("hard", 16, 10): cell, ("hard", 11, 1): cell})
    plays = (Index("hard", 16, 10, 0.4, "hit", "stand"),)
    assert c.chart_at(chart, plays, 0).cells[("hard", 16, 10)].action_for({"hit", "stand"}) \
        == "stand"  # at 0.4 the counter learns "0": stand from 0 up
    assert c.chart_at(chart, plays, -1).cells[("hard", 16, 10)].best == "hit"
    doubled = (Index("hard", 16, 10, 1.0, "hit", "double"),)
    assert c.chart_at(chart, doubled, 2).cells[("hard", 16, 10)].action_for({"hit", "stand"}) \
        == "hit"  # no double after a hit: the chart's own next best
    assert c.chart_at(chart, plays, 5).cells[("hard", 11, 1)] is cell


def test_the_figures_of_a_plan_by_their_formulas() -> None:
    ev, sd = 0.02, 3.0  # units per round
    assert c.n0(ev, sd) == pytest.approx(22_500)
    assert c.score(ev, sd) == pytest.approx(1e6 / 22_500)
    assert c.di(ev, sd) == pytest.approx(math.sqrt(c.score(ev, sd)))
    assert c.risk_of_ruin(ev, sd, 1000) == pytest.approx(math.exp(-2 * 0.02 * 1000 / 9))
    assert c.risk_of_ruin(ev, sd, c.bankroll_for(ev, sd, 0.05)) == pytest.approx(0.05)
    assert c.risk_of_ruin(-0.01, sd, 10**6) == 1.0 and c.n0(-0.01, sd) == math.inf
    assert c.bankroll_for(0.0, sd, 0.05) == math.inf


def test_chunks_pool_in_their_own_order_whatever_order_they_finish_in() -> None:
    a = c.CountChunkResult(0, 10, 8, 12.0, 3.0, 20.0, ((0, 6), (1, 4)), 0.1)
    b = c.CountChunkResult(1, 10, 10, 10.0, -1.0, 10.0, ((0, 10),), 0.1)
    one, two = c.combine_counts([a, b]), c.combine_counts([b, a])
    assert one == two
    assert (one.rounds, one.played, one.ev, one.average_bet) == (20, 18, 2.0 / 18, 22.0 / 18)
    assert one.tcs == {0: 0.8, 1: 0.2}
    assert one.sd == pytest.approx(math.sqrt((30.0 - 18 * (2 / 18) ** 2) / 17))


def _shoes(records: list[c.Record]) -> list[list[c.Record]]:
    """Records cut at each shuffle (the cards left go up)."""
    shoes: list[list[c.Record]] = [[]]
    for record in records:
        if shoes[-1] and record[3] > shoes[-1][-1][3]:
            shoes.append([])
        shoes[-1].append(record)
    return shoes


@pytest.mark.parametrize("path", ["fast", "engine"])
def test_wonging_in_watches_each_shoe_until_the_count_then_stays(path) -> None:
    rules = Rules(name="t", decks=1, penetration=0.9)
    chart = random_chart(__import__("random").Random(3))
    plan = c.CountPlan(c.Spread.parse("0:1,2:4"), wong_in=2)
    table = (CountingFastTable(rules, chart, plan, seed=5) if path == "fast"
             else CountingEngineTable(rules, chart, plan, seed=5))
    records: list[c.Record] = []
    table.play(300, records)
    entered = 0
    for shoe in _shoes(records)[1:-1]:  # whole shoes (the first round of a shoe shuffles)
        first_in = next((i for i, r in enumerate(shoe) if r[0] >= 2), len(shoe))
        assert all(r[1] == 0.0 for r in shoe[:first_in])
        assert all(r[1] == (4.0 if r[0] >= 2 else 1.0) for r in shoe[first_in:])
        entered += first_in < len(shoe)
    assert entered > 3


def test_wonging_out_leaves_for_the_rest_of_the_shoe() -> None:
    rules = Rules(name="t", decks=1, penetration=0.9)
    chart = random_chart(__import__("random").Random(4))
    plan = c.CountPlan(c.Spread.flat(), wong_out=-1)
    records: list[c.Record] = []
    CountingFastTable(rules, chart, plan, seed=8).play(400, records)
    left_before = None
    gone = False
    for tc, bet, _, left in records:
        if left_before is not None and left > left_before:
            gone = False  # a shuffle: back at the table
        if gone:
            assert bet == 0.0
        if tc <= -1:
            assert bet == 0.0
            gone = True
        left_before = left
    assert any(r[1] == 0.0 for r in records) and any(r[1] == 1.0 for r in records)
