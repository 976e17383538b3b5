"""``blackjack-tui ledger [--data-dir DIR]``: the home-game scorekeeper."""

from __future__ import annotations

import argparse

from blackjack_tui.cli import UsageError
from blackjack_tui.commands._common import available_rules
from blackjack_tui.engine.rules import LedgerSettings
from blackjack_tui.paths import data_dir
from blackjack_tui.store import FolderLock, Store, StoreError
from blackjack_tui.store.evenings import EveningStore

RULES = "home"


def run(args: argparse.Namespace) -> int:
    folder = data_dir(args.data_dir)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--data-dir {args.data_dir}: not a folder")
    sets = available_rules()
    if RULES not in sets:
        raise UsageError(f"no rule set {RULES!r} found for the home game")
    rules = sets[RULES]
    if rules.ledger is None:
        rules = rules.model_copy(update={"ledger": LedgerSettings()})
    try:
        lock = FolderLock(folder).acquire()
    except StoreError as err:
        raise UsageError(str(err)) from None
    try:
        store = Store(folder)
    except StoreError as err:
        lock.release()
        raise UsageError(str(err)) from None
    from blackjack_tui.ui.ledger.app import LedgerApp

    try:
        LedgerApp(EveningStore(store), rules).run()
    finally:
        store.close()
        lock.release()
    return 0
