"""SQLite's own files: the log lost, torn, flipped or rolled back; the file copied alone; a linked
database; backups and restores. Each is named after what was seen (issue 22): afterwards the money
is exact, or the start names what is missing and restores the backup that has it. Never silent.

A "kill" here is a copy of the folder's files taken while the game still has them open (what a
SIGKILL leaves on the disk); the crash and kill tests do the same with real processes.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.controller.game import Game
from blackjack_tui.engine.actions import Action
from blackjack_tui.store import FolderInUse, FolderLock, Store
from blackjack_tui.store.backup import listed
from blackjack_tui.store.book import Book
from blackjack_tui.store.head import HEAD_NAME, read_head
from tests.money import check_money

from .helpers import open_game
from .test_faults import dealt

LOSE = ["TS", "9D", "6C", "8H"]  # stand on 16 against 17: -10
WIN = ["TS", "9D", "TC", "8H"]  # stand on 20 against 17: +10


def play(game: Game, rounds: int, cards: list[str] = LOSE) -> None:
    for _ in range(rounds):
        rnd = dealt(game, cards)
        rnd.apply(Action.parse("stand"))
        asyncio.run(game.persist(rnd))
        game.finished(rnd)
    game.drain()


def killed(folder: Path, into: Path, *, log: bool = True, head: bool = True) -> Path:
    """The files a kill leaves in ``folder``, copied to ``into`` (the log and head if asked)."""
    into.mkdir()
    names = ["blackjack.db"] + (["blackjack.db-wal"] if log else []) + (
        [HEAD_NAME] if head else [])
    for name in names:
        if (folder / name).exists():
            shutil.copy2(folder / name, into / name)
    if (folder / "backups").exists():
        shutil.copytree(folder / "backups", into / "backups")
    return into


def rounds_of(store: Store) -> int:
    return len(store.recent(None)[0])


def test_the_database_file_alone_holds_every_booked_round_after_a_kill(tmp_path: Path) -> None:
    game = open_game(tmp_path / "a")
    play(game, 3)
    assert game.store.balance() == Decimal(970)
    alone = killed(tmp_path / "a", tmp_path / "b", log=False, head=False)
    store = Store(alone)
    assert store.balance() == Decimal(970) and rounds_of(store) == 3 and not store.notices
    store.close()
    game.close()


def test_a_clean_quit_leaves_the_database_file_whole_and_no_log(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    play(game, 2)
    game.close()
    wal = tmp_path / "blackjack.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    store = Store(tmp_path)
    assert store.balance() == Decimal(980) and rounds_of(store) == 2
    store.close()


def test_a_deleted_log_after_the_seal_loses_nothing(tmp_path: Path) -> None:
    game = open_game(tmp_path / "a")
    play(game, 3)
    back = open_game(killed(tmp_path / "a", tmp_path / "b", log=False))
    assert back.store.balance() == Decimal(970) and back.notices == []
    check_money(back)


def test_a_deleted_log_before_the_seal_is_named_at_the_start(tmp_path: Path) -> None:
    game = open_game(tmp_path / "a")
    play(game, 2)
    rnd = dealt(game)
    rnd.apply(Action.parse("stand"))
    asyncio.run(game.persist(rnd))  # booked; killed before its seal: the round is in the log
    crashed = killed(tmp_path / "a", tmp_path / "b", log=False)
    back = open_game(crashed)
    said = " ".join(back.notices)
    assert "the database ends at round 2, but round 3 was booked" in said.lower()
    assert "your bankroll was 970" in said.lower()
    check_money(back)


def test_a_deleted_log_mid_round_names_the_round_in_play(tmp_path: Path) -> None:
    game = open_game(tmp_path / "a")
    play(game, 1)
    dealt(game)
    game.drain()  # the step is synced: the head names the round in play
    back = open_game(killed(tmp_path / "a", tmp_path / "b", log=False))
    said = " ".join(back.notices)
    assert "The round in play" in said and "had not left your bankroll" in said
    assert back.store.balance() == Decimal(990) and back.resume_round is None
    check_money(back)


@pytest.mark.parametrize("damage", ["torn", "flipped"])
def test_a_torn_or_flipped_log_is_never_silent(tmp_path: Path, damage: str) -> None:
    game = open_game(tmp_path / "a")
    play(game, 2)
    rnd = dealt(game)
    rnd.apply(Action.parse("stand"))
    asyncio.run(game.persist(rnd))  # round 3 booked, in the log only
    crashed = killed(tmp_path / "a", tmp_path / "b")
    wal = crashed / "blackjack.db-wal"
    raw = bytearray(wal.read_bytes())
    assert len(raw) > 4096
    if damage == "torn":
        raw = raw[: len(raw) // 2]
    else:
        for at in random.Random(7).sample(range(32, len(raw)), 12):
            raw[at] ^= 0x10
    wal.write_bytes(bytes(raw))
    back = open_game(crashed)
    if back.store.balance() == Decimal(970):  # the log's frames survived: exact
        assert rounds_of(back.store) == 3
    else:
        assert "round 3 was booked" in " ".join(back.notices)
    check_money(back)


def test_an_empty_database_file_is_named_and_the_backup_restored(tmp_path: Path) -> None:
    game = open_game(tmp_path / "a")
    play(game, 3)
    game.store.backup()
    game.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{tmp_path / 'a' / 'blackjack.db'}{suffix}").unlink(missing_ok=True)
    (tmp_path / "a" / "blackjack.db").write_bytes(b"")
    back = open_game(tmp_path / "a")
    said = " ".join(back.notices)
    assert "the backup of round 3" in said and "is restored" in said
    assert back.store.balance() == Decimal(970) and rounds_of(back.store) == 3
    check_money(back)


def test_random_bytes_in_place_of_the_database_restore_the_newest_backup(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    play(game, 2)
    game.store.backup()
    game.close()
    (tmp_path / "blackjack.db").write_bytes(random.Random(1).randbytes(40960))
    back = open_game(tmp_path)
    said = " ".join(back.notices)
    assert "The database was damaged (file is not a database)" in said
    assert "the backup of round 2" in said and "is restored" in said
    assert list(tmp_path.glob("blackjack.db.damaged-*"))
    assert back.store.balance() == Decimal(980)
    check_money(back)


def test_an_older_copy_of_the_database_is_named_and_the_newer_backup_restored(
        tmp_path: Path) -> None:
    game = open_game(tmp_path)
    play(game, 2)
    old = tmp_path / "old.db"
    game.store.backup(old)  # the player's own copy, from round 2
    play(game, 2)
    game.store.backup()  # the game's, of round 4
    play(game, 1)
    game.close()
    shutil.copy(old, tmp_path / "blackjack.db")  # the old copy put back by hand
    back = open_game(tmp_path)
    said = " ".join(back.notices)
    assert "the database ends at round 2, but rounds 3–5 were booked" in said.lower()
    assert len(back.notices) == 1  # one line says it all
    assert ("the backup of round 4 is restored, but round 5 is lost (your bankroll was 950 "
            "after round 5)") in said
    assert back.store.balance() == Decimal(960)
    assert list(tmp_path.glob("blackjack.db.behind-*"))
    check_money(back)
    back.close()
    again = open_game(tmp_path)  # said once: the loss is recorded, the head follows the book
    assert again.notices == []
    again.close()


def test_a_backup_that_holds_the_head_restores_everything(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    play(game, 3)
    old = tmp_path / "old.db"
    game.store.backup(old)
    play(game, 2)
    game.store.backup()
    game.close()
    shutil.copy(old, tmp_path / "blackjack.db")
    back = open_game(tmp_path)
    said = " ".join(back.notices)
    assert "the backup of round 5" in said and "no backup holds" not in said
    assert back.store.balance() == Decimal(950) and rounds_of(back.store) == 5
    check_money(back)


def test_a_database_from_another_book_is_named(tmp_path: Path) -> None:
    game = open_game(tmp_path / "a")
    play(game, 2)
    game.close()
    other = open_game(tmp_path / "b")
    play(other, 2, WIN)
    other.close()
    shutil.copy(tmp_path / "b" / "blackjack.db", tmp_path / "a" / "blackjack.db")
    back = open_game(tmp_path / "a")
    said = " ".join(back.notices)
    assert "another book than the one booked through round 2" in said
    check_money(back)


def test_backups_are_made_at_the_start_and_rotated(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.drain()
    assert len(listed(tmp_path)) == 1  # the start's, of round 0
    play(game, 1)
    game.close()
    game = open_game(tmp_path)
    game.drain()
    assert len(listed(tmp_path)) == 2
    game.close()
    game = open_game(tmp_path)  # nothing booked since: no new backup
    game.drain()
    assert len(listed(tmp_path)) == 2
    for _ in range(8):
        game.store.backup()
    assert len(listed(tmp_path)) <= 5 + 1
    game.close()


def test_the_head_records_the_last_booked_round(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    play(game, 2)
    head, note = read_head(tmp_path)
    assert note is None and head is not None
    assert head.rounds == 2 and head.bankroll == "980" and head.inflight is None
    game.close()


@pytest.mark.skipif(os.name != "posix", reason="links and flock are POSIX's")
@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_a_database_linked_into_a_second_folder_is_one_game_at_a_time(
        tmp_path: Path, link: str) -> None:
    first = tmp_path / "a"
    game = Game.open(data_dir_options(first))
    second = tmp_path / "b"
    second.mkdir()
    if link == "symbolic":
        (second / "blackjack.db").symlink_to(first / "blackjack.db")
    else:
        os.link(first / "blackjack.db", second / "blackjack.db")
    with pytest.raises(FolderInUse, match="already open"):
        Game.open(data_dir_options(second))
    game.close()
    again = Game.open(data_dir_options(second))  # free again once the first is closed
    again.close()


def data_dir_options(folder: Path):  # type: ignore[no-untyped-def]
    from blackjack_tui.controller.game import GameOptions

    return GameOptions(data_dir=folder)


def test_the_folder_lock_also_holds_the_database(tmp_path: Path) -> None:
    lock = FolderLock(tmp_path).acquire()
    Store(tmp_path).close()
    lock.hold_database(tmp_path / "blackjack.db")
    other = tmp_path / "other"
    other.mkdir()
    (other / "blackjack.db").symlink_to(tmp_path / "blackjack.db")
    with pytest.raises(FolderInUse):
        FolderLock(other).acquire()
    lock.release()
    FolderLock(other).acquire().release()


def _flip_schema_text(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    at = raw.find(b"CREATE TABLE settings")
    raw[at + 15] ^= 0x01  # 'settings' -> 'Settings'... a definition SQLite cannot parse
    path.write_bytes(bytes(raw))


def _invalid_text(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("INSERT OR REPLACE INTO settings (key, value) "
                 "VALUES ('speed', CAST(x'fffe41' AS TEXT))")
    conn.commit()
    conn.close()


def _drop_settings(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE settings")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("damage", [_flip_schema_text, _invalid_text, _drop_settings],
                         ids=["a flipped bit in the schema text", "invalid text",
                              "a dropped settings table"])
def test_a_damaged_file_the_game_refused_is_salvaged_and_every_round_kept(
        tmp_path: Path, damage: object) -> None:
    game = open_game(tmp_path)
    play(game, 3)
    game.close()
    damage(tmp_path / "blackjack.db")  # type: ignore[operator]
    back = open_game(tmp_path)
    said = " ".join(back.notices)
    assert "The database was damaged" in said and "(in settings)" in said
    assert "Every booked round (3) was kept." in said
    assert list(tmp_path.glob("blackjack.db.damaged-*"))
    assert back.store.balance() == Decimal(970) and rounds_of(back.store) == 3
    check_money(back)


def test_a_truncated_file_is_salvaged_or_restored_and_says_which_rounds_are_lost(
        tmp_path: Path) -> None:
    game = open_game(tmp_path)
    play(game, 3)
    game.store.backup()
    play(game, 2)
    game.close()
    path = tmp_path / "blackjack.db"
    path.write_bytes(path.read_bytes()[: path.stat().st_size * 2 // 3])
    back = open_game(tmp_path)
    said = " ".join(back.notices)
    assert "The database was damaged" in said
    kept = rounds_of(back.store)
    if kept < 5:  # what could not be read is said by round number
        assert "could not be read" in said and ("5" in said)
    check_money(back)


def test_an_empty_database_file_beside_a_full_log_keeps_the_log_aside(tmp_path: Path) -> None:
    game = open_game(tmp_path / "a")
    play(game, 2)
    dealt(game)  # a step in the log
    crashed = killed(tmp_path / "a", tmp_path / "b")
    (crashed / "blackjack.db").write_bytes(b"")
    size = (crashed / "blackjack.db-wal").stat().st_size
    assert size > 0
    back = open_game(crashed)
    said = " ".join(back.notices)
    assert f"its log held {size:,} bytes; both are kept at" in said
    [aside] = crashed.glob("blackjack.db.damaged-*-wal")
    assert aside.stat().st_size == size
    back.close()


@pytest.mark.parametrize("damage", ["torn", "flipped"])
def test_a_log_torn_or_flipped_after_its_checkpoint_never_mixes_old_pages_into_the_book(
        tmp_path: Path, damage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Sealed: every frame of the log is in the file, but the log still holds them (a PASSIVE
    # checkpoint does not cut it). Its older frames, read over the newer file, would be a book
    # from two moments; the start must read the file alone (seen: "database disk image is
    # malformed", and "51 round(s) do not match their journal lines", issue 22's kill test).
    game = open_game(tmp_path / "a")
    play(game, 1, WIN)
    with monkeypatch.context() as patch:  # six rounds in one log, each booked, none sealed...
        patch.setattr(Book, "seal", Book.write_head)
        play(game, 6, WIN)
    assert game.store.checkpoint()  # ...then sealed at once: the log wholly in the file, uncut
    wal = tmp_path / "a" / "blackjack.db-wal"
    assert wal.stat().st_size > 4096 * 8
    rng = random.Random(11)
    for attempt in range(12):
        crashed = killed(tmp_path / "a", tmp_path / f"b{attempt}")
        log = crashed / "blackjack.db-wal"
        raw = bytearray(log.read_bytes())
        if damage == "torn":
            raw = raw[: rng.randrange(32, len(raw) // 2)]
        else:
            for at in rng.sample(range(32, len(raw) // 2), 4):
                raw[at] ^= 1 << rng.randrange(8)
        log.write_bytes(bytes(raw))
        back = open_game(crashed)
        assert back.store.problems() == [], back.notices
        assert back.store.balance() == Decimal(1070) and rounds_of(back.store) == 7, back.notices
        check_money(back)
        back.close()
    game.close()


def test_a_log_torn_between_a_bookings_commit_and_its_head_puts_the_round_back_in_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The kill lands after the booking's commit, before its head is written (the head is
    # written before the booking returns, so the player has not seen the result); the log then
    # loses that commit. The round is back in play at its last step, its chips on the table.
    game = open_game(tmp_path / "a")
    play(game, 2)
    rnd = dealt(game)
    game.drain()  # the deal's step is synced: the head names the round in play
    round_id = game.round_id
    copies: list[Path] = []
    put_head = Book._put_head

    def killed_before_the_head(book: Book, state) -> None:  # type: ignore[no-untyped-def]
        if not copies and state.rounds == 3:
            copies.append(killed(tmp_path / "a", tmp_path / "b"))
        put_head(book, state)
    monkeypatch.setattr(Book, "_put_head", killed_before_the_head)
    rnd.apply(Action.parse("stand"))
    asyncio.run(game.persist(rnd))
    [crashed] = copies
    log = crashed / "blackjack.db-wal"
    log.write_bytes(log.read_bytes()[:4152])  # the booking's frames gone, the deal's kept
    back = open_game(crashed)
    assert back.notices == []
    assert back.resume_round is not None and back.round_id == round_id
    assert back.store.balance() == Decimal(980) and rounds_of(back.store) == 2
    check_money(back)
