"""``blackjack-tui restore [FILE] [--data-dir DIR]``: put a backup back as the player's book.

Without FILE, the newest sound backup in the data folder's ``backups/``. The candidate is checked
first (``quick_check``, the schema, every balance against its journal, the journal's own chain);
a candidate that fails is refused and nothing changes. The database it replaces is kept aside
whole (``blackjack.db.replaced-STAMP``), and the book's head is set to the backup, so the next
start takes it as the player's choice. Needs the folder: not while a game is open on it.
Exit 0 when restored, 1 when refused, 2 on a usage error.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from blackjack_tui.cli import UsageError
from blackjack_tui.paths import data_dir
from blackjack_tui.store import FolderInUse, FolderLock, StoreError
from blackjack_tui.store.backup import inspect, listed, put_in_place, set_aside
from blackjack_tui.store.db import DB_NAME
from blackjack_tui.store.head import write_head


def run(args: argparse.Namespace) -> int:
    folder = data_dir(args.data_dir)
    if args.file is not None:
        source = Path(args.file).expanduser()
        if not source.is_file():
            raise UsageError(f"{args.file}: no such file")
    else:
        found = listed(folder)
        if not found:
            raise UsageError(f"no backups in {folder / 'backups'}: give a FILE")
        source = found[0]
    try:
        lock = FolderLock(folder).acquire()
    except FolderInUse as err:
        print(f"blackjack-tui restore: {err}")
        return 1
    try:
        candidate = inspect(source)
        if not candidate.sound or candidate.state is None:
            print(f"blackjack-tui restore: {source} is not restored: "
                  + "; ".join(candidate.problems[:3]))
            return 1
        target = folder / DB_NAME
        aside = set_aside(target, "replaced") if target.exists() else None
        put_in_place(source, folder)
        write_head(folder, candidate.state)
    except StoreError as err:
        print(f"blackjack-tui restore: {err}")
        return 1
    finally:
        lock.release()
    state = candidate.state
    print(f"Restored {source.name}: the book through round {state.rounds:,}, "
          f"bankroll {state.bankroll}."
          + (f" The database it replaces is kept at {aside}." if aside else ""))
    return 0
