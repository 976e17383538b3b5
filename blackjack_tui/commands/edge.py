"""``blackjack-tui edge``: the house edge of a rule set (computed once, then cached)."""

from __future__ import annotations

import argparse
import json

from blackjack_tui.analysis.cache import cached_analysis
from blackjack_tui.commands._common import resolve_rules


def run(args: argparse.Namespace) -> int:
    rules = resolve_rules(args.rules, args.rules_file)
    result = cached_analysis(rules)
    edge = round(result.house_edge_percent, 4)
    if args.json:
        print(json.dumps({"ruleset": rules.name, "house_edge_percent": edge}))
        return 0
    title = rules.title or rules.name
    print(f"{title} ({rules.name}): house edge {edge:.3f}% of the initial bet, "
          f"return to player {100 - edge:.3f}%")
    print("Basic strategy from a full shoe, insurance never taken; positive: the house is ahead.")
    return 0
