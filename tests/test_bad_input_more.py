"""Bad input that escaped (issue 22, item 5): each reproduction is now one line and a non-zero
exit (2 for what was typed or given), or a notice the game shows; never a traceback, never the
crash paragraph."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui import diagnostics, paths
from blackjack_tui.cli import MAX_COUNT, main, parse
from blackjack_tui.commands import play
from blackjack_tui.engine import BetError, InvalidActionError, Round, Shoe
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.errors import StateError
from blackjack_tui.engine.fair import FairShoe
from blackjack_tui.engine.history import Scenario
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import SeatBet
from blackjack_tui.files import MAX_BYTES, InputFileError, read_bytes
from blackjack_tui.ledger.events import LedgerError
from blackjack_tui.ledger.notation import parse_entry
from blackjack_tui.rulesets import MAX_ERRORS, MAX_EXTENDS, load_all
from blackjack_tui.store.inflight import shoe_from_state

from .engine.scenario import deal, rules

LONG = "a" * 300  # one name over NAME_MAX (255 bytes)
SHOE = ["AS", "TH", "KD", "7C", "5C", "5H"]


def one_line(err: str, command: str) -> bool:
    return (err.startswith(f"blackjack-tui {command}: ") and err.count("\n") == 1
            and "Traceback" not in err and "unexpected error" not in err)


# ------------------------------------------------------------------------- --data-dir


@pytest.mark.parametrize("command", ["play", "history", "audit", "verify", "ledger", "paths"])
def test_a_data_dir_name_over_255_bytes_is_one_line_for_every_command(
        tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--data-dir", str(tmp_path / LONG)]) == 2
    err = capsys.readouterr().err
    assert one_line(err, command) and "300 bytes" in err and "at most 255" in err


def test_a_name_over_name_max_deep_inside_the_data_dir_is_refused_before_anything_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--data-dir", str(tmp_path / "x" / LONG / "y")]) == 2
    assert one_line(capsys.readouterr().err, "history")
    assert not (tmp_path / "x").exists()


def test_the_crash_report_itself_never_crashes_when_its_log_cannot_be_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = diagnostics.start_logging(tmp_path / LONG)
    try:
        status = diagnostics.report_crash(RuntimeError("a bug"), logs, "history", ["history"])
    finally:
        logs.close()
    assert status == 1
    assert "stopped on an unexpected error (RuntimeError: a bug)" in capsys.readouterr().err


def test_the_crash_report_itself_never_crashes_when_the_terminal_refuses_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Refusing:
        def write(self, text: str) -> int:
            raise OSError(5, "Input/output error")

        def flush(self) -> None:
            raise OSError(5, "Input/output error")

    logs = diagnostics.start_logging(tmp_path / LONG)
    monkeypatch.setattr(sys, "stderr", Refusing())
    try:
        assert diagnostics.report_crash(RuntimeError("a bug"), logs, "play", []) == 1
    finally:
        logs.close()


@pytest.mark.parametrize("words", [["--data-dir", ""], ["play", "--rules", ""],
                                   ["replay", ""], ["rules", "--check", ""],
                                   ["strategy", "--rules-file", ""]])
def test_an_empty_data_dir_or_rules_name_is_refused_not_taken_as_a_default(
        words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(words) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is empty" in err and "Traceback" not in err


def test_data_dir_makes_missing_parents_only_under_the_players_own_folders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / ".local" / "share"))
    # Not under the home, the data folders or the temporary folder: refused, nothing made.
    outside = Path("/") / f"blackjack-tui-test-{os.getpid()}-{time.monotonic_ns()}"
    assert main(["history", "--data-dir", str(outside / "a" / "data")]) == 2
    err = capsys.readouterr().err
    assert one_line(err, "history") and "create it first" in err and str(outside / "a") in err
    assert not outside.exists()
    # Under the temporary folder (and the home), missing parents are made as before.
    inside = tmp_path / "several" / "levels" / "data"
    assert main(["history", "--data-dir", str(inside)]) == 0
    assert "No rounds recorded yet" in capsys.readouterr().out


def test_a_missing_data_dir_itself_is_still_made_where_its_parent_exists(tmp_path: Path) -> None:
    assert paths.check_folder(str(tmp_path / "new")) == tmp_path / "new"


def test_a_file_in_the_way_of_the_data_dir_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("x")
    for folder in (tmp_path / "f", tmp_path / "f" / "data"):
        assert main(["history", "--data-dir", str(folder)]) == 2
        err = capsys.readouterr().err
        assert one_line(err, "history") and "a file, not a folder" in err


# ------------------------------------------------------------------------- huge numbers


def _booked(folder: Path, count: int) -> None:
    from .store.test_commands import record_rounds

    record_rounds(folder, count)


@pytest.mark.parametrize("limit", ["1" + "0" * 28, "9" * 30, str(MAX_COUNT + 1), "1e29"])
def test_history_limit_of_1e29_is_one_line(tmp_path: Path, limit: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    _booked(tmp_path, 2)
    assert main(["history", "--limit", limit, "--data-dir", str(tmp_path)]) == 2
    assert one_line(capsys.readouterr().err, "history")


def test_history_limit_at_its_bound_shows_every_round(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _booked(tmp_path, 2)
    assert main(["history", "--json", "--limit", str(MAX_COUNT), "--data-dir",
                 str(tmp_path)]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 2


@pytest.mark.parametrize("words", [["sim", "--hands", "9" * 5000], ["sim", "--jobs", "9" * 40],
                                   ["play", "--seed", "1" * 5000]])
def test_counts_and_seeds_of_thousands_of_digits_are_one_line(
        words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(words) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "digits" in err and "Traceback" not in err


@pytest.mark.parametrize("field", ["bets", "bankroll", "seed"])
def test_replay_with_a_5000_digit_integer_is_one_line(
        tmp_path: Path, field: str, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.dumps({"ruleset": "nordic", "shoe": SHOE, "bets": [20], field: 7})
    path = tmp_path / "scenario.json"
    path.write_text(doc.replace(f'"{field}": 7', f'"{field}": {"1" * 5000}'))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert one_line(err, "replay") and "5,000 digits" in err


@pytest.mark.parametrize("bankroll", ["1e999", "1" + "0" * 28, 10**28])
def test_a_replays_bankroll_of_1e999_or_29_digits_is_refused(
        tmp_path: Path, bankroll: object, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({"ruleset": "nordic", "shoe": SHOE, "bets": [20],
                                "bankroll": bankroll}))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert one_line(err, "replay") and "at most 12 digits" in err and "e+999" not in err


def test_a_round_refuses_a_bankroll_beyond_12_digits_given_as_a_decimal() -> None:
    with pytest.raises(ValueError, match="12 digits"):
        Round(rules("nordic"), Shoe.stacked(SHOE), [20], Decimal("1e999"))


# ------------------------------------------------------------------------- files


def _fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("this system has no named pipes (FIFOs)")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    return fifo


def _inputs(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    for device in ("/dev/zero", "/dev/full"):
        if Path(device).exists():
            yield "a device", Path(device)
    yield "a pipe", _fifo(tmp_path)
    yield "a folder", tmp_path


@pytest.mark.parametrize("words", [["replay", "{}"], ["verify", "{}"], ["rules", "--check", "{}"],
                                   ["strategy", "--rules-file", "{}"],
                                   ["edge", "--rules-file", "{}"],
                                   ["sim", "--rules-file", "{}"]])
def test_dev_zero_dev_full_and_pipes_given_as_input_files_are_refused_at_once(
        tmp_path: Path, words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    for kind, path in _inputs(tmp_path):
        started = time.monotonic()
        assert main([w.replace("{}", str(path)) for w in words]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{kind}, not a file" in err and "Traceback" not in err
        assert time.monotonic() - started < 5  # not read until memory runs out, nor waited on


def test_an_input_file_over_the_cap_is_refused_by_its_size(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:  # sparse: no disk spent
        handle.truncate(MAX_BYTES + 1)
    assert main(["replay", str(big)]) == 2
    err = capsys.readouterr().err
    assert one_line(err, "replay") and "at most 8 MiB" in err
    with pytest.raises(InputFileError, match="at most 8 MiB"):
        read_bytes(big)
    assert read_bytes(big, MAX_BYTES + 1)[:1] == b"\0"


@pytest.mark.parametrize("kind", ["a device", "a pipe", "a huge file"])
def test_a_user_rulesets_toml_that_is_a_device_or_pipe_is_one_notice_and_the_game_has_its_tables(
        tmp_path: Path, kind: str) -> None:
    if kind == "a device":
        own = Path("/dev/zero")
        if not own.exists():
            pytest.skip("this system has no /dev/zero")
    elif kind == "a pipe":
        own = _fifo(tmp_path)
    else:
        own = tmp_path / "rulesets.toml"
        with open(own, "wb") as handle:
            handle.truncate(2 * 1024 * 1024)
    sets, errors = load_all(own)
    assert "nordic" in sets and "home" in sets and len(errors) == 1
    assert "\n" not in str(errors[0]) and str(own) in str(errors[0])


# ------------------------------------------------------------------------- rules


def _chain(tables: int) -> str:
    lines = ['[ruleset.t0]\nextends = "nordic"']
    lines += [f'[ruleset.t{i}]\nextends = "t{i - 1}"' for i in range(1, tables)]
    return "\n".join(lines) + "\n"


def test_a_user_rulesets_toml_with_a_very_long_extends_chain_is_bounded_and_the_game_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = tmp_path / "config" / "rulesets.toml"
    own.parent.mkdir()
    own.write_text(_chain(3000))
    started = time.monotonic()
    sets, errors = load_all(own)
    assert time.monotonic() - started < 10
    assert {f"t{i}" for i in range(MAX_EXTENDS)} <= set(sets) and f"t{MAX_EXTENDS}" not in sets
    assert "nordic" in sets and len(errors) == MAX_ERRORS + 1
    assert f"more than {MAX_EXTENDS} deep" in str(errors[0])
    assert str(errors[-1]).endswith("and 2,964 more problems like these")
    monkeypatch.setattr(paths, "user_rules_file", lambda: own)
    args = parse(["--data-dir", str(tmp_path / "data")])[1]
    app = play._sit_down(args)
    assert app is not None
    game = app.game  # type: ignore[attr-defined]
    try:
        assert game.session.rules.name == "nordic" and "t3" in game.rule_sets
        assert sum(f"more than {MAX_EXTENDS} deep" in n for n in game.notices) == MAX_ERRORS
    finally:
        game.close()


@pytest.mark.parametrize(("line", "bound"), [
    ("max_bet = 1e300", "at most 12 digits"),
    ("max_bet = 1000000000000", "at most 12 digits"),
    ('chips = [1, 1e15]', "at most 12 digits"),
    ('blackjack_pays = "99999999999999:1"', "at most 3 digits"),
    ('blackjack_pays = "4:1"', "from 1:1 to 3:1"),
    ('blackjack_pays = "1:2"', "from 1:1 to 3:1"),
    ('blackjack_pays = "' + "1" * 5000 + ':2"', "at most 3 digits"),
    ("ledger = { starting_stack = 1e20 }", "at most 12 digits"),
])
def test_rules_check_refuses_max_bet_1e300_and_a_99999999999999_to_1_payout(
        tmp_path: Path, line: str, bound: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rulesets.toml"
    path.write_text(f'[ruleset.mine]\nextends = "nordic"\n{line}\n')
    assert main(["rules", "--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and bound in err and "Traceback" not in err


def test_the_rules_model_keeps_the_payouts_a_house_deals() -> None:
    for payout in ("1:1", "6:5", "7:5", "3:2", "2:1", "3:1", "125:100"):
        Rules(name="x", blackjack_pays=payout)
    Rules(name="x", max_bet=Decimal("999999999999.99"))


# ------------------------------------------------------------------------- cents


def test_a_bet_of_1_005_is_refused_everywhere_a_bet_is_taken() -> None:
    nordic = rules("nordic")
    for bet in (Decimal("1.005"), "1.005", "20.001"):
        with pytest.raises(BetError, match="whole cents"):
            Round(nordic, Shoe.stacked(SHOE), [bet], 1000)
        with pytest.raises(BetError, match="whole cents"):
            Round(nordic, Shoe.stacked(SHOE), [10, bet], 1000)
    with pytest.raises(BetError, match="whole cents"):
        Round(nordic, Shoe.stacked(SHOE), [], 1000, seats=[SeatBet("Ann", 100, "5.555")])
    with pytest.raises(BetError, match="whole cents"):
        Round(nordic, Shoe.stacked(SHOE), [], 1000, seats=[SeatBet("Ann", 100, 5)],
              behind={1: "2.005"})
    assert Round(nordic, Shoe.stacked(SHOE), [Decimal("1.000")], 1000).boxes[0].bet == 1


def test_a_replayed_bet_of_1_005_is_refused_not_paid_1_5075(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({"ruleset": "nordic", "shoe": ["AS", "TH", "KD", "7C"],
                                "bets": ["1.005"]}))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert one_line(err, "replay") and "whole cents" in err and "1.5075" not in err
    with pytest.raises(ValueError, match="whole cents"):
        Scenario.model_validate({"ruleset": "nordic", "shoe": SHOE, "bets": ["1.005"]})


def test_the_home_game_offers_insurance_up_to_4_99_on_9_99_and_takes_what_it_offers() -> None:
    rnd = deal(rules("home"), ["9S", "AH", "9D", "7C"], [Decimal("9.99")], 100)
    decision = rnd.legal_actions()
    assert decision is not None and decision.any_amount
    assert decision.most_typed == Decimal("4.99")
    assert "(up to 4.99)" in decision.describe() and "4.995" not in decision.describe()
    assert Action.parse(f"insurance:{decision.most_typed}") in decision
    with pytest.raises(InvalidActionError, match="whole cents"):
        Action.parse("insurance:4.995")
    rnd.apply(Action.parse(f"insurance:{decision.most_typed}"))
    assert rnd.boxes[0].positions[0].insurance == Decimal("4.99")


def test_typed_insurance_amounts_are_whole_cents_of_at_most_12_digits() -> None:
    assert Action.parse("insurance:2.50").amount == Decimal("2.50")
    assert Action.parse("insurance:2.500").amount == Decimal("2.5")
    for text in ("insurance:2.505", "insurance:1e40", "insurance:" + "9" * 5000):
        with pytest.raises(InvalidActionError):
            Action.parse(text)


@pytest.mark.parametrize(("text", "why"), [("w @1.005", "whole cents"),
                                           ("w i2.505", "whole cents"),
                                           ("9" * 13, "12 digits"),
                                           ("w i" + "9" * 40, "12 digits")])
def test_the_ledgers_typed_bets_and_insurance_are_whole_cents(text: str, why: str) -> None:
    with pytest.raises(LedgerError, match=why):
        parse_entry(text, bet=Decimal(10), rules=rules("home"))


# ------------------------------------------------------------------------- saved shoes


@pytest.mark.parametrize("decks", [10**12, 0, -3, 9, "6", True, 2.0])
def test_a_saved_shoe_with_an_absurd_decks_is_refused_before_any_card_is_made(
        decks: object) -> None:
    saved = Shoe.seeded(6, 1).to_dict()
    saved["decks"] = decks
    with pytest.raises(ValueError, match="1 to 8 decks"):
        Shoe.from_dict(saved)
    with pytest.raises(StateError, match="1 to 8 decks"):
        shoe_from_state(saved, {"kind": "system"})
    fair = FairShoe(6, client_seed="x").to_dict()
    fair["decks"] = decks
    with pytest.raises(StateError, match="1 to 8 decks"):
        FairShoe.from_dict(fair)


# ------------------------------------------------------------------------- found by fuzzing


def test_a_file_name_with_a_line_break_stays_on_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "no\nsuch.json"]) == 2
    err = capsys.readouterr().err
    assert one_line(err, "replay") and "'no\\nsuch.json'" in err


def test_a_data_dir_under_the_home_of_nobody_is_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--data-dir", "~no-such-user-of-blackjack/data"]) == 2
    err = capsys.readouterr().err
    assert one_line(err, "history") and "no home folder" in err


def test_a_pipe_among_the_saved_evenings_is_a_problem_named_not_a_hang(tmp_path: Path) -> None:
    from blackjack_tui.store.evenings import EveningFileError, evening_from_file

    with pytest.raises(EveningFileError, match="a pipe, not a file"):
        evening_from_file(_fifo(tmp_path))
