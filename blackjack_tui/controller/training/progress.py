"""Progress: the drills' attempts kept in the database, read back per drill and per day, and the
items missed lately (what the strategy and index drills deal again more often).

The store keeps the rows (:mod:`blackjack_tui.store.drills`); a drill's answers never reach the
bankroll or the journal.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import TYPE_CHECKING

from msgspec import Struct

from blackjack_tui.controller.training.base import Attempt
from blackjack_tui.store.drills import AttemptRow
from blackjack_tui.store.errors import StoreError

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game
    from blackjack_tui.store.store import Store

REVIEW_SESSIONS = 5
"""Misses from this many of a drill's latest sittings come back for review."""


class Day(Struct, frozen=True):
    """One drill's day: answers, right answers, seconds spent."""

    day: dt.date
    asked: int
    right: int
    seconds: float

    @property
    def accuracy(self) -> float:
        return self.right / self.asked if self.asked else 0.0

    @property
    def pace(self) -> float:
        """Seconds a question."""
        return self.seconds / self.asked if self.asked else 0.0


def keep_attempt(game: Game, attempt: Attempt) -> str | None:
    """Save ``attempt``; the reason in one line when it could not be (read-only, disk full)."""
    return save(game.store, attempt)


def keep_later(game: Game, attempt: Attempt) -> None:
    """Save ``attempt`` on the database's thread, off the table's frame (a count check at the
    table); a disk that refuses it says so in one line on the table, as a setting's save does."""
    row = AttemptRow(attempt.drill, attempt.day, attempt.asked, attempt.right, attempt.seconds,
                     attempt.missed)
    game.disk.later("the count check's score", lambda: game.store.save_drill_attempt(row))


def save(store: Store, attempt: Attempt) -> str | None:
    try:
        store.save_drill_attempt(AttemptRow(attempt.drill, attempt.day, attempt.asked,
                                            attempt.right, attempt.seconds, attempt.missed))
    except StoreError as err:
        return f"The drill's score was not kept: {err}"
    return None


def by_day(rows: list[AttemptRow]) -> dict[str, list[Day]]:
    """Each drill's days, oldest first."""
    totals: dict[str, dict[dt.date, list[float]]] = {}
    for row in rows:
        day = totals.setdefault(row.drill, {}).setdefault(row.day, [0, 0, 0.0])
        day[0] += row.asked
        day[1] += row.correct
        day[2] += row.seconds
    return {drill: [Day(d, int(t[0]), int(t[1]), t[2]) for d, t in sorted(days.items())]
            for drill, days in totals.items()}


def days(store: Store) -> tuple[dict[str, list[Day]], list[str]]:
    """Each drill's days, and notices (rows that could not be read, a file that could not)."""
    try:
        rows, notices = store.drill_attempts()
    except StoreError as err:
        return {}, [str(err)]
    return by_day(rows), notices


def misses(rows: list[AttemptRow], drill: str, sessions: int = REVIEW_SESSIONS) -> Counter[str]:
    """The items missed in ``drill``'s last ``sessions`` sittings, by how often."""
    mine = [row for row in rows if row.drill == drill][-sessions:]
    return Counter(item for row in mine for item in row.missed)


def recent_misses(store: Store, drill: str) -> Counter[str]:
    try:
        rows, _ = store.drill_attempts(drill)
    except StoreError:
        return Counter()
    return misses(rows, drill)
