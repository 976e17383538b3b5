"""The store: the player's database, opened once per game, every change one transaction.

What makes every chip count once, whatever moment the process dies at:

1. While a round is played, :meth:`Store.save_inflight` after the deal and every decision. The
   account's balance stays the balance *before* the round; the saved round holds the rest. The
   game shows the step once its commit is in the operating system (it then survives the game
   crashing, being killed, its terminal closing) and syncs it to the disk once the frame is
   drawn with :meth:`Store.sync`, on the database's thread (some 20 ms later, sooner if the next
   step or a quit comes first): a power cut could undo only a step shown within the last few
   hundredths of a second -- the round resumes before it, no chip moves -- and no one can react
   to a card that fast. Everything else is synced before its call returns.
2. When it is over, :meth:`Store.book` in **one** transaction: the round's record, its journal
   lines (the player's result, the computer seats', the home evening's stacks), the new balances,
   the shoe, the retired fair shoes, the home evening — and the round in flight cleared. All or
   nothing; a round id is booked once (a second :meth:`book` of it changes nothing).
3. On start, the saved round in flight is checked (:mod:`.check`) and resumed, or set aside with
   its bets returned; the book is checked (:func:`.journal.problems`) and the journal wins.

Every method raises :class:`StoreError` (one line for the player) when the disk says no; nothing
is then half-written. The store is not thread-safe by itself: the game calls it from one thread
at a time (its lock serialises them).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar

from blackjack_tui.engine.fair import ShoeRecord
from blackjack_tui.engine.round import Round
from blackjack_tui.paths import data_dir
from blackjack_tui.store import journal
from blackjack_tui.store.db import (
    BUSY_MS,
    DB_NAME,
    SCHEMA_VERSION,
    connect,
    db_error,
    migrate,
    money_text,
    schema_version,
    transaction,
    units,
)
from blackjack_tui.store.errors import RecordError, StoreError
from blackjack_tui.store.head import BookState, Chain, extend, state_of, write_head
from blackjack_tui.store.inflight import encode
from blackjack_tui.store.journal import BANKROLL, START_BANKROLL, Line
from blackjack_tui.store.jsonio import dump_text, iso_now, load_json
from blackjack_tui.store.opening import Opened, open_writable, record_losses
from blackjack_tui.store.records import put_record
from blackjack_tui.store.settings import Settings, load_settings, save_settings

T = TypeVar("T")


@dataclass
class Counts:
    """The player's own hands in one round (computer seats never count)."""

    hands: int = 0
    wins: int = 0
    pushes: int = 0
    losses: int = 0
    blackjacks: int = 0
    doubles: int = 0
    doubles_won: int = 0
    splits: int = 0
    split_hands: int = 0
    split_hands_won: int = 0

    COLUMNS = ("hands", "wins", "pushes", "losses", "blackjacks", "doubles", "doubles_won",
               "splits", "split_hands", "split_hands_won")

    def values(self) -> tuple[int, ...]:
        return tuple(getattr(self, c) for c in self.COLUMNS)


@dataclass
class EveningSave:
    """A home evening written with the booking that changed it."""

    id: str
    state: str
    status: str = "open"
    source: str = "table"


@dataclass
class Booking:
    """Everything one finished round changes, written in one transaction by :meth:`Store.book`."""

    round_id: str
    record: str
    """The hand-history record (JSON): complete enough to replay the round."""
    ruleset: str
    account: str
    """The account the player played with: the bankroll, or his stack in a home evening."""
    before: Decimal
    net: Decimal
    """The player's result on ``account`` (as banker in a home game, the bank's result)."""
    staked: Decimal
    counts: Counts = field(default_factory=Counts)
    lines: list[Line] = field(default_factory=list)
    """Every journal line: the player's ``round`` line, the seats', the evening's, rebuys."""
    opening: list[Line] = field(default_factory=list)
    """First chips of accounts the round played with, written only if they do not exist yet."""
    shoe: dict[str, Any] | None = None
    retired: list[ShoeRecord] = field(default_factory=list)
    evening: EveningSave | None = None
    settings: tuple[Settings, list[Decimal | None]] | None = None
    """The settings and the round's bets as the last bets, kept with the round."""
    at: str = ""


@dataclass
class SavedRound:
    """The round in flight as saved: its id, the account it plays with, its state."""

    round_id: str
    account: str
    data: dict[str, Any] | None
    raw: bytes


UPSERT_INFLIGHT = ("INSERT INTO inflight (slot, round_id, account, state, saved_at) "
                   "VALUES (1, ?, ?, ?, ?) ON CONFLICT (slot) DO UPDATE SET "
                   "round_id = excluded.round_id, account = excluded.account, "
                   "state = excluded.state, saved_at = excluded.saved_at")


class Store:
    """The database in ``folder`` (``--data-dir``, else the platform's user data folder).

    ``read_only``: open for reading (the ``history``/``audit`` commands, a second window); no
    migration, no import, every write refused. A file from a newer blackjack-tui is always opened
    read-only and never changed (:attr:`newer`).
    """

    def __init__(self, folder: str | Path | None = None, *, read_only: bool = False,
                 legacy: bool = True) -> None:
        self.folder = data_dir(folder)
        self.path = self.folder / DB_NAME
        if self.path.is_symlink():  # the real file: its log, its copies aside stand beside it
            self.path = self.path.resolve()
        self.notices: list[str] = []
        self.newer = False
        self._lock = threading.RLock()
        if self.path.is_dir():
            raise StoreError(f"could not open {self.path}: a folder is in the way "
                             "(move it, or play with another --data-dir)")
        if read_only and not self.path.exists():
            raise StoreError(f"no blackjack-tui data in {self.folder} yet")
        if not read_only:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise db_error("create", self.folder, err) from None
        self.read_only = read_only
        self._checkpoint_pages: int | None = None  # wal_autocheckpoint, read at first need
        self._account_ids: dict[str, int] = {}  # accounts' ids, as committed
        self._chain: Chain | None = None  # the journal's chain as last committed (see .head)
        self._head: BookState | None = None  # the head file as last written or read
        self._head_durable = True  # and whether it was synced to the disk
        if read_only:
            self.conn = connect(self.path, read_only=True)
            try:
                self._open_read_only()
            except sqlite3.Error as err:
                self.conn.close()
                raise db_error("open", self.path, err) from None
            return
        try:
            opened = open_writable(self.folder, self.path)
        except sqlite3.Error as err:
            raise db_error("open", self.path, err) from None
        self.conn = opened.conn
        self.notices += opened.notices
        try:
            self._open(legacy, opened)
        except sqlite3.Error as err:
            self.conn.close()
            raise db_error("open", self.path, err) from None

    def _open_read_only(self) -> None:
        version = schema_version(self.conn)
        if version > SCHEMA_VERSION:
            self.newer = True
            self.notices.append(f"{self.path} was written by a newer blackjack-tui (schema "
                                f"{version}; this one reads {SCHEMA_VERSION}); it is left "
                                "untouched and nothing this session does is saved")

    def _open(self, legacy: bool, opened: Opened) -> None:
        version = schema_version(self.conn)
        if version > SCHEMA_VERSION:
            self.read_only = True
            self._open_read_only()
            return
        migrate(self.conn)
        record_losses(self.conn, opened)
        if legacy:
            from blackjack_tui.store.legacy import import_folder

            self.notices += import_folder(self)
        with transaction(self.conn):
            if not journal.exists(self.conn, BANKROLL):
                journal.post(self.conn, Line(BANKROLL, "opening", START_BANKROLL,
                                             "the first bankroll"))
            if self.conn.execute("SELECT 1 FROM meta WHERE key = 'db_id'").fetchone() is None:
                self.conn.execute("INSERT INTO meta (key, value) VALUES ('db_id', ?)",
                                  (uuid.uuid4().hex,))
            chain = extend(self.conn, None)
        self._chain = chain
        self._head = opened.head
        self.write_head()

    def close(self) -> None:
        """Seal the book (its head written, the log checkpointed into the file) and close; the
        last connection's close then removes the log: ``blackjack.db`` alone is the book."""
        with self._lock:
            with contextlib.suppress(StoreError):
                self.seal()
            self.conn.close()

    # ------------------------------------------------------------------ the head and the log

    def book_state(self) -> BookState:
        """Where the book ends now (as committed): the head file's content."""
        with self._lock:
            return state_of(self.conn, self._chain or Chain(), iso_now())

    def write_head(self, *, durable: bool = True) -> None:
        """Write the head file if the book moved since it was last written (the round in play
        included), or make it durable if it was written at once. Cheap when neither: three
        one-row reads."""
        if self.read_only or self._chain is None:
            return
        with self._lock:
            try:
                state = self.book_state()
            except sqlite3.Error as err:
                raise db_error("read", self.path, err) from None
            if state.same_book(self._head) and (self._head_durable or not durable):
                return
            write_head(self.folder, state, durable=durable)
            self._head, self._head_durable = state, durable

    def seal(self) -> None:
        """After a booking: the head written, then the log checkpointed into ``blackjack.db`` and
        truncated, so that the file alone holds every booked round. On the database's thread."""
        if self.read_only:
            return
        with self._lock:
            self.write_head()
            self.checkpoint()

    def checkpoint(self) -> bool:
        """``wal_checkpoint(TRUNCATE)``; whether every frame of the log reached the file (a
        reader of an older snapshot, ``audit`` say, can hold it back: the next one goes on)."""
        with self._lock:
            try:
                self.conn.execute("PRAGMA busy_timeout = 200")
                try:
                    busy, _log, _done = self.conn.execute(
                        "PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
                finally:
                    self.conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            except sqlite3.Error as err:
                raise db_error("save", self.path, err) from None
            return not busy

    def backup(self, target: Path | None = None) -> Path:
        """A backup through SQLite's online backup: to ``target``, or into ``backups/`` (then
        rotated). :class:`StoreError` when the disk says no."""
        from blackjack_tui.store import backup

        with self._lock:
            rounds = self.book_state().rounds
            where = target or backup.backups_dir(self.folder) / backup.name_for(rounds)
            made = backup.make(self.conn, where)
        if target is None:
            backup.rotate(self.folder)
        return made

    def backup_if_changed(self) -> Path | None:
        """A backup into ``backups/`` unless the newest one holds the book as it is."""
        from blackjack_tui.store import backup

        newest = backup.listed(self.folder)
        if newest and backup.rounds_in(newest[0]) == self.book_state().rounds:
            return None
        return self.backup()

    # ------------------------------------------------------------------ plumbing

    def write(self, action: str, fn: Callable[[sqlite3.Connection], T], *,
              synced: bool = True) -> T:
        """Run ``fn`` in one transaction; :class:`StoreError` (nothing written) on failure.

        ``synced=False``: the commit is not synced to the disk (``synchronous = NORMAL``, safe
        against a crash of the process, not of the machine) until :meth:`sync` or the next
        synced write -- call :meth:`sync` straight after."""
        self._writable(action)
        with self._lock:
            return self._commit(action, fn, synced=synced)

    def write_at_once(self, action: str, fn: Callable[[sqlite3.Connection], object], *,
                      one_statement: bool = False) -> bool:
        """Run ``fn`` in one transaction, unsynced (as ``write(..., synced=False)``), on the
        caller's thread, if no other thread is in the database this moment; ``False`` (nothing
        done) if one is. :class:`StoreError` (nothing written) on failure.

        For the table's own thread: the commit goes to the operating system's cache and no
        further. Nothing here waits on the disk: no sync, and no checkpoint (which writes the
        database file and syncs it) -- the log is checkpointed by the next write made on the
        database's thread, as SQLite's ``wal_autocheckpoint`` says."""
        self._writable(action)
        if not self._lock.acquire(blocking=False):
            return False
        try:
            self._commit(action, fn, synced=False, checkpoint=False, alone=one_statement)
        finally:
            self._lock.release()
        return True

    def _writable(self, action: str) -> None:
        if self.read_only:
            raise StoreError(f"could not {action}: {self.path} is open read-only")

    def _commit(self, action: str, fn: Callable[[sqlite3.Connection], T], *, synced: bool,
                checkpoint: bool = True, alone: bool = False) -> T:
        """``fn`` in one transaction, the lock held; unsynced, ``synchronous`` is FULL again
        after, and without ``checkpoint`` the log's auto-checkpoint is held off for it.
        ``alone``: ``fn`` runs one statement, its own transaction (no BEGIN and COMMIT)."""
        conn = self.conn
        try:
            if synced:
                with transaction(conn):
                    result = fn(conn)
                    chain = extend(conn, self._chain)
                self._chain = chain
                return result
            pages = None if checkpoint else self.autocheckpoint
            conn.execute("PRAGMA synchronous = NORMAL")
            if pages is not None:
                conn.execute("PRAGMA wal_autocheckpoint = 0")
            try:
                if alone:  # one statement, never a journal line (a step of a round)
                    return fn(conn)
                with transaction(conn):
                    result = fn(conn)
                    chain = extend(conn, self._chain)
                self._chain = chain
                return result
            finally:
                if pages is not None:
                    conn.execute(f"PRAGMA wal_autocheckpoint = {pages}")
                conn.execute("PRAGMA synchronous = FULL")
        except sqlite3.Error as err:
            raise db_error(action, self.path, err) from None

    @property
    def autocheckpoint(self) -> int:
        """SQLite's ``wal_autocheckpoint`` on this connection (read once: the store is the only
        one to set it, through this property; a commit made at once holds it off and puts it
        back without asking it again)."""
        if self._checkpoint_pages is None:
            with self._lock:
                self._checkpoint_pages = int(
                    self.conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
        return self._checkpoint_pages

    @autocheckpoint.setter
    def autocheckpoint(self, pages: int) -> None:
        with self._lock:
            self.conn.execute(f"PRAGMA wal_autocheckpoint = {int(pages)}")
            self._checkpoint_pages = int(pages)

    def sync(self) -> None:
        """Sync the write-ahead log to the disk: every commit so far survives a power cut too.
        (A commit in WAL mode is durable once the log is; ``synchronous = FULL`` does just this
        at each commit.)"""
        if self.read_only:
            return
        with self._lock:
            self._sync_log()
            self.write_head()  # a new round in play: the head names it

    def _sync_log(self) -> None:
        wal = self.path.with_name(self.path.name + "-wal")
        try:
            fd = os.open(wal, os.O_RDWR)
        except FileNotFoundError:
            return  # no log: everything is checkpointed into the file, which was synced
        except OSError as err:
            raise db_error("save the round", self.path, err) from None
        try:
            os.fsync(fd)
        except OSError as err:
            raise db_error("save the round", self.path, err) from None
        finally:
            os.close(fd)

    def read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            try:
                return fn(self.conn)
            except sqlite3.Error as err:
                raise db_error("read", self.path, err) from None

    # ------------------------------------------------------------------ accounts

    def balance(self, account: str = BANKROLL) -> Decimal:
        return self.read(lambda c: journal.balance(c, account))

    def balances(self, prefix: str) -> dict[str, Decimal]:
        return self.read(lambda c: journal.balances(c, prefix))

    def has_account(self, account: str) -> bool:
        return self.read(lambda c: journal.exists(c, account))

    def post(self, lines: Iterable[Line], action: str = "save the bankroll") -> None:
        """Write journal lines (a fresh bankroll, a rebuy, a seat's first chips) at once."""
        items = list(lines)
        self.write(action, lambda c: [journal.post(c, line) for line in items])

    def open_account(self, account: str, amount: Decimal, note: str = "") -> Decimal:
        """The account's balance, opening it with ``amount`` if it has never existed."""
        def run(conn: sqlite3.Connection) -> Decimal:
            if journal.exists(conn, account):
                return journal.balance(conn, account)
            return journal.post(conn, Line(account, "opening", amount, note))
        return self.write("open an account", run)

    def problems(self) -> list[journal.Problem]:
        return self.read(journal.problems)

    def repair(self) -> None:
        self.write("repair the book", journal.repair)

    # ------------------------------------------------------------------ the round in flight

    def save_inflight(self, round_id: str, account: str, rnd: Round,
                      extra: dict[str, Any] | None = None, opening: Iterable[Line] = (), *,
                      synced: bool = True, at_once: bool = False) -> bool:
        """Save the round in play (after the deal and after every decision). ``opening``: first
        chips for accounts the round plays with that do not exist yet (a seat's), at once.
        ``synced=False``: in the operating system when this returns; :meth:`sync` next.
        ``at_once``: made only if the database is free this moment (see :meth:`write_at_once`);
        returns whether it was made (always, without ``at_once``)."""
        now = iso_now()
        state = dump_text(encode(round_id, rnd, extra, saved_at=now))
        first = list(opening)
        known = self._account_ids.get(account)
        if at_once and known is not None and not first:
            # A step of a round under way: the row, in one statement (atomic by itself).
            def row(conn: sqlite3.Connection) -> None:
                conn.execute(UPSERT_INFLIGHT, (round_id, known, state, now))
            return self.write_at_once("save the round", row, one_statement=True)
        ident = 0

        def run(conn: sqlite3.Connection) -> None:
            nonlocal ident
            for line in first:
                if not journal.exists(conn, line.account):
                    journal.post(conn, line)
            ident = journal.account_id(conn, account)
            conn.execute(UPSERT_INFLIGHT, (round_id, ident, state, now))
        if at_once:
            made = self.write_at_once("save the round", run)
        else:
            self.write("save the round", run, synced=synced)
            made = True
        if made:  # (committed: an account is never taken away, its id stays right)
            self._account_ids[account] = ident
        return made

    def inflight(self) -> SavedRound | None:
        """The saved round in flight, if any (``data`` is ``None`` when its state is unreadable)."""
        row = self.read(lambda c: c.execute(
            "SELECT i.round_id, a.name, i.state FROM inflight i "
            "JOIN accounts a ON a.id = i.account").fetchone())
        if row is None:
            return None
        round_id, account, state = row
        raw = str(state).encode("utf-8")
        try:
            data = load_json(raw)
        except RecordError:
            data = None
        return SavedRound(str(round_id), str(account), data if isinstance(data, dict) else None,
                          raw)

    def set_aside(self, what: str, why: str, data: str | bytes,
                  lines: Iterable[Line] = ()) -> None:
        """Keep something that could not be used (for support), clear the round in flight, and
        write ``lines`` (an unfinished round's settlement) — one transaction."""
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        items = list(lines)

        def run(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO aside (what, why, data, at) VALUES (?, ?, ?, ?)",
                         (what, why, text, iso_now()))
            if what == "round":
                conn.execute("DELETE FROM inflight")
            for line in items:
                journal.post(conn, line)
        self.write("set the round aside", run)

    def clear_inflight(self) -> None:
        self.write("clear the round", lambda c: c.execute("DELETE FROM inflight"))

    # ------------------------------------------------------------------ booking

    def is_booked(self, round_id: str) -> bool:
        return self.read(lambda c: c.execute("SELECT 1 FROM rounds WHERE round_id = ?",
                                             (round_id,)).fetchone() is not None)

    def book(self, booking: Booking) -> bool:
        """Book a finished round, all or nothing; ``False`` if it was booked already."""
        def run(conn: sqlite3.Connection) -> bool:
            if conn.execute("SELECT 1 FROM rounds WHERE round_id = ?",
                            (booking.round_id,)).fetchone():
                conn.execute("DELETE FROM inflight WHERE round_id = ?", (booking.round_id,))
                return False
            at = booking.at or iso_now()
            ident = journal.account_id(conn, booking.account)
            evening = booking.evening.id if booking.evening else None
            conn.execute(
                "INSERT INTO rounds (round_id, at, account, ruleset, evening, staked, net, "
                f"net_units, before, after, {', '.join(Counts.COLUMNS)}) VALUES "
                f"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, {', '.join('?' * len(Counts.COLUMNS))})",
                (booking.round_id, at, ident, booking.ruleset, evening,
                 money_text(booking.staked), money_text(booking.net), units(booking.net),
                 money_text(booking.before),
                 money_text(booking.before + booking.net), *booking.counts.values()))
            put_record(conn, booking.round_id, json.loads(booking.record))
            for line in booking.opening:
                if not journal.exists(conn, line.account):
                    journal.post(conn, line, None, at)
            for line in booking.lines:
                journal.post(conn, line, booking.round_id, at)
            if booking.shoe is not None:
                _put_shoe(conn, booking.shoe)
            _put_retired(conn, booking.retired)
            if booking.evening is not None:
                _put_evening(conn, booking.evening)
            if booking.settings is not None:
                save_settings(conn, *booking.settings)
            conn.execute("DELETE FROM inflight")
            return True
        booked = self.write("book the round", run)
        # The head at once (into the OS, no sync: microseconds), so that a log lost from here
        # on is named; the seal that follows the frame syncs it and checkpoints the log.
        with contextlib.suppress(StoreError):
            self.write_head(durable=False)
        return booked

    # ------------------------------------------------------------------ the shoe between rounds

    def save_shoe(self, state: dict[str, Any] | None, retired: Iterable[ShoeRecord] = ()) -> None:
        """Keep the shoe between rounds (``None``: forget it) and the fair shoes it retired."""
        records = list(retired)

        def run(conn: sqlite3.Connection) -> None:
            if state is None:
                conn.execute("DELETE FROM shoe")
            else:
                _put_shoe(conn, state)
            _put_retired(conn, records)
        self.write("save the shoe", run)

    def shoe(self) -> dict[str, Any] | None:
        row = self.read(lambda c: c.execute("SELECT state FROM shoe").fetchone())
        if row is None:
            return None
        data = load_json(str(row[0]))
        return data if isinstance(data, dict) else None

    def fair_shoes(self, limit: int | None = None) -> tuple[list[ShoeRecord], list[str]]:
        """Retired provably fair shoes, newest first, and notices for records that are damaged."""
        rows = self.read(lambda c: c.execute(
            "SELECT record FROM fair_shoes ORDER BY id DESC LIMIT ?",
            (-1 if limit is None else limit,)).fetchall())
        out: list[ShoeRecord] = []
        notices: list[str] = []
        for (text,) in rows:
            try:
                out.append(ShoeRecord.from_dict(load_json(str(text))))
            except (RecordError, ValueError) as err:
                notices.append(f"a retired shoe could not be read: {err}")
        return out, notices

    # ------------------------------------------------------------------ settings

    def settings(self) -> tuple[Settings, list[Decimal | None], list[str]]:
        return self.read(load_settings)

    def save_settings(self, settings: Settings, last_bets: list[Decimal | None]) -> None:
        self.write("save the settings", lambda c: save_settings(c, settings, last_bets))

    # ------------------------------------------------------------------ evenings

    def save_evening(self, save: EveningSave) -> None:
        self.write("save the evening", lambda c: _put_evening(c, save))

    def open_evening(self, save: EveningSave, lines: Iterable[Line]) -> None:
        """A home evening's first save: its row and every stack's first chips, at once."""
        items = list(lines)

        def run(conn: sqlite3.Connection) -> None:
            for line in items:
                journal.post(conn, line)
            _put_evening(conn, save)
        self.write("start the evening", run)

    def evening_rows(self, source: str, status: tuple[str, ...] = ("open", "paused", "closed"),
                     ) -> list[tuple[str, str, str, str]]:
        """``(id, status, state JSON, updated)`` of the evenings from ``source``, newest first."""
        marks = ", ".join("?" * len(status))

        def run(conn: sqlite3.Connection) -> list[tuple[str, str, str, str]]:
            rows = conn.execute(f"SELECT id, status, state, updated FROM evenings WHERE source = ? "
                                f"AND status IN ({marks}) ORDER BY updated DESC", (source, *status))
            return [(str(a), str(b), str(c), str(d)) for a, b, c, d in rows]
        return self.read(run)

    # ------------------------------------------------------------------ reading the book

    def recent(self, limit: int | None = 100) -> tuple[list[Any], list[str]]:
        """The last rounds, newest first (:class:`~.reading.RoundRow`), and notices."""
        from blackjack_tui.store.reading import recent

        return self.read(lambda c: recent(c, limit))

    def statistics(self) -> Any:
        """The player's statistics (:class:`~.reading.Summary`)."""
        from blackjack_tui.store.reading import statistics

        return self.read(statistics)

    def delete_evening(self, evening_id: str) -> None:
        self.write("delete the evening",
                   lambda c: c.execute("DELETE FROM evenings WHERE id = ?", (evening_id,)))


def _put_shoe(conn: sqlite3.Connection, state: dict[str, Any]) -> None:
    conn.execute("INSERT INTO shoe (slot, state) VALUES (1, ?) ON CONFLICT (slot) "
                 "DO UPDATE SET state = excluded.state", (json.dumps(state),))


def _put_retired(conn: sqlite3.Connection, records: Iterable[ShoeRecord]) -> None:
    for record in records:
        conn.execute("INSERT OR IGNORE INTO fair_shoes (commitment, record, retired_at) "
                     "VALUES (?, ?, ?)",
                     (record.commitment, json.dumps(record.to_dict()), iso_now()))


def _put_evening(conn: sqlite3.Connection, save: EveningSave) -> None:
    conn.execute("INSERT INTO evenings (id, source, status, state, updated) VALUES (?, ?, ?, ?, ?) "
                 "ON CONFLICT (id) DO UPDATE SET status = excluded.status, state = excluded.state, "
                 "updated = excluded.updated",
                 (save.id, save.source, save.status, save.state, iso_now()))
