"""``blackjack-tui ledger [--data-dir DIR]``: the home-game scorekeeper."""

from __future__ import annotations

import argparse
import sys

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
    # A folder in use or a disk that says no is not a mistake on the command line: status 1, as
    # the game itself says it (2 is for a wrong option or a bad file).
    try:
        lock = FolderLock(folder).acquire()
    except StoreError as err:
        print(f"blackjack-tui ledger: {err}", file=sys.stderr)
        return 1
    try:
        store = Store(folder)
    except StoreError as err:
        lock.release()
        print(f"blackjack-tui ledger: {err}", file=sys.stderr)
        return 1
    from blackjack_tui import config
    from blackjack_tui.ui.ledger.app import LedgerApp

    found = config.load()
    for problem in found.problems:  # (left on the terminal when the scorekeeper closes)
        print(problem, file=sys.stderr)
    try:
        # The game's look: the theme config.toml names, else the one picked in the game.
        theme = found.get("theme") or store.settings()[0].theme
        app = LedgerApp(EveningStore(store), rules, theme)
        app.set_keymap(found.keymap)  # [keymap] in config.toml: bindings by id
        app.run()
    finally:
        store.close()
        lock.release()
    return 0
