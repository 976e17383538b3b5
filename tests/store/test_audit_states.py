"""``audit`` answers in every state the database can be in, and never changes it.

A damaged file (flipped bits in a page, truncated, random bytes, a flipped bit in the stored
schema text, text that is not UTF-8, a dropped table), a database whose log is missing, torn or
flipped, a zero-length file, a newer schema: each is a list of problems, exit 1, and with
``--json`` valid JSON listing them -- never the crash paragraph. A read-only folder is read from a
copy. ``audit --json | head -1`` ends quietly, and so does ``history``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from blackjack_tui.cli import main

from .test_commands import record_rounds
from .test_faults import small_tmpfs

CRASH = "stopped on an unexpected error"


def book(folder: Path, rounds: int = 5) -> Path:
    """A data folder with ``rounds`` booked rounds, the game closed (all in ``blackjack.db``)."""
    record_rounds(folder, rounds)
    return folder / "blackjack.db"


def book_in_the_log(folder: Path, scratch: Path, rounds: int = 5) -> Path:
    """The state a game killed before a checkpoint leaves: ``blackjack.db`` a header without a
    table, and every round in ``blackjack.db-wal`` (copied while the writer is still open)."""
    source = book(scratch / "source", rounds)
    writer_path = scratch / "writer" / "blackjack.db"
    writer_path.parent.mkdir()
    writer = sqlite3.connect(writer_path, isolation_level=None)
    writer.execute("PRAGMA journal_mode = WAL")
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    reader = sqlite3.connect(source)
    reader.backup(writer)
    reader.close()
    folder.mkdir(exist_ok=True)
    shutil.copyfile(writer_path, folder / "blackjack.db")
    shutil.copyfile(f"{writer_path}-wal", folder / "blackjack.db-wal")
    writer.close()
    assert (folder / "blackjack.db").stat().st_size == 4096  # the header page alone
    return folder / "blackjack.db"


def files(folder: Path) -> dict[str, str]:
    """The database and its log as they are on disk. The index (-shm) is SQLite's scratch, and
    so is an empty log: a read-only connection makes both to read a file in WAL mode."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())
            if p.name == "blackjack.db" or (p.name == "blackjack.db-wal" and p.stat().st_size)}


def audit_json(folder: Path, capsys: pytest.CaptureFixture[str], *more: str
               ) -> tuple[int, dict[str, object]]:
    status = main(["audit", "--json", *more, "--data-dir", str(folder)])
    captured = capsys.readouterr()
    assert CRASH not in captured.err and "Traceback" not in captured.err, captured.err
    return status, json.loads(captured.out)


def audit_text(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["audit", "--data-dir", str(folder)])
    captured = capsys.readouterr()
    assert CRASH not in captured.err and "Traceback" not in captured.err, captured.err
    return status, captured.out


def assert_problem(folder: Path, capsys: pytest.CaptureFixture[str], *words: str) -> list[str]:
    """The audit lists a problem with ``words`` (JSON and text), exit 1, and changes nothing."""
    before = files(folder)
    status, report = audit_json(folder, capsys)
    problems = report["problems"]
    assert status == 1 and report["agrees"] is False and isinstance(problems, list), report
    assert any(all(w in p for w in words) for p in problems), problems
    status, text = audit_text(folder, capsys)
    assert status == 1 and "PROBLEM: " in text and "Everything agrees" not in text, text
    assert all(w in text for w in words), text
    assert files(folder) == before
    return problems


# ---------------------------------------------------------------------------- a damaged file

def flip(path: Path, offsets: list[int], mask: int = 0xFF) -> None:
    data = bytearray(path.read_bytes())
    for offset in offsets:
        data[offset] ^= mask
    path.write_bytes(bytes(data))


def test_audit_of_a_file_with_flipped_bits_in_its_pages_lists_the_damage(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = book(tmp_path)
    pages = path.stat().st_size // 4096
    # The first bytes of pages across the file (each page's kind and cell counts).
    flip(path, [page * 4096 + k for page in (2, pages // 2, pages - 1) for k in range(4)])
    assert_problem(tmp_path, capsys, "the database is damaged")


def test_audit_of_a_truncated_file_lists_the_damage(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = book(tmp_path)
    with path.open("r+b") as handle:
        handle.truncate(path.stat().st_size // 2 // 4096 * 4096)
    assert_problem(tmp_path, capsys, "damaged")


def test_audit_of_a_file_of_random_bytes_says_it_is_not_a_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = book(tmp_path)
    path.write_bytes(random.Random(22).randbytes(path.stat().st_size))
    problems = assert_problem(tmp_path, capsys, "blackjack.db is not a database")
    assert problems == ["blackjack.db is not a database: its first page is damaged or it is "
                        "another file"]


def test_audit_of_a_flipped_bit_in_the_stored_schema_text_names_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The settings table's column "value" now reads "valud": SQLite still parses it, the game
    # cannot read its settings, and the audit used to say everything agrees.
    path = book(tmp_path)
    data = path.read_bytes()
    table = data.index(b"CREATE TABLE settings")
    flip(path, [data.index(b"value", table) + 4], 0x01)
    assert_problem(tmp_path, capsys, "the stored definition of the table settings")


def test_audit_of_a_flipped_bit_that_breaks_the_stored_schema_reads_around_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = book(tmp_path)
    data = path.read_bytes()
    flip(path, [data.index(b"CREATE TABLE settings") + 3], 0x04)  # CREATE -> CREETE
    problems = assert_problem(tmp_path, capsys, "its stored schema cannot be read")
    status, report = audit_json(tmp_path, capsys)
    assert status == 1 and report["rounds"] == 5 and report["readable"] is True  # the rest read
    assert "the stored definition of the table settings is not blackjack-tui's (damaged schema " \
        "text)" in problems
    assert all("\n" not in p for p in problems)


def test_audit_of_text_that_is_not_utf8_names_its_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book(tmp_path)
    conn = sqlite3.connect(tmp_path / "blackjack.db")
    conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('sound', "
                 "CAST(X'22FF22' AS TEXT))")
    conn.commit()
    conn.close()
    assert_problem(tmp_path, capsys, "the table settings cannot be read whole")


def test_audit_of_a_dropped_settings_table_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book(tmp_path)
    conn = sqlite3.connect(tmp_path / "blackjack.db")
    conn.execute("DROP TABLE settings")
    conn.close()
    problems = assert_problem(tmp_path, capsys, "the table settings is missing")
    assert problems == ["the table settings is missing"]  # and everything else still agrees


def test_audit_of_a_setting_that_is_not_json_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book(tmp_path)
    conn = sqlite3.connect(tmp_path / "blackjack.db")
    conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('sound', '{oops')")
    conn.commit()
    conn.close()
    assert_problem(tmp_path, capsys, "settings holds 1 row(s) whose value is not JSON")


def test_audit_of_a_newer_schema_says_so_and_checks_nothing_it_cannot_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book(tmp_path)
    conn = sqlite3.connect(tmp_path / "blackjack.db")
    conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()
    problems = assert_problem(tmp_path, capsys, "newer blackjack-tui (schema 99")
    assert len(problems) == 1


def test_audit_of_a_database_without_its_schema_version_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book(tmp_path)
    conn = sqlite3.connect(tmp_path / "blackjack.db")
    conn.execute("DELETE FROM meta")
    conn.commit()
    conn.close()
    problems = assert_problem(tmp_path, capsys, "schema version is missing")
    assert len(problems) == 1


# ---------------------------------------------------------------------------- the log

def test_a_book_in_its_log_is_audited_from_the_log_and_left_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "data"
    book_in_the_log(folder, tmp_path)
    before = files(folder)
    status, report = audit_json(folder, capsys, "--replay")
    assert status == 0 and report["rounds"] == 5 and report["agrees"] is True, report
    assert files(folder) == before  # no checkpoint: the file is still a header, the log whole
    assert main(["history", "--json", "--data-dir", str(folder)]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 5
    assert files(folder) == before


def test_audit_of_a_database_whose_log_is_missing_says_it_holds_no_book(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "data"
    book_in_the_log(folder, tmp_path)
    (folder / "blackjack.db-wal").unlink()
    assert_problem(folder, capsys, "holds no book")


@pytest.mark.parametrize("damage", ["torn", "flipped"])
def test_audit_of_a_database_whose_log_is_torn_or_flipped_lists_a_problem(
        damage: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "data"
    book_in_the_log(folder, tmp_path)
    log = folder / "blackjack.db-wal"
    if damage == "torn":
        with log.open("r+b") as handle:
            handle.truncate(log.stat().st_size // 2)
    else:
        flip(log, [log.stat().st_size // 3], 0x10)
    assert_problem(folder, capsys, "holds no book")


@pytest.mark.parametrize("with_log", [False, True])
def test_audit_of_a_zero_length_database_keeps_its_log_and_says_so(
        with_log: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "data"
    book_in_the_log(folder, tmp_path)
    (folder / "blackjack.db").write_bytes(b"")
    if not with_log:
        (folder / "blackjack.db-wal").unlink()
    problems = assert_problem(folder, capsys, "blackjack.db is empty (0 bytes)")
    # SQLite deletes the log beside a zero-length database when it opens it: never done here.
    assert (folder / "blackjack.db-wal").exists() == with_log
    assert ("blackjack.db-wal" in problems[0]) == with_log
    assert main(["history", "--data-dir", str(folder)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "empty (0 bytes)" in err
    assert (folder / "blackjack.db-wal").exists() == with_log


# ---------------------------------------------------------------------------- a read-only folder

def test_audit_in_a_read_only_folder_reads_the_rounds_in_its_log_from_a_copy(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with small_tmpfs(tmp_path) as disk:
        folder = disk / "data"
        book_in_the_log(folder, tmp_path)
        before = files(folder)
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        try:
            status, report = audit_json(folder, capsys, "--replay")
            history = main(["history", "--json", "--data-dir", str(folder)])
            rows = json.loads(capsys.readouterr().out)
        finally:
            subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
        # SQLite cannot make its index beside the file: a copy was read, the log with it.
        assert status == 0 and report["rounds"] == 5 and report["agrees"] is True, report
        assert report["notes"] and "a copy of the database and its log was read" in \
            str(report["notes"][0])  # type: ignore[index]
        assert history == 0 and len(rows) == 5
        assert files(folder) == before


# ---------------------------------------------------------------------------- a broken pipe

def run_into_a_closed_pipe(*argv: str) -> subprocess.CompletedProcess[bytes]:
    """The command with its stdout a pipe whose reader has already gone."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "blackjack_tui", *argv], stdout=write,
                              stderr=subprocess.PIPE, timeout=120, check=False)
    finally:
        os.close(write)


@pytest.mark.parametrize("command", [["audit", "--json"], ["audit"], ["history", "--json"],
                                     ["history"]])
def test_a_reading_command_into_a_closed_pipe_ends_quietly(
        command: list[str], tmp_path: Path) -> None:
    book(tmp_path, 3)
    done = run_into_a_closed_pipe(*command, "--data-dir", str(tmp_path))
    assert done.stderr == b"" and done.returncode == 1


@pytest.mark.parametrize("command", ["audit --json", "history --json"])
def test_a_reading_command_piped_into_head_ends_quietly(command: str, tmp_path: Path) -> None:
    book(tmp_path, 40)  # history: more than a pipe holds, so it is still writing when head goes
    done = subprocess.run(
        ["bash", "-c", f'"{sys.executable}" -m blackjack_tui {command} --data-dir '
                       f'"{tmp_path}" | head -1'],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.stdout in ("{\n", "[\n") and done.stderr == "", done.stderr


# ---------------------------------------------------------------------------- every state at once

STATES: dict[str, Callable[[Path], None]] = {
    "pages": lambda p: flip(p, [p.stat().st_size // 2 // 4096 * 4096 + k for k in range(8)]),
    "random": lambda p: p.write_bytes(random.Random(1).randbytes(p.stat().st_size)),
    "half": lambda p: p.write_bytes(p.read_bytes()[:p.stat().st_size // 2]),
    "empty": lambda p: p.write_bytes(b""),
    "short": lambda p: p.write_bytes(b"SQLite format 3\x00"),
}


@pytest.mark.parametrize("state", sorted(STATES))
def test_history_of_a_damaged_file_is_one_line_or_the_rounds_never_a_crash(
        state: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = book(tmp_path)
    STATES[state](path)
    status = main(["history", "--json", "--data-dir", str(tmp_path)])
    captured = capsys.readouterr()
    assert CRASH not in captured.err and "Traceback" not in captured.err, captured.err
    assert status in (0, 1)
    if captured.out:
        assert isinstance(json.loads(captured.out), list)
    if status == 1:
        assert "blackjack-tui history: " in captured.err
    status, report = audit_json(tmp_path, capsys)
    assert status == 1 and report["problems"], report


def test_audit_of_a_table_the_game_never_made_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book(tmp_path)
    conn = sqlite3.connect(tmp_path / "blackjack.db")
    conn.execute("CREATE TABLE settingr (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.close()
    assert_problem(tmp_path, capsys, "an unknown table settingr is in the file")
