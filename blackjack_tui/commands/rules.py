"""``blackjack-tui rules [NAME] [--check FILE]``: list, show or validate rule sets."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from blackjack_tui.cli import UsageError
from blackjack_tui.commands._common import available_rules
from blackjack_tui.paths import user_rules_file
from blackjack_tui.rules_text import describe
from blackjack_tui.rulesets import RulesFileInvalid, check_file


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if args.check:
        try:
            sets = check_file(Path(args.check))
        except RulesFileInvalid as err:
            for error in err.errors:
                print(error, file=sys.stderr)
            return 2
        console.print(f"{args.check}: {len(sets)} valid rule set(s): {', '.join(sets)}")
        return 0
    sets = available_rules(args.rules_file)
    if args.name is None:
        table = Table(title="Rule sets", title_justify="left", show_lines=False)
        table.add_column("name", style="bold")
        table.add_column("title")
        table.add_column("description", overflow="fold")
        for name, rules in sets.items():
            table.add_row(name, rules.title, rules.description)
        console.print(table)
        console.print(f"Your own rule sets go in {user_rules_file()}", style="dim")
        return 0
    if args.name not in sets:
        raise UsageError(f"no rule set {args.name!r}; choose one of: {', '.join(sorted(sets))}")
    rules = sets[args.name]
    table = Table(title=f"{rules.title or rules.name}  ({rules.name})", title_justify="left",
                  caption=f"{rules.description}\nSource: {rules.source}", caption_justify="left",
                  show_header=False)
    table.add_column("rule", style="bold")
    table.add_column("words", overflow="fold")
    for topic, words in describe(rules):
        table.add_row(topic, words)
    console.print(table)
    return 0
