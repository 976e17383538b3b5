"""How fast the simulator plays basic strategy, beside the TypeScript simulator on the same table.

    python benchmarks/sim.py [--rules nordic,swedish,online] [--hands 1000000] [--runs 5]
                             [--peer DIR] [--all-cores] [--engine-hands 20000]
                             [--counting [--spread 1:1,2:2,3:4,4:8,5:12]] [--python] [--cold]

For each rule set, ``--runs`` times, interleaved: ``blackjack-tui sim --jobs 1`` (the fast path on
one process), then the peer on the nearest table it can play. The figures are rounds per CPU
second of the simulating process (one round is one box's hand as dealt, its splits included), so
a busy machine shames neither side; the medians and their ratio are printed last.

The peer is ``@blackjacktrainer/blackjack-simulator`` from npm, installed anywhere outside this
repository (``npm install @blackjacktrainer/blackjack-simulator`` in a scratch folder); pass its
package folder (``.../node_modules/@blackjacktrainer/blackjack-simulator``) with ``--peer`` or
``BLACKJACK_SIM_PEER``. It runs its ``Simulator`` with its own basic strategy (no count-based
deviations), a flat bet and one spot, our table's decks, H17/S17, double after split, late
surrender, resplit aces, split hands and payout, and our penetration (0 for a table shuffled every
round, which makes it shuffle after every round). It always peeks, doubles any two cards, pushes
ties and counts aces as usual, so on the Swedish and online tables it plays the nearest peek
table; the lines say so. Its rounds are counted by wrapping ``Game.run`` (its own "hands played"
counts split hands one by one).

``--counting`` times the counting simulation instead: ``blackjack-tui sim --spread SPEC`` (Hi-Lo,
the indices computed for the table, the true count floored) beside the peer's counting mode,
``playerStrategy`` ``basic-strategy-i18-fab4`` (its Illustrious 18 and Fab 4, insurance among
them, read at the count of the moment) with ``playerBetSpread`` the same units by floored true
count. Our figure includes building the tables of every count's plays, once per process (or
reading them from the analysis cache, where the first run keeps them).

The counting simulation plays on the compiled path (numba's kernel, ``pip install ".[fast]"``)
when numba is installed, else on the pure-Python fast path; each line says which (``--python``
asks for the pure-Python one). Its figure is with numba's cache warm (the kernel compiled by an
earlier run); ``--cold`` also times one run with empty caches (numba's and the tables'), the
compilation included, and prints its CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from blackjack_tui.engine.rules import Rules  # noqa: E402
from blackjack_tui.rulesets import load_all  # noqa: E402

PEER_RUN = r"""
global.self = global;  // its bundle expects a browser's global object
const { Simulator } = require(process.argv[1] + '/dist/main.js');
const sim = new Simulator(JSON.parse(process.argv[2]));
let rounds = 0;
const run = sim.game.run.bind(sim.game);
sim.game.run = (bet, spots) => { rounds += 1; return run(bet, spots); };
const began = process.cpuUsage();
const result = sim.run();
const used = process.cpuUsage(began);
console.log(JSON.stringify({rounds, hands: result.handsPlayed,
                            cpu: (used.user + used.system) / 1e6}));
"""


def ours(rules: str, hands: int, jobs: int = 1, engine: bool = False,
         spread: str | None = None, python: bool = False,
         env: dict[str, str] | None = None) -> dict[str, object]:
    command = [sys.executable, "-m", "blackjack_tui", "sim", "--rules", rules, "--hands",
               str(hands), "--seed", "1", "--jobs", str(jobs), "--json"]
    if engine:
        command.append("--engine")
    if spread is not None:
        command += ["--spread", spread]
    if python:
        command.append("--python")
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def cold(rules: str, hands: int, spread: str | None) -> tuple[dict[str, object], float]:
    """One run with numba's cache and the analysis cache empty; its report and the CPU
    seconds of the whole process (start-up, compilation and tables included)."""
    with tempfile.TemporaryDirectory() as folder:
        before = os.times()
        got = ours(rules, hands, spread=spread,
                   env={"NUMBA_CACHE_DIR": f"{folder}/numba",
                        "BLACKJACK_TUI_CACHE_DIR": f"{folder}/cache"})
        after = os.times()
    return got, (after.children_user + after.children_system
                 - before.children_user - before.children_system)


def peer_settings(rules: Rules, hands: int) -> tuple[dict[str, object], list[str]]:
    """The peer's settings for the table nearest ``rules``, and what it plays differently."""
    every = rules.shuffle == "every-round"
    settings: dict[str, object] = {
        "hands": hands, "playerStrategy": 1, "playerBetSpread": [1000], "playerSpots": [1],
        "minimumBet": 1000, "deckCount": rules.decks, "hitSoft17": rules.dealer_hits_soft_17,
        "allowDoubleAfterSplit": rules.double_after_split,
        "allowLateSurrender": rules.surrender == "late", "allowResplitAces": rules.resplit_aces,
        "blackjackPayout": 1 if rules.blackjack_pays == "6:5" else 0,
        "maxHandsAllowed": rules.max_split_hands, "penetration": 0 if every else rules.penetration,
    }
    differs = []
    if rules.hole_card == "none":
        differs.append("peeks")
    if rules.double_on != "any" or rules.double_ace_as_one:
        differs.append("doubles any two")
    if rules.dealer_wins_ties:
        differs.append("pushes ties")
    if rules.blackjack_pays not in ("3:2", "6:5") or rules.hit_soft_21:
        differs.append("pays and hits as usual")
    return settings, differs


def peer_counting(settings: dict[str, object], spread: str) -> dict[str, object]:
    """The peer's counting mode: its I18 + Fab 4 plays, and our spread as its array of bets by
    floored true count from 0 up (its entry 0 covers every lower count, as our lowest does)."""
    from blackjack_tui.analysis.counting import Spread

    steps = Spread.parse(spread)
    top = max(0, steps.steps[-1][0])
    unit = int(settings["minimumBet"])  # type: ignore[call-overload]
    bets = [int(steps.units_at(tc) * unit) for tc in range(top + 1)]
    return {**settings, "playerStrategy": 3, "playerBetSpread": bets}


def peer(folder: Path, settings: dict[str, object]) -> dict[str, float]:
    done = subprocess.run(["node", "-e", PEER_RUN, str(folder), json.dumps(settings)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="nordic,swedish,online")
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--peer", type=Path, default=os.environ.get("BLACKJACK_SIM_PEER"))
    parser.add_argument("--all-cores", action="store_true",
                        help="also the fast path over every core, by the wall clock")
    parser.add_argument("--engine-hands", type=int, default=0,
                        help="also this many rounds through the engine's Round, one core")
    parser.add_argument("--counting", action="store_true",
                        help="time the counting simulation beside the peer's counting mode")
    parser.add_argument("--spread", default="1:1,2:2,3:4,4:8,5:12",
                        help="the spread of --counting (TC:UNITS,...)")
    parser.add_argument("--python", action="store_true",
                        help="count on the pure-Python fast path even with numba installed")
    parser.add_argument("--cold", action="store_true",
                        help="also one run with numba's cache and the tables' cache empty")
    args = parser.parse_args(argv)
    tables, errors = load_all()
    if errors:
        parser.error("; ".join(str(e) for e in errors))
    if args.peer is not None and (shutil.which("node") is None
                                  or not (args.peer / "dist" / "main.js").exists()):
        parser.error(f"no peer at {args.peer} (want its package folder, and node)")
    print(f"{os.cpu_count()} core(s); rounds per CPU second, median of {args.runs}, interleaved")
    for name in args.rules.split(","):
        rules = tables[name]
        mine, theirs = [], []
        settings, differs = peer_settings(rules, args.hands)
        spread = args.spread if args.counting else None
        if spread is not None:
            settings = peer_counting(settings, spread)
        paths = set()
        for _ in range(args.runs):
            got_ours = ours(name, args.hands, spread=spread, python=args.python)
            paths.add(str(got_ours["path"]))
            mine.append(float(got_ours["hands_per_cpu_second"]))  # type: ignore[arg-type]
            if args.peer is not None:
                got = peer(args.peer, settings)
                theirs.append(got["rounds"] / got["cpu"])
        mode = f"counting {spread} " if spread else ""
        path = "/".join(sorted(paths))
        line = f"{name:<13} {mode}blackjack-tui ({path}) {statistics.median(mine):>11,.0f}/s"
        if theirs:
            line += (f"   peer {statistics.median(theirs):>11,.0f}/s   ratio "
                     f"{statistics.median(mine) / statistics.median(theirs):.2f}")
            if differs:
                line += f"   (the peer {', '.join(differs)})"
        print(line)
        if args.cold:
            got_cold, process_cpu = cold(name, args.hands, spread)
            print(f"{'':<13} cold caches ({got_cold['path']}): "
                  f"{got_cold['hands_per_cpu_second']:>11,}/s in the rounds' chunks; "
                  f"{process_cpu:.1f} CPU s for the whole process")
        if args.all_cores:
            every = ours(name, args.hands, os.cpu_count() or 1)
            print(f"{'':<13} fast path on {every['jobs']} processes "
                  f"{every['hands_per_second']:>11,}/s by the wall clock")
        if args.engine_hands:
            engine = ours(name, args.engine_hands, engine=True)
            print(f"{'':<13} engine path {engine['hands_per_cpu_second']:>11,}/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
