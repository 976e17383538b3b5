"""A game whose terminal goes away without a hang-up ends, keeping its round (ui/terminal_watch.py).

Textual's input thread spins on a terminal whose other end is closed when no SIGHUP comes (a
harness, a web terminal, a dropped SSH session): the game must notice and quit as ``ctrl+q`` does.
"""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

from blackjack_tui.ui.terminal_watch import EVERY_SECONDS, terminal_gone, watcher

REPO = Path(__file__).resolve().parents[2]


def test_a_terminal_whose_other_end_closed_is_gone_and_an_open_one_is_not() -> None:
    master, slave = os.openpty()
    try:
        assert not terminal_gone(slave)
        os.close(master)
        assert terminal_gone(slave)
    finally:
        os.close(slave)


def test_the_watch_leaves_once() -> None:
    master, slave = os.openpty()
    left: list[int] = []
    check = watcher(slave, lambda: left.append(1))
    try:
        check()
        assert left == []
        os.close(master)
        check()
        check()
        assert left == [1]
    finally:
        os.close(slave)


def run_then_hang_up(args: list[str], rows: int, cols: int,
                     ready: Callable[[bytes, int], bool]) -> int:
    """Start ``blackjack-tui ARGS`` on a pty, read it until ``ready(output, pty)`` says so, close
    the pty and return the exit status (failing if the program goes on without its terminal).
    No new session: the pty never becomes its controlling terminal, so closing it sends no
    SIGHUP (as under a harness); the program must find out for itself."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=str(REPO))
    child = subprocess.Popen([sys.executable, "-m", "blackjack_tui", *args], stdin=slave,
                             stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    out = b""
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not ready(out, master):
            readable, _, _ = select.select([master], [], [], 0.2)
            if readable:
                out += os.read(master, 65536)
        assert ready(out, master), out.decode("utf-8", "replace")[-2000:]
        os.close(master)
        master = -1
        child.wait(timeout=EVERY_SECONDS * 3 + 10)
    finally:
        if master >= 0:
            os.close(master)
        if child.poll() is None:
            child.kill()
            child.wait()
            raise AssertionError(f"{args[-1]} went on without its terminal")
    return child.returncode


def test_a_game_whose_terminal_is_gone_quits_and_keeps_its_round(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dealt_at: list[float] = []

    def dealt_a_while_ago(out: bytes, pty: int) -> bool:
        if not dealt_at and b"Deal" in out:
            time.sleep(0.5)
            os.write(pty, b"\r")  # deal: a round in play
            dealt_at.append(time.monotonic())
        return bool(dealt_at) and time.monotonic() - dealt_at[0] > 3

    assert run_then_hang_up(["--data-dir", str(data), "--seed", "7", "play"], 30, 100,
                            dealt_a_while_ago) == 0

    from blackjack_tui.controller.game import Game, GameOptions

    again = Game.open(GameOptions(data_dir=data))  # the lock was given back; the round is there
    try:
        assert again.resume_round is not None and not again.resume_round.over  # seed 7: in play
    finally:
        again.close()


def test_the_scorekeeper_whose_terminal_is_gone_quits(tmp_path: Path) -> None:
    def drawn(out: bytes, pty: int) -> bool:
        return b"vening" in out  # its first screen, the evenings

    assert run_then_hang_up(["--data-dir", str(tmp_path / "data"), "ledger"], 24, 80,
                            drawn) == 0
