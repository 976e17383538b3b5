"""``blackjack-tui serve [--host 127.0.0.1] [--port 8000] [--data-dir DIR] [--guest]``: the game in
a web browser, through textual-serve (the ``web`` extra).

Each browser tab is its own game process (``blackjack-tui play`` on the web driver). With the
player's data folder, one tab at a time holds it; another tab gets a page saying so (the folder's
lock, as in a terminal). ``--guest`` gives each tab a table of its own in a fresh folder, thrown
away when the tab's game ends. There is no login: it listens on this computer only unless
``--host`` says otherwise, and then says in one line that anyone who reaches it can play.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from blackjack_tui.cli import UsageError

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def tab_command(args: argparse.Namespace) -> str:
    """What each tab runs: the game on the player's folder (or ``DIR``), or a guest's table."""
    if args.guest:
        return shlex.join([sys.executable, "-m", "blackjack_tui.commands.guest"])
    words = [sys.executable, "-m", "blackjack_tui", "play"]
    if args.data_dir:
        words += ["--data-dir", str(args.data_dir)]
    return shlex.join(words)


def run(args: argparse.Namespace) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        raise UsageError('serving in a browser needs the web extra: pip install ".[web]" '
                         "in the checkout (or blackjack-tui[web])") from None
    if args.guest and args.data_dir:
        raise UsageError("--guest gives each tab a folder of its own: leave out --data-dir")
    where = f"http://{args.host}:{args.port}" if ":" not in args.host \
        else f"http://[{args.host}]:{args.port}"
    print(f"blackjack-tui in your browser at {where} (ctrl+c stops it)")
    if args.host not in LOOPBACK:
        print(f"blackjack-tui serve: listening on {args.host} with no login: anyone who can reach "
              f"it plays {'as a guest' if args.guest else 'with your bankroll'}",
              file=sys.stderr)
    Server(tab_command(args), host=args.host, port=args.port, title="blackjack-tui").serve()
    return 0
