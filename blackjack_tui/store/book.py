"""The player's database as a file: opened, written, sealed, backed up.

:class:`Book` owns the connection and what keeps the file whole; :class:`~.store.Store` adds what
the game reads and writes (accounts, the round in flight, bookings, settings, evenings).

The step save, in five lines (:meth:`Book.write_at_once`, :meth:`Book.sync`):
1. after the deal and each decision the round in flight is committed on the table's thread when
   the database is free (one statement, unsynced: safe from a crash or a kill, not a power cut);
2. it is shown once committed; 20 ms later, its frame drawn, the log is fsynced on the
   database's thread (and the head names a new round in play);
3. a booking is synced before it is shown, its head written at once, and a moment later sealed:
   the head synced, the log checkpointed into ``blackjack.db`` (the file alone is the book).

Every method raises :class:`StoreError` (one line for the player) when the disk says no; nothing
is then half-written. Calls are serialised by the book's lock (the game uses one thread at a time).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from blackjack_tui.paths import data_dir
from blackjack_tui.store import journal
from blackjack_tui.store.db import (
    BUSY_MS,
    DB_NAME,
    SCHEMA_VERSION,
    connect,
    db_error,
    migrate,
    schema_version,
    transaction,
)
from blackjack_tui.store.errors import StoreError
from blackjack_tui.store.head import BookState, Chain, extend, state_of, write_head
from blackjack_tui.store.journal import BANKROLL, START_BANKROLL, Line
from blackjack_tui.store.jsonio import iso_now
from blackjack_tui.store.opening import Opened, has_legacy, open_writable, record_losses

T = TypeVar("T")


class Book:
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
        if legacy and has_legacy(self.folder):
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
                self.write_head()
                self.checkpoint("TRUNCATE")
            self.conn.close()

    # ------------------------------------------------------------------ the head and the log

    def book_state(self) -> BookState:
        """Where the book ends now (as committed): the head file's content."""
        with self._lock:
            return state_of(self.conn, self._chain or Chain(), iso_now())

    def write_head(self) -> None:
        """Write the head file if the book moved since it was last written (the round in play
        included). Cheap when it did not: four one-row reads.

        Never synced: a head lost with a power cut is only an older head, and an older head
        never names a loss that did not happen (the database is then *ahead* of it). Only a
        database behind its head is a loss, and the head is written after every commit."""
        if self.read_only or self._chain is None:
            return
        with self._lock:
            try:
                state = self.book_state()
            except sqlite3.Error as err:
                raise db_error("read", self.path, err) from None
            self._put_head(state)

    def _put_head(self, state: BookState) -> None:
        if state.same_book(self._head):
            return
        write_head(self.folder, state, durable=False)
        self._head = state

    def seal(self) -> None:
        """After a booking: the log checkpointed into ``blackjack.db`` (and the file synced), so
        that the file alone holds every booked round. On the database's thread, after the frame.
        (PASSIVE: every frame is copied; the log is not cut, and its next writer starts it over.
        Until then a log lost is harmless, and one torn or flipped would hand back older pages
        over the newer file: the next start then reads the file alone, see
        :func:`~.opening._copy_after_a_crash`.)"""
        if self.read_only:
            return
        with self._lock:
            self.write_head()
            self.checkpoint()

    def checkpoint(self, mode: str = "PASSIVE") -> bool:
        """``wal_checkpoint(mode)``; whether every frame of the log reached the file (a reader of
        an older snapshot, ``audit`` say, can hold it back: the next one goes on). TRUNCATE, at
        the close, waits a moment for such a reader and empties the log."""
        with self._lock:
            try:
                self.conn.execute("PRAGMA busy_timeout = 200")
                try:
                    busy, log, done = self.conn.execute(
                        f"PRAGMA wal_checkpoint({mode})").fetchone()
                finally:
                    self.conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            except sqlite3.Error as err:
                raise db_error("save", self.path, err) from None
            return not busy and log == done

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
                    # The head as this commit leaves the book, read before COMMIT: from the
                    # commit to the head's file no statement runs (nothing to crash inside).
                    head = state_of(conn, chain, iso_now())
                self._chain = chain
                # At once (into the OS: see write_head): a log lost after this commit is then
                # named at the next start, not silently undone.
                with contextlib.suppress(StoreError):
                    self._put_head(head)
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
