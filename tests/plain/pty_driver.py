"""Drive a program on a pseudo-terminal as a person would: read its lines, answer its prompts."""

from __future__ import annotations

import os
import pty
import re
import select
import sys
import time
from collections.abc import Callable

PROMPT = re.compile(r"\?( \([a-z ]+\))?$")
"""A line that waits for an answer: a question, with its keys in brackets."""

Answer = Callable[[str], str | None]
"""Given the prompt line, what to type (``None``: close the input, as ctrl+d does)."""


def drive(argv: list[str], answer: Answer, timeout: float = 120.0,
          env: dict[str, str] | None = None, seen_lines: list[str] | None = None
          ) -> tuple[str, int]:
    """Run ``python argv`` on a pseudo-terminal; returns its whole output and exit status.
    ``seen_lines``, if given, gets every line as it comes, before a prompt among them is
    answered (an answer that depends on what was said before it)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal is its standard input and output
        try:
            os.execve(sys.executable, [sys.executable, *argv], {**os.environ, **(env or {})})
        finally:
            os._exit(127)
    out = b""
    seen = 0  # the lines of out already looked at
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                out += chunk
            lines = out.decode("utf-8", "replace").replace("\r", "").split("\n")
            for line in lines[seen:-1]:
                if seen_lines is not None:
                    seen_lines.append(line.strip())
                if PROMPT.search(line.strip()):
                    typed = answer(line.strip())
                    os.write(fd, b"\x04" if typed is None else typed.encode() + b"\n")
            seen = max(seen, len(lines) - 1)
        else:
            raise TimeoutError(out.decode("utf-8", "replace")[-3000:])
    finally:
        os.close(fd)
        _, status = os.waitpid(pid, 0)
    return out.decode("utf-8", "replace").replace("\r", ""), os.waitstatus_to_exitcode(status)
