"""``history --json`` written as it is read, its amounts in one exact form; ``audit --replay``
still replays every round, each of its rule set, with the rule set parsed once."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.cli import main
from blackjack_tui.controller.booking import booking_of
from blackjack_tui.engine.history import HandRecord
from blackjack_tui.engine.money import money_str
from blackjack_tui.store.reading import RoundRow

from .helpers import RULE_SETS, open_game, steps
from .test_commands import record_rounds


def test_history_json_writes_every_amount_in_one_form_1000_not_1000_0(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A bankroll of 1000.0 (as 992.50 + 7.50 leaves it) is written '1000.0' in its record, one of
    # 1000 '1000': history --json writes both as the table does, '1000'.
    game = open_game(tmp_path)
    for i, bankroll in enumerate((Decimal("1000.0"), Decimal(1000), Decimal("1007.50"))):
        *_, rnd = steps(RULE_SETS["nordic"], seed=i, bankroll=bankroll)  # type: ignore[arg-type]
        game.session.round = rnd
        game.store.book(booking_of(rnd, f"r{i}", game.session))
    game.close()
    stored = sqlite3.connect(tmp_path / "blackjack.db").execute(
        "SELECT json_extract(record, '$.bankroll_before') FROM records ORDER BY round_id"
        ).fetchall()
    assert stored == [("1000.0",), ("1000",), ("1007.50",)]  # as the records were made
    assert main(["history", "--json", "--data-dir", str(tmp_path)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["bankroll_before"] for r in rows] == ["1007.50", "1000", "1000"]
    for row in rows:
        amounts = [row["bankroll_before"], row["result"]["net"], row["result"]["bankroll"],
                   *row["bets"], *(h[k] for h in row["result"]["hands"] for k in ("stake", "net"))]
        assert all(a == money_str(Decimal(a)) for a in amounts if a is not None), amounts
        record = HandRecord.model_validate(row)
        assert record.replay().net == Decimal(row["result"]["net"])  # still replays


def test_history_json_writes_each_round_as_it_is_read_and_closes_its_list_on_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        ) -> None:
    record_rounds(tmp_path, 3)
    from blackjack_tui.commands import history
    from blackjack_tui.store.reading import iter_recent

    written: list[str] = []

    def failing(conn: sqlite3.Connection, limit: int | None) -> Iterator[RoundRow | str]:
        rows = iter_recent(conn, limit)
        yield next(rows)
        written.append(capsys.readouterr().out)  # what was written before the next row
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(history, "iter_recent", failing)
    assert main(["history", "--json", "--data-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert '"round_id": "r2"' in written[0]  # the first round was out before the second was read
    rows = json.loads(written[0] + captured.out)
    assert [r["round_id"] for r in rows] == ["r2"]
    assert captured.err.count("\n") == 1 and "the database is damaged" in captured.err


def test_history_json_is_one_round_a_line(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    record_rounds(tmp_path, 4)
    assert main(["history", "--json", "--limit", "3", "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "[" and lines[-1] == "]" and len(lines) == 5
    assert [json.loads(line.rstrip(","))["round_id"] for line in lines[1:-1]] == ["r3", "r2", "r1"]


def test_audit_replay_names_a_round_whose_decisions_do_not_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_rounds(tmp_path, 4)
    conn = sqlite3.connect(tmp_path / "blackjack.db")
    # Its money and its journal line still agree: only a replay can tell.
    conn.execute("UPDATE records SET record = json_set(record, '$.actions', "
                 "json('[\"stand\", \"stand\", \"stand\", \"stand\", \"stand\"]')) "
                 "WHERE round_id = 'r2'")
    conn.commit()
    conn.close()
    assert main(["audit", "--data-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["audit", "--json", "--replay", "--data-dir", str(tmp_path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == ["1 round(s) do not replay to their recorded result: r2"]


def test_audit_replay_names_every_round_of_a_rule_set_that_cannot_be_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_rounds(tmp_path, 3)
    conn = sqlite3.connect(tmp_path / "blackjack.db")
    conn.execute("UPDATE rule_sets SET rules = json_set(rules, '$.decks', 'many')")
    conn.commit()
    conn.close()
    assert main(["audit", "--json", "--replay", "--data-dir", str(tmp_path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == ["3 round(s) do not replay to their recorded result: r0, r1, r2"]


def test_audit_replay_names_a_round_record_whose_text_is_not_utf8(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_rounds(tmp_path, 3)
    conn = sqlite3.connect(tmp_path / "blackjack.db")
    conn.execute("UPDATE records SET record = CAST(CAST(record AS BLOB) || X'FF' AS TEXT) "
                 "WHERE round_id = 'r1'")
    conn.commit()
    conn.close()
    assert main(["audit", "--json", "--replay", "--data-dir", str(tmp_path)]) == 1
    problems = json.loads(capsys.readouterr().out)["problems"]
    assert any(p.startswith("the table records cannot be read whole") for p in problems), problems


def test_history_table_shows_the_rounds_read_before_a_damaged_page_then_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        ) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    record_rounds(tmp_path, 3)
    from blackjack_tui.commands import history
    from blackjack_tui.store.reading import iter_recent

    def failing(conn: sqlite3.Connection, limit: int | None) -> Iterator[RoundRow | str]:
        rows = iter_recent(conn, limit)
        yield next(rows)
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(history, "iter_recent", failing)
    assert main(["history", "--data-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "the last 1 round(s)" in captured.out
    assert captured.err.count("\n") == 1 and "after the 1 round(s) shown" in captured.err


@pytest.mark.parametrize("limit", [None, 4, 5, 7])
def test_history_reads_a_long_book_in_chunks_every_round_once_newest_first(
        limit: int | None, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from blackjack_tui.store import reading

    record_rounds(tmp_path, 6)
    monkeypatch.setattr(reading, "READ_CHUNK", 2)
    argv = ["history", "--json", "--data-dir", str(tmp_path)]
    assert main(argv + ([] if limit is None else ["--limit", str(limit)])) == 0
    ids = [r["round_id"] for r in json.loads(capsys.readouterr().out)]
    assert ids == [f"r{i}" for i in range(5, -1, -1)][:limit]


def test_audit_runs_the_checks_it_is_given_on_its_read_only_connection_each_guarded(
        tmp_path: Path) -> None:
    from blackjack_tui.store.audit import audit_database

    record_rounds(tmp_path, 2)
    seen: list[int] = []

    def counts(conn: sqlite3.Connection) -> list[str]:
        seen.append(conn.execute("SELECT count(*) FROM rounds").fetchone()[0])
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            conn.execute("DELETE FROM rounds")
        return ["the database ends at round 2; round 3 was booked"]

    def broken(conn: sqlite3.Connection) -> list[str]:
        raise sqlite3.OperationalError("no such table: head")

    report = audit_database(tmp_path / "blackjack.db", checks=[counts, broken])
    assert seen == [2]
    assert report.problems == [
        "the database ends at round 2; round 3 was booked",
        "the book against what is kept beside it could not be checked: no such table: head"]


@pytest.mark.parametrize(("stored", "form"), [
    ("1000.0", "1000"), ("1E+3", "1000"), ("1000", "1000"), ("-0.0", "0"), ("010", "10"),
    ("7.5", "7.50"), ("7.500", "7.50"), ("-0.50", "-0.50"), ("0.0150", "0.015"),
    ("1.100", "1.10"), ("twelve", "twelve")])
def test_an_amount_has_one_form_whatever_form_its_record_kept(stored: str, form: str) -> None:
    from blackjack_tui.store.records import amount_form

    assert amount_form(stored) == form and amount_form(form) == form
    if form != "twelve":
        assert Decimal(form) == Decimal(stored)  # the same amount, exactly
