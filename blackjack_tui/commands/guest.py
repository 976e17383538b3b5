"""A guest's tab of ``blackjack-tui serve --guest``: the game in a fresh folder of its own, thrown
away (bankroll, history and all) when the game ends. ``python -m blackjack_tui.commands.guest``."""

from __future__ import annotations

import sys
import tempfile

from blackjack_tui.cli import main


def run() -> int:
    with tempfile.TemporaryDirectory(prefix="blackjack-tui-guest-") as folder:
        return main(["play", "--data-dir", folder])


if __name__ == "__main__":
    sys.exit(run())
