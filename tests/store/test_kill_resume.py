"""SIGKILL the game at random moments, again and again; after each kill the next start must find
the same round at the same point, with no chip created or lost and no round booked twice.

Each kill point: start the game as a subprocess (it resumes whatever the last one left), let it
play random legal keys for a random time (during the deal, a decision, the dealer's draw, the
settlement or a save), SIGKILL it, then check the disk as the next start will read it.
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

from blackjack_tui.engine.history import HandRecord
from blackjack_tui.engine.round import Round
from blackjack_tui.rulesets import load_all
from blackjack_tui.store import Store

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
    """What the next start will find: a consistent bankroll and, maybe, one round to resume."""
    inflight = data / "inflight.json"
    saved = json.loads(inflight.read_bytes()) if inflight.exists() else None
    store = Store(data, history_model=HandRecord)
    profile = store.load_profile()
    assert not profile.notices, profile.notices
    sets, _ = load_all()
    recovery = store.recover(profile.profile, sets)
    assert not recovery.notices, recovery.notices
    records = store.recent_rounds(limit=None).records
    ids = [r.round_id for r in records]
    assert len(ids) == len(set(ids)), "a round was booked twice"
    assert set(ids) >= seen_rounds, "a booked round disappeared"
    seen_rounds.update(ids)
    booked = sum((Decimal(r.result.net) for r in records), Decimal(0))
    assert profile.profile.bankroll == START + booked, "chips created or lost"
    for record in records:
        assert record.replay().bankroll == Decimal(record.result.bankroll)
    rnd = recovery.round
    if rnd is not None:
        assert saved is not None
        assert rnd == Round.from_dict(saved["round"]), "the resumed round differs from the save"
        assert rnd.bankroll_start == profile.profile.bankroll
        table = sum(len(h.cards) for b in rnd.boxes for h in b.hands) + len(rnd.dealer)
        shoe = rnd.shoe
        assert shoe.remaining + len(shoe.discards) + (0 if rnd.over else table) == shoe.total
    return rnd


def test_sigkill_at_random_points_never_loses_a_chip(tmp_path):
    data = tmp_path / "data"
    rng = random.Random(20261129)
    seen: set[str] = set()
    resumed = 0
    for point in range(KILL_POINTS):
        run_and_kill(data, seed=point, delay=rng.uniform(0.05, 1.5))
        if check_disk(data, seen) is not None:
            resumed += 1
    print(f"{KILL_POINTS} kills, {len(seen)} rounds booked, {resumed} kills inside a round")
    assert seen, "no round was ever finished"
    assert resumed, "no kill landed inside a round"
