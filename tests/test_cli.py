"""The command line: shared options before or after the command, --version, paths, completion,
the analysis cache following --data-dir."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from blackjack_tui import __version__, cli, paths
from blackjack_tui.cli import COMMANDS, GLOBAL, SHARED, main, parse

# What each command needs besides options, so that it parses at all.
REQUIRED = {"replay": ["round.json"], "completion": ["bash"]}
VALUES = {"data_dir": "/tmp/somewhere", "rules": "swedish", "rules_file": "mine.toml",
          "seed": "7", "speed": "slow"}
FLAG_ONLY = {"debug", "ascii", "narrate"}


def _cases() -> list[tuple[str, str]]:
    return [(command.name, option.dest) for command in COMMANDS
            for option in (*GLOBAL, *(o for o in SHARED if o.dest in command.shared))]


def _words(dest: str) -> list[str]:
    flag = "--" + dest.replace("_", "-")
    return [flag] if dest in FLAG_ONLY else [flag, VALUES[dest]]


@pytest.mark.parametrize(("command", "dest"), _cases())
def test_an_option_means_the_same_before_and_after_the_command(command: str, dest: str) -> None:
    rest = REQUIRED.get(command, [])
    _, before = parse([*_words(dest), command, *rest])
    _, after = parse([command, *rest, *_words(dest)])
    _, neither = parse([command, *rest])
    assert vars(before) == vars(after)
    assert getattr(before, dest) != getattr(neither, dest)
    expected = True if dest in FLAG_ONLY else VALUES[dest]
    assert str(getattr(before, dest)) == str(expected)


def test_every_command_is_in_the_cases() -> None:
    assert {name for name, _ in _cases()} == {c.name for c in COMMANDS}


def test_no_command_is_play() -> None:
    assert vars(parse(["--rules", "home", "--seed", "3"])[1]) == \
        vars(parse(["play", "--seed", "3", "--rules", "home"])[1])


def test_after_the_command_wins_when_given_twice() -> None:
    assert parse(["--seed", "1", "sim", "--seed", "2"])[1].seed == 2


@pytest.mark.parametrize("words", [["--speed", "fast", "edge"], ["--ascii", "history"],
                                   ["--rules", "nordic", "verify"], ["edge", "--speed", "fast"]])
def test_an_option_for_another_command_is_one_line_and_exit_2(
        words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(words) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("blackjack-tui")


@pytest.mark.parametrize("words", [["--rules", "swedish", "play"], ["play", "--rules", "swedish"],
                                   ["--rules", "swedish"]])
def test_play_sits_at_the_table_asked_for_in_either_order(
        words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from blackjack_tui.ui.app import BlackjackApp

    seen: list[tuple[str, Path]] = []

    def run(app: BlackjackApp, **_: object) -> None:
        seen.append((app.session.rules.name, app.game.store.folder))
        app.game.close()

    monkeypatch.setattr(BlackjackApp, "run", run)
    assert main(["--data-dir", str(tmp_path), *words]) == 0
    assert seen == [("swedish", tmp_path)]


def test_version_names_what_a_bug_report_needs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    lines = dict(line.split(" ", 1) for line in capsys.readouterr().out.splitlines())
    assert lines["blackjack-tui"] == __version__ == metadata.version("blackjack-tui")
    assert lines["Python"] == ".".join(map(str, sys.version_info[:3]))
    for name in ("Textual", "Rich", "Pydantic"):
        assert lines[name] == metadata.version(name.lower())
    assert "System" in lines


def test_paths_prints_the_four_folders_and_the_backups(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(paths.CACHE_ENV, raising=False)
    monkeypatch.delenv(paths.LOG_ENV, raising=False)
    assert main(["paths", "--json"]) == 0
    default = json.loads(capsys.readouterr().out)
    assert default == {"data": str(paths.data_dir()), "config": str(paths.config_dir()),
                       "cache": str(paths.cache_dir()), "log": str(paths.log_dir()),
                       "backups": str(paths.data_dir() / "backups")}
    assert main(["--data-dir", str(tmp_path), "paths"]) == 0
    lines = dict(line.split(maxsplit=1) for line in capsys.readouterr().out.splitlines())
    assert lines == {"data": str(tmp_path), "config": default["config"],
                     "cache": str(tmp_path / "cache"), "log": str(tmp_path / "logs"),
                     "backups": str(tmp_path / "backups")}


def test_the_environment_chooses_cache_and_log_over_the_data_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(paths.CACHE_ENV, str(tmp_path / "c"))
    monkeypatch.setenv(paths.LOG_ENV, str(tmp_path / "l"))
    assert paths.cache_dir(tmp_path / "d") == tmp_path / "c"
    assert paths.log_dir(tmp_path / "d") == tmp_path / "l"


@pytest.mark.parametrize("env", [None, "/tmp/elsewhere"])
def test_paths_and_the_analysis_agree_on_the_cache(env: str | None,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from blackjack_tui.analysis.cache import cache_dir

    if env is None:
        monkeypatch.delenv(paths.CACHE_ENV, raising=False)
    else:
        monkeypatch.setenv(paths.CACHE_ENV, env)
    assert cache_dir() == paths.cache_dir()


def test_the_analysis_cache_follows_the_data_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    from blackjack_tui.analysis import cache

    monkeypatch.delenv(paths.CACHE_ENV, raising=False)
    # (Nothing shipped with the game: the edge is worked out, and kept in the data folder.)
    monkeypatch.setattr(cache, "SHIPPED", tmp_path / "nothing-shipped")
    assert main(["--data-dir", str(tmp_path), "edge", "--rules", "downtown-h17", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ruleset"] == "downtown-h17"
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1
    assert paths.CACHE_ENV not in os.environ  # for that run only


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_knows_every_command(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    for command in COMMANDS:
        assert command.name in script
    assert "data-dir" in script and "rules-file" in script


def test_bash_completion_is_valid_bash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "bash"]) == 0
    script = tmp_path / "blackjack-tui.bash"
    script.write_text(capsys.readouterr().out)
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_only_the_completion_command_imports_shtab() -> None:
    code = ("import sys; from blackjack_tui.cli import main; main(['paths']); "
            "print('shtab' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.splitlines()[-1] == "False"


def test_commands_are_found_by_name() -> None:
    for command in COMMANDS:
        module = __import__(command.module, fromlist=["run"])
        assert callable(module.run), command.name
    assert cli.COMMANDS[0].name == "play"


def test_replay_shows_your_hands_and_your_bets_behind_not_the_computer_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 20 in box 1 and 10 behind Astrid's box 4; both win against the dealer's 17. The table's
    # rows are your money (box 1 +20, behind box 4 +10), adding up to the net, as `history`
    # shows them; Astrid's own 20 and its win are hers.
    from decimal import Decimal

    from blackjack_tui.engine.actions import Action
    from blackjack_tui.engine.history import HandRecord
    from blackjack_tui.engine.round import Round
    from blackjack_tui.engine.seats import SeatBet
    from blackjack_tui.engine.shoe import Shoe
    from blackjack_tui.rulesets import load_all

    rules = load_all(None)[0]["swedish"]
    rnd = Round(rules, Shoe.stacked(["TH", "TS", "7C", "8D", "9H", "TC"]), [Decimal(20)],
                Decimal(1000), seats=[SeatBet("Astrid", Decimal(500), Decimal(20))],
                behind={4: Decimal(10)})
    rnd.deal()
    while rnd.legal_actions() is not None:
        rnd.apply(Action.parse("stand"))
    path = tmp_path / "round.json"
    path.write_text(HandRecord.of(rnd, [Decimal(20)]).model_dump_json())
    assert main(["replay", str(path)]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "│" in line]
    assert any("TH 8D" in row and row.rstrip(" │").endswith("20") for row in rows)
    behind = [row for row in rows if "TS 9H" in row]
    assert len(behind) == 1 and "behind" in behind[0] and "Astrid" in behind[0]
    assert behind[0].split("│")[3].strip() == "10"  # your stake behind, not Astrid's 20
    assert behind[0].rstrip(" │").endswith("10")
