"""SIGKILL the game at random moments, again and again; after each kill the next start must find
the same round at the same point, with no chip created or lost and no round booked twice.

Each kill point: start the game as a subprocess (it resumes whatever the last one left), let it
play random legal keys for a random time (during the deal, a decision, the dealer's draw, the
settlement or a save), SIGKILL it, then check the disk as the next start will read it.
"""

from __future__ import annotations

import os
import random
import select
import shutil
import signal
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

from blackjack_tui.engine.history import HandRecord
from blackjack_tui.engine.round import Round
from blackjack_tui.store import Store
from tests.money import check_money

from .helpers import open_game
from .log_faults import check_log_faults

KILL_POINTS = int(os.environ.get("KILL_POINTS", "24"))
CHILD = Path(__file__).with_name("kill_child.py")
START = Decimal(1000)


def run_and_kill(data: Path, seed: int, delay: float) -> None:
    # Unbuffered: "ready" is printed inside Textual's run, and a block-buffered pipe would hold
    # it (the test passed only where PYTHONUNBUFFERED happened to be set already).
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
           "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen([sys.executable, str(CHILD), str(data), str(seed)],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert child.stdout is not None
    ready, _, _ = select.select([child.stdout], [], [], 60)
    if not ready:
        child.kill()
        child.wait()
        raise AssertionError("the game did not start within a minute")
    assert child.stdout.readline().strip() == b"ready", "the game did not start"
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    child.wait()


def check_disk(data: Path, seen_rounds: set[str]) -> Round | None:
    """What the next start will find: a whole book and, maybe, one round to resume."""
    store = Store(data)
    saved = store.inflight()
    store.close()
    game = open_game(data)
    assert not game.notices, game.notices
    rows, notices = game.store.recent(limit=None)
    assert not notices, notices
    ids = [r.round_id for r in rows]
    assert len(ids) == len(set(ids)), "a round was booked twice"
    assert set(ids) >= seen_rounds, "a booked round disappeared"
    seen_rounds.update(ids)
    booked = sum((r.net for r in rows if not r.home), Decimal(0))
    assert game.store.balance() == START + booked, "chips created or lost"
    check_money(game)
    for row in rows:
        record = HandRecord.model_validate(row.record)
        assert record.replay().net == row.net
    rnd = game.resume_round
    if rnd is not None:
        assert saved is not None and saved.data is not None
        assert rnd == Round.from_dict(saved.data["round"]), "the resumed round differs"
        assert rnd.bankroll_start == game.store.balance()
        table = sum(len(h.cards) for b in rnd.boxes for h in b.hands) + len(rnd.dealer.cards)
        shoe = rnd.shoe
        assert shoe.remaining + len(shoe.discards) + (0 if rnd.over else table) == shoe.total
    game.close()
    return rnd


def newest_round(data: Path) -> str | None:
    store = Store(data, read_only=True)
    rows, _ = store.recent(1)
    store.close()
    return rows[0].round_id if rows else None


def test_sigkill_at_random_points_never_loses_a_chip(tmp_path):
    data = tmp_path / "data"
    rng = random.Random(20261129)
    seen: set[str] = set()
    resumed = 0
    named: dict[str, int] = {}
    for point in range(KILL_POINTS):
        run_and_kill(data, seed=point, delay=rng.uniform(0.05, 1.5))
        # What the kill left, before anything opens it: then lost, torn, flipped, copied alone.
        left = tmp_path / f"left-{point}"
        shutil.copytree(data, left, ignore=shutil.ignore_patterns("backups"))
        if check_disk(data, seen) is not None:
            resumed += 1
        for fault, n in check_log_faults(left, seen, newest_round(data), tmp_path,
                                         rng).items():
            named[fault] = named.get(fault, 0) + n
        shutil.rmtree(left)
    print(f"{KILL_POINTS} kills, {len(seen)} rounds booked, {resumed} kills inside a round; "
          f"losses named after the log's faults: {named}")
    assert seen, "no round was ever finished"
    assert resumed, "no kill landed inside a round"
