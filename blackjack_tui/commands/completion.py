"""``blackjack-tui completion bash|zsh|fish``: a shell completion script, made by shtab."""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "fish")


def run(args: argparse.Namespace) -> int:
    import shtab

    from blackjack_tui.cli import build_parser

    print(shtab.complete(build_parser(), shell=args.shell), end="")
    return 0
