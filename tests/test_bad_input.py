"""Input a user can get wrong is one line and exit 2 (or a notice), never a traceback: absurd
nesting, amounts beyond any table, non-finite numbers, wrong TOML types."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from blackjack_tui.cli import main
from blackjack_tui.rulesets import load_all, parse_text

SHOE = ["9S", "TH", "AD", "7C"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "blackjack_tui", *args], capture_output=True,
                          text=True, timeout=60)


def test_a_deeply_nested_rules_file_is_one_error_and_the_game_still_has_every_table(
        tmp_path: Path) -> None:
    deep = "[ruleset.mine]\nchips = " + "[" * 5000 + "]" * 5000 + "\n"
    sets, errors = parse_text(deep, "rulesets.toml")
    assert sets == {} and [str(e) for e in errors] == ["rulesets.toml: not valid TOML: nested "
                                                       "too deeply"]
    path = tmp_path / "rulesets.toml"
    path.write_text(deep)
    sets, errors = load_all(path)
    assert "nordic" in sets and len(errors) == 1
    done = run("rules", "--check", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("content", [
    "[" * 100_000 + "]" * 100_000,
    json.dumps({"ruleset": "nordic", "shoe": SHOE, "bets": [20]}).replace("[20]", "[1e999]"),
    json.dumps({"ruleset": "nordic", "shoe": SHOE, "bets": [20], "bankroll": "1e999"}),
    json.dumps({"ruleset": "nordic", "shoe": SHOE, "bets": ["1" + "0" * 29]}),
    json.dumps({"ruleset": "nordic", "shoe": SHOE, "bets": [20]}).replace("[20]", "[NaN]"),
    json.dumps({"ruleset": "nordic", "shoe": SHOE, "bets": ["-Infinity"]}),
])
def test_replay_of_absurd_json_is_one_line_and_exit_2(tmp_path: Path, content: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("blackjack-tui replay: ") and err.count("\n") == 1


def test_a_wrong_toml_type_fails_the_check(tmp_path: Path) -> None:
    path = tmp_path / "rulesets.toml"
    path.write_text('[ruleset.mine]\ndecks = "2"\nhit_soft_21 = 1\n')
    done = run("rules", "--check", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "key 'decks'" in done.stderr and "key 'hit_soft_21'" in done.stderr
