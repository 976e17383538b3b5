"""Append-only JSON-lines files read from the end: the newest records first, damage skipped."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from blackjack_tui.store.atomic import append_line
from blackjack_tui.store.errors import RecordError, os_error
from blackjack_tui.store.jsonio import dump_json, load_json

T = TypeVar("T")
_BLOCK = 64 * 1024


def lines_newest_first(path: Path) -> Iterator[tuple[bytes, bool]]:
    """Yield ``(line, cut_short)`` from the end of the file; ``cut_short`` marks a last line with
    no newline (a crash mid-append). Blank lines are skipped. Reads in blocks from the end, so a
    long history costs no more than the lines wanted."""
    with open(path, "rb") as handle:
        handle.seek(0, os.SEEK_END)
        pos = handle.tell()
        if pos == 0:
            return
        handle.seek(pos - 1)
        unterminated = handle.read(1) != b"\n"
        rest = b""
        first = True
        while pos > 0:
            step = min(_BLOCK, pos)
            pos -= step
            handle.seek(pos)
            rest = handle.read(step) + rest
            pieces = rest.split(b"\n")
            rest = pieces[0]
            for line in reversed(pieces[1:]):
                cut, first = first and unterminated, False
                if line.strip():
                    yield line, cut
        if rest.strip():
            yield rest, first and unterminated


def append_record(path: Path, record: Any) -> None:
    """Append one JSON value as one line (durably; see :func:`append_line`)."""
    append_line(path, dump_json(record))


def read_newest(path: Path, parse: Callable[[bytes], T], limit: int | None,
                label: str) -> tuple[list[T], list[str]]:
    """Up to ``limit`` records, newest first, and notices about lines that were skipped."""
    records: list[T] = []
    cut_short = False
    damaged = 0
    try:
        for line, cut in lines_newest_first(path):
            if limit is not None and len(records) >= limit:
                break
            try:
                records.append(parse(line))
            except RecordError:
                if cut:
                    cut_short = True
                else:
                    damaged += 1
    except FileNotFoundError:
        return [], []
    except OSError as err:
        return records, [str(os_error("read", path, err))]
    notices = []
    if cut_short:
        notices.append(f"the last {label} in {path} was cut short (an interrupted save) "
                       "and was skipped")
    if damaged:
        notices.append(f"{damaged} damaged {label}{'s' if damaged > 1 else ''} in {path} "
                       f"{'were' if damaged > 1 else 'was'} skipped")
    return records, notices


def parse_object(line: bytes) -> dict[str, Any]:
    """One line that must hold a JSON object; :class:`RecordError` if not."""
    data = load_json(line)
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data
