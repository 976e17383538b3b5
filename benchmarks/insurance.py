"""What insurance by its index adds to a counting plan: the same rounds played with insurance at
the index and with it declined, round by round, and the difference with its 95 % interval.

    python benchmarks/insurance.py [--rules nordic,home] [--spread 1:1,2:2,3:4,4:6,5:8]
                                   [--count hi-lo] [--hands 4000000] [--seed 25]

Both players count, bet and play every other index alike; only insurance (and even money)
differs. At a peek table that asks insurance after the deal the two see the very same cards, so
each round's difference is the insurance's own result, and the interval of the mean difference is
far narrower than that of either win rate (``sim --insurance index`` against ``sim --insurance
never`` with the same seed shows the same gain within the intervals of each). Plays on the
compiled path when numba is installed (else the pure-Python fast path).
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this tree's package

from blackjack_tui.analysis import sim_compiled
from blackjack_tui.analysis.cache import cached_analysis, cached_indices
from blackjack_tui.analysis.counting import Z95, CountPlan, Record, Spread
from blackjack_tui.analysis.sim_count import CountingFastTable
from blackjack_tui.rulesets import load_all


def paired(name: str, spread: str, count: str, hands: int, seed: int) -> str:
    rules = load_all()[0][name]
    chart = cached_analysis(rules).chart
    indices = cached_indices(rules, count=count)
    entry = indices.find("insurance", 0, 1)
    declined = replace(indices, entries=tuple(e for e in indices.entries
                                              if e.kind != "insurance"))
    table = sim_compiled.CompiledCountingTable if sim_compiled.available() \
        and sim_compiled.plays(count) else CountingFastTable
    runs: list[list[Record]] = []
    for plays in (indices, declined):
        records: list[Record] = []
        table(rules, chart, CountPlan(Spread.parse(spread), plays, count), seed).play(hands,
                                                                                     records)
        runs.append(records)
    same = all(a[0] == b[0] and a[3] == b[3] for a, b in zip(*runs, strict=True))
    diffs = [a[2] - b[2] for a, b in zip(*runs, strict=True)]
    mean = sum(diffs) / hands
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (hands - 1))
    insured = sum(1 for d in diffs if d)
    index = "none" if entry is None else f"{entry.number:+d} ({entry.true_count:.2f})"
    return (f"{name}: {count} {spread}, insurance index {index}, {hands:,} rounds, seed {seed}: "
            f"insurance adds {100 * mean:+.3f} units per 100 rounds "
            f"(95% ±{100 * Z95 * sd / math.sqrt(hands):.3f}); {insured:,} rounds differ; "
            f"the same cards and counts: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="nordic,home")
    parser.add_argument("--spread", default="1:1,2:2,3:4,4:6,5:8")
    parser.add_argument("--count", default="hi-lo")
    parser.add_argument("--hands", type=int, default=4_000_000)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args()
    for name in args.rules.split(","):
        print(paired(name, args.spread, args.count, args.hands, args.seed), flush=True)


if __name__ == "__main__":
    main()
