"""``blackjack-tui sim`` with a count: the report's keys and figures, and bad input as one line."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from blackjack_tui.analysis import sim_compiled
from blackjack_tui.cli import main

KEYS = {"ev_per_100_units", "ev_per_100_units_ci95", "sd_per_round_units", "average_bet_units",
        "n0_rounds", "score", "di", "risk_of_ruin", "bankroll_for_ror_units", "tc_frequencies",
        "rounds", "hands_per_second"}
TODAY = {"ruleset", "path", "hands", "seed", "jobs", "return_percent", "ci95_percent",
         "stdev_per_hand", "house_edge_percent", "calculator_house_edge_percent",
         "calculator_inside_interval", "seconds", "hands_per_second", "hands_per_cpu_second"}


def _json(capsys, *args: str) -> dict[str, object]:
    assert main(["sim", "--rules", "nordic", "--seed", "4", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_a_counting_run_reports_every_figure_under_its_name(capsys) -> None:
    r = _json(capsys, "--hands", "40000", "--jobs", "2", "--spread", "1:1,2:2,3:4,4:8,5:12",
              "--indices", "none", "--bankroll", "800", "--ror", "2", "--unit", "10",
              "--hands-per-hour", "80")
    assert set(r) >= KEYS | TODAY
    ev, sd = float(r["ev_per_100_units"]) / 100, float(r["sd_per_round_units"])
    assert r["rounds"] == r["hands"] == 40000 and r["jobs"] == 2
    assert r["path"] == ("compiled" if sim_compiled.available() else "fast")
    assert 1 < float(r["average_bet_units"]) < 12 and 2 < sd < 6
    assert r["ev_per_hour_units"] == pytest.approx(80 * ev, abs=1e-3)
    assert float(r["ev_per_hour_money"]) == pytest.approx(800 * ev, abs=0.01)  # a unit of 10
    if ev > 0:
        assert r["n0_rounds"] == pytest.approx((sd / ev) ** 2, rel=1e-3)
        assert r["score"] == pytest.approx(1e6 / r["n0_rounds"], rel=1e-2)
        assert r["risk_of_ruin"] == pytest.approx(math.exp(-2 * ev * 800 / sd**2), rel=1e-2)
    shares = r["tc_frequencies"]
    assert isinstance(shares, dict) and sum(shares.values()) == pytest.approx(1, abs=1e-4)
    assert len(shares) > 8
    # The same seed on one process: the same figures.
    again = _json(capsys, "--hands", "40000", "--jobs", "1", "--spread", "1:1,2:2,3:4,4:8,5:12",
                  "--indices", "none", "--bankroll", "800", "--ror", "2", "--unit", "10",
                  "--hands-per-hour", "80")
    assert again["ev_per_100_units"] == r["ev_per_100_units"]
    assert again["tc_frequencies"] == r["tc_frequencies"]


def test_the_compiled_and_the_python_path_give_the_same_figures(capsys) -> None:
    if not sim_compiled.available():
        pytest.skip(f"the compiled counting path is not tested: {sim_compiled.why_not()}")
    args = ("--hands", "30000", "--jobs", "1", "--spread", "1:1,2:2,3:4,4:8,5:12",
            "--wong-out", "-1", "--bankroll", "800")
    compiled, python = _json(capsys, *args), _json(capsys, *args, "--python")
    assert (compiled["path"], python["path"]) == ("compiled", "fast")
    for key in ("rounds_played", "ev_per_100_units", "sd_per_round_units", "average_bet_units",
                "tc_frequencies", "risk_of_ruin", "return_percent"):
        assert compiled[key] == python[key], key


def test_wonging_plays_fewer_rounds_than_it_watches(capsys) -> None:
    r = _json(capsys, "--hands", "20000", "--jobs", "1", "--spread", "1:1,3:4",
              "--indices", "none", "--wong-in", "1", "--wong-out", "-1")
    assert 0 < int(r["rounds_played"]) < int(r["rounds"]) == 20000  # type: ignore[call-overload]


def test_the_text_report(capsys) -> None:
    assert main(["sim", "--rules", "nordic", "--hands", "4000", "--seed", "1", "--jobs", "1",
                 "--count", "hilo", "--indices", "none", "--bankroll", "500",
                 "--tc", "half-deck", "--penetration", "83%"]) == 0
    out = capsys.readouterr().out
    for words in ("hi-lo count", "half-deck true count", "penetration 83%", "win rate",
                  "per 100 rounds", "N0", "SCORE", "risk of ruin", "bankroll", "true counts"):
        assert words in out, words


@pytest.mark.parametrize(("args", "says"), [
    (["--spread", "3:1,2:4"], "out of order"),
    (["--spread", "1:4,2:2"], "out of order"),
    (["--count", "knock-in"], "unknown count"),
    (["--unit", "600"], "above the table maximum 500"),
    (["--spread", "1:1,2:100", "--unit", "10"], "top bet"),
    (["--bankroll", "0"], "--bankroll"),
    (["--bankroll", "lots"], "--bankroll"),
    (["--ror", "0"], "--ror"),
    (["--ror", "100"], "--ror"),
    (["--ror", "-3"], "--ror"),
    (["--tc", "round"], "--tc"),
    (["--penetration", "0.99"], "the penetration 0.99 is outside 20%-95%"),
    (["--wong-in", "-1", "--wong-out", "0"], "--wong-in"),
])
def test_bad_counting_input_is_one_line_and_exit_2(args: list[str], says: str) -> None:
    done = subprocess.run([sys.executable, "-m", "blackjack_tui", "sim", "--rules", "nordic",
                           "--hands", "100", *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and says in done.stderr, done.stderr
    assert done.stdout == ""
