"""The reading commands' view of the data folder: the database opened read-only, no lock taken,
so ``history``, ``verify`` and ``audit`` work while a game is being played in the same folder."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

from blackjack_tui.cli import UsageError
from blackjack_tui.paths import data_dir
from blackjack_tui.store import Store, StoreError
from blackjack_tui.store.db import DB_NAME
from blackjack_tui.store.opening import has_legacy


def read_store(folder: str | None) -> Store | None:
    """The data folder's database for reading; ``None`` when nothing has been played there."""
    path = database_of(folder)
    if path is None:
        return None
    try:
        return Store(path.parent, read_only=True)
    except StoreError as err:
        raise UsageError(str(err)) from None


def database_of(folder: str | None) -> Path | None:
    """The data folder's database file, whatever state it is in; ``None`` when nothing has been
    played there. A folder of 0.1.0's files is imported first (as a start would)."""
    path = data_dir(folder)
    if path.exists() and not path.is_dir():
        raise UsageError(f"--data-dir {folder}: not a folder")
    db = path / DB_NAME
    if os.path.lexists(db) or os.path.lexists(f"{db}-wal"):
        return db
    if not has_legacy(path):
        return None
    try:
        _import_once(path)
    except StoreError as err:
        raise UsageError(str(err)) from None
    return db


def _import_once(path: Path) -> None:
    """A folder of 0.1.0's files: the first reading command imports them (as a start would)."""
    from blackjack_tui.store import FolderLock

    with FolderLock(path):
        Store(path).close()


def to_a_pipe(write: Callable[[], int]) -> int:
    """``write()``'s exit status. What it prints may go to a pipe whose reader has gone
    (``audit --json | head -1``): the command then ends quietly with status 1 (its output was
    cut short) instead of a crash, and Python's last flush of stdout at exit goes nowhere."""
    try:
        status = write()
        sys.stdout.flush()
    except BrokenPipeError:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status
