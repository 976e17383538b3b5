"""Command line: ``blackjack-tui [OPTIONS] [COMMAND] [OPTIONS]``; no command means ``play``.

Each sub-command lives in its own module under :mod:`blackjack_tui.commands` (a ``run(args)``
returning the exit status) and is imported only when used, so ``blackjack-tui`` starts the game
without loading the analysis or the engine's tools. Adding a command is one entry in ``COMMANDS``
(its name, help, the shared options it takes, and a function declaring its own arguments).

Shared options may stand before or after the command: ``blackjack-tui --rules swedish play`` is
``blackjack-tui play --rules swedish``. ``--data-dir`` and ``--debug`` apply to every command; the
others only to the commands that list them, and anywhere else they are a usage error.

A mistake the user can make (a wrong option, a bad file) is one line on stderr and exit status 2.
Anything else that goes wrong is logged with its traceback and reported in one paragraph
(:mod:`blackjack_tui.diagnostics`), exit status 1.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from msgspec import Struct, field


class UsageError(Exception):
    """A mistake in what the user typed: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


MAX_COUNT = 10**9
"""The most rounds, hands or jobs a count on the command line asks for: more than any run could
use, and within what SQLite and the operating system take (a 30-digit limit was a crash)."""
MAX_SEED_DIGITS = 40


def _short(text: str) -> str:
    return repr(text) if len(text) <= 24 else repr(text[:20]) + f"… ({len(text)} characters)"


def _whole(text: str, digits: int, what: str) -> int:
    # Checked before int(): Python refuses to convert more than 4300 digits, with a ValueError
    # whose message is not the player's.
    bare = text.strip().lstrip("+-").replace("_", "")
    if not bare.isdigit() or not bare.isascii():
        raise argparse.ArgumentTypeError(f"{what} is a whole number, not {_short(text)}")
    if len(bare.lstrip("0")) > digits:
        raise argparse.ArgumentTypeError(f"{what} has at most {digits} digits, not {len(bare)}")
    return int(text)


def _positive_int(text: str) -> int:
    value = _whole(text, len(str(MAX_COUNT)), "a count")
    if not 1 <= value <= MAX_COUNT:
        raise argparse.ArgumentTypeError(f"expected a number from 1 to {MAX_COUNT:,}, not "
                                         f"{_short(text)}")
    return value


def _seed(text: str) -> int:
    return _whole(text, MAX_SEED_DIGITS, "a seed")


class Option(Struct, frozen=True):
    """An option several commands share, declared once."""

    flags: tuple[str, ...]
    default: Any
    help: str
    kwargs: dict[str, Any] = field(default_factory=dict)

    @property
    def dest(self) -> str:
        return self.flags[0].lstrip("-").replace("-", "_")


GLOBAL = (
    Option(("--data-dir",), None, "keep this run's profile, history, cache and log in DIR",
           {"metavar": "DIR"}),
    Option(("--debug",), False, "log everything, not only warnings", {"action": "store_true"}),
)
SHARED = (
    Option(("--rules",), None, "a rule set by name", {"metavar": "NAME"}),
    Option(("--rules-file",), None, "a rules file of your own, in TOML", {"metavar": "FILE"}),
    Option(("--seed",), None, "a reproducible shoe", {"type": _seed, "metavar": "N"}),
    Option(("--speed",), None, "how fast the cards are dealt",
           {"choices": ("instant", "fast", "normal", "slow")}),
    Option(("--ascii",), None, "draw cards in plain ASCII", {"action": "store_true"}),
    Option(("--narrate",), None, "tell the game as plain lines of text (a screen reader, a log, "
           "a pipe)", {"action": "store_true"}),
)
_SHARED = {o.dest: o for o in SHARED}
_OPTIONS = {o.dest for o in (*GLOBAL, *SHARED)} | {"check", "limit", "hands", "jobs"}


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    pass


class Command(Struct, frozen=True):
    """A sub-command: ``blackjack_tui/commands/<module>.py`` runs it."""

    name: str
    help: str
    shared: tuple[str, ...] = ()  # the dests in SHARED it takes
    arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments

    @property
    def module(self) -> str:
        return f"blackjack_tui.commands.{self.name}"


def _json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")


def _rules_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", nargs="?", help="a rule set to show in full")
    p.add_argument("--check", metavar="FILE", help="validate a rules file")


def _replay_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="scenario JSON or hand-history record (JSON or JSON lines)")
    _json(p)


def _strategy_args(p: argparse.ArgumentParser) -> None:
    _json(p)
    p.add_argument("--indices", action="store_true",
                   help="also the index plays worked out for these rules")
    p.add_argument("--count", metavar="SYSTEM",
                   help="with --indices, the count system: hi-lo (default), ko, hi-opt-i, "
                        "hi-opt-ii, omega-ii, zen, halves, red-7")


def _sim_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hands", type=_positive_int, default=100_000, metavar="N")
    p.add_argument("--jobs", type=_positive_int, default=None, metavar="J")
    p.add_argument("--engine", action="store_true",
                   help="play every round through the engine itself (slow; the fast path "
                        "settles the same cards)")
    p.add_argument("--python", action="store_true",
                   help="play on the pure-Python fast path even when the compiled one (numba: "
                        "pip install \"blackjack-tui[fast]\") is installed; the report's path "
                        "says which played: compiled, fast (pure Python) or engine")
    _json(p)
    count = p.add_argument_group(
        "counting", "count cards and bet by the count (any of these turns counting on; "
                    "docs/counting.md has the formulas)")
    count.add_argument("--count", metavar="SYSTEM",
                       help="the count: hi-lo (default), ko, hi-opt-i, hi-opt-ii, omega-ii, zen, "
                            "halves, red-7 (KO and Red 7 bet and play by the running count)")
    count.add_argument("--spread", metavar="SPEC",
                       help="units by true count, TC:UNITS,... rising (by running count for KO "
                            "and Red 7); the lowest entry covers every lower count (e.g. "
                            "1:1,2:2,3:4,4:8,5:12; default flat 1)")
    count.add_argument("--unit", metavar="AMOUNT",
                       help="the money of one unit (default the table minimum)")
    count.add_argument("--indices", choices=("computed", "none"),
                       help="computed: the index plays worked out for these rules (the default); "
                            "none: basic strategy at every count")
    count.add_argument("--insurance", choices=("index", "never"),
                       help="index: take insurance (and even money) at the insurance index of "
                            "the computed indices (the default); never: always decline it")
    count.add_argument("--wong-in", type=int, metavar="TC",
                       help="watch each shoe and play from the first true count of TC or more")
    count.add_argument("--wong-out", type=int, metavar="TC",
                       help="leave the shoe at a true count of TC or less")
    count.add_argument("--penetration", metavar="FRACTION",
                       help="deal this far into the shoe (0.75 or 75%%) instead of the table's")
    count.add_argument("--hands-per-hour", type=_positive_int, metavar="N",
                       help="rounds played per hour (default 100)")
    count.add_argument("--bankroll", metavar="UNITS", help="the risk of ruin of this bankroll")
    count.add_argument("--ror", metavar="PERCENT",
                       help="the bankroll for this risk of ruin (default 5)")
    count.add_argument("--tc", choices=("floor", "truncate", "half-deck"),
                       help="the true count: running count per deck left, floored (default, "
                            "as the TypeScript simulator), truncated towards 0, or over the "
                            "decks left to the nearest half deck, floored")


def _train_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("drill", nargs="?", metavar="DRILL",
                   help="strategy, indices, running-count, true-count, decks, bet-ramp or pairs "
                        "(none: the drill menu)")


def _history_args(p: argparse.ArgumentParser) -> None:
    _json(p)
    p.add_argument("--limit", type=_positive_int, default=100, metavar="N")


def _verify_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", help="a shoe record (default: the latest)")


def _audit_args(p: argparse.ArgumentParser) -> None:
    _json(p)
    p.add_argument("--replay", action="store_true",
                   help="also replay every round from its record (slower)")


def _backup_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--to", metavar="FILE", help="back up into FILE (default: the data folder's "
                   "backups/)")
    p.add_argument("--list", action="store_true", help="list the backups in the data folder")
    _json(p)


def _restore_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", help="a backup (default: the newest in backups/)")


def _completion_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("shell", choices=("bash", "zsh", "fish"))


def _port(text: str) -> int:
    value = _positive_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535, not {value}")
    return value


def _serve_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default: this computer only)")
    p.add_argument("--port", type=_port, default=8000, metavar="PORT")
    p.add_argument("--guest", action="store_true",
                   help="each tab its own table, thrown away at its end")


COMMANDS: tuple[Command, ...] = (
    Command("play", "sit at the table (the default)",
            ("rules", "seed", "speed", "ascii", "narrate")),
    Command("train", "open the game straight into a drill (or the drill menu)",
            ("rules", "seed", "speed", "ascii", "narrate"), _train_args),
    Command("rules", "list the rule sets, show one, or check a rules file", ("rules_file",),
            _rules_args),
    Command("replay", "re-run a scenario or hand-history file", ("rules_file",), _replay_args),
    Command("strategy", "print the basic-strategy chart", ("rules", "rules_file"),
            _strategy_args),
    Command("edge", "print the house edge of a rule set", ("rules", "rules_file"), _json),
    Command("sim", "simulate basic strategy, or a card counter's bets and plays",
            ("rules", "rules_file", "seed"), _sim_args),
    Command("ledger", "home-game scorekeeper for a table with real cards"),
    Command("history", "print the recent rounds", (), _history_args),
    Command("verify", "check a provably fair shoe against its commitment", (), _verify_args),
    Command("audit", "check that every chip adds up (exit 0: all agree)", (), _audit_args),
    Command("backup", "back up your bankroll and history (or --list the backups)", (),
            _backup_args),
    Command("restore", "put a backup back as your bankroll and history", (), _restore_args),
    Command("paths", "print where the data, config, cache, log and backups folders are", (),
            _json),
    Command("config", "print the settings in force and where each comes from", (), _json),
    Command("serve", "play in a web browser (the web extra)", (), _serve_args),
    Command("completion", "print a shell completion script (bash, zsh or fish)", (),
            _completion_args),
)
_COMMANDS = {c.name: c for c in COMMANDS}


def _add(p: argparse.ArgumentParser, option: Option, help: str | None = None) -> None:
    # SUPPRESS: an option not given after the command leaves the value given before it alone.
    p.add_argument(*option.flags, default=argparse.SUPPRESS, help=help or option.help,
                   **option.kwargs)


def build_parser(only: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``only``, the sub-commands of those names alone."""
    parser = _Parser(prog="blackjack-tui", description="Blackjack in the terminal.")
    parser.add_argument("--version", action="store_true",
                        help="print the versions of blackjack-tui and what it runs on")
    for option in GLOBAL:
        _add(parser, option)
    for option in SHARED:
        users = ", ".join(c.name for c in COMMANDS if option.dest in c.shared)
        _add(parser, option, f"{option.help} ({users})")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    for command in COMMANDS:
        if only is not None and command.name not in only:
            continue
        p = sub.add_parser(command.name, help=command.help, description=command.help)
        for option in GLOBAL:
            _add(p, option)
        for option in SHARED:
            # An option the command has no use for is still known to it (hidden from its help),
            # so that parse() says whom it is for, not argparse's "unrecognized arguments".
            _add(p, option, None if option.dest in command.shared else argparse.SUPPRESS)
        command.arguments(p)
    return parser


def parse(argv: Sequence[str]) -> tuple[Command, argparse.Namespace]:
    """The command and its options, shared ones from before or after its name (UsageError)."""
    words = list(argv)
    # Only the sub-commands named on the line are built (the other sixteen parsers cost the
    # game's start some 10 ms): argparse reads the line as the whole parser would. What it
    # refuses, and help, go through the whole parser, for its own message.
    whole = any(w.startswith(("-h", "--h")) for w in words)
    try:
        args = build_parser(None if whole else {w for w in words if w in _COMMANDS}
                            ).parse_args(words)
    except UsageError:
        args = build_parser().parse_args(words)
    command = _COMMANDS[args.command or "play"]
    args.command = command.name
    for option in SHARED:
        if hasattr(args, option.dest) and option.dest not in command.shared:
            users = " and ".join(c.name for c in COMMANDS if option.dest in c.shared)
            raise UsageError(f"blackjack-tui {command.name}: {option.flags[0]} is only for "
                             f"{users}")
    for option in (*GLOBAL, *(_SHARED[d] for d in command.shared)):
        if not hasattr(args, option.dest):
            setattr(args, option.dest, option.default)
    for dest, value in vars(args).items():
        if value == "":  # '' meant the current folder, or the default rule set
            what = "--" + dest.replace("_", "-") if dest in _OPTIONS else dest.upper()
            raise UsageError(f"blackjack-tui {command.name}: {what} is empty; give a name")
    return command, args


@contextmanager
def _cache_follows(data_dir: str | None) -> Iterator[None]:
    """With --data-dir, the analysis cache moves there too, for every part of the program
    (and the simulator's worker processes): through its environment variable, for this run."""
    from blackjack_tui.paths import CACHE_ENV, cache_dir

    if data_dir is None or os.environ.get(CACHE_ENV):
        yield
        return
    os.environ[CACHE_ENV] = str(cache_dir(data_dir))
    try:
        yield
    finally:
        os.environ.pop(CACHE_ENV, None)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        command, args = parse(args_list)
    except UsageError as err:
        print(err, file=sys.stderr)
        return 2
    if args.version:
        from blackjack_tui.diagnostics import versions_text

        print(versions_text())
        return 0
    from blackjack_tui.paths import FolderError, check_folder, tighten_all

    if args.data_dir is not None:
        try:
            check_folder(args.data_dir)
        except FolderError as err:
            print(f"blackjack-tui {command.name}: {err}", file=sys.stderr)
            return 2
    # Everything the game writes (the database, its log and lock, backups, the cache, the log)
    # is the player's alone: 0600 files and 0700 folders. A umask covers every writer at once,
    # SQLite's own files too, which no open() of ours creates; restored on the way out for a
    # caller that runs main() in its own process (the tests).
    umask = os.umask(0o077) if os.name == "posix" else None
    try:
        tighten_all(args.data_dir)  # what earlier versions wrote, 0644 and 0755
        return _run(command, args, args_list)
    finally:
        if umask is not None:
            os.umask(umask)


def _run(command: Command, args: argparse.Namespace, args_list: list[str]) -> int:
    from blackjack_tui.diagnostics import log, report_crash, start_logging
    from blackjack_tui.paths import log_dir

    logs = start_logging(log_dir(args.data_dir), debug=args.debug)
    if args.debug:
        from blackjack_tui.commands.paths import folders
        from blackjack_tui.diagnostics import versions_text

        log.debug("blackjack-tui %s\n%s\nfolders %s", args_list, versions_text(),
                  folders(args.data_dir))
    try:
        with _cache_follows(args.data_dir):
            module = importlib.import_module(command.module)
            return int(module.run(args))
    except UsageError as err:
        print(f"blackjack-tui {command.name}: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as err:
        return report_crash(err, logs, command.name, args_list)
    finally:
        logs.close()
