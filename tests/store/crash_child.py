"""A game that dies inside the database: the crash test runs this with a step number K.

    python tests/store/crash_child.py DATA_DIR SEED K

It plays rounds through the game (no screen) with random legal decisions; SQLite calls its
progress handler every few virtual-machine steps, and at the K-th call the process ends on the
spot (``os._exit``), in the middle of whatever statement or transaction is running. It prints the
number of handler calls it saw if it ever gets to the end.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from decimal import Decimal
from pathlib import Path

from blackjack_tui.controller.game import Game, GameOptions
from blackjack_tui.engine.actions import Action

ROUNDS = 4


async def play(game: Game, rng: random.Random) -> None:
    for _ in range(ROUNDS):
        if game.broke:
            game.fresh_bankroll()
        resumed = game.resume_round
        game.resume_round = None
        if resumed is not None:
            rnd = resumed
        else:
            low, _high = game.session.limits
            rnd, _ = game.session.start_round([low * rng.choice([1, 2, 5]), low])
            rnd.deal()
            await game.persist(rnd)
        while (decision := rnd.legal_actions()) is not None:
            rnd.apply(Action(rng.choice(list(decision.actions))))
            await game.persist(rnd)
        game.finished(rnd)


def main() -> None:
    data, seed, kill_at = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    game = Game.open(GameOptions(data_dir=data, seed=seed))
    calls = 0

    def handler() -> int:
        nonlocal calls
        calls += 1
        if calls == kill_at:
            os._exit(9)
        return 0

    game.store.conn.set_progress_handler(handler, 10)
    asyncio.run(play(game, random.Random(seed)))
    game.store.conn.set_progress_handler(None, 10)
    print(calls, flush=True)
    assert game.store.balance() >= Decimal(0)
    game.close()


if __name__ == "__main__":
    main()
