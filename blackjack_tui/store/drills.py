"""The drills' attempts: one row a sitting at a drill (table ``drill_attempts``, schema 2).

Practice, not money: no account, no journal line, nothing the book's checks add up. A row that
cannot be read (a flipped bit) is left out of what is read back, with a notice.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3

from msgspec import Struct

MAX_MISSED = 200
"""The most missed items kept with one attempt."""


class AttemptRow(Struct, frozen=True):
    drill: str
    day: dt.date
    asked: int
    correct: int
    seconds: float
    missed: tuple[str, ...]


def put_attempt(conn: sqlite3.Connection, row: AttemptRow) -> None:
    conn.execute("INSERT INTO drill_attempts (drill, day, asked, correct, seconds, missed) "
                 "VALUES (?, ?, ?, ?, ?, ?)",
                 (row.drill, row.day.isoformat(), row.asked, row.correct, float(row.seconds),
                  json.dumps(list(row.missed[:MAX_MISSED]))))


def attempts(conn: sqlite3.Connection, drill: str | None = None,
             ) -> tuple[list[AttemptRow], list[str]]:
    """Every attempt (of ``drill``), oldest first, and a notice for each unreadable row."""
    sql = "SELECT id, drill, day, asked, correct, seconds, missed FROM drill_attempts"
    args: tuple[str, ...] = ()
    if drill is not None:
        sql += " WHERE drill = ?"
        args = (drill,)
    out: list[AttemptRow] = []
    notices: list[str] = []
    for row_id, name, day, asked, correct, seconds, missed in conn.execute(sql + " ORDER BY id",
                                                                           args):
        try:
            items = json.loads(missed)
            if not isinstance(items, list):
                raise ValueError
            out.append(AttemptRow(str(name), dt.date.fromisoformat(str(day)), int(asked),
                                  int(correct), float(seconds), tuple(str(i) for i in items)))
        except (TypeError, ValueError):
            notices.append(f"drill attempt {row_id} could not be read; it is left out")
    return out, notices
