"""Faults: a full disk, a read-only disk, a folder in the way, a second game, a damaged file.

A write the disk refuses is one clear line and the table waits: no card is shown and no decision
applied past a point that could not be saved, so every result the player saw counts; when the disk
takes it again the round goes on and is booked once. The full disk is a real one where the test
may mount a small tmpfs (root on Linux), and SQLite's own page limit everywhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.controller.game import Game
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.vocabulary import ActionName
from blackjack_tui.store import BANKROLL, FolderInUse, FolderLock, Store, StoreError
from tests.money import check_money

from .helpers import RULE_SETS, open_game

# Nordic, one box of 10: T+6 against a 9 up, 8 in the hole; the player stands on 16 and the
# dealer's 17 wins.
CARDS = ["TS", "9D", "6C", "8H"]


def dealt(game: Game, cards: list[str] = CARDS) -> Round:
    game.session.shoe = Shoe.stacked(cards, decks=6)
    rnd, _ = game.session.start_round([Decimal(10)])
    rnd.deal()
    asyncio.run(game.persist(rnd))
    return rnd


@contextlib.contextmanager
def small_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 2 MiB tmpfs to fill for real; skipped (with the reason) where it cannot be mounted."""
    where = tmp_path / "tmpfs"
    where.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("a real full disk needs root on Linux to mount a tmpfs; "
                    "test_a_full_database_* covers the same path everywhere")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(folder: Path) -> Path:
    filler = folder / "filler"
    with open(filler, "wb") as handle, contextlib.suppress(OSError):
        while True:
            handle.write(b"\0" * 65536)
            handle.flush()
            os.fsync(handle.fileno())
    return filler


async def stand_while_the_disk_refuses(game: Game, rnd: Round) -> asyncio.Future[None]:
    """Stand; the save of it is refused: it waits (and says why) instead of going on."""
    rnd.apply(Action.parse("stand"))
    task = asyncio.ensure_future(game.persist(rnd))
    for _ in range(200):
        await asyncio.sleep(0.01)
        if game.fault is not None:
            break
    assert game.fault is not None and not task.done()
    return task


async def book_when_the_disk_allows(game: Game, rnd: Round, free: object) -> None:
    """Finish ``rnd`` while the disk refuses: the save waits, says why, and goes on when freed."""
    task = await stand_while_the_disk_refuses(game, rnd)
    assert game.fault is not None and "full" in game.fault
    assert "\n" not in game.fault and not game.store.is_booked(game.round_id or "")
    assert game.saving  # quitting now asks first (see the UI test)
    free()  # type: ignore[operator]
    await asyncio.wait_for(task, 10)
    assert game.fault is None and not game.saving


def test_a_full_disk_never_loses_a_credit(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path) as disk:
        game = open_game(disk / "data")
        game.retry_seconds = 0.05
        rnd = dealt(game)
        round_id = game.round_id
        filler = fill(disk)
        asyncio.run(book_when_the_disk_allows(game, rnd, filler.unlink))
        game.finished(rnd)
        assert game.store.is_booked(round_id) and game.store.balance() == Decimal(990)
        check_money(game)
        game.close()
        again = open_game(disk / "data")
        assert again.store.balance() == Decimal(990) and again.resume_round is None
        assert [r.round_id for r in again.store.recent()[0]] == [round_id]
        again.close()


SIX_DECKS = [rank + suit for rank in "23456789TJQKA" for suit in "SHDC"] * 6


def test_a_full_database_waits_for_room_and_books_once(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.retry_seconds = 0.05
    # Four six-deck shoes behind the round's cards: the shoe the booking keeps for the next
    # round (some 6 KB of JSON) is larger than a page, so it needs pages the database may not
    # grow by (none are free).
    rnd = dealt(game, CARDS + SIX_DECKS * 4)
    assert len(json.dumps(rnd.shoe.to_dict())) > game.store.conn.execute(
        "PRAGMA page_size").fetchone()[0]
    conn = game.store.conn
    assert conn.execute("PRAGMA freelist_count").fetchone()[0] == 0
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")

    def room() -> None:
        game.store.conn.execute("PRAGMA max_page_count = 1000000")

    asyncio.run(book_when_the_disk_allows(game, rnd, room))
    game.finished(rnd)
    assert game.store.balance() == Decimal(990) and len(game.store.recent()[0][0:]) == 1
    check_money(game)


def test_a_disk_gone_read_only_mid_round_shows_nothing_unsaved_and_resumes_there(
        tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.retry_seconds = 0.05
    rnd = dealt(game)
    saved = rnd.to_dict()
    game.store.conn.execute("PRAGMA query_only = ON")  # every write now refused

    async def stand() -> None:
        task = await stand_while_the_disk_refuses(game, rnd)
        assert game.fault is not None and "read-only" in game.fault
        task.cancel()  # the controller showed nothing of the stand: it was never saved

    asyncio.run(stand())
    game.close()  # the player quits (or the machine dies) while the disk refuses
    again = open_game(tmp_path)
    assert again.resume_round is not None and again.resume_round.to_dict() == saved
    assert again.store.balance() == Decimal(1000)
    check_money(again)


def test_a_second_game_on_one_folder_is_one_line_and_a_non_zero_exit(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with FolderLock(data):
        with pytest.raises(FolderInUse, match=rf"already open on {data} \(pid {os.getpid()}\)"):
            Game.open(data_dir_options(data))
        done = subprocess.run([sys.executable, "-m", "blackjack_tui", "--data-dir", str(data)],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "already open" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_lock_of_a_killed_game_is_taken_over(tmp_path: Path) -> None:
    data = tmp_path / "data"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; "
         "from blackjack_tui.store import FolderLock; lock = FolderLock(Path(sys.argv[1])); "
         "lock.acquire(); "
         "print('held', flush=True); time.sleep(60)", str(data)],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    with pytest.raises(FolderInUse, match=f"pid {holder.pid}"):
        FolderLock(data).acquire()
    holder.kill()
    holder.wait()
    with FolderLock(data) as lock:
        assert lock.held


def data_dir_options(data: Path):  # type: ignore[no-untyped-def]
    from blackjack_tui.controller.game import GameOptions

    return GameOptions(data_dir=data)


def test_a_folder_in_place_of_the_database_is_named_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "blackjack.db").mkdir(parents=True)
    with pytest.raises(StoreError, match="a folder is in the way"):
        Store(data)
    done = subprocess.run([sys.executable, "-m", "blackjack_tui", "--data-dir", str(data)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert f"{data / 'blackjack.db'}: a folder is in the way" in done.stderr


@pytest.mark.parametrize("name", ["shoe.json", "inflight.json"])
def test_a_folder_in_place_of_an_old_file_is_named_and_every_deal_goes_on(
        tmp_path: Path, name: str) -> None:
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).with_name("fixtures") / "v0-data", data)
    target = data / name
    target.unlink()
    target.mkdir()
    game = open_game(data)
    assert any(f"A folder is in the way at {target}" in n for n in game.notices)
    resumed = game.resume_round
    for _ in range(3):  # the round in flight plays on, then new ones: never a stall
        if resumed is not None:
            rnd, resumed = resumed, None
        else:
            rnd, _ = game.session.start_round([Decimal(20)])
            rnd.deal()
        while (decision := rnd.legal_actions()) is not None:
            calm = ActionName.STAND if "stand" in decision.actions else decision.actions[-1]
            rnd.apply(Action(calm))
        asyncio.run(game.persist(rnd))
        game.finished(rnd)
        check_money(game)


def test_a_damaged_database_is_copied_aside_and_what_can_be_read_is_kept(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    for _ in range(6):
        rnd = dealt(game, ["TS", "9D", "6C", "8H"])
        rnd.apply(Action.parse("stand"))
        asyncio.run(game.persist(rnd))
        game.finished(rnd)
    balance = game.store.balance()
    game.close()
    path = tmp_path / "blackjack.db"
    store = Store(tmp_path)
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = store.conn.execute("PRAGMA page_size").fetchone()[0]
    # The page the rounds' records hang from (not the first page, nor the schema's).
    root = store.conn.execute(
        "SELECT rootpage FROM sqlite_schema WHERE name = 'rounds'").fetchone()[0]
    store.close()
    assert root > 1
    raw = bytearray(path.read_bytes())
    raw[(root - 1) * page:(root - 1) * page + 200] = b"\xff" * 200
    path.write_bytes(bytes(raw))
    again = Store(tmp_path)
    notice = " ".join(again.notices)
    assert "damaged" in notice and "a copy is at" in notice and "could not be read" in notice
    assert list(tmp_path.glob("blackjack.db.damaged-*"))
    # Lines lost with the damage never make chips: the balance that survived is kept.
    assert again.balance() == balance and not again.problems()
    again.close()
    game = open_game(tmp_path)  # the game starts, and the book adds up
    assert game.notices == [] and game.store.balance() == balance
    check_money(game)


def test_a_torn_write_ahead_log_keeps_the_last_whole_transaction(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    rnd = dealt(game)
    rnd.apply(Action.parse("stand"))
    asyncio.run(game.persist(rnd))
    game.finished(rnd)
    # Crash after the next booking's log frames were half written: keep the log, cut it short.
    wal = tmp_path / "blackjack.db-wal"
    size = wal.stat().st_size
    rnd = dealt(game)
    rnd.apply(Action.parse("stand"))
    asyncio.run(game.persist(rnd))
    torn = wal.read_bytes()[: size + (wal.stat().st_size - size) // 2]
    shutil.copy(tmp_path / "blackjack.db", tmp_path / "copy.db")
    game.close()
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    shutil.copy(tmp_path / "copy.db", crashed / "blackjack.db")
    (crashed / "blackjack.db-wal").write_bytes(torn)
    back = open_game(crashed)
    assert back.store.balance() in (Decimal(990), Decimal(980))
    rows, _ = back.store.recent()
    assert back.store.balance() == Decimal(1000) - 10 * len(rows)
    check_money(back)


def test_rules_gone_for_a_round_in_flight_never_stall_the_table(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    dealt(game)
    game.close()
    sets = {k: v for k, v in RULE_SETS.items() if k != "nordic"}
    sets["nordic"] = RULE_SETS["swedish"].model_copy(update={"name": "nordic"})
    again = Game(Store(tmp_path), sets)
    assert again.resume_round is None and again.store.inflight() is None
    assert again.store.balance(BANKROLL) == Decimal(1000)


def test_a_disk_read_only_from_the_start_is_one_line_and_a_non_zero_exit(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path) as disk:
        data = disk / "data"
        open_game(data).close()
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        done = subprocess.run([sys.executable, "-m", "blackjack_tui", "--data-dir", str(data)],
                              capture_output=True, text=True, timeout=60)
        subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "read-only" in done.stderr and "Traceback" not in done.stderr


def test_a_database_from_a_newer_version_is_never_written(tmp_path: Path) -> None:
    data = tmp_path / "data"
    open_game(data).close()
    store = Store(data)
    store.conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    store.close()
    before = (data / "blackjack.db").read_bytes()
    with pytest.raises(StoreError, match="newer blackjack-tui"):
        Game.open(data_dir_options(data))
    assert (data / "blackjack.db").read_bytes() == before
    done = subprocess.run([sys.executable, "-m", "blackjack_tui", "audit", "--data-dir",
                           str(data)], capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr
