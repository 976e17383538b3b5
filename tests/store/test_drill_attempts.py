"""The drills' attempts in the database: a schema-1 file migrates to them, they read back, and
they are not money (the journal, the book's checks and the audit never see them)."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

from blackjack_tui.store.db import (
    MIGRATIONS,
    SCHEMA_1,
    SCHEMA_VERSION,
    connect,
    migrate,
    schema_problems,
    schema_version,
    transaction,
)
from blackjack_tui.store.drills import AttemptRow
from blackjack_tui.store.store import Store

DAY = dt.date(2026, 12, 6)


def test_a_schema_1_file_gains_the_attempts_table(tmp_path: Path) -> None:
    path = tmp_path / "blackjack.db"
    conn = connect(path)
    with transaction(conn):
        for statement in SCHEMA_1:
            conn.execute(statement)
        conn.execute("INSERT INTO meta (key, value) VALUES ('schema_version', '1')")
    assert schema_version(conn) == 1 and SCHEMA_VERSION == 2 and 2 in MIGRATIONS
    assert migrate(conn) == 1
    assert schema_version(conn) == 2 and not schema_problems(conn)
    conn.close()
    store = Store(tmp_path)
    try:
        store.save_drill_attempt(AttemptRow("pairs", DAY, 10, 8, 12.5, ("AT", "K5")))
        rows, notices = store.drill_attempts()
        assert rows == [AttemptRow("pairs", DAY, 10, 8, 12.5, ("AT", "K5"))] and not notices
    finally:
        store.close()


def test_attempts_are_not_money(tmp_path: Path) -> None:
    store = Store(tmp_path)
    try:
        balance = store.balance()
        journal = store.conn.execute("SELECT count(*) FROM journal").fetchone()[0]
        state = store.book_state()
        for drill in ("strategy", "running-count"):
            store.save_drill_attempt(AttemptRow(drill, DAY, 3, 1, 4.0, ("x",)))
        assert store.balance() == balance
        assert store.conn.execute("SELECT count(*) FROM journal").fetchone()[0] == journal
        assert store.book_state().same_book(state)
        assert not store.problems()
        rows, _ = store.drill_attempts("strategy")
        assert [r.drill for r in rows] == ["strategy"]
    finally:
        store.close()
    from blackjack_tui.store.audit import audit_database

    report = audit_database(tmp_path / "blackjack.db")
    assert report.agrees, report.problems


def test_an_unreadable_attempt_is_left_out_with_a_notice(tmp_path: Path) -> None:
    store = Store(tmp_path)
    try:
        store.save_drill_attempt(AttemptRow("decks", DAY, 2, 2, 3.0, ()))
        store.write("damage", lambda c: c.execute(
            "INSERT INTO drill_attempts (drill, day, asked, correct, seconds, missed) "
            "VALUES ('decks', 'not a day', 1, 1, 1.0, '[]')"))
        rows, notices = store.drill_attempts()
        assert len(rows) == 1 and len(notices) == 1 and "left out" in notices[0]
    finally:
        store.close()


def test_the_table_refuses_more_right_than_asked(tmp_path: Path) -> None:
    conn = connect(tmp_path / "x.db")
    migrate(conn)
    try:
        conn.execute("INSERT INTO drill_attempts (drill, day, asked, correct, seconds) "
                     "VALUES ('pairs', '2026-12-06', 1, 2, 1.0)")
    except sqlite3.IntegrityError:
        pass
    else:
        raise AssertionError("the CHECK let it in")
    finally:
        conn.close()


def _as_schema_1(folder: Path) -> None:
    """The folder's database as the first schema wrote it (schema 2 only added a table)."""
    conn = connect(folder / "blackjack.db")
    with transaction(conn):
        conn.execute("DROP TABLE drill_attempts")
        conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    conn.close()


def test_a_schema_1_book_audits_clean_and_opens_at_schema_2(tmp_path: Path) -> None:
    from blackjack_tui.store.audit import audit_database

    Store(tmp_path).close()
    _as_schema_1(tmp_path)
    report = audit_database(tmp_path / "blackjack.db")
    assert report.agrees, report.problems
    store = Store(tmp_path)
    try:
        assert schema_version(store.conn) == 2 and not store.notices
        assert store.drill_attempts() == ([], [])
    finally:
        store.close()
    assert audit_database(tmp_path / "blackjack.db").agrees


def test_salvage_of_a_schema_1_file_names_no_drill_table_lost(tmp_path: Path) -> None:
    from blackjack_tui.store.db import salvage

    Store(tmp_path).close()
    _as_schema_1(tmp_path)
    done = salvage(tmp_path / "blackjack.db")
    assert "drill_attempts" not in done.tables and done.lost == 0
