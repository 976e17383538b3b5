"""write_atomic: a whole new file or the old one, never a mix; failures are one-line StoreErrors."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest

from blackjack_tui.store import atomic
from blackjack_tui.store.atomic import append_line, move_aside, write_atomic
from blackjack_tui.store.errors import StoreError


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_write_creates_folder_and_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "profile.json"
    write_atomic(target, b"one")
    assert target.read_bytes() == b"one"
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert leftovers(target.parent) == []


def test_fsync_failure_leaves_previous_file(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "profile.json"
    write_atomic(target, b"previous")

    def failing_fsync(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(atomic.os, "fsync", failing_fsync)
    with pytest.raises(StoreError, match=r"could not save .*profile\.json: Input/output error"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"previous"
    assert leftovers(tmp_path) == []


def test_replace_failure_leaves_previous_file(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "profile.json"
    write_atomic(target, b"previous")

    def failing_replace(src: object, dst: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", failing_replace)
    with pytest.raises(StoreError) as info:
        write_atomic(target, b"new")
    assert str(info.value).endswith("the disk is full")
    assert "\n" not in str(info.value)
    assert target.read_bytes() == b"previous"
    assert leftovers(tmp_path) == []


def test_write_failure_midway_leaves_previous_file(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "history.json"
    write_atomic(target, b"previous")
    real_fdopen = os.fdopen

    class FullDisk:
        def __init__(self, handle: object) -> None:
            self.handle = handle

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()  # type: ignore[attr-defined]

        def write(self, data: bytes) -> None:
            self.handle.write(data[: len(data) // 2])  # type: ignore[attr-defined]
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fdopen", lambda fd, mode: FullDisk(real_fdopen(fd, mode)))
    with pytest.raises(StoreError, match="disk is full"):
        write_atomic(target, b"x" * 1000)
    assert target.read_bytes() == b"previous"
    assert leftovers(tmp_path) == []


def test_folder_fsync_failure_is_a_store_error(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "profile.json"
    real_fsync = os.fsync
    calls: list[int] = []

    def fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 2:  # the first is the file's, the second the folder's
            raise OSError(errno.EIO, "Input/output error")
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    with pytest.raises(StoreError):
        write_atomic(target, b"data")
    assert len(calls) == 2


def _refused(folder: Path, why: str, *, move: bool = True) -> None:
    attempts = [lambda: write_atomic(folder / "profile.json", b"new"),
                lambda: append_line(folder / "history.jsonl", b"{}")]
    if move:
        attempts.append(lambda: move_aside(folder / "profile.json", "20250101-000000"))
    for attempt in attempts:
        with pytest.raises(StoreError, match=why):
            attempt()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX folders")
def test_a_folder_the_os_refuses_is_a_store_error(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        folder = tmp_path / "locked"
        folder.mkdir()
        (folder / "profile.json").write_bytes(b"previous")
        folder.chmod(0o500)
        try:
            _refused(folder, "not writable")
        finally:
            folder.chmod(0o700)
        assert (folder / "profile.json").read_bytes() == b"previous"
    else:
        # Root ignores folder permissions, but sysfs refuses new files even to root (there is
        # no file of ours in it to move aside).
        _refused(Path("/sys"), "not writable|read-only", move=False)


def test_append_after_cut_short_line_starts_a_fresh_line(tmp_path: Path) -> None:
    log = tmp_path / "history.jsonl"
    append_line(log, b'{"a":1}')
    with open(log, "ab") as handle:
        handle.write(b'{"b":')  # a crash mid-append
    append_line(log, b'{"c":3}')
    assert log.read_bytes() == b'{"a":1}\n{"b":\n{"c":3}\n'


def test_append_refuses_newlines(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        append_line(tmp_path / "x.jsonl", b"a\nb")


def test_move_aside_never_overwrites(tmp_path: Path) -> None:
    one = tmp_path / "profile.json"
    one.write_bytes(b"1")
    first = move_aside(one, "20250101-120000")
    one.write_bytes(b"2")
    second = move_aside(one, "20250101-120000")
    assert first.name == "profile.json.broken-20250101-120000"
    assert second.name == "profile.json.broken-20250101-120000-2"
    assert (first.read_bytes(), second.read_bytes()) == (b"1", b"2")


def test_not_writable_folder_injected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Root ignores folder permissions, so the refusal is injected where the OS would raise it."""
    def refuse(**kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(atomic.tempfile, "mkstemp", refuse)
    with pytest.raises(StoreError, match=r"could not save .*: the folder is not writable$"):
        write_atomic(tmp_path / "profile.json", b"new")


def test_folder_that_is_a_file_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_bytes(b"not a folder")
    with pytest.raises(StoreError, match="could not save"):
        write_atomic(blocker / "profile.json", b"new")
    with pytest.raises(StoreError, match="could not append"):
        append_line(blocker / "history.jsonl", b"{}")
