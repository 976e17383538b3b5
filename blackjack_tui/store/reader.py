"""The player's database opened to read it, in whatever state it is, and never changed.

The reading commands (``audit``, ``history``) take no lock: a game may be writing. They open the
file read-only (``mode=ro``): SQLite then reads the log (``blackjack.db-wal``) through its shared
index (``-shm``), taking part in the game's locking, so each read sees whole bookings; a read-only
connection never writes the database file and never checkpoints the log. (To read a file in WAL
mode it may create the index and an empty log beside the file: scratch files, never the money.)

Where that cannot be done -- a read-only folder or disk, where the index cannot be made -- the
file and its log are copied into a private temporary folder and the copy is read (SQLite builds
the index there; nothing writes a read-only folder meanwhile, so the copy is whole). Not
``immutable=1``: it ignores the log, and with it every round not yet checkpointed into the file;
not SQLite's backup API: it reads through a connection to the source, the very thing that failed.

Two states are never handed to SQLite in place, because opening them would change what is
there: a file shorter than a database's header (SQLite deletes the log beside a zero-length
database when it opens it) is reported as it is. A damaged stored schema is read around
(``writable_schema``, harmless on a read-only connection) so that the rest can still be checked.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from pathlib import Path
from types import TracebackType

from msgspec import Struct, field

from blackjack_tui.store.db import BUSY_MS, DecSum
from blackjack_tui.store.errors import StoreError

HEADER = 100
"""A SQLite database's header, in bytes: a shorter file cannot be one."""


class Unreadable(StoreError):
    """The database cannot be read at all; ``str(err)`` says why in one line."""


class Reading(Struct):
    """An open read-only connection; ``problems`` found on the way in, ``notes`` on how it was
    read (from a copy). Close it (or use it as a context manager)."""

    conn: sqlite3.Connection
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    scratch: Path | None = None

    def close(self) -> None:
        self.conn.close()
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)

    def __enter__(self) -> Reading:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def log_of(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def open_reading(path: Path) -> Reading:
    """``path`` open for reading, without changing it; :class:`Unreadable` when it cannot be."""
    try:
        size = path.stat().st_size
    except OSError as err:
        raise Unreadable(f"could not read {path}: {err.strerror or err}") from None
    if size < HEADER:
        raise Unreadable(_too_short(path, size))
    try:
        return _open(path)
    except sqlite3.Error as err:
        if _code(err) not in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY,
                              sqlite3.SQLITE_PERM, sqlite3.SQLITE_IOERR):
            raise Unreadable(describe(path, err)) from None
    return _open_copy(path)


def _too_short(path: Path, size: int) -> str:
    what = "empty (0 bytes)" if size == 0 else f"too short to be a database ({size} bytes)"
    text = f"{path.name} is {what}: it holds no book"
    log = log_of(path)
    held = log.stat().st_size if log.exists() else 0
    if held:
        text += (f"; its log {log.name} ({held:,} bytes) is beside it and may hold the rounds: "
                 "keep both files")
    return text


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                           timeout=BUSY_MS / 1000, isolation_level=None,
                           check_same_thread=False)
    conn.create_aggregate("decsum", 1, DecSum)  # type: ignore[arg-type]
    conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    return conn


def _open(path: Path) -> Reading:
    conn = _connect(path)
    reading = Reading(conn)
    try:
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as err:
            if "malformed database schema" not in str(err):
                raise
            # A definition SQLite cannot parse stops every statement; with writable_schema the
            # damaged one is left out and the rest can be read (nothing is written: read-only).
            conn.execute("PRAGMA writable_schema = ON")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            reading.problems.append(f"the database is damaged: its stored schema cannot be read "
                                    f"({_one_line(err)})")
    except BaseException:
        conn.close()
        raise
    return reading


def _open_copy(path: Path) -> Reading:
    """Read a copy of the file and its log, made in a private temporary folder."""
    scratch = Path(tempfile.mkdtemp(prefix="blackjack-tui-read-"))
    try:
        copy = scratch / path.name
        shutil.copyfile(path, copy)
        if log_of(path).exists():
            shutil.copyfile(log_of(path), log_of(copy))
        os.chmod(scratch, 0o700)
        reading = _open(copy)
    except (OSError, sqlite3.Error) as err:
        shutil.rmtree(scratch, ignore_errors=True)
        if isinstance(err, OSError):
            raise Unreadable(f"could not read {path}: {err.strerror or err}") from None
        raise Unreadable(describe(path, err)) from None
    reading.scratch = scratch
    reading.notes.append(f"{path.parent} cannot be written, so a copy of the database and its "
                         "log was read")
    return reading


def _code(err: sqlite3.Error) -> int:
    return int(getattr(err, "sqlite_errorcode", 0) or 0) & 0xFF


def _one_line(err: BaseException) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0][:200]


def describe(path: Path, err: sqlite3.Error) -> str:
    """One line for a player: what stopped the reading of ``path``."""
    code, text = _code(err), str(err).lower()
    if not code:  # raised without SQLite's code: its words say the same
        code = (sqlite3.SQLITE_NOTADB if "not a database" in text else
                sqlite3.SQLITE_CORRUPT if "malformed" in text else 0)
    if code == sqlite3.SQLITE_NOTADB:
        return f"{path.name} is not a database: its first page is damaged or it is another file"
    if code == sqlite3.SQLITE_CORRUPT:
        return f"the database is damaged: {_one_line(err)}"
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return f"could not read {path}: another program holds the database"
    if code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_READONLY):
        return f"could not read {path}: the file cannot be opened (no permission?)"
    return f"could not read {path}: {_one_line(err)}"
