"""The player's money and history are his alone (issue 22, item 6): on POSIX every file the game
writes is 0600 and every folder 0700, and what earlier versions left 0644 and 0755 is tightened
when the game opens its folders; files of the player's own in a folder he named are left alone."""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from blackjack_tui import paths
from blackjack_tui.cli import main
from blackjack_tui.store import Store

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")

FIXTURES = Path(__file__).parent / "store" / "fixtures"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def tree(folder: Path) -> Iterator[Path]:
    yield folder
    yield from folder.rglob("*")


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The umask most systems give (022): files 0644 and folders 0755 unless the game says so."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_a_new_data_folder_and_its_log_are_0700_and_0600(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_umask: None) -> None:
    monkeypatch.delenv(paths.LOG_ENV)
    data = tmp_path / "new" / "data"
    assert main(["history", "--debug", "--data-dir", str(data)]) == 0
    assert (data / "logs" / "blackjack-tui.log").exists()
    for path in (tmp_path / "new", *tree(data)):
        assert mode(path) == (0o700 if path.is_dir() else 0o600), path
    assert os.umask(0o022) == 0o022  # the player's umask is back once the command is done


def test_the_database_lock_and_log_a_run_makes_are_0600(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_umask: None) -> None:
    monkeypatch.delenv(paths.LOG_ENV)
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "v0-data", data)  # 0.1.0's files: the first run imports them
    for path in tree(data):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    assert main(["history", "--debug", "--data-dir", str(data)]) == 0
    made = {p.name for p in data.iterdir()}
    assert {"blackjack.db", "blackjack.lock", "logs"} <= made
    for path in data.rglob("*"):
        assert mode(path) == (0o700 if path.is_dir() else 0o600), path
    assert mode(data) == 0o755  # the folder the player named is his to open or close


def test_files_already_there_are_tightened_and_the_players_own_are_left_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_umask: None) -> None:
    monkeypatch.delenv(paths.LOG_ENV)
    data = tmp_path / "data"
    Store(data).close()  # as an earlier version left it
    (data / "logs").mkdir()
    (data / "logs" / "blackjack-tui.log").write_text("a warning\n")
    (data / "notes.txt").write_text("the player's own")
    (data / "mine").mkdir()
    assert mode(data / "blackjack.db") == 0o644 and mode(data) == 0o755
    assert main(["history", "--data-dir", str(data)]) == 0
    assert mode(data) == 0o755
    assert mode(data / "blackjack.db") == 0o600
    assert mode(data / "logs") == 0o700 and mode(data / "logs" / "blackjack-tui.log") == 0o600
    assert mode(data / "notes.txt") == 0o644 and mode(data / "mine") == 0o755


def test_the_platforms_own_folders_are_tightened_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_umask: None) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.delenv(paths.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = paths.data_dir()
    assert folder.is_relative_to(tmp_path)
    (folder / "backups").mkdir(parents=True)
    (folder / "backups" / "blackjack-1.db").write_text("x")
    (folder / "anything").write_text("x")
    cache = paths.cache_dir()
    cache.mkdir(parents=True)
    (cache / "nordic.json").write_text("{}")
    assert main(["paths"]) == 0
    for path in (*tree(folder), *tree(cache)):
        assert mode(path) == (0o700 if path.is_dir() else 0o600), path


def test_the_home_the_root_and_a_shared_temporary_folder_are_never_tightened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir(mode=0o755)
    os.chmod(home, 0o755)
    monkeypatch.setenv("HOME", str(home))
    assert paths.tighten(home) == 0 and mode(home) == 0o755
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    (shared / "blackjack.db").write_text("x")
    os.chmod(shared / "blackjack.db", 0o644)
    assert paths.tighten(shared, paths.DATA_NAMES) == 0
    assert mode(shared) == 0o1777 and mode(shared / "blackjack.db") == 0o644


def test_a_link_in_the_data_folder_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("x")
    os.chmod(outside, 0o644)
    data = tmp_path / "data"
    data.mkdir()
    (data / "blackjack.db").symlink_to(outside)
    paths.tighten(data, paths.DATA_NAMES)
    paths.tighten(data)
    assert mode(outside) == 0o644 and mode(data) == 0o700
