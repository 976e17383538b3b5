"""Writes that cannot be half-done: a whole new file or the old one, never a mix.

``write_atomic`` writes a temporary file in the same folder, flushes and fsyncs it, renames it over
the target with ``os.replace`` (atomic on POSIX and Windows), then fsyncs the folder so the rename
itself survives a power cut. If any step fails the temporary file is removed and the previous file
is left exactly as it was.

``append_line`` adds one line to an append-only file (the hand history, the shoe log) and fsyncs it.
A crash mid-append can leave a cut-off last line; the next append starts on a fresh line so that
fragment never swallows a good record.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from blackjack_tui.store.errors import StoreError, os_error


def write_atomic(path: Path | str, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically and durably; :class:`StoreError` on failure."""
    path = Path(path)
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise os_error("save", path, err) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as err:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise os_error("save", path, err) from None
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_folder(folder)


def fsync_folder(folder: Path) -> None:
    """Make a rename or new file in ``folder`` durable (no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # Windows cannot open a folder; its rename is durable once it returns
    try:
        os.fsync(fd)
    except OSError as err:
        raise os_error("save into", folder, err) from None
    finally:
        os.close(fd)


def append_line(path: Path | str, line: bytes) -> None:
    """Append ``line`` (no newline inside; one is added) to ``path``, durably.

    If the file does not end with a newline (a crash cut the last record short), a newline is
    written first so the new record stands on its own line.
    """
    path = Path(path)
    if b"\n" in line:
        raise ValueError("a record must fit on one line")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        new = not path.exists()
        with open(path, "ab+") as handle:
            handle.seek(0, os.SEEK_END)
            prefix = b""
            if handle.tell() > 0:
                handle.seek(-1, os.SEEK_END)
                if handle.read(1) != b"\n":
                    prefix = b"\n"
                handle.seek(0, os.SEEK_END)
            handle.write(prefix + line + b"\n")
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as err:
        raise os_error("append to", path, err) from None
    if new:
        fsync_folder(path.parent)


def free_name(path: Path, what: str, stamp: str) -> Path:
    """``path.WHAT-STAMP`` beside ``path``, or ``…-2``, ``…-3`` … if that is taken: where a file
    is moved or copied aside."""
    target = path.with_name(f"{path.name}.{what}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{what}-{stamp}-{n}")
    return target


def move_aside(path: Path, stamp: str) -> Path:
    """Rename ``path`` to ``path.broken-STAMP`` (``-2``, ``-3`` … if taken); return the new path."""
    target = free_name(path, "broken", stamp)
    try:
        os.replace(path, target)
    except OSError as err:
        raise os_error("move aside", path, err) from None
    fsync_folder(path.parent)
    return target


__all__ = ["StoreError", "append_line", "free_name", "fsync_folder", "move_aside",
           "write_atomic"]
