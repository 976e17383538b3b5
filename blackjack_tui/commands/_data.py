"""The reading commands' view of the data folder: the database opened read-only, no lock taken,
so ``history``, ``verify`` and ``audit`` work while a game is being played in the same folder."""

from __future__ import annotations

from pathlib import Path

from blackjack_tui.cli import UsageError
from blackjack_tui.paths import data_dir
from blackjack_tui.store import Store, StoreError
from blackjack_tui.store.db import DB_NAME
from blackjack_tui.store.legacy import has_legacy


def read_store(folder: str | None) -> Store | None:
    """The data folder's database for reading; ``None`` when nothing has been played there."""
    path = data_dir(folder)
    if path.exists() and not path.is_dir():
        raise UsageError(f"--data-dir {folder}: not a folder")
    try:
        if not (path / DB_NAME).exists():
            if not has_legacy(path):
                return None
            _import_once(path)
        return Store(path, read_only=True)
    except StoreError as err:
        raise UsageError(str(err)) from None


def _import_once(path: Path) -> None:
    """A folder of 0.1.0's files: the first reading command imports them (as a start would)."""
    from blackjack_tui.store import FolderLock

    with FolderLock(path):
        Store(path).close()
