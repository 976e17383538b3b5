"""One line to the reader, whoever reads: a terminal, a screen reader, a log or a pipe.

A pipe's reader may leave early (``blackjack-tui --narrate | head``). The line that finds it
gone raises :class:`BrokenPipeError` as usual, but the output is first pointed at the null
device, so that nothing said after it (a drill's score, Python's own flush at exit) fails again
and the caller can end cleanly, everything saved, without a crash report.
"""

from __future__ import annotations

import contextlib
import io
import os
from typing import TextIO


def write_line(out: TextIO, text: str) -> None:
    """``text`` and a newline to ``out``, flushed (BrokenPipeError when its reader is gone)."""
    try:
        print(text, file=out, flush=True)
    except BrokenPipeError:
        with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, out.fileno())
            os.close(null)
        raise
