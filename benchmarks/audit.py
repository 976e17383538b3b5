"""What the reading commands cost on a big book: ``audit --replay`` and ``history --json``.

A database of ``--rounds`` (100,000) real rounds is built once from the engine with seeded shoes
and a seeded random player (every shipped rule set in turn, one to three boxes, two computer players
at every third round; every decision legal, each round replayable), booked
through the store as a game books them, and kept in ``/tmp`` for the next run (keyed by the
number of rounds and this script's builder). Each measurement copies it to a fresh folder and runs
the real command line in its own process (start-up included), output to ``/dev/null``:

- ``blackjack-tui audit --replay``: every check, and every round replayed (aim: under 30 s).
- ``blackjack-tui history --json --limit N``: every round as JSON (aim: under 10 s).
- the floor, a minimal reader: ``sqlite3`` reading every record and ``json.loads`` of each, no
  checks, no replays -- what any reader of the book pays; the commands are given as ratios to it.

Runs are interleaved (the machine's mood is shared) and the median of ``--runs`` is printed, in
wall seconds and in CPU seconds (user + system: what the command costs, without the waits of a
machine shared with other work).
``--before DIR`` is another checkout (e.g. ``git archive main | tar -x -C DIR``): its commands are
measured on the same book, interleaved with this one's.

    python benchmarks/audit.py [--rounds 100000] [--runs 3] [--before DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

# Booked as the game books a round (Store.book), unsynced so that 100,000 rounds take a minute,
# not an hour of fsyncs; the log is folded into the file at the end.
MAKE_BOOK = r"""
import random, sys
from decimal import Decimal
from pathlib import Path
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.seats import SeatBet
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.history import HandRecord
from blackjack_tui.rulesets import load_all
from blackjack_tui.store import Store, Booking, Line, BANKROLL
from blackjack_tui.store.reading import counts_of

sets = load_all()[0]
folder, rounds = Path(sys.argv[1]), int(sys.argv[2])
store = Store(folder)
store.conn.execute("PRAGMA synchronous = OFF")  # building the test book only
rng = random.Random(3)
shoes = {name: Shoe.seeded(rules.decks, 3) for name, rules in sets.items()}
bankroll = Decimal(10) ** 9
store.post([Line(BANKROLL, "import", bankroll - store.balance())])
names = sorted(sets)
for n in range(rounds):
    # Every shipped rule set in turn, a table of six runs of rounds each; every third round two
    # computer players sit with the player (their decisions are in the record too).
    name = names[(n // 6) % len(names)]
    rules, shoe = sets[name], shoes[name]
    if shoe.needs_shuffle(rules.shuffle == "every-round", rules.penetration):
        shoe.shuffle()
    low = rules.limits().low
    bets = [low, 2 * low, low][:rules.max_boxes]
    seats = [SeatBet("Astrid", Decimal(5000), low), SeatBet("Bo", Decimal(5000), 3 * low)] \
        if n % 3 == 0 else []
    rnd = Round(rules, shoe, bets, bankroll, seats=seats, player_seat=1 if seats else 0)
    rnd.deal()
    while (d := rnd.legal_actions()) is not None:
        rnd.apply(rng.choice(list(d.actions)))
    record = HandRecord.of(rnd, bets, round_id=f"r{n}", time="2025-01-01T12:00:00")
    store.book(Booking(round_id=f"r{n}", record=record.model_dump_json(), ruleset=name,
                       account=BANKROLL, before=bankroll, net=rnd.net, staked=rnd.staked,
                       counts=counts_of(record.model_dump(mode="json")),
                       lines=[Line(BANKROLL, "round", rnd.net)]))
    bankroll = rnd.bankroll
store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
store.close()
"""

FLOOR = r"""
import json, sqlite3, sys
conn = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
n = sum(1 for (text,) in conn.execute("SELECT record FROM records") if json.loads(text))
print(n)
"""


def book(rounds: int) -> Path:
    """The cached book of ``rounds`` rounds (built on first use)."""
    key = hashlib.sha256(f"{rounds}\n{MAKE_BOOK}".encode()).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"blackjack-tui-bench-book-{rounds}-{key}"
    if (folder / "done").exists():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    print(f"building a book of {rounds:,} rounds in {folder} (once) …", flush=True)
    t0 = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    subprocess.run([sys.executable, "-c", MAKE_BOOK, str(folder), str(rounds)], env=env,
                   cwd=HERE, check=True)
    (folder / "done").write_text("")
    print(f"built in {time.perf_counter() - t0:.0f} s", flush=True)
    return folder


def timed(argv: list[str], path: Path) -> tuple[float, float]:
    """``(wall, CPU)`` seconds of one run of ``argv`` (a fresh process, stdout to /dev/null).
    The CPU time (user + system) is what the command costs; the wall time also holds the
    waits of a machine shared with others."""
    env = {**os.environ, "PYTHONPATH": str(path), "PYTHONDONTWRITEBYTECODE": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=path, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout, measured alongside")
    args = parser.parse_args()

    source = book(args.rounds)
    trees = {"after": HERE} if args.before is None else {"before": args.before, "after": HERE}
    cli = [sys.executable, "-m", "blackjack_tui"]
    times: dict[str, list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for run in range(args.runs):
            for tree, path in trees.items():
                folder = Path(scratch) / f"{tree}-{run}"
                shutil.copytree(source, folder)
                cases = {
                    "floor": [sys.executable, "-c", FLOOR, str(folder / "blackjack.db")],
                    "audit --replay": [*cli, "audit", "--replay", "--data-dir", str(folder)],
                    "history --json": [*cli, "history", "--json", "--limit", str(args.rounds),
                                       "--data-dir", str(folder)],
                }
                for name, argv in cases.items():
                    if name == "floor" and tree != "after":
                        continue
                    times.setdefault(f"{tree}: {name}", []).append(timed(argv, path))
                shutil.rmtree(folder)
            print(f"run {run + 1} of {args.runs} done", flush=True)
    floor = statistics.median(w for w, _ in times["after: floor"])
    floor_cpu = statistics.median(c for _, c in times["after: floor"])
    print(f"{args.rounds:,} rounds, medians of {args.runs} runs, wall (CPU) seconds; the floor, "
          f"every record read and parsed: {floor:.2f} s ({floor_cpu:.2f} s CPU)")
    for name, values in times.items():
        if name.endswith("floor"):
            continue
        wall = statistics.median(w for w, _ in values)
        cpu = statistics.median(c for _, c in values)
        print(f"   {name:<24} {wall:7.2f} s ({cpu:6.2f} s CPU)   {wall / floor:5.1f}× the floor "
              f"({cpu / floor_cpu:5.1f}× in CPU); runs {', '.join(f'{w:.1f}' for w, _ in values)}")


if __name__ == "__main__":
    main()
