"""The player's database: one SQLite file in the data folder holds everything the player owns.

``blackjack.db`` in WAL mode with ``synchronous=FULL`` (a committed transaction survives a power
cut) and foreign keys on. Money is stored as exact decimal text, never as a float; the ``decsum``
aggregate adds it up exactly inside SQL. The schema carries a version; :data:`MIGRATIONS` take an
older file forward, each in one transaction, and a file from a newer blackjack-tui is opened
read-only and never changed.

Opening runs ``PRAGMA quick_check``: a damaged file is copied aside and what can still be read is
carried into a fresh file (:func:`salvage`), with a notice naming both.
"""

from __future__ import annotations

import contextlib
import functools
import shutil
import sqlite3
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from pathlib import Path

from msgspec import Struct, field

from blackjack_tui.engine.money import money_str
from blackjack_tui.store.atomic import free_name
from blackjack_tui.store.errors import RecordError, StoreError
from blackjack_tui.store.jsonio import stamp

DB_NAME = "blackjack.db"
SCHEMA_VERSION = 2
MAX_DIGITS = 12
"""Amounts have at most this many digits before the point: anything larger is damage."""
BUSY_MS = 5000

# Each statement of the first schema. Money columns are decimal text (CHECKed), counts integers.
# Beside an amount, ``units``: the same amount in millionths as an integer, so that SQLite adds
# it up in C; NULL for an amount with more than six decimals (an exotic payout), which is then
# added up exactly from the text instead. The audit checks that the two always agree.
SCHEMA_1 = (
    """CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
    """CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('bankroll', 'seat', 'home')),
        evening TEXT,
        balance TEXT NOT NULL CHECK (typeof(balance) = 'text'))""",
    """CREATE TABLE rounds (
        seq INTEGER PRIMARY KEY,
        round_id TEXT NOT NULL UNIQUE,
        at TEXT NOT NULL,
        account INTEGER NOT NULL REFERENCES accounts(id),
        ruleset TEXT NOT NULL,
        evening TEXT,
        imported INTEGER NOT NULL DEFAULT 0,
        staked TEXT NOT NULL CHECK (typeof(staked) = 'text'),
        net TEXT NOT NULL CHECK (typeof(net) = 'text'),
        net_units INTEGER,
        before TEXT NOT NULL CHECK (typeof(before) = 'text'),
        after TEXT NOT NULL CHECK (typeof(after) = 'text'),
        hands INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        pushes INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        blackjacks INTEGER NOT NULL DEFAULT 0,
        doubles INTEGER NOT NULL DEFAULT 0,
        doubles_won INTEGER NOT NULL DEFAULT 0,
        splits INTEGER NOT NULL DEFAULT 0,
        split_hands INTEGER NOT NULL DEFAULT 0,
        split_hands_won INTEGER NOT NULL DEFAULT 0)""",
    "CREATE INDEX rounds_by_account ON rounds (account, seq, net_units)",
    # A round's hand-history record, apart from the columns the statistics add up (so that
    # they scan small rows); its rules stored once per rule set, not once per round.
    """CREATE TABLE rule_sets (
        hash TEXT PRIMARY KEY,
        rules TEXT NOT NULL)""",
    """CREATE TABLE records (
        round_id TEXT PRIMARY KEY REFERENCES rounds(round_id),
        rules TEXT NOT NULL REFERENCES rule_sets(hash),
        record TEXT NOT NULL)""",
    """CREATE TABLE journal (
        id INTEGER PRIMARY KEY,
        account INTEGER NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL CHECK (kind IN
            ('opening', 'import', 'round', 'fresh', 'rebuy', 'unfinished', 'repair')),
        amount TEXT NOT NULL CHECK (typeof(amount) = 'text'),
        units INTEGER,
        round_id TEXT REFERENCES rounds(round_id),
        at TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '')""",
    "CREATE INDEX journal_by_account ON journal (account, kind, units)",
    "CREATE INDEX journal_by_round ON journal (round_id, account, kind)",
    """CREATE TABLE inflight (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        round_id TEXT NOT NULL,
        account INTEGER NOT NULL REFERENCES accounts(id),
        state TEXT NOT NULL,
        saved_at TEXT NOT NULL)""",
    """CREATE TABLE shoe (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        state TEXT NOT NULL)""",
    """CREATE TABLE fair_shoes (
        id INTEGER PRIMARY KEY,
        commitment TEXT NOT NULL UNIQUE,
        record TEXT NOT NULL,
        retired_at TEXT NOT NULL)""",
    """CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
    """CREATE TABLE evenings (
        id TEXT PRIMARY KEY,
        source TEXT NOT NULL CHECK (source IN ('scorekeeper', 'table')),
        status TEXT NOT NULL CHECK (status IN ('open', 'paused', 'closed')),
        state TEXT NOT NULL,
        updated TEXT NOT NULL)""",
    """CREATE TABLE aside (
        id INTEGER PRIMARY KEY,
        what TEXT NOT NULL,
        why TEXT NOT NULL,
        data TEXT NOT NULL,
        at TEXT NOT NULL)""",
)

# Version 2: the drills' attempts (practice, never money: no account, no journal line).
SCHEMA_2 = (
    """CREATE TABLE drill_attempts (
        id INTEGER PRIMARY KEY,
        drill TEXT NOT NULL,
        day TEXT NOT NULL,
        asked INTEGER NOT NULL CHECK (asked >= 0),
        correct INTEGER NOT NULL CHECK (correct >= 0 AND correct <= asked),
        seconds REAL NOT NULL CHECK (seconds >= 0),
        missed TEXT NOT NULL DEFAULT '[]')""",
    "CREATE INDEX drill_attempts_by_drill ON drill_attempts (drill, day)",
)

MIGRATIONS: dict[int, tuple[str, ...]] = {1: SCHEMA_1, 2: SCHEMA_2}
"""``MIGRATIONS[n]`` takes a file at version ``n - 1`` (0: empty) to version ``n``."""

ADDED = {"drill_attempts": 2}
"""The tables added after the first schema, by the version that added them."""
TABLES = ("meta", "accounts", "rounds", "rule_sets", "records", "journal", "inflight", "shoe",
          "fair_shoes", "settings", "evenings", "aside", "drill_attempts")


# ---------------------------------------------------------------------------- exact money in SQL

def money_text(amount: Decimal) -> str:
    """The stored form of an amount: exact, plain notation (``37.50``, ``-0.015``)."""
    return money_str(amount + 0)


UNITS = 10**6


def units(amount: Decimal) -> int | None:
    """``amount`` in millionths, exactly; ``None`` when it has more than six decimals."""
    scaled = amount * UNITS
    return int(scaled) if scaled == scaled.to_integral_value() else None


def read_money(text: object, what: str = "an amount") -> Decimal:
    """An amount read back from the database; :class:`RecordError` when it is not one."""
    if not isinstance(text, str):
        raise RecordError(f"{what} is not stored as exact text")
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise RecordError(f"{what} {text[:20]!r} is not an amount") from None
    if not amount.is_finite() or amount.adjusted() >= MAX_DIGITS:
        raise RecordError(f"{what} {text[:20]!r} is beyond any table's money")
    return amount


class DecSum:
    """``decsum(x)``: the exact sum of decimal text, as decimal text (NULL for no rows)."""

    def __init__(self) -> None:
        self.total = Decimal(0)

    def step(self, value: object) -> None:
        if value is None:
            return
        try:
            self.total += Decimal(str(value))
        except InvalidOperation:
            raise ValueError(f"decsum: {str(value)[:20]!r} is not an amount") from None

    def finalize(self) -> str:
        return money_text(self.total)


# ---------------------------------------------------------------------------- the connection

def connect(path: Path, *, read_only: bool = False) -> sqlite3.Connection:
    """Open the file with our pragmas and functions (``StoreError`` in one line on failure)."""
    try:
        if read_only:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                   timeout=BUSY_MS / 1000, isolation_level=None,
                                   check_same_thread=False)
        else:
            conn = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None,
                                   check_same_thread=False)
        conn.create_aggregate("decsum", 1, DecSum)  # type: ignore[arg-type]
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        if not read_only:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as err:
        raise db_error("open", path, err) from None
    return conn


class DamagedFile(StoreError):
    """The file is not a database, or not a whole one (SQLite's NOTADB and CORRUPT)."""

    def __init__(self, text: str, why: str) -> None:
        super().__init__(text)
        self.why = why


def db_error(action: str, path: Path, err: sqlite3.Error | OSError) -> StoreError:
    """One line a player can read: ``could not save to /x/blackjack.db: the disk is full``."""
    text = str(err).lower()
    if isinstance(err, OSError):
        from blackjack_tui.store.errors import os_error

        return os_error(action, path, err)
    if "disk is full" in text or "database or disk is full" in text:
        why = "the disk is full"
    elif "readonly" in text or "read-only" in text:
        why = "the disk or the folder is read-only"
    elif "unable to open" in text:
        why = "the file cannot be opened (a folder in the way, or no permission)"
    elif "not a database" in text or "malformed" in text:
        why = "the file is damaged"
    elif "locked" in text or "busy" in text:
        why = "another program holds the database"
    else:
        why = str(err)
    if why == "the file is damaged":
        return DamagedFile(f"could not {action} {path}: {why}", str(err))
    return StoreError(f"could not {action} {path}: {why}")


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, all or nothing: any error rolls everything back."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def schema_version(conn: sqlite3.Connection) -> int:
    """0 for an empty file, else the version the file was written at."""
    has_meta = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone()
    if not has_meta:
        return 0
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    try:
        return int(row[0]) if row else 0
    except (TypeError, ValueError):
        raise RecordError("the database's schema version is unreadable") from None


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the file to ``target``, one version per transaction; returns the version before."""
    before = schema_version(conn)
    for version in range(before + 1, target + 1):
        with transaction(conn):
            for statement in MIGRATIONS[version]:
                conn.execute(statement)
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
                         (str(version),))
    return before


def quick_check(conn: sqlite3.Connection) -> list[str]:
    """``PRAGMA quick_check``'s complaints (empty when the file is sound)."""
    try:
        rows = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as err:
        return [str(err)]
    return [] if rows == ["ok"] else rows


@functools.cache
def _expected_schema() -> dict[str, str]:
    conn = sqlite3.connect(":memory:")
    try:
        for version in range(1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[version]:
                conn.execute(statement)
        return _schema(conn)
    finally:
        conn.close()


def _schema(conn: sqlite3.Connection) -> dict[str, str]:
    rows = conn.execute("SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL "
                        "AND name NOT LIKE 'sqlite_%'").fetchall()
    return {str(name): " ".join(str(sql).split()) for name, sql in rows}


def schema_problems(conn: sqlite3.Connection) -> list[str]:
    """Where the file's tables and indexes differ from the schema this version writes (a table
    dropped, a definition changed by a flipped bit): empty when they are the same. For a file
    at :data:`SCHEMA_VERSION` only (an empty file, or an older or newer one, is not compared)."""
    try:
        if schema_version(conn) != SCHEMA_VERSION:
            return []
        have = _schema(conn)
    except (sqlite3.DatabaseError, RecordError) as err:
        return [f"its schema cannot be read ({err})"]
    want = _expected_schema()
    out = [f"the {name!r} {'index' if ' INDEX ' in sql else 'table'} is missing"
           for name, sql in want.items() if name not in have]
    out += [f"the definition of {name!r} is not the one written"
            for name, sql in want.items() if name in have and have[name] != sql]
    out += [f"an unknown {name!r} is in the file" for name in have if name not in want]
    return out


class Salvage(Struct):
    """What :func:`salvage` made of a damaged file."""

    aside: Path
    kept: int = 0
    lost: int = 0
    tables: list[str] = field(default_factory=list)
    """The tables that lost rows (or could not be read at all)."""


def salvage(path: Path) -> Salvage:
    """Copy a damaged file aside and rebuild it from every row that can still be read.

    Rows are read table by table, then row by row where a whole table cannot be read (with
    ``writable_schema`` on, so that one damaged definition does not hide the other tables); the
    new file gets today's schema.
    """
    aside = free_name(path, "damaged", stamp())
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            shutil.copy2(source, Path(f"{aside}{suffix}"))
    old = sqlite3.connect(f"{aside.resolve().as_uri()}?mode=ro", uri=True)
    with contextlib.suppress(sqlite3.Error):
        old.execute("PRAGMA writable_schema = ON")  # read past a damaged table's definition
    rows: dict[str, list[tuple[object, ...]]] = {}
    done = Salvage(aside)
    for table in TABLES:
        if table in ADDED and not _has_table(old, table):  # a file from before it
            rows[table] = []
            continue
        got, missed = _read_rows(old, table)
        rows[table] = got
        done.kept += len(got)
        done.lost += missed
        if missed:
            done.tables.append(table)
    old.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    new = connect(path)
    migrate(new)
    with transaction(new):
        for table in TABLES:
            columns = [r[1] for r in new.execute(f"PRAGMA table_info({table})")]
            for row in rows[table]:
                if table == "meta" and row and str(row[0]).startswith(("schema_version",
                                                                       "chain_")):
                    continue
                marks = ", ".join("?" * len(row))
                try:
                    new.execute(f"INSERT OR IGNORE INTO {table} ({', '.join(columns[:len(row)])}) "
                                f"VALUES ({marks})", row)
                except sqlite3.Error:
                    done.lost += 1
                    done.kept -= 1
                    if table not in done.tables:
                        done.tables.append(table)
    new.close()
    return done


def _has_table(conn: sqlite3.Connection, table: str) -> bool:
    """Whether the (damaged) file defines ``table``; True when that cannot be read either."""
    try:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                            (table,)).fetchone() is not None
    except sqlite3.DatabaseError:
        return True


def _read_rows(conn: sqlite3.Connection, table: str) -> tuple[list[tuple[object, ...]], int]:
    try:
        return [tuple(r) for r in conn.execute(f"SELECT * FROM {table}")], 0
    except sqlite3.DatabaseError:
        pass
    got: list[tuple[object, ...]] = []
    missed = 0
    try:
        top = conn.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0] or 0
    except sqlite3.DatabaseError:
        return got, 1
    for rowid in range(1, int(top) + 1):
        try:
            row = conn.execute(f"SELECT * FROM {table} WHERE rowid = ?", (rowid,)).fetchone()
        except sqlite3.DatabaseError:
            missed += 1
            continue
        if row is not None:
            got.append(tuple(row))
    return got, missed
