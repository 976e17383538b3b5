"""``blackjack-tui [play]``: sit at the table."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from blackjack_tui.cli import UsageError


def run(args: argparse.Namespace) -> int:
    from blackjack_tui.ui.app import BlackjackApp, PlayOptions

    options = PlayOptions(
        rules=args.rules, seed=args.seed,
        data_dir=Path(args.data_dir) if args.data_dir else None,
        speed=args.speed, ascii=args.ascii,
    )
    if options.rules is not None:
        from blackjack_tui.commands._common import available_rules

        sets = available_rules(warn=False)
        if options.rules not in sets:
            raise UsageError(f"no rule set {options.rules!r}; choose one of: "
                             f"{', '.join(sorted(sets))}")
    if options.data_dir is not None and options.data_dir.exists() and not options.data_dir.is_dir():
        raise UsageError(f"--data-dir {options.data_dir} is a file, not a folder")
    from blackjack_tui.controller.game import Game
    from blackjack_tui.store import StoreError

    try:
        game = Game.open(options)
    except StoreError as err:  # another game on this folder, or a disk that cannot hold it
        print(f"blackjack-tui: {err}", file=sys.stderr)
        return 1
    BlackjackApp(options, game=game).run()
    return 0
