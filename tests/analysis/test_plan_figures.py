"""The plan screen's figures: the risk of ruin and its bankroll, the bankroll's bands, and the
simulation in chunks (the ``sim`` command's sums, watched and stopped)."""

from __future__ import annotations

import math
import random

import pytest
from msgspec.structs import replace

from blackjack_tui.analysis import counting as c
from blackjack_tui.analysis.plan_figures import (
    Cancelled,
    bands,
    edge_at,
    figures,
    horizon,
    simulate,
)
from blackjack_tui.analysis.sim import plan as cut
from blackjack_tui.analysis.sim_count import run_count_chunk
from blackjack_tui.engine.rules import Rules

from .sim_diff import random_chart


def estimate(ev: float, sd: float) -> c.CountEstimate:
    return c.CountEstimate(100_000, 100_000, ev, 0.001, sd, 1.5, {0: 1.0})


def test_risk_of_ruin_is_the_diffusion_formula() -> None:
    f = figures(estimate(0.02, 3.0), 100, 500)
    assert f.risk_of_ruin == pytest.approx(math.exp(-2 * 0.02 * 500 / 9.0))
    assert f.ev_per_100 == pytest.approx(2.0)
    assert f.ev_per_hour == pytest.approx(2.0)
    assert f.n0 == pytest.approx((3.0 / 0.02) ** 2)
    assert f.hours_to_n0 == pytest.approx(f.n0 / 100)


def test_the_bankroll_for_five_percent_has_five_percent_risk() -> None:
    f = figures(estimate(0.015, 2.8), 100, 1)
    assert f.bankroll_for_ruin == pytest.approx(-2.8 ** 2 * math.log(0.05) / (2 * 0.015))
    again = figures(estimate(0.015, 2.8), 100, f.bankroll_for_ruin)
    assert again.risk_of_ruin == pytest.approx(0.05)


def test_a_losing_plan_is_ruined_for_sure_and_needs_no_finite_bankroll() -> None:
    f = figures(estimate(-0.005, 1.1), 100, 10_000)
    assert f.risk_of_ruin == 1.0
    assert math.isinf(f.bankroll_for_ruin) and math.isinf(f.n0)


def test_bands_start_at_the_bankroll_and_widen_with_the_root_of_the_rounds() -> None:
    b = bands(0.01, 2.0, 1000, 100, 400, steps=4)  # 0, 100, 200, 300, 400 hours
    assert all(series[0] == 1000 for series in b.values())
    for i, hours in enumerate((0, 100, 200, 300, 400)):
        n = hours * 100
        assert b[50][i] == pytest.approx(1000 + 0.01 * n)
        assert b[95][i] - b[50][i] == pytest.approx(1.6448536 * 2.0 * math.sqrt(n))
        assert b[50][i] - b[5][i] == pytest.approx(b[95][i] - b[50][i])
        assert b[5][i] <= b[25][i] <= b[50][i] <= b[75][i] <= b[95][i]


def test_the_chart_spans_to_n0_within_ten_and_a_thousand_hours() -> None:
    assert horizon(estimate(0.02, 3.0), 100) == 300  # N0 = 22,500 rounds = 225 h, rounded up
    assert horizon(estimate(0.2, 1.0), 100) == 10
    assert horizon(estimate(-0.01, 1.0), 100) == 100  # never: a hundred hours
    assert horizon(estimate(0.001, 3.0), 100) == 1000


def test_the_edge_by_true_count_is_half_a_percent_a_count_off_the_house_edge() -> None:
    assert edge_at(0.5, 0) == pytest.approx(-0.005)
    assert edge_at(0.5, 3) == pytest.approx(0.01)


def test_the_simulation_is_the_sim_commands_chunks(shipped: dict[str, Rules]) -> None:
    rules = shipped["nordic"]
    chart = random_chart(random.Random(2))
    plan = c.CountPlan(c.Spread.parse("1:1,2:2,3:4"))
    seen: list[tuple[int, int]] = []
    got = simulate(rules, chart, plan, 30_000, 7, progress=lambda d, t: seen.append((d, t)))
    direct = c.combine_counts([run_count_chunk(rules, chart, plan, ch) for ch in cut(30_000, 7)])
    assert replace(got, cpu_seconds=0) == replace(direct, cpu_seconds=0)
    assert seen == [(20_000, 30_000), (30_000, 30_000)]


def test_a_cancelled_simulation_stops_between_chunks(shipped: dict[str, Rules]) -> None:
    rules = shipped["nordic"]
    chart = random_chart(random.Random(2))
    plan = c.CountPlan(c.Spread.flat())
    done: list[int] = []
    with pytest.raises(Cancelled):
        simulate(rules, chart, plan, 100_000, 1, progress=lambda d, t: done.append(d),
                 cancelled=lambda: len(done) >= 1)
    assert done == [20_000]


def test_an_estimate_survives_its_dict_and_a_bad_one_is_refused() -> None:
    est = c.CountEstimate(10, 8, 0.01, 0.002, 1.2, 1.5, {-1: 0.25, 0: 0.5, 2: 0.25}, 0.75)
    assert c.CountEstimate.from_dict(est.as_dict()) == est
    for bad in ({**est.as_dict(), "sd": "nan"}, {**est.as_dict(), "played": 11}, [1, 2],
                {**est.as_dict(), "tcs": 3}, {**est.as_dict(), "cpu_seconds": -1}):
        with pytest.raises((ValueError, TypeError, KeyError)):
            c.CountEstimate.from_dict(bad)


def test_an_estimate_written_before_the_cpu_time_was_kept_reads_with_none() -> None:
    # A plan's file of the version before this one: the same fields, no cpu_seconds.
    old = {"rounds": 10, "played": 8, "ev": 0.01, "ev_half": 0.002, "sd": 1.2,
           "average_bet": 1.5, "tcs": {"-1": 0.25, "0": 0.5, "2": 0.25}}
    assert c.CountEstimate.from_dict(old) == c.CountEstimate(
        10, 8, 0.01, 0.002, 1.2, 1.5, {-1: 0.25, 0: 0.5, 2: 0.25}, 0.0)
