"""Backups of the player's database: made with SQLite's online backup, checked before they are used.

``backups/`` in the data folder holds ``blackjack-YYYYmmdd-HHMMSS-rN.db`` files (N: the last booked
round they hold). The game makes one at each start (when the book has changed since the newest)
and every :data:`EVERY_ROUNDS` rounds; :func:`rotate` keeps the last :data:`KEEP_LAST` and the
newest of each of the last :data:`KEEP_DAYS` days. ``blackjack-tui backup`` and ``restore`` do it
by hand. Never a file copy of a live database: :func:`make` copies through SQLite (a consistent
snapshot, the log included), into a temporary file renamed into place once synced.

A candidate is checked (:func:`inspect`: ``quick_check``, the schema, the book adding up, the
journal's chain) before it replaces anything, and the file it replaces is kept aside whole.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
from datetime import datetime
from pathlib import Path

from msgspec import Struct, field

from blackjack_tui.store.atomic import free_name, fsync_folder
from blackjack_tui.store.db import DB_NAME, quick_check, schema_problems
from blackjack_tui.store.errors import StoreError, os_error
from blackjack_tui.store.head import BookState, Chain, state_of, stored_chain, walk
from blackjack_tui.store.jsonio import stamp

BACKUPS = "backups"
EVERY_ROUNDS = 50
KEEP_LAST = 5
KEEP_DAYS = 14
_NAME = re.compile(r"^blackjack-(\d{8})-(\d{6})(?:-\d+)?-r(\d+)\.db$")


def backups_dir(folder: Path) -> Path:
    return folder / BACKUPS


class Inspection(Struct):
    """What a database file holds and whether it can be trusted."""

    path: Path
    state: BookState | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def sound(self) -> bool:
        return self.state is not None and not self.problems

    def holds(self, head: BookState) -> bool:
        """Whether this file has everything ``head`` says was written (checked on its lines)."""
        if not self.sound or self.state is None:
            return False
        if self.state.line < head.line or self.state.rounds < head.rounds:
            return False
        try:
            conn = _open_ro(self.path)
        except sqlite3.Error:
            return False
        try:
            through = walk(conn, Chain(), upto=head.line)
        except sqlite3.Error:
            return False
        finally:
            conn.close()
        return through.line == head.line and through.hash == head.chain


def _open_ro(path: Path) -> sqlite3.Connection:
    # immutable: a backup is never written, and opening it must not make a -wal or -shm beside it
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)


def inspect(path: Path, *, deep: bool = True) -> Inspection:
    """Open ``path`` read-only and say what it holds; ``deep``: also walk its journal's chain and
    check that every balance is its journal (the audit's book check)."""
    from blackjack_tui.store import journal

    found = Inspection(path)
    try:
        conn = _open_ro(path)
    except sqlite3.Error as err:
        found.problems.append(f"cannot be opened ({err})")
        return found
    try:
        damage = quick_check(conn)
        if damage:
            found.problems.append(f"is damaged ({damage[0][:60]})")
            return found
        found.problems += schema_problems(conn)
        if found.problems:
            return found
        stored = stored_chain(conn)
        chain = walk(conn, Chain()) if deep or stored is None else stored
        if stored is not None and deep and chain != stored:
            found.problems.append("its journal does not match its own chain")
        found.state = state_of(conn, chain)
        if deep:
            found.problems += [p.text for p in journal.problems(conn)]
    except sqlite3.Error as err:
        found.problems.append(f"cannot be read ({err})")
    finally:
        conn.close()
    return found


def make(conn: sqlite3.Connection, target: Path) -> Path:
    """Copy the database behind ``conn`` to ``target`` through SQLite's online backup, durably.
    :class:`StoreError` (nothing left behind) when the disk says no."""
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp.unlink(missing_ok=True)
        out = sqlite3.connect(tmp)
        try:
            conn.backup(out)
            # The copy stands alone: its own journal mode, no log beside it.
            out.execute("PRAGMA journal_mode = DELETE")
        finally:
            out.close()
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
        fsync_folder(target.parent)
    except (OSError, sqlite3.Error) as err:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(err, OSError):
            raise os_error("back up to", target, err) from None
        raise StoreError(f"could not back up to {target}: {err}") from None
    return target


def name_for(rounds: int, now: datetime | None = None) -> str:
    return f"blackjack-{stamp(now)}-r{rounds}.db"


def listed(folder: Path) -> list[Path]:
    """The backups in the data folder's ``backups/``, newest first."""
    where = backups_dir(folder)
    try:
        names = [p for p in where.iterdir() if _NAME.match(p.name)]
    except OSError:
        return []
    return sorted(names, key=lambda p: (_when(p), p.name), reverse=True)


def _when(path: Path) -> str:
    match = _NAME.match(path.name)
    return f"{match.group(1)}{match.group(2)}" if match else ""


def rounds_in(path: Path) -> int:
    """The last round a backup holds, as its name says."""
    match = _NAME.match(path.name)
    return int(match.group(3)) if match else 0


def rotate(folder: Path, keep_last: int = KEEP_LAST, keep_days: int = KEEP_DAYS,
           today: datetime | None = None) -> list[Path]:
    """Delete backups beyond the last ``keep_last`` and one a day for ``keep_days``; returns
    what was deleted."""
    files = listed(folder)
    keep = set(files[:keep_last])
    now = today or datetime.now()
    days: set[str] = set()
    for path in files:
        day = _when(path)[:8]
        try:
            age = (now - datetime.strptime(day, "%Y%m%d")).days
        except ValueError:
            continue
        if age < keep_days and day not in days:
            days.add(day)
            keep.add(path)
    gone = []
    for path in files:
        if path not in keep:
            with contextlib.suppress(OSError):
                path.unlink()
                gone.append(path)
    return gone


def best(folder: Path, head: BookState | None, *, beyond: int = -1) -> Inspection | None:
    """The newest sound backup that holds ``head`` (or, with no such one, the newest sound one
    that has more rounds than ``beyond``)."""
    fallback: Inspection | None = None
    for path in listed(folder):
        found = inspect(path)
        if not found.sound or found.state is None:
            continue
        if head is not None and found.holds(head):
            return found
        if fallback is None and found.state.rounds > beyond:
            fallback = found
    return fallback


def set_aside(path: Path, why: str) -> Path:
    """Move the database at ``path`` (with its ``-wal`` and ``-shm``) aside, whole:
    ``blackjack.db.WHY-STAMP``. Returns where it went."""
    aside = free_name(path, why, stamp())
    try:
        for suffix in ("", "-wal", "-shm"):
            source = Path(f"{path}{suffix}")
            if source.exists():
                os.replace(source, Path(f"{aside}{suffix}"))
        fsync_folder(path.parent)
    except OSError as err:
        raise os_error("move aside", path, err) from None
    return aside


def put_in_place(source: Path, folder: Path) -> Path:
    """Copy the backup ``source`` into the data folder as its database (through SQLite, so that
    the copy is whole), after the database there was set aside. Returns the database's path."""
    target = folder / DB_NAME
    src = _open_ro(source)
    try:
        make(src, target)
    finally:
        src.close()
    return target


def copy_whole(path: Path, target: Path) -> None:
    """A byte copy of a file that no one has open (a damaged database and its log)."""
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            shutil.copy2(source, Path(f"{target}{suffix}"))
