"""When something goes wrong: the log file, and the one paragraph an unexpected error leaves.

The game's own crash is tested as a player meets it: the real command in a real terminal (a pty),
with a test hook that breaks the game right after the deal has been saved.
"""

from __future__ import annotations

import fcntl
import logging
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from blackjack_tui import diagnostics, paths
from blackjack_tui.cli import main

REPO = Path(__file__).resolve().parents[1]
HOOK = '''
import sys
from blackjack_tui.controller.game import Game

saved = Game.persist

async def persist(self, rnd):
    await saved(self, rnd)
    raise RuntimeError("test hook: the game breaks after saving the round")

Game.persist = persist
from blackjack_tui.cli import main
raise SystemExit(main(sys.argv[1:]))
'''


def _log_lines(folder: Path) -> str:
    path = folder / diagnostics.LOG_NAME
    return path.read_text(encoding="utf-8") if path.exists() else ""


def test_the_log_keeps_warnings_and_only_with_debug_more(tmp_path: Path) -> None:
    for debug in (False, True):
        folder = tmp_path / str(debug)
        logs = diagnostics.start_logging(folder, debug=debug)
        logging.getLogger("blackjack_tui.somewhere").info("an ordinary step")
        logging.getLogger("blackjack_tui.somewhere").warning("a damaged file was moved aside")
        logging.getLogger("a.library").info("chatter from a library")
        logs.close()
        text = _log_lines(folder)
        assert "a damaged file was moved aside" in text
        assert ("an ordinary step" in text) is debug
        assert "chatter from a library" not in text


def test_no_log_file_or_folder_until_there_is_something_to_say(tmp_path: Path) -> None:
    logs = diagnostics.start_logging(tmp_path / "logs")
    logging.getLogger("blackjack_tui").info("nothing worth keeping")
    logs.close()
    assert not (tmp_path / "logs").exists()


def test_the_log_is_rotated(tmp_path: Path) -> None:
    logs = diagnostics.start_logging(tmp_path)
    line = "x" * 1000
    for _ in range(diagnostics.LOG_BYTES // 1000 * (diagnostics.LOG_BACKUPS + 2)):
        logging.getLogger("blackjack_tui").warning(line)
    logs.close()
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["blackjack-tui.log", "blackjack-tui.log.1", "blackjack-tui.log.2"]
    assert all(p.stat().st_size <= diagnostics.LOG_BYTES + 2000 for p in tmp_path.iterdir())


def test_debug_on_the_command_line_logs_the_run(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.LOG_ENV)
    assert main(["--data-dir", str(tmp_path), "paths"]) == 0
    assert not (tmp_path / "logs").exists()
    assert main(["paths", "--debug", "--data-dir", str(tmp_path)]) == 0
    logged = _log_lines(tmp_path / "logs")
    assert "'paths', '--debug'" in logged and "Textual " in logged
    assert f"'data': '{tmp_path}'" in logged


def _break(monkeypatch: pytest.MonkeyPatch) -> None:
    import blackjack_tui.commands.paths as command

    def run(args: object) -> int:
        raise KeyError("a bug of ours")

    monkeypatch.setattr(command, "run", run)


def test_an_unexpected_error_is_one_paragraph_and_the_traceback_goes_to_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv(paths.LOG_ENV, str(tmp_path))
    _break(monkeypatch)
    assert main(["paths"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "(KeyError: 'a bug of ours')" in err
    assert str(tmp_path / diagnostics.LOG_NAME) in err and "--version" in err
    text = _log_lines(tmp_path)
    assert "Traceback (most recent call last)" in text and "KeyError: 'a bug of ours'" in text
    assert "Textual " in text and "Pydantic " in text  # the versions, for the report


def test_when_the_log_cannot_be_written_the_details_go_to_the_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(paths.LOG_ENV, str(blocked))
    _break(monkeypatch)
    assert main(["paths"]) == 1
    err = capsys.readouterr().err
    assert "could not be written" in err and "KeyError: 'a bug of ours'" in err


def _play_in_a_terminal(args: list[str], env: dict[str, str], hook: Path) -> tuple[int, bytes]:
    """Run the game in a pty (100x30), press enter once it has drawn the table; its exit status
    and everything it wrote to the terminal."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    child = subprocess.Popen([sys.executable, str(hook), *args], stdin=slave, stdout=slave,
                             stderr=slave, env=env, close_fds=True)
    os.close(slave)
    out = b""
    dealt = False
    deadline = time.monotonic() + 90
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                out += chunk
            if not dealt and b"Deal" in out:
                time.sleep(0.5)
                os.write(master, b"\r")
                dealt = True
            if child.poll() is not None and not ready:
                break
        else:
            raise AssertionError("the game neither crashed nor quit within 90 s")
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
        os.close(master)
    return child.returncode, out


def test_a_crash_in_the_game_keeps_the_round_restores_the_terminal_and_names_the_log(
        tmp_path: Path) -> None:
    hook = tmp_path / "hook.py"
    hook.write_text(HOOK)
    data = tmp_path / "data"
    env = {key: value for key, value in os.environ.items() if key != paths.LOG_ENV}
    env.update(TERM="xterm-256color", PYTHONPATH=str(REPO))
    status, out = _play_in_a_terminal(["--data-dir", str(data), "--seed", "7", "play"], env, hook)
    text = out.decode("utf-8", "replace")
    assert status == 1, text[-2000:]
    assert "Traceback" not in text
    restored = max(text.rfind("\x1b[?1049l"), text.rfind("\x1b[?25h"))
    assert restored >= 0, "the terminal was not given back"
    paragraph = text[restored:]
    log_file = data / "logs" / diagnostics.LOG_NAME
    assert "stopped on an unexpected error (RuntimeError: test hook" in paragraph
    assert "the next start resumes it" in paragraph and str(log_file) in paragraph
    logged = log_file.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in logged and "in persist" in logged

    from blackjack_tui.controller.game import Game, GameOptions

    again = Game.open(GameOptions(data_dir=data))  # what the next start finds
    try:
        assert again.resume_round is not None and not again.resume_round.over
    finally:
        again.close()
