"""The audit: does everything in the player's database agree?

The check a player (or support) runs with ``blackjack-tui audit``: the file's integrity and its
schema (every table blackjack-tui made, as it made it; the text of every row the game reads at
its start readable), every account's balance against its journal, every round against its
journal line and its own record, every home evening's stacks against its accounts, every retired
fair shoe against its commitment; with ``replay``, every round replayed from its record to the
same result, and every row of every table read.

It answers in every state the file can be in: whatever cannot be read or checked is itself a
problem, in one line, and the checks that still can run do (:func:`audit_database`).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from msgspec import Struct, field

from blackjack_tui.engine.fair import ShoeRecord, verify_record
from blackjack_tui.engine.money import money_str
from blackjack_tui.store import journal
from blackjack_tui.store.db import (
    SCHEMA_VERSION,
    TABLES,
    migrate,
    quick_check,
    read_money,
    schema_version,
)
from blackjack_tui.store.errors import StoreError
from blackjack_tui.store.journal import BANKROLL, home_account, short
from blackjack_tui.store.reader import open_reading

Check = Callable[[sqlite3.Connection], list[str]]
"""A further check of the database: its problems, one line each."""

PER_ROUND = ("rounds", "records", "journal")
"""The tables that grow with every round."""

JSON_COLUMNS = {"meta": (), "settings": ("value",), "shoe": ("state",), "inflight": ("state",),
                "evenings": ("state",), "fair_shoes": ("record",), "rule_sets": ("rules",)}
"""The small tables' JSON columns, checked whole (a round's record is checked with the round)."""


class Audit(Struct):
    rounds: int = 0
    bankroll: Decimal = Decimal(0)
    journal: Decimal = Decimal(0)
    fair_shoes: int = 0
    in_flight: bool = False
    problems: list[str] = field(default_factory=list)
    readable: bool = True
    """Whether the figures above were read from the database (else they are zeros)."""
    notes: list[str] = field(default_factory=list)
    """How the database was read, where that is worth saying (a copy, from a read-only folder)."""

    @property
    def agrees(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "bankroll": money_str(self.bankroll),
                "journal": money_str(self.journal), "fair_shoes": self.fair_shoes,
                "in_flight": self.in_flight, "agrees": self.agrees, "problems": self.problems,
                "readable": self.readable, "notes": self.notes}


def audit_database(path: Path, *, replay: bool = False, checks: Sequence[Check] = ()) -> Audit:
    """The audit of the database file at ``path``, opened read-only and never changed
    (:mod:`.reader`); ``checks`` are run on it too, each guarded like the audit's own."""
    try:
        reading = open_reading(path)
    except StoreError as err:
        return Audit(readable=False, problems=[str(err)])
    with reading:
        report = audit(reading.conn, replay=replay, checks=checks)
        report.problems[:0] = reading.problems
        report.notes += reading.notes
    return report


def audit(conn: sqlite3.Connection, *, replay: bool = False, checks: Sequence[Check] = ()
          ) -> Audit:
    """Every check; the problems in one line each (none when all agree)."""
    report = Audit()
    report.problems += [f"the database is damaged: {_sqlite_report(p)}"
                        for p in quick_check(conn)[:5]]
    try:
        version = schema_version(conn)
    except (sqlite3.Error, StoreError) as err:
        report.problems.append(f"the database's schema version cannot be read ({_line(err)})")
        version = SCHEMA_VERSION
    if version > SCHEMA_VERSION:
        report.readable = False
        report.problems.append(f"the database was written by a newer blackjack-tui (schema "
                               f"{version}; this one reads {SCHEMA_VERSION}): it cannot be "
                               "audited here; audit it with that version")
        return report
    try:
        missing, broken, schema = _schema(conn, version or SCHEMA_VERSION)
    except sqlite3.Error as err:
        missing, broken, schema = [], [], [f"the database's schema cannot be read ({_line(err)})"]
    # The tables of the file's own version (an older file has not the newer tables yet).
    tables = [name for name, (kind, _) in _expected(version or SCHEMA_VERSION).items()
              if kind == "table"]
    if len(missing) == len(tables):
        report.readable = False
        report.problems.append("the database holds no book: none of blackjack-tui's tables are "
                               "in it (a file copied or restored without its log, blackjack.db-"
                               "wal, where the rounds were?)")
        return report
    if version == 0:
        schema.insert(0, "the database's schema version is missing (its meta table is damaged)")
    report.problems += schema
    # The game reads every row of the small tables when it starts; the per-round tables are
    # read whole by the replays (a hundred thousand rows cost seconds: not in the quick audit).
    report.problems += _unreadable(conn, [t for t in TABLES if t in tables
                                          and t not in missing + broken
                                          and (replay or t not in PER_ROUND)])
    steps: list[tuple[str, Check]] = [
        ("the figures", lambda c: _figures(c, report)),
        ("the journal", lambda c: [p.text for p in journal.problems(c)]),
        ("the rounds' records", _records),
        ("the home evenings", _evenings),
        ("the fair shoes", lambda c: _fair_shoes(c, report)),
    ]
    steps += [("the book against what is kept beside it", check) for check in checks]
    # One snapshot for the checks that compare tables with each other: a game booking a round
    # meanwhile is then never half seen (a balance after it beside a journal before it).
    with _snapshot(conn):
        _run(steps, conn, report)
    if replay:  # round by round: it needs no snapshot, and takes its reads in short chunks
        _run([("the replays", _replays)], conn, report)
    return report


def _run(steps: list[tuple[str, Check]], conn: sqlite3.Connection, report: Audit) -> None:
    for what, step in steps:
        try:
            report.problems += step(conn)
        except (sqlite3.Error, StoreError, ValueError, RecursionError) as err:
            report.problems.append(f"{what} could not be checked: {_line(err)}")
            if what == "the figures":
                report.readable = False


@contextlib.contextmanager
def _snapshot(conn: sqlite3.Connection) -> Iterator[None]:
    """A read transaction, if one can be begun (else each statement reads on its own)."""
    try:
        conn.execute("BEGIN")
    except sqlite3.Error:
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("COMMIT")


def _sqlite_report(text: str) -> str:
    """SQLite's report on one line (``quick_check`` heads its lines with the schema's name)."""
    lines = [t.strip() for t in text.splitlines() if t.strip() and not t.startswith("***")]
    return "; ".join(lines)[:300]


def _line(err: BaseException) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0][:200]


def _figures(conn: sqlite3.Connection, report: Audit) -> list[str]:
    report.rounds = int(conn.execute("SELECT count(*) FROM rounds").fetchone()[0])
    report.bankroll = journal.balance(conn, BANKROLL)
    report.journal = journal.journal_sum(conn, BANKROLL)
    report.in_flight = conn.execute("SELECT 1 FROM inflight").fetchone() is not None
    return []


@cache
def _expected(version: int) -> dict[str, tuple[str, str]]:
    """blackjack-tui's own schema at ``version``: name -> (type, stored definition)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, version)
        return _stored(conn)
    finally:
        conn.close()


def _stored(conn: sqlite3.Connection) -> dict[str, tuple[str, str]]:
    """Each table's and index's stored definition, its spacing evened out."""
    return {str(name): (str(kind), " ".join(str(sql).split())) for kind, name, sql in conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")}


def _schema(conn: sqlite3.Connection, version: int) -> tuple[list[str], list[str], list[str]]:
    """``(missing tables, tables defined otherwise, problems)``: the file's tables and indexes
    against blackjack-tui's own (a flipped bit in a stored definition, a dropped table: the game
    cannot use them)."""
    want = _expected(version)
    have = _stored(conn)
    missing = [name for name, (kind, _) in want.items() if kind == "table" and name not in have]
    problems = [f"the table {name} is missing" for name in missing]
    broken: list[str] = []
    for name, (kind, sql) in want.items():
        if name in have and have[name] != (kind, sql):
            if kind == "table":
                broken.append(name)
            problems.append(f"the stored definition of the {kind} {name} is not blackjack-tui's "
                            "(damaged schema text)")
        elif name not in have and kind != "table":
            problems.append(f"the {kind} {name} is missing")
    problems += [f"an unknown {kind} {name} is in the file" for name, (kind, _) in have.items()
                 if name not in want]
    return missing, broken, problems


def _unreadable(conn: sqlite3.Connection, tables: list[str]) -> list[str]:
    """Every row of ``tables`` read as text (text that is not UTF-8 stops the game), and the
    small tables' JSON parsed (in SQLite's C)."""
    out: list[str] = []
    for table in tables:
        try:
            for _ in conn.execute(f"SELECT * FROM {table}"):
                pass
        except sqlite3.Error as err:
            out.append(f"the table {table} cannot be read whole: {_line(err)}")
            continue
        for column in JSON_COLUMNS.get(table, ()):
            try:
                bad = conn.execute(f"SELECT count(*) FROM {table} WHERE json_valid({column}) "
                                   "IS NOT 1").fetchone()[0]
            except sqlite3.OperationalError:  # a SQLite without JSON, or no such column
                continue
            if bad:
                out.append(f"the table {table} holds {bad} row(s) whose {column} is not JSON")
    return out


def _records(conn: sqlite3.Connection) -> list[str]:
    """A round's money columns must be its own record's (the record can be replayed)."""
    query = ("SELECT r.round_id, r.net, r.before, c.record FROM rounds r "
             "JOIN accounts a ON a.id = r.account LEFT JOIN records c ON c.round_id = r.round_id "
             "WHERE a.name = ?")
    try:  # SQLite's JSON functions pick out the rows that may differ, in C
        rows = conn.execute(
            query + " AND (c.record IS NULL OR json_extract(c.record, '$.result.net') IS NOT r.net"
            " OR CAST(json_extract(c.record, '$.bankroll_before') AS REAL) "
            "IS NOT CAST(r.before AS REAL))", (BANKROLL,)).fetchall()
    except sqlite3.OperationalError:  # a SQLite without JSON: every row is read here
        rows = conn.execute(query, (BANKROLL,)).fetchall()
    bad: list[str] = []
    for rid, net, before, record in rows:
        try:
            data = json.loads(record) if record is not None else {}
            same = (read_money(data["result"]["net"]) == read_money(net)
                    and read_money(str(data["bankroll_before"])) == read_money(before))
        except (ValueError, KeyError, TypeError):
            same = False
        if not same:
            bad.append(rid)
    if not bad:
        return []
    return [f"{len(bad)} round(s) differ from their own records: "
            f"{', '.join(short(r) for r in bad[:5])}{' …' if len(bad) > 5 else ''}"]


def _evenings(conn: sqlite3.Connection) -> list[str]:
    from blackjack_tui.ledger import Evening

    out: list[str] = []
    for evening_id, state in conn.execute("SELECT id, state FROM evenings WHERE source = 'table'"):
        try:
            evening = Evening.model_validate_json(state)
        except ValueError:
            out.append(f"the home evening {evening_id} cannot be read")
            continue
        for player, stack in evening.standings.stacks.items():
            name = home_account(evening_id, player)
            held = journal.balance(conn, name) if journal.exists(conn, name) else stack
            if held != stack:
                out.append(f"{player}'s stack in evening {evening_id} is {money_str(stack)} "
                           f"on the sheet, {money_str(held)} in the journal")
    return out


def _fair_shoes(conn: sqlite3.Connection, report: Audit) -> list[str]:
    count = 0
    out: list[str] = []
    for (text,) in conn.execute("SELECT record FROM fair_shoes ORDER BY id"):
        count += 1
        try:
            record = ShoeRecord.from_dict(json.loads(text))
        except (ValueError, TypeError):
            out.append("a retired fair shoe's record cannot be read")
            continue
        verdict = verify_record(record)
        if not verdict.fair:
            out.append(f"retired shoe {record.nonce} ({record.commitment[:12]}…) is not fair: "
                       f"{verdict.problems[0] if verdict.problems else 'it does not verify'}")
    report.fair_shoes = count
    return out


REPLAY_CHUNK = 2000
"""Rounds replayed per read: each read is short, so a game booking meanwhile is never kept from
checkpointing its log for the length of a whole replay."""


def _replays(conn: sqlite3.Connection) -> list[str]:
    """Every round replayed from its record, in the order booked.

    Each rule set is read once and its one :class:`Rules` shared by its rounds: the engine works
    out a rule set's tables the first time a :class:`Rules` object plays and keeps them for it,
    so a fresh copy per round would work them out again for every round (two thirds of the time).
    The record is validated and replayed exactly as before, its rules apart.
    """
    from blackjack_tui.engine.errors import EngineError
    from blackjack_tui.engine.history import HandRecord
    from blackjack_tui.engine.rules import Rules

    rule_sets: dict[str, Rules | None] = {}

    def rules_of(digest: str | None) -> Rules | None:
        if digest not in rule_sets:
            row = conn.execute("SELECT rules FROM rule_sets WHERE hash = ?", (digest,)).fetchone()
            try:
                rule_sets[str(digest)] = None if row is None else \
                    Rules.model_validate(json.loads(row[0]))
            except (ValueError, RecursionError):
                rule_sets[str(digest)] = None
        return rule_sets[str(digest)]

    bad: list[str] = []
    last = -1
    while True:
        chunk = conn.execute(
            "SELECT r.seq, r.round_id, c.rules, c.record FROM rounds r LEFT JOIN records c "
            "ON c.round_id = r.round_id WHERE r.seq > ? ORDER BY r.seq LIMIT ?",
            (last, REPLAY_CHUNK)).fetchall()
        if not chunk:
            break
        last = chunk[-1][0]
        for _, rid, digest, record in chunk:
            try:
                rules = rules_of(digest)
                body = json.loads(record) if rules is not None and record is not None else None
                if not isinstance(body, dict):
                    raise ValueError("no record")
                body["rules"] = rules
                parsed = HandRecord.model_validate(body)
                again = parsed.replay()
                ok = again.net == read_money(parsed.result.net)
            except (ValueError, TypeError, RecursionError, EngineError):
                ok = False
            if not ok:
                bad.append(rid)
    if not bad:
        return []
    return [f"{len(bad)} round(s) do not replay to their recorded result: "
            f"{', '.join(short(r) for r in bad[:5])}{' …' if len(bad) > 5 else ''}"]
