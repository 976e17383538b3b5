"""Time to compute each shipped rule set's basic strategy and house edge, from a cold start.

Run: python benchmarks/analysis.py  (no disk cache is used; every in-process cache is cleared
before each rule set, so each figure includes building the dealer's tables).
"""

from __future__ import annotations

import time

from blackjack_tui.analysis import dealer
from blackjack_tui.analysis.edge import analyse
from blackjack_tui.analysis.player import split_counts
from blackjack_tui.rulesets import load_all


def main() -> None:
    sets, errors = load_all()
    for error in errors:
        print(f"warning: {error}")
    print(f"{'rule set':<16}{'seconds':>9}{'house edge %':>15}")
    for name, rules in sets.items():
        dealer._evaluator.cache_clear()
        dealer.dealer_distribution.cache_clear()
        split_counts.cache_clear()
        start = time.perf_counter()
        result = analyse(rules)
        elapsed = time.perf_counter() - start
        print(f"{name:<16}{elapsed:>9.2f}{result.house_edge_percent:>15.4f}")


if __name__ == "__main__":
    main()
