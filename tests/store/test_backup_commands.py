"""``blackjack-tui backup`` and ``restore``, and ``audit`` on a database behind its head: what a
player types to keep a copy, move to a new machine, or go back to a backup (issue 22)."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.cli import main
from blackjack_tui.store import FolderLock, Store
from blackjack_tui.store.backup import listed

from .helpers import open_game
from .test_sqlite_files import play, rounds_of


def test_backup_and_restore_move_the_book_to_a_new_machine(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    game = open_game(old)
    play(game, 3)
    # The game open: backup reads a consistent snapshot without the folder's lock.
    copy = tmp_path / "carried.db"
    assert main(["backup", "--to", str(copy), "--data-dir", str(old)]) == 0
    assert "through round 3" in capsys.readouterr().out
    game.close()
    assert main(["restore", str(copy), "--data-dir", str(new)]) == 0
    assert "bankroll 970" in capsys.readouterr().out
    store = Store(new)
    assert store.balance() == Decimal(970) and rounds_of(store) == 3 and not store.notices
    store.close()


def test_restore_without_a_file_takes_the_newest_backup_and_keeps_the_replaced_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = open_game(tmp_path)
    play(game, 2)
    game.close()
    assert main(["backup", "--data-dir", str(tmp_path)]) == 0
    game = open_game(tmp_path)
    play(game, 2)
    game.close()
    assert main(["restore", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "through round 2" in out and "kept at" in out
    assert list(tmp_path.glob("blackjack.db.replaced-*"))
    back = open_game(tmp_path)  # the player's choice: the start takes it without a word
    assert back.notices == [] and back.store.balance() == Decimal(980)
    back.close()


def test_restore_refuses_a_damaged_or_unbalanced_backup_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = open_game(tmp_path)
    play(game, 2)
    game.close()
    bad = tmp_path / "bad.db"
    assert main(["backup", "--to", str(bad), "--data-dir", str(tmp_path)]) == 0
    import sqlite3

    conn = sqlite3.connect(bad)
    conn.execute("UPDATE accounts SET balance = '5000' WHERE name = 'bankroll'")
    conn.commit()
    conn.close()
    before = (tmp_path / "blackjack.db").read_bytes()
    assert main(["restore", str(bad), "--data-dir", str(tmp_path)]) == 1
    assert "is not restored" in capsys.readouterr().out
    assert (tmp_path / "blackjack.db").read_bytes() == before
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    assert main(["restore", str(junk), "--data-dir", str(tmp_path)]) == 1
    assert (tmp_path / "blackjack.db").read_bytes() == before


def test_restore_while_a_game_is_open_is_one_line_and_exit_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = open_game(tmp_path)
    play(game, 1)
    game.store.backup()
    with FolderLock(tmp_path):
        assert main(["restore", "--data-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "already open" in out and len(out.strip().splitlines()) == 1
    game.close()


def test_backup_list_names_each_backup_with_its_round(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = open_game(tmp_path)
    play(game, 2)
    game.store.backup()
    game.close()
    assert main(["backup", "--list", "--json", "--data-dir", str(tmp_path)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["rounds"] for r in rows] == [2, 0] and rows[0]["bankroll"] == "980"
    assert len(listed(tmp_path)) == 2


def test_audit_reports_a_database_behind_its_head(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = open_game(tmp_path)
    play(game, 1)
    old = tmp_path / "old.db"
    game.store.backup(old)
    play(game, 2)
    game.close()
    shutil.copy(old, tmp_path / "blackjack.db")
    assert main(["audit", "--json", "--data-dir", str(tmp_path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert any("the database ends at round 1, but rounds 2–3 were booked" in p
               for p in report["problems"])
    assert main(["audit", "--data-dir", str(tmp_path)]) == 1
    assert "PROBLEM: the database ends at round 1" in capsys.readouterr().out


def test_paths_names_the_backups_folder(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["paths", "--json", "--data-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["backups"] == str(tmp_path / "backups")
