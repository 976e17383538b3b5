"""A round's money path through the game: ``Game.persist`` after the deal and every decision (the
step saved before it is shown) and at the end (the booking), this tree beside another checkout.

Each tree runs in its own process (so each imports its own ``blackjack_tui``) on a fresh data
folder: the same seeded rounds at the Nordic table, one box of 10, a seeded random player. Between
two steps the loop sleeps past the sync's delay, as a frame would be drawn there, so each timed
``persist`` is what the player waits for. Processes alternate tree, here, tree, here…; the figures
are medians over every round of every run.

    python benchmarks/game_rounds.py --tree DIR [--rounds 200] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

CHILD = r"""
import asyncio, json, random, sys, tempfile, time
from decimal import Decimal
from pathlib import Path
from blackjack_tui.controller.game import Game, GameOptions
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.rulesets import load_all
from blackjack_tui.store import Store

rounds = int(sys.argv[1])
game = Game(Store(Path(tempfile.mkdtemp())), load_all()[0], GameOptions(rules="nordic"))
game.drain()
game.session.shoe = Shoe.seeded(6, 7)
chooser = random.Random(7)
steps, books = [], []

async def play():
    for _ in range(rounds):
        game.before_deal()
        rnd, _ = game.session.start_round([Decimal(10)])
        rnd.deal()
        while True:
            t0 = time.perf_counter()
            await game.persist(rnd)
            (books if rnd.over else steps).append(time.perf_counter() - t0)
            await asyncio.sleep(0.03)  # the frame: the step's sync runs here
            if rnd.over:
                break
            decision = rnd.legal_actions()
            rnd.apply(Action(chooser.choice([a for a in decision.actions if a != "split"]
                                            or list(decision.actions))))
        game.finished(rnd)

asyncio.run(play())
game.close()
ms = lambda xs: [x * 1000 for x in xs]
print(json.dumps({"steps": ms(steps), "books": ms(books)}))
"""


def child(tree: Path, rounds: int) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", CHILD, str(rounds)], capture_output=True,
                          text=True, env=env, cwd=tree, check=False)
    if done.returncode != 0:
        raise SystemExit(f"benchmark step failed in {tree}:\n{done.stderr[-2000:]}")
    result: dict[str, list[float]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, required=True, help="another checkout to compare")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    got: dict[str, dict[str, list[float]]] = {"tree": {"steps": [], "books": []},
                                               "here": {"steps": [], "books": []}}
    for _ in range(args.runs):
        for name, tree in (("tree", args.tree), ("here", HERE)):
            for kind, values in child(tree, args.rounds).items():
                got[name][kind] += values
    print(f"Game.persist, {args.runs} runs of {args.rounds} rounds each (medians, ms)")
    for name, kinds in got.items():
        print(f"   {name:<5} a step saved {statistics.median(kinds['steps']):6.3f}   "
              f"a booking {statistics.median(kinds['books']):6.3f}   "
              f"({len(kinds['steps'])} steps, {len(kinds['books'])} bookings)")


if __name__ == "__main__":
    main()
