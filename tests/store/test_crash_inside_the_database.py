"""Crash inside the database, at every kind of moment: mid-statement, mid-transaction, between a
round's saves, inside the booking. After each crash the next start must find a whole book: every
balance its journal, no round booked twice, no booked round lost, a round in flight that checks out
(or none), and every chip where it was.

The crash is SQLite's own progress handler ending the process at its K-th call (every 10 virtual
machine steps); the kill test beside this one SIGKILLs the real app at random moments, fsyncs
included.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from tests.money import check_money

from .helpers import open_game
from .log_faults import check_log_faults

CHILD = Path(__file__).with_name("crash_child.py")
POINTS = int(os.environ.get("CRASH_POINTS", "40"))


def run(data: Path, seed: int, kill_at: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    return subprocess.run([sys.executable, str(CHILD), str(data), str(seed), str(kill_at)],
                          capture_output=True, text=True, env=env, timeout=120)


def test_a_crash_at_any_step_inside_the_database_loses_nothing(tmp_path: Path) -> None:
    # How many handler calls a whole session makes, to spread the crash points over it.
    full = run(tmp_path / "probe", 0, 10**9)
    assert full.returncode == 0, full.stderr[-500:]
    steps = int(full.stdout.strip())
    assert steps >= POINTS
    data = tmp_path / "data"
    seen: set[str] = set()
    crashed = 0
    rng = random.Random(22)
    for point in range(POINTS):
        kill_at = 1 + (point * 7919) % steps  # spread over the session, not in order
        done = run(data, point, kill_at)
        assert done.returncode in (0, 9), done.stderr[-800:]
        crashed += done.returncode == 9
        left = tmp_path / f"left-{point}"  # as the crash left it: then its log's faults
        shutil.copytree(data, left, ignore=shutil.ignore_patterns("backups"))
        game = open_game(data)
        unexpected = [n for n in game.notices if "could not be resumed" in n
                      or "did not add up" in n or "damaged" in n]
        assert not unexpected, (kill_at, unexpected)
        rows, _ = game.store.recent(limit=None)
        ids = [r.round_id for r in rows]
        assert len(ids) == len(set(ids)), "a round was booked twice"
        assert set(ids) >= seen, "a booked round was lost"
        seen.update(ids)
        fresh = game.store.read(lambda c: c.execute(
            "SELECT coalesce(decsum(amount), '0') FROM journal WHERE kind = 'fresh'").fetchone()[0])
        assert game.store.balance() == Decimal(1000) + Decimal(fresh) + sum(r.net for r in rows)
        check_money(game)
        newest = rows[0].round_id if rows else None
        game.close()
        check_log_faults(left, seen, newest, tmp_path, rng)
        shutil.rmtree(left)
    print(f"{POINTS} crashes over {steps} handler steps: {crashed} mid-session, "
          f"{len(seen)} rounds booked")
    assert crashed > POINTS // 2
