"""``blackjack-tui ledger [--data-dir DIR]``: the home-game scorekeeper."""

from __future__ import annotations

import argparse

from blackjack_tui.cli import UsageError
from blackjack_tui.commands._common import available_rules
from blackjack_tui.engine.rules import LedgerSettings
from blackjack_tui.store.evenings import EveningStore

RULES = "home"


def run(args: argparse.Namespace) -> int:
    store = EveningStore.at(args.data_dir)
    if store.root.exists() and not store.root.is_dir():
        raise UsageError(f"--data-dir {args.data_dir}: not a folder")
    sets = available_rules()
    if RULES not in sets:
        raise UsageError(f"no rule set {RULES!r} found for the home game")
    rules = sets[RULES]
    if rules.ledger is None:
        rules = rules.model_copy(update={"ledger": LedgerSettings()})
    try:
        store.folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise UsageError(f"cannot use {store.folder}: {err.strerror or err}") from None

    from blackjack_tui.ui.ledger.app import LedgerApp

    LedgerApp(store, rules).run()
    return 0
