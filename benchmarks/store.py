"""What keeping the money costs: the disk work of a round, and reading the book at scale.

(Prints as it goes; run with ``python -u`` when piping.)

1. **A round's disk work**, before (0.1.0's JSON files: an atomic in-flight file after the deal
   and every decision, then the history line, the profile, the shoe, the in-flight file cleared)
   and after (the database: the round in flight after the deal and every decision, then one
   booking transaction). Both write durably (fsync) to the same disk; the same rounds; runs
   interleaved; the median per round of each and their ratio. ``--before DIR`` is a checkout of
   0.1.0 (``git worktree add --detach DIR 76cc1c0``); without it only "after" is printed.
2. **Reading the book**: the statistics screen's figures and ``audit`` on a database of 10,000 and
   100,000 booked rounds (median of 5 each), and 0.1.0's statistics (every record of
   ``history.jsonl`` read and added up) at 10,000 rounds when ``--before`` is given.

    python benchmarks/store.py [--before DIR] [--rounds 200] [--runs 5]
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

HERE = Path(__file__).resolve().parents[1]

# One process per measurement, so that each store is imported from its own checkout.
ROUND_WORK = r"""
import json, random, sys, tempfile, time
from decimal import Decimal
from pathlib import Path
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.rulesets import load_all

rules = load_all()[0]["nordic"]
rounds = int(sys.argv[1])
folder = Path(tempfile.mkdtemp())
rng = random.Random(7)
shoe = Shoe.seeded(6, 7)
new = True
try:
    from blackjack_tui.store import Store, Booking, Line, BANKROLL
    from blackjack_tui.store.reading import counts_of
    from blackjack_tui.engine.history import HandRecord
    store = Store(folder)
except ImportError:
    new = False
    from blackjack_tui.store import Store, new_round_id
    from blackjack_tui.engine.history import HandRecord
    store = Store(folder, history_model=HandRecord)
    profile = store.load_profile().profile

bankroll = Decimal(1000)
times = []
books = []
seals = []
for n in range(rounds):
    if shoe.needs_shuffle(False, 0.75):
        shoe.shuffle()
    rnd = Round(rules, shoe, [Decimal(10)], bankroll)
    rid = f"r{n}"
    start = time.perf_counter()
    rnd.deal()
    steps = [rnd]
    while (d := rnd.legal_actions()) is not None:
        rnd.apply(Action(rng.choice([a for a in d.actions if a != "split"] or list(d.actions))))
    record = HandRecord.of(rnd, [Decimal(10)], round_id=rid)
    elapsed = 0.0
    saves = max(1, len(rnd.actions))  # the deal, then every decision but the last
    for _ in range(saves):
        t0 = time.perf_counter()
        if new:
            store.save_inflight(rid, BANKROLL, rnd)
        else:
            store.save_round(rid, rnd)
        elapsed += time.perf_counter() - t0
    t0 = time.perf_counter()
    if new:
        booking = Booking(round_id=rid, record=record.model_dump_json(), ruleset="nordic",
                          account=BANKROLL, before=bankroll, net=rnd.net, staked=rnd.staked,
                          counts=counts_of(record.model_dump(mode="json")),
                          lines=[Line(BANKROLL, "round", rnd.net)],
                          shoe={"shoe": shoe.to_dict(), "rng": {"kind": "system"}})
        store.book(booking)
        books.append(time.perf_counter() - t0)
        if hasattr(store, "seal"):  # the head and the checkpoint, after the booking's frame
            t1 = time.perf_counter()
            store.seal()
            seals.append(time.perf_counter() - t1)
    else:
        store.finish_round(profile, rid, record, rnd.net)
        store.save_shoe(shoe)
    elapsed += time.perf_counter() - t0
    times.append(elapsed)
    bankroll = rnd.bankroll
def median(xs):
    return sorted(xs)[len(xs) // 2] * 1000 if xs else 0.0
print(json.dumps({"median_ms": median(times), "saves": rounds, "book_ms": median(books),
                  "seal_ms": median(seals)}))
"""

MAKE_BOOK = r"""
import json, random, sys, time
from decimal import Decimal
from pathlib import Path
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.history import HandRecord
from blackjack_tui.rulesets import load_all
from blackjack_tui.store import Store, Booking, Line, BANKROLL
from blackjack_tui.store.reading import counts_of
from blackjack_tui.store.db import transaction

rules = load_all()[0]["nordic"]
folder, rounds = Path(sys.argv[1]), int(sys.argv[2])
store = Store(folder)
store.conn.execute("PRAGMA synchronous = OFF")  # building the test book only
rng = random.Random(3)
shoe = Shoe.seeded(6, 3)
bankroll = Decimal(10) ** 9
store.post([Line(BANKROLL, "import", bankroll - store.balance())])
batch = []
for n in range(rounds):
    if shoe.needs_shuffle(False, 0.75):
        shoe.shuffle()
    rnd = Round(rules, shoe, [Decimal(10), Decimal(25)], bankroll)
    rnd.deal()
    while (d := rnd.legal_actions()) is not None:
        rnd.apply(Action(rng.choice(list(d.actions))))
    record = HandRecord.of(rnd, [Decimal(10), Decimal(25)], round_id=f"r{n}")
    store.book(Booking(round_id=f"r{n}", record=record.model_dump_json(), ruleset="nordic",
                       account=BANKROLL, before=bankroll, net=rnd.net, staked=rnd.staked,
                       counts=counts_of(record.model_dump(mode="json")),
                       lines=[Line(BANKROLL, "round", rnd.net)]))
    bankroll = rnd.bankroll
    if sys.argv[3:] == ["jsonl"]:
        batch.append(record.model_dump_json())
if batch:
    (folder / "history.jsonl").write_text("\n".join(batch) + "\n")
store.close()
"""

READ_BOOK = r"""
import json, sys, time
from pathlib import Path
from blackjack_tui.store import Store
from blackjack_tui.store.audit import audit
store = Store(Path(sys.argv[1]), read_only=True)
out = {}
for name, fn in (("statistics", store.statistics), ("audit", lambda: store.read(audit)),
                 ("start", store.problems)):
    times = []
    for _ in range(int(sys.argv[2])):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    out[name] = sorted(times)[len(times) // 2] * 1000
print(json.dumps(out))
"""

OLD_STATISTICS = r"""
import json, sys, time
from pathlib import Path
from blackjack_tui.controller.stats import summarize
from blackjack_tui.engine.history import HandRecord
from blackjack_tui.store import Store
store = Store(Path(sys.argv[1]), history_model=HandRecord)
times = []
for _ in range(int(sys.argv[2])):
    t0 = time.perf_counter()
    records = [r for r in store.recent_rounds(limit=None).records]
    summarize(reversed(records))
    times.append(time.perf_counter() - t0)
print(json.dumps({"statistics": sorted(times)[len(times) // 2] * 1000}))
"""


def python(code: str, *args: str, path: Path = HERE) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, cwd=path, check=False)
    if done.returncode != 0:
        raise SystemExit(f"benchmark step failed:\n{done.stderr[-2000:]}")
    lines = done.stdout.strip().splitlines()
    result: dict[str, float] = json.loads(lines[-1]) if lines else {}
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout of blackjack-tui 0.1.0")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tree", type=Path, help="another checkout of this database version "
                        "(a commit before a change), its booking measured beside this one's")
    args = parser.parse_args()
    if args.tree is not None:
        booking(args.tree, args.rounds, args.runs)
        return

    print("1. A round's disk work (the deal, every decision, the booking; fsync'd)")
    before: list[float] = []
    after: list[float] = []
    for _ in range(args.runs):  # interleaved: the disk's mood is shared
        if args.before is not None:
            before.append(python(ROUND_WORK, str(args.rounds), path=args.before)["median_ms"])
        after.append(python(ROUND_WORK, str(args.rounds))["median_ms"])
    a = statistics.median(after)
    if before:
        b = statistics.median(before)
        print(f"   0.1.0 JSON files  {b:7.2f} ms a round (median of {args.runs} runs)")
        print(f"   the database      {a:7.2f} ms a round   ({a / b:.2f}× of 0.1.0)")
    else:
        print(f"   the database      {a:7.2f} ms a round (give --before for 0.1.0)")

    print("2. Reading the book (median of 5)")
    for rounds in (10_000, 100_000):
        with tempfile.TemporaryDirectory() as folder:
            jsonl = ["jsonl"] if args.before is not None and rounds == 10_000 else []
            python(MAKE_BOOK, folder, str(rounds), *jsonl)
            got = python(READ_BOOK, folder, "5")
            line = (f"   {rounds:>7,} rounds: statistics {got['statistics']:7.1f} ms, "
                    f"audit {got['audit']:7.1f} ms, the start's check {got['start']:6.1f} ms")
            if jsonl:
                old = Path(folder) / "old"
                old.mkdir()
                (old / "history.jsonl").write_bytes((Path(folder) / "history.jsonl").read_bytes())
                then = python(OLD_STATISTICS, str(old), "3", path=args.before)  # type: ignore[arg-type]
                line += f"   (0.1.0's statistics: {then['statistics']:7.1f} ms)"
            print(line)


def booking(tree: Path, rounds: int, runs: int) -> None:
    """The booking (awaited before its frame) and the seal after it, in ``tree`` and here."""
    print("A round's booking, and its seal (the head, the checkpoint) after the frame")
    got: dict[str, list[dict[str, float]]] = {"tree": [], "here": []}
    for _ in range(runs):
        got["tree"].append(python(ROUND_WORK, str(rounds), path=tree))
        got["here"].append(python(ROUND_WORK, str(rounds)))
    for name, runs_of in got.items():
        book = statistics.median(r["book_ms"] for r in runs_of)
        seal = statistics.median(r["seal_ms"] for r in runs_of)
        whole = statistics.median(r["median_ms"] for r in runs_of)
        print(f"   {name:<5} booking {book:6.2f} ms   seal {seal:6.2f} ms   "
              f"a round's disk work {whole:6.2f} ms")


if __name__ == "__main__":
    main()
