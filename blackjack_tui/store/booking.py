"""A finished round's booking: everything it changes, as one value, written in one transaction.

:class:`Booking` is built by the controller (:mod:`blackjack_tui.controller.booking`) without
touching the disk; :func:`write_booking` writes it inside the store's transaction: the round's
record, its journal lines (the player's result, the computer seats', the home evening's stacks),
the new balances, the shoe, the retired fair shoes, the home evening, the settings — and the round
in flight cleared. A round id is booked once.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from msgspec import Struct, field

from blackjack_tui.engine.fair import ShoeRecord
from blackjack_tui.store import journal
from blackjack_tui.store.db import money_text, units
from blackjack_tui.store.journal import Line
from blackjack_tui.store.jsonio import iso_now
from blackjack_tui.store.records import put_record
from blackjack_tui.store.settings import Settings, save_settings


class Counts(Struct):
    """The player's own hands in one round (computer seats never count)."""

    hands: int = 0
    wins: int = 0
    pushes: int = 0
    losses: int = 0
    blackjacks: int = 0
    doubles: int = 0
    doubles_won: int = 0
    splits: int = 0
    split_hands: int = 0
    split_hands_won: int = 0

    COLUMNS = ("hands", "wins", "pushes", "losses", "blackjacks", "doubles", "doubles_won",
               "splits", "split_hands", "split_hands_won")

    def values(self) -> tuple[int, ...]:
        return tuple(getattr(self, c) for c in self.COLUMNS)


class EveningSave(Struct):
    """A home evening written with the booking that changed it."""

    id: str
    state: str
    status: str = "open"
    source: str = "table"


class Booking(Struct):
    """Everything one finished round changes, written in one transaction by :meth:`Store.book`."""

    round_id: str
    record: str
    """The hand-history record (JSON): complete enough to replay the round."""
    ruleset: str
    account: str
    """The account the player played with: the bankroll, or his stack in a home evening."""
    before: Decimal
    net: Decimal
    """The player's result on ``account`` (as banker in a home game, the bank's result)."""
    staked: Decimal
    counts: Counts = field(default_factory=Counts)
    lines: list[Line] = field(default_factory=list)
    """Every journal line: the player's ``round`` line, the seats', the evening's, rebuys."""
    opening: list[Line] = field(default_factory=list)
    """First chips of accounts the round played with, written only if they do not exist yet."""
    shoe: dict[str, Any] | None = None
    retired: list[ShoeRecord] = field(default_factory=list)
    evening: EveningSave | None = None
    settings: tuple[Settings, list[Decimal | None]] | None = None
    """The settings and the round's bets as the last bets, kept with the round."""
    at: str = ""


def write_booking(conn: sqlite3.Connection, booking: Booking) -> bool:
    """Write ``booking`` inside the caller's transaction; ``False`` if its round was booked
    already (then only the round in flight is cleared)."""
    if conn.execute("SELECT 1 FROM rounds WHERE round_id = ?",
                    (booking.round_id,)).fetchone():
        conn.execute("DELETE FROM inflight WHERE round_id = ?", (booking.round_id,))
        return False
    at = booking.at or iso_now()
    ident = journal.account_id(conn, booking.account)
    evening = booking.evening.id if booking.evening else None
    conn.execute(
        "INSERT INTO rounds (round_id, at, account, ruleset, evening, staked, net, "
        f"net_units, before, after, {', '.join(Counts.COLUMNS)}) VALUES "
        f"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, {', '.join('?' * len(Counts.COLUMNS))})",
        (booking.round_id, at, ident, booking.ruleset, evening,
         money_text(booking.staked), money_text(booking.net), units(booking.net),
         money_text(booking.before),
         money_text(booking.before + booking.net), *booking.counts.values()))
    put_record(conn, booking.round_id, json.loads(booking.record))
    for line in booking.opening:
        if not journal.exists(conn, line.account):
            journal.post(conn, line, None, at)
    for line in booking.lines:
        journal.post(conn, line, booking.round_id, at)
    if booking.shoe is not None:
        put_shoe(conn, booking.shoe)
    put_retired(conn, booking.retired)
    if booking.evening is not None:
        put_evening(conn, booking.evening)
    if booking.settings is not None:
        save_settings(conn, *booking.settings)
    conn.execute("DELETE FROM inflight")
    return True


def put_shoe(conn: sqlite3.Connection, state: dict[str, Any]) -> None:
    conn.execute("INSERT INTO shoe (slot, state) VALUES (1, ?) ON CONFLICT (slot) "
                 "DO UPDATE SET state = excluded.state", (json.dumps(state),))


def put_retired(conn: sqlite3.Connection, records: Iterable[ShoeRecord]) -> None:
    for record in records:
        conn.execute("INSERT OR IGNORE INTO fair_shoes (commitment, record, retired_at) "
                     "VALUES (?, ?, ?)",
                     (record.commitment, json.dumps(record.to_dict()), iso_now()))


def put_evening(conn: sqlite3.Connection, save: EveningSave) -> None:
    conn.execute("INSERT INTO evenings (id, source, status, state, updated) VALUES (?, ?, ?, ?, ?) "
                 "ON CONFLICT (id) DO UPDATE SET status = excluded.status, state = excluded.state, "
                 "updated = excluded.updated",
                 (save.id, save.source, save.status, save.state, iso_now()))
