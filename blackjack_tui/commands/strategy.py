"""``blackjack-tui strategy``: the basic-strategy chart of a rule set, coloured as in print."""

from __future__ import annotations

import argparse
import json

from blackjack_tui.analysis.cache import cached_analysis, cached_indices
from blackjack_tui.analysis.indices import DEPTH, Indices, to_json
from blackjack_tui.analysis.result import Analysis
from blackjack_tui.analysis.strategy import UP_CARDS, row_label, up_label
from blackjack_tui.cli import UsageError
from blackjack_tui.commands._common import resolve_rules
from blackjack_tui.engine.count_systems import DEFAULT, CountSystem, system
from blackjack_tui.engine.rules import Rules

STYLES = {
    "H": "bold white on red3",
    "S": "bold black on yellow3",
    "D": "bold black on deep_sky_blue1",
    "P": "bold white on green4",
    "R": "bold white on grey42",
}
LEGEND = (
    ("H", "hit"),
    ("S", "stand"),
    ("Dh", "double, else hit"),
    ("Ds", "double, else stand"),
    ("P.", "split, else the second letter"),
    ("R.", "surrender, else the second letter"),
)
SECTIONS = (("hard", "Hard totals"), ("soft", "Soft totals"), ("pair", "Pairs"))


def run(args: argparse.Namespace) -> int:
    counted = _count(args)
    rules = resolve_rules(args.rules, args.rules_file)
    result = cached_analysis(rules)
    indices = cached_indices(rules, count=counted.name) if getattr(args, "indices", False) \
        else None
    if args.json:
        data: dict[str, object] = {
            "ruleset": rules.name,
            "house_edge_percent": round(result.house_edge_percent, 4),
            "optimal_edge_percent": round(result.optimal_edge_percent, 4),
            "chart": result.chart.codes(),
        }
        if indices is not None:
            data["count"] = counted.name
            data["indices_by"] = indices.by
            data["indices"] = to_json(indices)
        print(json.dumps(data))
        return 0
    _print_chart(rules, result)
    if indices is not None:
        _print_indices(indices, counted, rules)
    return 0


def _count(args: argparse.Namespace) -> CountSystem:
    """The ``--count`` asked for (Hi-Lo by default); an unknown one is a UsageError."""
    name = getattr(args, "count", None)
    if name is None:
        return system(DEFAULT)
    if not getattr(args, "indices", False):
        raise UsageError("--count goes with --indices (the chart itself does not count)")
    try:
        return system(name)
    except ValueError as err:
        raise UsageError(str(err)) from None


def _print_indices(indices: Indices, counted: CountSystem, rules: Rules) -> None:
    from rich.console import Console
    from rich.table import Table

    if counted.balanced:
        title = f"{counted.title} index plays (true count: running count per deck left)"
    else:
        title = (f"{counted.title} index plays (running count from "
                 f"{counted.initial(rules.decks) / counted.scale:+g} for {rules.decks} "
                 f"deck{'' if rules.decks == 1 else 's'})")
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("hand", style="bold")
    table.add_column("index", justify="right")
    table.add_column("play")
    table.add_column("exact", justify="right", style="dim")
    for entry in indices.entries:
        table.add_row(entry.label, f"{entry.number:+d}", entry.words(),
                      f"{entry.true_count:+.2f}")
    console = Console()
    console.print(table)
    console.print("Worked out for these rules from shoes shifted to each true count; "
                  "the index is the whole count nearest the turn.", style="dim")
    if not counted.balanced:
        console.print(f"Running counts read at {rules.decks * DEPTH:g} decks left (the average "
                      f"over a shoe dealt to 75%); the pivot is {counted.pivot:+d}.", style="dim")


def _print_chart(rules: Rules, result: Analysis) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console()
    title = rules.title or rules.name
    console.print(Text(f"Basic strategy: {title} ({rules.name})", style="bold"))
    console.print(f"House edge playing it: {result.house_edge_percent:.3f}% of the initial bet "
                  f"({result.optimal_edge_percent:.3f}% with the best play for the exact cards)")
    for kind, heading in SECTIONS:
        table = Table(title=heading, title_justify="left", show_edge=False, pad_edge=False,
                      padding=(0, 1))
        table.add_column("", justify="right", style="bold")
        for up in UP_CARDS:
            table.add_column(up_label(up), justify="center")
        for row in result.chart.rows(kind):
            cells = []
            for up in UP_CARDS:
                code = result.chart.cell(kind, row, up).code
                cells.append(Text(f"{code:^3}", style=STYLES[code[0]]))
            table.add_row(row_label(kind, row), *cells)
        console.print(table)
    legend = Text()
    for code, meaning in LEGEND:
        legend.append(f" {code} ", style=STYLES[code[0]])
        legend.append(f" {meaning}  ")
    console.print(legend)
