"""``blackjack-tui backup [--to FILE] [--list] [--data-dir DIR]``: a backup of the player's book.

Made through SQLite's online backup from a read-only connection (a consistent snapshot, the log
included), so it works while a game is being played in the same folder. Without ``--to`` it goes
into the data folder's ``backups/`` with the game's own (rotated the same way). ``--list`` prints
the backups there, newest first, each checked. Exit 0 when made, 1 when the disk or the database
says no (one line), 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from blackjack_tui.cli import UsageError
from blackjack_tui.commands._data import read_store
from blackjack_tui.paths import data_dir
from blackjack_tui.store import StoreError
from blackjack_tui.store.backup import backups_dir, inspect, listed, make, name_for, rotate


def run(args: argparse.Namespace) -> int:
    folder = data_dir(args.data_dir)
    if args.list:
        return _list(folder, args.json)
    store = read_store(args.data_dir)
    if store is None:
        raise UsageError(f"no blackjack-tui data in {folder} yet: nothing to back up")
    target = Path(args.to).expanduser() if args.to else None
    if target is not None and (target.is_dir() or str(args.to).endswith(("/", "\\"))):
        raise UsageError(f"--to {args.to}: give a file name, not a folder")
    if target is not None and target.exists():
        raise UsageError(f"--to {args.to}: the file exists; give a new name")
    try:
        rounds = store.read(lambda c: int(c.execute(
            "SELECT coalesce(max(seq), 0) FROM rounds").fetchone()[0]))
        made = make(store.conn, target or backups_dir(folder) / name_for(rounds))
    except StoreError as err:
        print(f"blackjack-tui backup: {err}")
        return 1
    finally:
        store.close()
    if target is None:
        rotate(folder)
    if args.json:
        print(json.dumps({"backup": str(made), "rounds": rounds}))
    else:
        print(f"Backed up the book through round {rounds:,} to {made}")
    return 0


def _list(folder: Path, as_json: bool) -> int:
    rows = []
    for path in listed(folder):
        found = inspect(path, deep=False)
        state = found.state
        rows.append({"file": str(path), "rounds": state.rounds if state else None,
                     "bankroll": state.bankroll if state else None,
                     "problems": found.problems})
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    if not rows:
        print(f"No backups in {backups_dir(folder)} yet.")
        return 0
    for row in rows:
        what = (f"round {row['rounds']:,}, bankroll {row['bankroll']}" if not row["problems"]
                else "PROBLEM: " + "; ".join(row["problems"]))  # type: ignore[arg-type]
        print(f"{Path(str(row['file'])).name}  {what}")
    return 0
