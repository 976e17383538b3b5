"""What counting is worth, checked by simulation against the exact analysis.

- A flat bet (one unit at every count, basic strategy) is the flat game: its win rate is the
  calculator's exact edge, inside its 95 % interval, at every shipped table.
- The computed index plays beat basic strategy with the same spread: both are played on the very
  same rounds (the basic player's shoe is set to the index player's before each round, so the two
  differ only where an index play changes a decision), and the mean of the paired differences is
  above zero by more than 2.33 standard errors (one-sided, 1 %).

The long flat check plays on the compiled path where it can (numba, in the ``test`` extra, so in
CI): that path is proven to play the very rounds of the pure-Python one (test_count_differential),
and is several times faster; the short check keeps the pure-Python path's own.

The long versions carry the ``long`` marker (``-m "not long"`` leaves them out while working; CI
runs the whole suite once, these included). Seeds are fixed and were not chosen: they are the
first ones tried.
"""

from __future__ import annotations

import math

import pytest

from blackjack_tui.analysis import sim_compiled
from blackjack_tui.analysis.cache import cached_indices
from blackjack_tui.analysis.counting import CountPlan, Record, Spread, combine_counts
from blackjack_tui.analysis.sim import plan
from blackjack_tui.analysis.sim_count import CountingFastTable, run_count_chunk
from blackjack_tui.analysis.sim_fast import models
from blackjack_tui.engine.rules import Rules
from blackjack_tui.rulesets import load_all

SHIPPED, _ = load_all()


def _flat_holds_the_edge(rules: Rules, chart, edge: float, rounds: int,
                         compiled: bool = False) -> None:
    flat = CountPlan(Spread.flat())
    run = run_count_chunk
    if compiled and sim_compiled.available() and models(rules):
        run = sim_compiled.run_count_chunk
    est = combine_counts([run(rules, chart, flat, chunk) for chunk in plan(rounds, seed=3)])
    assert est.played == rounds and est.average_bet == 1.0
    low, high = 100 * (est.ev - est.ev_half), 100 * (est.ev + est.ev_half)
    assert low <= -edge <= high, (rules.name, low, high, -edge)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_flat_bet_wins_the_exact_edge_at_every_table(name: str, analysis_of) -> None:
    rules = SHIPPED[name]
    analysis = analysis_of(rules)
    _flat_holds_the_edge(rules, analysis.chart, analysis.house_edge_percent, 150_000)


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_flat_bet_wins_the_exact_edge_at_every_table_long(name: str, analysis_of) -> None:
    rules = SHIPPED[name]
    analysis = analysis_of(rules)
    _flat_holds_the_edge(rules, analysis.chart, analysis.house_edge_percent, 2_000_000,
                         compiled=True)


def paired_gain(rules: Rules, chart, spread: Spread, rounds: int, seed: int
                ) -> tuple[float, float]:
    """The index player's win over the basic player on the same rounds: (mean per round in
    units, its standard error)."""
    with_indices = CountingFastTable(rules, chart, CountPlan(spread, cached_indices(rules)), seed)
    basic = CountingFastTable(rules, chart, CountPlan(spread), seed)
    a: list[Record] = []
    b: list[Record] = []
    for _ in range(rounds):
        ours, theirs = with_indices.shoe, basic.shoe
        theirs.cards[:] = ours.cards
        theirs.loose, theirs.shuffles = ours.loose, ours.shuffles
        theirs.taken[:] = ours.taken
        theirs.rng.setstate(ours.rng.getstate())
        with_indices.play(1, a)
        basic.play(1, b)
        assert a[-1][:2] == b[-1][:2]  # the same count and bet: only the plays differ
    diffs = [x[2] - y[2] for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / rounds
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (rounds - 1))
    return mean, sd / math.sqrt(rounds)


@pytest.mark.long
def test_the_computed_indices_beat_basic_strategy_with_the_same_spread(analysis_of) -> None:
    # One deck, where the count swings far and the plays matter most; 1-6 spread.
    rules = SHIPPED["home"]
    gain, se = paired_gain(rules, analysis_of(rules).chart, Spread.parse("0:1,1:2,2:4,3:6"),
                           250_000, seed=5)
    assert gain > 2.33 * se, (gain, se)
