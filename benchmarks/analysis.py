"""Cold time to analyse each shipped rule set, the exact analysis against the old calculator.

Run: python benchmarks/analysis.py [--rounds 3] [--old COMMIT]

Each figure is one fresh interpreter computing one rule set's chart and house edges from
nothing (no disk cache, no in-process cache; the import of the modules is timed apart). The old
calculator (commit ``--old``, by default the last one before the exact analysis, which kept each
starting hand's dealer odds fixed while the player drew) is taken from git into a temporary
folder and run the same way, interleaved with the new one, so both see the same machine load.
The table gives the median of the rounds and the ratio new / old.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OLD = "1ff0c7d"

CHILD = """
import json, sys, time
t0 = time.perf_counter()
from blackjack_tui.analysis.edge import analyse
from blackjack_tui.rulesets import load_all
t1 = time.perf_counter()
rules = load_all()[0][sys.argv[1]]
t2 = time.perf_counter()
result = analyse(rules)
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "analyse": t3 - t2,
                  "edge": result.house_edge_percent,
                  "optimal": result.optimal_edge_percent}))
"""


def run(tree: Path, name: str) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree), BLACKJACK_TUI_CACHE_DIR=tempfile.mkdtemp())
    out = subprocess.run([sys.executable, "-c", CHILD, name], capture_output=True, text=True,
                         env=env, cwd=tree, check=True)
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def old_tree(commit: str, into: Path) -> Path:
    archive = subprocess.run(["git", "archive", commit, "blackjack_tui", "rulesets.toml"],
                             cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--old", default=OLD)
    parser.add_argument("--only", nargs="*", help="rule sets to time (default: all shipped)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from blackjack_tui.rulesets import load_all

    names = args.only or list(load_all()[0])
    with tempfile.TemporaryDirectory() as tmp:
        old = old_tree(args.old, Path(tmp))
        times: dict[tuple[str, str], list[float]] = {}
        imports: dict[str, list[float]] = {"old": [], "new": []}
        edges: dict[tuple[str, str], dict[str, float]] = {}
        for _ in range(args.rounds):
            for name in names:
                for label, tree in (("old", old), ("new", ROOT)):
                    got = run(tree, name)
                    times.setdefault((label, name), []).append(got["analyse"])
                    imports[label].append(got["import"])
                    edges[(label, name)] = got
    print(f"{'rule set':<16}{'old s':>8}{'new s':>8}{'new/old':>9}"
          f"{'old edge %':>12}{'chart %':>10}{'optimal %':>11}")
    for name in names:
        old_s = statistics.median(times[("old", name)])
        new_s = statistics.median(times[("new", name)])
        print(f"{name:<16}{old_s:>8.3f}{new_s:>8.3f}{new_s / old_s:>9.2f}"
              f"{edges[('old', name)]['edge']:>12.4f}{edges[('new', name)]['edge']:>10.4f}"
              f"{edges[('new', name)]['optimal']:>11.4f}")
    print(f"import of the analysis modules: old {statistics.median(imports['old']):.3f} s, "
          f"new {statistics.median(imports['new']):.3f} s (median)")


if __name__ == "__main__":
    main()
