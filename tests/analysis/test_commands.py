"""`blackjack-tui strategy` and `blackjack-tui edge`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blackjack_tui.cli import main


def test_edge_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edge", "--rules", "home", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"ruleset", "house_edge_percent", "chart_edge_percent",
                         "optimal_edge_percent"}
    assert data["ruleset"] == "home"
    assert data["house_edge_percent"] == data["chart_edge_percent"]
    # The best play for each hand's exact cards is never worse than the chart.
    assert data["optimal_edge_percent"] <= data["chart_edge_percent"]


def test_edge_text_and_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edge", "--rules", "home"]) == 0
    assert "house edge" in capsys.readouterr().out
    assert main(["strategy", "--rules", "home"]) == 0
    out = capsys.readouterr().out
    assert "Pairs" in out and "Dh" in out
    assert main(["strategy", "--rules", "home", "--json"]) == 0
    chart = json.loads(capsys.readouterr().out)["chart"]
    assert chart["pair"]["A,A"]["6"].startswith("P")


def test_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    own = tmp_path / "mine.toml"
    own.write_text('[ruleset.mine]\ndecks = 1\nblackjack_pays = "6:5"\nmax_split_hands = 2\n')
    assert main(["edge", "--rules-file", str(own), "--rules", "mine", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == "mine"
    assert data["house_edge_percent"] > 1.0


def test_unknown_rule_set_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edge", "--rules", "no-such-table"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no-such-table" in err
