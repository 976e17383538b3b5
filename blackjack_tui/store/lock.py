"""One game per data folder and per database: exclusive locks on ``blackjack.lock`` and on the
database file itself, held while the game runs.

The database's own lock is on its inode (``flock``), so a ``blackjack.db`` linked into a second
data folder, symbolically or hard, is the same lock: two games never play one book. (On Windows
the folder's lock alone: its locks are mandatory, and SQLite could not read its own file.)

The lock is the operating system's (``flock`` on POSIX, ``msvcrt.locking`` on Windows), so a
process that dies — killed, crashed, its terminal closed — lets go of it at once and the next
start takes it over; the pid written in the file is only there to name the holder in the message.
Reading commands (``history``, ``verify``, ``audit``) never take the lock.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import IO

from blackjack_tui.store.db import DB_NAME
from blackjack_tui.store.errors import StoreError, os_error

LOCK_NAME = "blackjack.lock"


class FolderInUse(StoreError):
    """Another blackjack-tui holds this data folder."""

    def __init__(self, folder: Path, pid: int | None, database: Path | None = None) -> None:
        self.folder = folder
        self.pid = pid
        who = f" (pid {pid})" if pid else ""
        if database is not None:
            super().__init__(f"the game is already open on {database.resolve()}, which "
                             f"{folder} shares (a link): close that game first")
            return
        super().__init__(f"the game is already open on {folder}{who}: close it first, "
                         "or play with another --data-dir")


class FolderLock:
    """``with FolderLock(folder):`` — or :meth:`acquire` / :meth:`release`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._handle: IO[str] | None = None
        self._database: tuple[int, int, int] | None = None  # (fd, device, inode) held

    def acquire(self) -> FolderLock:
        """Take the lock; :class:`FolderInUse` when another live process holds it."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle = open(self.path, "a+", encoding="ascii")  # noqa: SIM115 - held until release
        except OSError as err:
            raise os_error("lock", self.path, err) from None
        if not _try_lock(handle):
            handle.seek(0)
            text = handle.read().strip()
            handle.close()
            raise FolderInUse(self.folder, int(text) if text.isdigit() else None)
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._handle = handle
        try:
            self.hold_database(self.folder / DB_NAME)
        except BaseException:
            self.release()
            raise
        return self

    def hold_database(self, path: Path) -> None:
        """Lock the database file itself (again after it was replaced: a restore, a salvage).

        The descriptor stays open until :meth:`release`: closing any descriptor of a file drops
        the process's POSIX locks on it, SQLite's own among them, so the same file is never
        opened twice here and the old one is closed only once SQLite has left it."""
        if sys.platform == "win32":  # pragma: no cover - see the module's note
            return
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return  # a new folder: the store makes the file, then locks it here
        except OSError as err:
            raise os_error("lock", path, err) from None
        if self._database is not None and self._database[1:] == (st.st_dev, st.st_ino):
            return
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError as err:
            raise os_error("lock", path, err) from None
        if not _try_lock_fd(fd):
            os.close(fd)
            raise FolderInUse(self.folder, None, database=path)
        old, self._database = self._database, (fd, st.st_dev, st.st_ino)
        if old is not None:
            os.close(old[0])

    def release(self) -> None:
        if self._database is not None:
            with contextlib.suppress(OSError):
                os.close(self._database[0])  # (the flock goes with it)
            self._database = None
        if self._handle is not None:
            with contextlib.suppress(OSError):
                self._handle.seek(0)
                self._handle.truncate()
            _unlock(self._handle)
            self._handle.close()
            self._handle = None

    @property
    def held(self) -> bool:
        return self._handle is not None

    def __enter__(self) -> FolderLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(handle: IO[str]) -> bool:
        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        with contextlib.suppress(OSError):
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(handle: IO[str]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

    def _try_lock_fd(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True
