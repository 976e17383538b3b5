"""A game whose terminal has gone ends, as it does when the terminal hangs up.

A closed terminal window sends SIGHUP and the game ends at once. But a terminal can go without one:
a pseudo-terminal whose other end is closed by a program that never made it the game's controlling
terminal (a test harness, a web terminal, an SSH session dropped without its hang-up). Reading such
a terminal returns nothing at once, for ever, and Textual's input thread reads it again without
end: a core spun until the game is killed (Textual's open pull request #6690, "Fix input thread
busy-looping at 100% CPU when stdin reaches EOF"). Textual offers no public hook for the end of its
input, so the app asks the terminal itself, every few seconds, with the cheapest call a terminal
answers (``tcgetattr``): a terminal that has gone answers with an error (EIO), and the game quits
the way ``ctrl+q`` quits, closing its data folder as a player leaving does.
"""

from __future__ import annotations

import os
import sys
import termios
from collections.abc import Callable
from typing import Any

from textual.app import App

EVERY_SECONDS = 2.0
"""How often the terminal is asked: a spinning input thread is ended within this, and the check
costs one system call."""


def terminal_fd() -> int | None:
    """The file descriptor of the terminal the game reads its keys from, or None when it reads none
    (a test, a browser, input from a pipe)."""
    stream = sys.__stdin__
    if stream is None:
        return None
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return None
    return fd if os.isatty(fd) else None


def terminal_gone(fd: int) -> bool:
    """True when the terminal at ``fd`` has hung up (its other end closed)."""
    try:
        termios.tcgetattr(fd)
    except (termios.error, OSError):
        return True
    return False


def watcher(fd: int, leave: Callable[[], None]) -> Callable[[], None]:
    """A check for a timer: it calls ``leave`` once, the first time the terminal has gone."""
    left = False

    def check() -> None:
        nonlocal left
        if not left and terminal_gone(fd):
            left = True
            leave()

    return check


def watch(app: App[Any]) -> None:
    """Have ``app`` quit (``app.exit``) once its terminal has gone (not in a test or a browser)."""
    if app.is_headless or app.is_web:
        return
    fd = terminal_fd()
    if fd is not None:
        app.set_interval(EVERY_SECONDS, watcher(fd, app.exit), name="terminal watch")
