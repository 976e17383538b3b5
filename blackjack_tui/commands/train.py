"""``blackjack-tui train [DRILL]``: the game, opened straight into a drill (or the drill menu).

The drill's name is checked before anything opens: an unknown one is one line and exit 2.
Escape leaves the drill for the menu, and the menu for the table.
"""

from __future__ import annotations

import argparse

from blackjack_tui.cli import UsageError


def run(args: argparse.Namespace) -> int:
    from blackjack_tui.commands import play
    from blackjack_tui.controller.training import DRILLS

    name = args.drill
    if name is not None and name not in DRILLS:
        raise UsageError(f"no drill {name!r}; the drills are: {', '.join(DRILLS)}")
    args.drill_name = name or "menu"
    args.narrate = None  # the drills are screens: the plain mode has none
    return play.run(args)
