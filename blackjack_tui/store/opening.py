"""Opening the player's database when it may be damaged, behind its head, or gone.

Nothing here starts silently from less than the player had. In order:

1. **A file that is not a database** (random bytes, a torn header): moved aside whole (with its
   ``-wal`` and ``-shm``), a fresh file made in its place.
2. **A damaged file** (``quick_check`` complains, a table or index is missing or redefined): copied
   aside whole, and what can still be read carried into a fresh file table by table
   (:func:`~.db.salvage`); a balance whose journal lines were lost is kept with a ``repair`` line.
3. **A file behind its head** (:mod:`.head`: a lost, torn or rolled-back log, an older copy, an
   empty file) or one whose salvage lost rows: the newest sound backup that holds the head is put
   in its place (the file as found kept aside); with none, the newest that has more rounds.
4. What is still missing is said by round number, once, and kept in the ``aside`` table.

Each step is one line in :attr:`Opened.notices`, which the game shows at the start.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
from pathlib import Path

from msgspec import Struct, field

from blackjack_tui.store import backup, journal
from blackjack_tui.store.atomic import free_name, fsync_folder
from blackjack_tui.store.db import (
    SCHEMA_VERSION,
    DamagedFile,
    connect,
    migrate,
    quick_check,
    salvage,
    schema_problems,
    schema_version,
    transaction,
)
from blackjack_tui.store.head import (
    BookState,
    Chain,
    Gap,
    compare,
    read_head,
    state_of,
    stored_chain,
    walk,
)
from blackjack_tui.store.jsonio import iso_now, stamp

FILES = ("profile.json", "history.jsonl", "inflight.json", "shoe.json", "shoes.jsonl")
"""The files of blackjack-tui 0.1.0 (imported once by :mod:`.legacy`)."""


def has_legacy(folder: Path) -> bool:
    """Whether 0.1.0's files are in ``folder`` (the import, :mod:`.legacy`, loads only then)."""
    return any((folder / name).exists() for name in FILES) or (folder / "evenings").is_dir()


class Opened(Struct):
    """The connection to a database that holds all it can, and what the player must be told."""

    conn: sqlite3.Connection
    head: BookState | None
    notices: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    """What could not be recovered, in words (kept in the ``aside`` table, for the audit)."""


def open_writable(folder: Path, path: Path) -> Opened:
    """The database at ``path`` as far as it can be trusted (steps 1–3 above); the schema and the
    book's head are checked, the version is not (the caller's)."""
    head, note = read_head(folder)
    notices = [note] if note else []
    kept = _keep_a_log_beside_a_headless_file(path)
    if kept is not None:
        notices.append(f"The database file was empty or cut short while its log held "
                       f"{kept[1]:,} bytes; both are kept at {kept[0]}.")
    as_found = _copy_after_a_crash(path)
    try:
        conn, damage = _open_checked(path)
        if as_found is not None and (damage or _suspect(conn, head)):
            alone = _the_file_alone(path, conn, as_found, head, bool(damage))
            if alone is not None:
                conn, damage = alone, []
                aside = free_name(path, "log-damaged", stamp())
                for suffix in ("", "-wal", "-shm"):
                    if Path(f"{as_found}{suffix}").exists():
                        os.replace(f"{as_found}{suffix}", f"{aside}{suffix}")
                notices.append(
                    "The database's log was damaged (torn, cut or changed after the game "
                    "stopped): the database file alone is used, as it was sealed; the file and "
                    f"its log as found are kept at {aside}.")
    finally:
        if as_found is not None:
            _remove(as_found)
    salvaged = False
    if damage:
        if conn is not None:
            conn.close()
        done = salvage(path)  # (a fresh file at today's schema)
        conn = connect(path)
        with transaction(conn):
            conn.execute("DELETE FROM meta WHERE key LIKE 'chain_%'")  # walked anew, below
            repaired = journal.keep_balances(conn)
        notices.append(
            f"The database was damaged ({damage[0][:60]}); a copy is at {done.aside}. "
            f"{done.kept} records were kept"
            + (f", {done.lost} could not be read (in {', '.join(done.tables)})"
               if done.lost else ", none lost")
            + (f"; {', '.join(repaired)}" if repaired else "") + "."
            + _rounds_missing(conn, head))
        salvaged = done.lost > 0 or bool(repaired)
    assert conn is not None
    opened = Opened(conn, head, notices)
    if schema_version(conn) > SCHEMA_VERSION:
        return opened  # a newer blackjack-tui's: read only, never judged by this one
    migrate(conn)  # an empty file (or an older one) gets its tables before it is compared
    return _behind(folder, path, opened, salvaged)


def _open_checked(path: Path) -> tuple[sqlite3.Connection | None, list[str]]:
    """The file opened, and what is wrong with it as a file (empty when it is sound)."""
    conn: sqlite3.Connection | None = None
    try:
        conn = connect(path)
        return conn, quick_check(conn) or schema_problems(conn) or _unreadable(conn)
    except DamagedFile as err:
        return conn, [err.why]


def _copy_after_a_crash(path: Path) -> Path | None:
    """The database file and its log as a crash left them, copied before SQLite reads them.

    SQLite's log overrides the file page by page. Once a checkpoint has copied the log's frames
    into the file, a log later torn or changed (a copy taken in two moments, a flipped bit) hands
    back *older* pages over the newer file: a mix that no single commit ever wrote, which SQLite
    then checkpoints over the file when it closes. The file as found, alone, is then the book as
    last sealed (:meth:`~.book.Book.seal`). Only after a crash (a log with content): a clean quit
    empties the log."""
    wal = Path(f"{path}-wal")
    try:
        if path.stat().st_size < 100 or wal.stat().st_size == 0:
            return None
    except OSError:
        return None
    copy = path.with_name(f".{path.name}.as-found")
    _remove(copy)
    try:
        backup.copy_whole(path, copy)
    except OSError:
        _remove(copy)
        return None  # (no room for a copy: opened as SQLite reads it, as before)
    return copy


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def _book_problems(conn: sqlite3.Connection) -> list[str]:
    """Where a sound file's book does not add up, or its journal ends past its chain: after a
    crash, the sign of pages from two moments (see :func:`_copy_after_a_crash`)."""
    try:
        if schema_version(conn) != SCHEMA_VERSION:
            return []
        found = [p.text for p in journal.problems(conn)]
        stored = stored_chain(conn)
        last = conn.execute("SELECT coalesce(max(id), 0) FROM journal").fetchone()[0]
    except sqlite3.Error as err:
        return [str(err)]
    if stored is not None and stored.line != int(last):
        found.append(f"the journal ends at line {last}, its chain at line {stored.line}")
    return found


def _suspect(conn: sqlite3.Connection | None, head: BookState | None) -> bool:
    """A sound file after a crash whose book does not add up, or that is behind its head."""
    if conn is None or _book_problems(conn):
        return True
    try:
        if schema_version(conn) != SCHEMA_VERSION:
            return False
        return compare(conn, head, _state(conn)) is not None
    except sqlite3.Error:
        return True


def _the_file_alone(path: Path, conn: sqlite3.Connection | None, as_found: Path,
                    head: BookState | None, damaged: bool) -> sqlite3.Connection | None:
    """The database file as found, without its log, put in place if it is a sound book that
    holds more than the file read through its log (then the connection to it; else ``None``)."""
    alone = path.with_name(f".{path.name}.alone")
    _remove(alone)
    shutil.copy2(as_found, alone)
    other: sqlite3.Connection | None = None
    use = False
    try:
        other, wrong = _open_checked(alone)
        if other is None or wrong or _book_problems(other):
            return None
        state = _state(other)
        if compare(other, head, state) is not None and not damaged and conn is not None:
            mine = _state(conn)
            if (state.rounds, state.line) <= (mine.rounds, mine.line):
                return None  # behind too, and no further on: the log's reading stands
        use = True
    except sqlite3.Error:
        return None
    finally:
        if other is not None:
            other.close()
        if not use:
            _remove(alone)
    if conn is not None:
        conn.close()
    _remove(path)
    os.replace(alone, path)
    _remove(alone)
    fsync_folder(path.parent)
    return connect(path)


def _keep_a_log_beside_a_headless_file(path: Path) -> tuple[Path, int] | None:
    """SQLite, opening a file shorter than its 100-byte header, deletes the log beside it (the
    audit's finding): a log with content beside such a file is copied aside first, whole."""
    wal = Path(f"{path}-wal")
    try:
        if not path.exists() or path.stat().st_size >= 100 or wal.stat().st_size == 0:
            return None
    except OSError:
        return None
    aside = free_name(path, "damaged", stamp())
    backup.copy_whole(path, aside)
    return aside, wal.stat().st_size


def _rounds_missing(conn: sqlite3.Connection, head: BookState | None) -> str:
    """The booked rounds a salvage did not keep, by number (what the head says was booked)."""
    seqs = [int(r[0]) for r in conn.execute("SELECT seq FROM rounds ORDER BY seq")]
    top = max([head.rounds if head else 0, *seqs])
    have = set(seqs)
    gone = [n for n in range(1, top + 1) if n not in have]
    if not gone:
        return f" Every booked round ({top:,}) was kept." if top else ""
    spans: list[str] = []
    start = prev = gone[0]
    for n in [*gone[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        spans.append(f"{start:,}" if start == prev else f"{start:,}–{prev:,}")
        if n is not None:
            start = prev = n
    return f" Rounds {', '.join(spans[:6])}{' …' if len(spans) > 6 else ''} could not be read."


def _unreadable(conn: sqlite3.Connection) -> list[str]:
    """Text that is not UTF-8 where the start reads (balances, settings, the round in flight)."""
    try:
        for table in ("accounts", "settings", "inflight", "meta", "shoe"):
            conn.execute(f"SELECT * FROM {table}").fetchall()
    except sqlite3.OperationalError as err:
        if "decode" in str(err).lower():
            return [f"text that cannot be read in the {table} table"]
        if "no such table" in str(err).lower():
            return []  # an empty or older file: migrated next
        raise
    return []


def _state(conn: sqlite3.Connection) -> BookState:
    """The database's head: its stored chain (a salvaged file, or one from before the chain,
    is walked once; the audit walks every line)."""
    return state_of(conn, stored_chain(conn) or walk(conn, Chain()))


def _behind(folder: Path, path: Path, opened: Opened, salvaged: bool) -> Opened:
    """Step 3 and 4: a database behind its head (or salvaged with losses) takes the best backup."""
    conn, head = opened.conn, opened.head
    found = _state(conn)
    gap = compare(conn, head, found)
    if gap is None and not salvaged:
        _inflight_lost(head, found, opened)
        return opened
    candidate = backup.best(folder, head, beyond=found.rounds)
    holds = candidate is not None and head is not None and candidate.holds(head)
    more = (candidate is not None and candidate.state is not None
            and candidate.state.rounds > found.rounds
            and ((gap is not None and not gap.diverged) or found.line == 0))
    said = _cap(gap.words() if gap is not None else "the damaged file could not be read whole")
    if candidate is not None and candidate.state is not None and (holds or more):
        conn.close()
        aside = backup.set_aside(path, "salvaged" if salvaged else "behind")
        backup.put_in_place(candidate.path, folder)
        conn = connect(path)
        opened.conn = conn
        found = _state(conn)
        gap = compare(conn, head, found)
        said += f": the backup of round {candidate.state.rounds:,} is restored"
        if gap is not None:
            said += f", but {_what(gap)} {'is' if _one(gap) else 'are'} lost"
        said += f"{_bankroll_words(head, gap)}. The file found is kept as {aside.name}."
    elif gap is not None:
        said += (f", and no backup holds {'them' if not _one(gap) else 'it'}: "
                 f"{_what(gap)} {'is' if _one(gap) else 'are'} lost"
                 f"{_bankroll_words(head, gap)}.")
    else:
        said = ""
    if gap is not None:
        opened.lost.append(gap.missing)
    if said:
        opened.notices.append(said)
    _inflight_lost(head, found, opened)
    return opened


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _what(gap: Gap) -> str:
    if gap.diverged:
        return f"the book through round {gap.head.rounds:,}"
    first, last = gap.found.rounds + 1, gap.head.rounds
    if first > last:
        return "the last journal lines (a fresh bankroll, a rebuy or a settled round)"
    return f"round {last:,}" if first == last else f"rounds {first:,}–{last:,}"


def _one(gap: Gap) -> bool:
    return not gap.diverged and gap.found.rounds + 1 >= gap.head.rounds


def _bankroll_words(head: BookState | None, gap: Gap | None) -> str:
    if head is None or gap is None:
        return ""
    return f" (your bankroll was {head.bankroll} after round {head.rounds:,})"


def _inflight_lost(head: BookState | None, found: BookState, opened: Opened) -> None:
    """A round in play that the head saw and the database has neither in flight nor booked."""
    if head is None or head.inflight is None or head.inflight == found.inflight:
        return
    booked = opened.conn.execute("SELECT 1 FROM rounds WHERE round_id = ?",
                                 (head.inflight,)).fetchone()
    if booked is None:
        opened.notices.append(
            f"The round in play ({head.inflight[:8]}) was not in the database: its log was "
            "lost before the round was booked. Its bets had not left your bankroll.")


def record_losses(conn: sqlite3.Connection, opened: Opened) -> None:
    """Keep what was lost in the ``aside`` table (the audit lists it), once."""
    if not opened.lost:
        return
    data = json.dumps({"head": json.loads(opened.head.to_json()) if opened.head else None})
    with transaction(conn):
        for text in opened.lost:
            conn.execute("INSERT INTO aside (what, why, data, at) VALUES ('loss', ?, ?, ?)",
                         (text, data, iso_now()))


__all__ = ["Gap", "Opened", "open_writable", "record_losses"]
