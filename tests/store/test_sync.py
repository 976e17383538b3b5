"""A step of a round is shown once its commit is in the operating system, and synced to the disk
straight after, on the database's thread, while the frame is drawn.

What must hold: the step is committed (another connection reads it) when ``persist`` returns;
the log is fsynced after it and before the next save; the connection is back to
``synchronous = FULL`` for everything else (the bookings, the money); a sync the disk refuses is
one line, not a crash, and the table plays on.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.controller.game import Game
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.store import Store, StoreError

from .helpers import open_game

# Nordic, one box of 10: T+6 against a 9 up, 8 in the hole; hit draws a 2 (18), then stand.
CARDS = ["TS", "9D", "6C", "8H", "2D"]


def drained(game: Game) -> None:
    """Wait for what is queued on the database's thread (the sync after a save)."""
    game._executor.submit(lambda: None).result()


def dealt(game: Game) -> Round:
    game.session.shoe = Shoe.stacked(CARDS, decks=6)
    rnd, _ = game.session.start_round([Decimal(10)])
    rnd.deal()
    return rnd


def synchronous(store: Store) -> int:
    return int(store.conn.execute("PRAGMA synchronous").fetchone()[0])


def test_each_step_is_committed_when_shown_and_synced_before_the_next_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = open_game(tmp_path)
    calls: list[str] = []
    save, sync = game.store.save_inflight, game.store.sync

    def saving(*args: object, **kwargs: object) -> None:
        calls.append(f"save synced={kwargs.get('synced', True)}")
        save(*args, **kwargs)  # type: ignore[arg-type]

    def syncing() -> None:
        calls.append("sync")
        sync()

    monkeypatch.setattr(game.store, "save_inflight", saving)
    monkeypatch.setattr(game.store, "sync", syncing)
    rnd = dealt(game)
    asyncio.run(game.persist(rnd))
    reader = Store(tmp_path, read_only=True)
    saved = reader.inflight()
    assert saved is not None and saved.data is not None  # committed: another connection reads it
    assert len(saved.data["round"]["actions"]) == 0
    rnd.apply("hit")
    asyncio.run(game.persist(rnd))
    drained(game)
    assert calls == ["save synced=False", "sync", "save synced=False", "sync"]
    saved = reader.inflight()
    assert saved is not None and saved.data is not None
    assert saved.data["round"]["actions"] == ["hit"]
    assert synchronous(game.store) == 2  # FULL again for everything else
    reader.close()
    game.close()


def test_the_sync_fsyncs_the_write_ahead_log(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    if not Path("/proc/self/fd").is_dir():
        pytest.skip("which file an fd is needs /proc (Linux); the order test covers the rest")
    game = open_game(tmp_path)
    store = game.store
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.path.basename(os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    rnd = dealt(game)
    store.save_inflight("r1", game.account, rnd, synced=False)
    monkeypatch.setattr(os, "fsync", fsync)
    store.sync()
    assert synced == ["blackjack.db-wal"]
    game.close()


def test_an_unsynced_write_that_fails_leaves_the_connection_synchronous_full(
        tmp_path: Path) -> None:
    store = Store(tmp_path)

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO no_such_table VALUES (1)")

    with pytest.raises(StoreError):
        store.write("save the round", broken, synced=False)
    assert synchronous(store) == 2
    store.close()


def test_a_sync_the_disk_refuses_is_one_line_and_the_round_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = open_game(tmp_path)
    notices: list[str] = []
    game.on_notice = notices.append
    rnd = dealt(game)

    def refused(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", refused)
    asyncio.run(game.persist(rnd))
    drained(game)
    assert len(notices) == 1 and "\n" not in notices[0]
    assert "could not save the round" in notices[0] and "Input/output error" in notices[0]
    monkeypatch.undo()
    rnd.apply("hit")
    rnd.apply("stand")
    asyncio.run(game.persist(rnd))
    assert game.store.inflight() is None  # booked
    game.close()


def test_a_read_only_store_and_a_checkpointed_log_sync_nothing(tmp_path: Path) -> None:
    Store(tmp_path).close()  # the last connection closes: the log is checkpointed and removed
    assert not (tmp_path / "blackjack.db-wal").exists()
    reader = Store(tmp_path, read_only=True)
    reader.sync()
    reader.close()
    store = Store(tmp_path)
    (tmp_path / "blackjack.db-wal").unlink(missing_ok=True)
    store.sync()
    store.close()
