"""A step of a round is shown once its commit is in the operating system, and synced to the disk
straight after, on the database's thread, while the frame is drawn.

What must hold: the step is committed (another connection reads it) when ``persist`` returns;
the log is fsynced after it and before the next save; the connection is back to
``synchronous = FULL`` for everything else (the bookings, the money); a sync the disk refuses is
one line, not a crash, and the table plays on.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import threading
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.controller.game import SYNC_DELAY, Game
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.store import Store, StoreError
from blackjack_tui.store.head import read_head

from .helpers import open_game

# Nordic, one box of 10: T+6 against a 9 up, 8 in the hole; hit draws a 2 (18), then stand.
CARDS = ["TS", "9D", "6C", "8H", "2D"]


def drained(game: Game) -> None:
    """Wait for what is due on the database's thread (the sync after a save)."""
    game.drain()


def dealt(game: Game) -> Round:
    game.session.shoe = Shoe.stacked(CARDS, decks=6)
    rnd, _ = game.session.start_round([Decimal(10)])
    rnd.deal()
    return rnd


def synchronous(store: Store) -> int:
    return int(store.conn.execute("PRAGMA synchronous").fetchone()[0])


class Recorded:
    """Each save and sync of the game's store in order, and each save's thread and ``synced``."""

    def __init__(self, game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        self.threads: list[str] = []
        self.synced: list[object] = []
        save, sync = game.store.save_inflight, game.store.sync

        def saving(*args: object, **kwargs: object) -> bool:
            self.calls.append("save")
            self.threads.append(threading.current_thread().name)
            self.synced.append(kwargs.get("synced", True))
            return save(*args, **kwargs)  # type: ignore[arg-type]

        def syncing() -> None:
            self.calls.append("sync")
            sync()

        monkeypatch.setattr(game.store, "save_inflight", saving)
        monkeypatch.setattr(game.store, "sync", syncing)


def test_each_step_is_committed_when_shown_and_synced_before_the_next_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = open_game(tmp_path)
    recorded = Recorded(game, monkeypatch)
    rnd = dealt(game)
    asyncio.run(game.persist(rnd))
    reader = Store(tmp_path, read_only=True)
    saved = reader.inflight()
    assert saved is not None and saved.data is not None  # committed: another connection reads it
    assert len(saved.data["round"]["actions"]) == 0
    rnd.apply(Action.parse("hit"))
    asyncio.run(game.persist(rnd))
    drained(game)
    assert recorded.calls == ["save", "sync", "save", "sync"]
    assert recorded.synced == [False, False]
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
    # A new round in play: the book's head names it too (written, never synced: store/book.py).
    head, _ = read_head(tmp_path)
    assert head is not None and head.inflight == "r1"
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
    rnd.apply(Action.parse("hit"))
    rnd.apply(Action.parse("stand"))
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


# A step saved at once: when the database is free, the commit is made on the table's own thread
# (a hand-off to the database's thread and back cost more than the commit); when it is busy, the
# step waits its turn there. Either way it is committed before it is shown, and neither way makes
# the table's thread checkpoint the log (that writes and syncs the database file: disk work).


def test_a_step_is_committed_on_the_tables_thread_when_the_database_is_free(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = open_game(tmp_path)
    threads = Recorded(game, monkeypatch).threads
    rnd = dealt(game)
    asyncio.run(game.persist(rnd))
    assert threads == [threading.main_thread().name]
    reader = Store(tmp_path, read_only=True)
    saved = reader.inflight()
    assert saved is not None and saved.data is not None  # committed: another connection reads it
    assert synchronous(game.store) == 2
    reader.close()
    game.close()


def test_a_step_waits_its_turn_on_the_database_thread_while_the_database_is_busy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = open_game(tmp_path)
    threads = Recorded(game, monkeypatch).threads
    rnd = dealt(game)
    held, release = threading.Event(), threading.Event()

    def busy() -> None:  # another thread in the database (a sync, a statistics read)
        with game.store._lock:
            held.set()
            release.wait(10)

    holder = threading.Thread(target=busy)
    holder.start()
    held.wait(10)

    async def persist() -> bool:
        task = asyncio.ensure_future(game.persist(rnd))
        await asyncio.sleep(0.1)
        waited = not task.done()
        release.set()
        await asyncio.wait_for(task, 10)
        return waited

    assert asyncio.run(persist())  # not shown while the save could not be made
    holder.join()
    assert threads[0] == threading.main_thread().name  # tried at once, found busy
    assert threads[1].startswith("blackjack-db")  # then made on the database's thread
    assert game.store.inflight() is not None
    game.close()


def test_a_step_saved_at_once_leaves_the_checkpoint_to_the_database_thread(
        tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.store.autocheckpoint = 1  # a checkpoint after every commit
    main = tmp_path / "blackjack.db"
    rnd = dealt(game)
    before = main.read_bytes()
    assert game.store.save_inflight("r1", game.account, rnd, synced=False, at_once=True)
    assert main.read_bytes() == before  # the commit is in the log only
    assert game.store.conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1
    rnd.apply(Action.parse("hit"))
    game.store.save_inflight("r1", game.account, rnd, synced=False)
    assert main.read_bytes() != before  # a save on the database's thread checkpoints as set
    game.close()


def test_a_step_the_disk_refuses_at_once_waits_says_why_and_is_saved_once_allowed(
        tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.retry_seconds = 0.05
    rnd = dealt(game)
    asyncio.run(game.persist(rnd))
    game.store.conn.execute("PRAGMA query_only = ON")  # every write now refused
    rnd.apply(Action.parse("hit"))

    async def hit() -> None:
        task = asyncio.ensure_future(game.persist(rnd))
        for _ in range(200):
            await asyncio.sleep(0.01)
            if game.fault is not None:
                break
        assert game.fault is not None and "\n" not in game.fault and not task.done()
        game.store.conn.execute("PRAGMA query_only = OFF")
        await asyncio.wait_for(task, 10)

    asyncio.run(hit())
    assert game.fault is None
    saved = game.store.inflight()
    assert saved is not None and saved.data is not None
    assert saved.data["round"]["actions"] == ["hit"]
    game.close()


def test_a_steps_sync_waits_for_its_frame_and_always_comes_before_the_next_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sync is queued a frame after the step's commit (its system calls, made on the
    database's thread while the table's thread draws, held the frame back), never later than
    the next save, nor than a quit."""
    game = open_game(tmp_path)
    calls = Recorded(game, monkeypatch).calls
    rnd = dealt(game)

    async def play() -> None:
        await game.persist(rnd)
        await asyncio.sleep(0.002)
        assert calls == ["save"]  # the frame is drawn first
        await asyncio.sleep(SYNC_DELAY + 0.1)
        drained(game)
        assert calls == ["save", "sync"]
        rnd.apply(Action.parse("hit"))
        await game.persist(rnd)
        rnd2 = rnd  # a quick next decision: its save waits behind the sync
        assert calls == ["save", "sync", "save"]
        await game.persist(rnd2)
        assert calls == ["save", "sync", "save", "sync", "save"]
        await game.persist(rnd2)

    asyncio.run(play())
    game.close()  # the player quits straight after a step: it is synced first
    assert calls == ["save", "sync", "save", "sync", "save", "sync", "save", "sync"]


def test_a_step_saved_at_once_for_a_known_account_is_one_statement(tmp_path: Path) -> None:
    """The first save of a round looks its account up; a later step made at once is the row
    written in one statement (atomic on its own: no transaction around it, no lookup), between
    the settings that keep it off the disk's sync and the checkpoint."""
    game = open_game(tmp_path)
    rnd = dealt(game)
    assert game.store.save_inflight("r1", game.account, rnd, synced=False, at_once=True)
    rnd.apply(Action.parse("hit"))
    said: list[str] = []
    game.store.conn.set_trace_callback(said.append)
    assert game.store.save_inflight("r1", game.account, rnd, synced=False, at_once=True)
    game.store.conn.set_trace_callback(None)
    writes = [s for s in said if not s.startswith("PRAGMA")]
    assert len(writes) == 1 and writes[0].startswith("INSERT INTO inflight")
    assert not any(s.startswith(("BEGIN", "COMMIT", "SELECT")) for s in said)
    assert synchronous(game.store) == 2  # FULL again
    saved = game.store.inflight()
    assert saved is not None and saved.data is not None
    assert saved.data["round"] == json.loads(json.dumps(rnd.to_dict()))
    assert saved.account == game.account
    game.close()
