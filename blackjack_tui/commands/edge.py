"""``blackjack-tui edge``: the house edge of a rule set, two ways (computed once, then cached)."""

from __future__ import annotations

import argparse
import json

from blackjack_tui.analysis.cache import cached_analysis
from blackjack_tui.commands._common import resolve_rules


def run(args: argparse.Namespace) -> int:
    rules = resolve_rules(args.rules, args.rules_file)
    result = cached_analysis(rules)
    chart = round(result.house_edge_percent, 4)
    optimal = round(result.optimal_edge_percent, 4)
    if args.json:
        print(json.dumps({"ruleset": rules.name, "house_edge_percent": chart,
                          "chart_edge_percent": chart, "optimal_edge_percent": optimal}))
        return 0
    title = rules.title or rules.name
    print(f"{title} ({rules.name}): house edge {chart:.3f}% of the initial bet playing the "
          f"chart (return to player {100 - chart:.3f}%),")
    print(f"{optimal:.3f}% playing the best play for each hand's exact cards (as the hint does).")
    print("Exact combinatorial analysis from a full shoe, insurance never taken; "
          "positive: the house is ahead.")
    return 0
