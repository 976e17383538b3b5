"""The simulator against the calculator, the chunk plan, the interval, and the ``sim`` command."""

from __future__ import annotations

import json
import math

import pytest

from blackjack_tui.analysis import sim_compiled
from blackjack_tui.analysis.sim import ChunkResult, combine, plan, simulate
from blackjack_tui.cli import main

HANDS = 400_000
SEED = 3
# A fixed seed keeps the test stable; any seed fails one time in twenty if all is right. With
# shoes drawn card by card (issue 12) seed 2, used before, lands 2.4 standard errors high on
# swedish (-5.77% against -6.19%); seeds 3-8 give -1.5 to +1.1 on both tables, and 4,000,000
# hands at seed 3 give -6.28% +- 0.11% on swedish.


@pytest.mark.parametrize("name", ["nordic", "swedish"])
def test_the_calculators_edge_lies_in_the_simulators_interval(name, shipped, analysis_of) -> None:
    rules = shipped[name]
    analysis = analysis_of(rules)
    estimate = simulate(rules, analysis.chart, HANDS, SEED)
    assert estimate.hands == HANDS
    # About ±0.35% at this many hands.
    assert estimate.high_percent - estimate.low_percent < 0.75
    assert estimate.contains(-analysis.house_edge_percent), (estimate, analysis.house_edge_percent)


@pytest.mark.parametrize("name", ["nordic", "downtown-h17"])
def test_the_fast_path_and_the_engine_give_the_same_estimate(name, shipped, analysis_of) -> None:
    # To the last digit, a 6:5 payout (1.2 is not exact in binary) included: both paths sum the
    # nets exactly and round once.
    rules = shipped[name]
    chart = analysis_of(rules).chart
    fast, engine = simulate(rules, chart, 2_500, 7), simulate(rules, chart, 2_500, 7, engine=True)
    assert (fast.return_percent, fast.stdev) == (engine.return_percent, engine.stdev)


def test_the_plan_depends_on_the_seed_and_the_hands_only() -> None:
    chunks = plan(45_000, 3, chunk_hands=20_000)
    assert [c.hands for c in chunks] == [20_000, 20_000, 5_000]
    assert chunks == plan(45_000, 3, chunk_hands=20_000)
    assert len({c.seed for c in chunks}) == 3
    assert {c.seed for c in chunks}.isdisjoint(c.seed for c in plan(45_000, 4, 20_000))
    with pytest.raises(ValueError):
        plan(0, 1)


def test_combine_is_the_mean_and_its_normal_interval() -> None:
    # Nets +1, -1, +1, -1 and 0: mean 0, sample variance 1.
    estimate = combine([ChunkResult(2, 0.0, 2.0, 0.1), ChunkResult(3, 0.0, 2.0, 0.1)])
    assert estimate.return_percent == 0
    assert estimate.stdev == pytest.approx(1.0)
    half = 100 * 1.959963984540054 / math.sqrt(5)
    assert (estimate.low_percent, estimate.high_percent) == pytest.approx((-half, half))
    assert estimate.contains(0.0) and not estimate.contains(100.0)


def test_sim_command_json(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("BLACKJACK_TUI_CACHE_DIR", str(tmp_path))
    assert main(["sim", "--rules", "nordic", "--hands", "30000", "--seed", "5", "--jobs", "2",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ruleset"] == "nordic" and report["hands"] == 30000 and report["seed"] == 5
    assert report["path"] == ("compiled" if sim_compiled.available() else "fast")
    assert report["jobs"] == 2
    low, high = report["ci95_percent"]
    assert low < report["return_percent"] < high
    assert report["calculator_inside_interval"] == (low <= -report[
        "calculator_house_edge_percent"] <= high)
    assert report["hands_per_second"] > 0
    # The same seed gives the same return on one process.
    assert main(["sim", "--rules", "nordic", "--hands", "30000", "--seed", "5", "--jobs", "1",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["return_percent"] == report["return_percent"]
    # And on the pure-Python fast path (the same rounds, summed exactly: the same figures).
    assert main(["sim", "--rules", "nordic", "--hands", "30000", "--seed", "5", "--jobs", "1",
                 "--json", "--python"]) == 0
    python = json.loads(capsys.readouterr().out)
    assert python["path"] == "fast"
    assert (python["return_percent"], python["stdev_per_hand"]) == \
        (report["return_percent"], report["stdev_per_hand"])


def test_sim_command_text(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("BLACKJACK_TUI_CACHE_DIR", str(tmp_path))
    assert main(["sim", "--rules", "swedish", "--hands", "2000", "--seed", "1", "--jobs", "1",
                 "--engine"]) == 0
    out = capsys.readouterr().out
    assert "engine path" in out and "95% interval" in out and "hands/s" in out


def test_the_simulator_imports_no_ui() -> None:
    import subprocess
    import sys

    code = ("import sys, blackjack_tui.analysis.sim; "
            "bad = [m for m in ('textual', 'rich', 'asyncio') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
