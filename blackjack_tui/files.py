"""Reading a file the player names (a scenario, a rules file, a shoe record): a regular file only,
and at most :data:`MAX_BYTES` of it.

``/dev/zero`` was read until memory ran out, and a named pipe (FIFO) with no writer hung the
command on ``open``; a device or a pipe is refused before a byte is read (the open itself does
not wait: ``O_NONBLOCK``), and a file larger than the cap is refused by its size, then read with
the cap as the most it may give (a file that grows while it is read).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_BYTES = 8 * 1024 * 1024
"""8 MiB: some thousands of rounds of hand history, a hundred times the largest rules file."""
MAX_TEXT = "8 MiB"


class InputFileError(ValueError):
    """A file that cannot be read as asked; the message is one line without the file's name
    (the caller puts it in front)."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``; :class:`InputFileError` for anything else (a
    device, a pipe, a folder, more than ``limit`` bytes, a name the system refuses)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as err:
        raise InputFileError(f"cannot read: {getattr(err, 'strerror', None) or err}") from None
    if not stat.S_ISREG(info.st_mode):
        raise InputFileError(f"{_kind(info.st_mode)}, not a file; only regular files are read")
    if info.st_size > limit:
        raise InputFileError(f"{info.st_size:,} bytes; a file read here is at most {_cap(limit)}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | \
        getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        raise InputFileError(f"cannot read: {err.strerror or err}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for a pipe since the stat above
            raise InputFileError("not a regular file; only regular files are read")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as err:
        raise InputFileError(f"cannot read: {err.strerror or err}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise InputFileError(f"more than {_cap(limit)}; a file read here is at most "
                             f"{_cap(limit)}")
    return data


def read_text(path: Path | str, limit: int = MAX_BYTES) -> str:
    """:func:`read_bytes` as UTF-8 text (:class:`InputFileError` if it is not)."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise InputFileError("not UTF-8 text") from None


def shown(path: Path | str) -> str:
    """A file's name for a one-line message: as typed, or quoted when it holds a line break or
    another control character (a name may hold any but ``/`` and NUL)."""
    text = str(path)
    return text if text.isprintable() else repr(text)


def _cap(limit: int) -> str:
    return MAX_TEXT if limit == MAX_BYTES else f"{limit:,} bytes"
