"""How fast the simulator plays basic strategy: hands per second on one core and on all cores.

    python benchmarks/sim.py [--hands 1000000] [--rules nordic,swedish] [--engine-hands 20000]

For each rule set: the fast path on one process, the fast path over every core, and the engine
path (every round a real ``Round``) on one process. One hand is one round of one box. "per core"
divides by the CPU seconds the workers used, so a busy machine does not flatter or shame it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def sim(rules: str, hands: int, jobs: int, engine: bool = False) -> dict[str, object]:
    command = [sys.executable, "-m", "blackjack_tui", "sim", "--rules", rules, "--hands",
               str(hands), "--seed", "1", "--jobs", str(jobs), "--json"]
    if engine:
        command.append("--engine")
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--engine-hands", type=int, default=20_000)
    parser.add_argument("--rules", default="nordic,swedish,home,online")
    args = parser.parse_args(argv)
    cores = os.cpu_count() or 1
    print(f"{cores} core(s); hands/s by wall clock, and per CPU second of the workers")
    for name in args.rules.split(","):
        hands = args.hands if name != "online" else args.hands // 10  # it shuffles every round
        one = sim(name, hands, 1)
        every = sim(name, hands, cores)
        engine = sim(name, args.engine_hands, 1, engine=True)
        print(f"{name:<13} fast 1 core {one['hands_per_second']:>9,}/s "
              f"({one['hands_per_cpu_second']:>9,} per core)   "
              f"fast {cores} cores {every['hands_per_second']:>9,}/s   "
              f"engine 1 core {engine['hands_per_second']:>7,}/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
