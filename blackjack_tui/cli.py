"""Command line: ``blackjack-tui [play] | rules | replay | strategy | edge | sim | ledger | ...``.

Each sub-command lives in its own module under :mod:`blackjack_tui.commands` and is imported only
when used, so ``blackjack-tui`` starts the game without loading the analysis or the engine's tools.
A mistake the user can make (a wrong option, a bad file) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS = ("play", "rules", "replay", "strategy", "edge", "sim", "ledger", "history", "verify",
            "audit")


class UsageError(Exception):
    """A mistake in what the user typed: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {text}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None


def _common_rules(p: argparse.ArgumentParser, required: bool = False) -> None:
    p.add_argument("--rules", metavar="NAME", required=required, help="rule set name")
    p.add_argument("--rules-file", metavar="FILE", help="a rules file of your own (TOML)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="blackjack-tui", description="Blackjack in the terminal.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="sit at the table (the default)")
    _add_play_options(play)
    _add_play_options(parser)

    rules = sub.add_parser("rules", help="list the rule sets, show one, or check a rules file")
    rules.add_argument("name", nargs="?", help="a rule set to show in full")
    rules.add_argument("--check", metavar="FILE", help="validate a rules file")
    rules.add_argument("--rules-file", metavar="FILE", help="a rules file of your own (TOML)")

    replay = sub.add_parser("replay", help="re-run a scenario or hand-history file")
    replay.add_argument("file", help="scenario JSON or hand-history record (JSON or JSON lines)")
    replay.add_argument("--json", action="store_true", help="print JSON")
    replay.add_argument("--rules-file", metavar="FILE", help="a rules file of your own (TOML)")

    strategy = sub.add_parser("strategy", help="print the basic-strategy chart")
    _common_rules(strategy)
    strategy.add_argument("--json", action="store_true", help="print JSON")

    edge = sub.add_parser("edge", help="print the house edge of a rule set")
    _common_rules(edge)
    edge.add_argument("--json", action="store_true", help="print JSON")

    sim = sub.add_parser("sim", help="simulate basic strategy through the engine")
    _common_rules(sim)
    sim.add_argument("--hands", type=_positive_int, default=100_000, metavar="N")
    sim.add_argument("--seed", type=_seed, default=None, metavar="S")
    sim.add_argument("--jobs", type=_positive_int, default=None, metavar="J")
    sim.add_argument("--engine", action="store_true",
                     help="play every round through the engine itself (slow; the fast path "
                          "settles the same cards)")
    sim.add_argument("--json", action="store_true", help="print JSON")

    ledger = sub.add_parser("ledger", help="home-game scorekeeper for a table with real cards")
    ledger.add_argument("--data-dir", metavar="DIR", help="where evenings are kept")

    history = sub.add_parser("history", help="print the recent rounds")
    history.add_argument("--json", action="store_true", help="print JSON")
    history.add_argument("--data-dir", metavar="DIR", help="where the profile is kept")
    history.add_argument("--limit", type=_positive_int, default=100, metavar="N")

    verify = sub.add_parser("verify", help="check a provably fair shoe against its commitment")
    verify.add_argument("file", nargs="?", help="a shoe record (default: the latest)")
    verify.add_argument("--data-dir", metavar="DIR", help="where the profile is kept")

    audit = sub.add_parser("audit", help="check that every chip adds up (exit 0: all agree)")
    audit.add_argument("--data-dir", metavar="DIR", help="where the profile is kept")
    audit.add_argument("--json", action="store_true", help="print JSON")
    audit.add_argument("--replay", action="store_true",
                       help="also replay every round from its record (slower)")
    return parser


def _add_play_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", metavar="NAME", help="rule set to sit down at")
    p.add_argument("--seed", type=_seed, default=None, metavar="N", help="a reproducible shoe")
    p.add_argument("--data-dir", metavar="DIR", help="where the profile is kept")
    p.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default=None)
    p.add_argument("--ascii", action="store_true", default=None, help="draw cards in plain ASCII")


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except UsageError as err:
        print(err, file=sys.stderr)
        return 2
    if args.version:
        from blackjack_tui import __version__

        print(__version__)
        return 0
    command = args.command or "play"
    module = importlib.import_module(f"blackjack_tui.commands.{command}")
    try:
        return int(module.run(args))
    except UsageError as err:
        print(f"blackjack-tui {command}: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
