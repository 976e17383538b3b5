"""Work out the shipped tables' house edges, charts and index plays into the package
(``blackjack_tui/analysis/shipped/``), so that the rules menu, the chart and the hint have them at
the first opening. Run before a release, or after a change to the rule sets or the analysis:

    python scripts/ship_analysis.py

``tests/analysis/test_shipped.py`` fails while a shipped table has none (or a stale one)."""

from __future__ import annotations

import time

from blackjack_tui.analysis.cache import SHIPPED, ship
from blackjack_tui.controller.strategy import other_reading
from blackjack_tui.rulesets import load_all


def main() -> None:
    SHIPPED.mkdir(exist_ok=True)
    for old in SHIPPED.glob("*.json"):
        old.unlink()
    for rules in load_all()[0].values():
        for table in (rules, other_reading(rules)):
            if table is None:
                continue
            start = time.perf_counter()
            ship(table)
            print(f"{table.name:<16} {time.perf_counter() - start:6.1f} s")


if __name__ == "__main__":
    main()
