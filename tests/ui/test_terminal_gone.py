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


def test_a_game_whose_terminal_is_gone_quits_and_keeps_its_round(tmp_path: Path) -> None:
    data = tmp_path / "data"
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=str(REPO))
    # No new session: the pty never becomes the game's controlling terminal, so closing it sends
    # no SIGHUP (as under a harness); the game must find out for itself.
    child = subprocess.Popen([sys.executable, "-m", "blackjack_tui", "--data-dir", str(data),
                              "--seed", "7"], stdin=slave, stdout=slave, stderr=slave, env=env,
                             close_fds=True)
    os.close(slave)
    out = b""
    dealt = False
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                out += os.read(master, 65536)
            if not dealt and b"Deal" in out:
                time.sleep(0.5)
                os.write(master, b"\r")  # deal: a round in play
                dealt = True
                dealt_at = time.monotonic()
            if dealt and time.monotonic() - dealt_at > 3:
                break
        assert dealt, out.decode("utf-8", "replace")[-2000:]
        os.close(master)
        master = -1
        child.wait(timeout=EVERY_SECONDS * 3 + 10)
    finally:
        if master >= 0:
            os.close(master)
        if child.poll() is None:
            child.kill()
            child.wait()
            raise AssertionError("the game went on without its terminal")
    assert child.returncode == 0

    from blackjack_tui.controller.game import Game, GameOptions

    again = Game.open(GameOptions(data_dir=data))  # the lock was given back; the round is there
    try:
        assert again.resume_round is not None and not again.resume_round.over  # seed 7: in play
    finally:
        again.close()


def test_the_scorekeeper_whose_terminal_is_gone_quits(tmp_path: Path) -> None:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=str(REPO))
    child = subprocess.Popen([sys.executable, "-m", "blackjack_tui", "--data-dir",
                              str(tmp_path / "data"), "ledger"], stdin=slave, stdout=slave,
                             stderr=slave, env=env, close_fds=True)
    os.close(slave)
    out = b""
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and b"vening" not in out:  # its first screen drawn
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                out += os.read(master, 65536)
        assert b"vening" in out, out.decode("utf-8", "replace")[-2000:]
        os.close(master)
        master = -1
        child.wait(timeout=EVERY_SECONDS * 3 + 10)
    finally:
        if master >= 0:
            os.close(master)
        if child.poll() is None:
            child.kill()
            child.wait()
            raise AssertionError("the scorekeeper went on without its terminal")
    assert child.returncode == 0
