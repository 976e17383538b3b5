"""``blackjack-tui train [DRILL]``: the game, opened straight into a drill (or the drill menu).

The drill's name is checked before anything opens: an unknown one is one line and exit 2.
Escape leaves the drill for the menu, and the menu for the table.

With ``--narrate`` (or ``narrate = true`` in ``config.toml``, or ``BLACKJACK_TUI_NARRATE``) the
drills are told as plain lines of text instead (:mod:`blackjack_tui.plain.train`), on the same
data folder: the same drills, the same progress.
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
    play.without_pydantic_plugins()
    from blackjack_tui import config

    args.config = config.load()
    if getattr(args, "narrate", None) or args.config.get("narrate"):
        return narrate(args, name)
    args.drill_name = name or "menu"
    args.narrate = None  # the screens: play's own --narrate is the table's plain mode
    return play.run(args)


def narrate(args: argparse.Namespace, name: str | None) -> int:
    """The drills in plain text, on the game's data folder (locked as the table locks it)."""
    from blackjack_tui.commands.play import open_game
    from blackjack_tui.plain.train import run as train

    game = open_game(args)
    if game is None:
        return 1
    return train(game, name, seed=args.seed)
