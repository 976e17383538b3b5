"""The store: what the game keeps in the player's database, each change one transaction.

What makes every chip count once, whatever moment the process dies at:

1. While a round is played, :meth:`Store.save_inflight` after the deal and every decision. The
   account's balance stays the balance *before* the round; the saved round holds the rest (how
   a step is committed and synced: :mod:`.book`).
2. When it is over, :meth:`Store.book` writes its :class:`~.booking.Booking` in **one**
   transaction, all or nothing; a round id is booked once.
3. On start, the file is checked and recovered where it must be (:mod:`.opening`), the saved
   round in flight is checked (:mod:`.check`) and resumed, or set aside with its bets returned;
   the book is checked (:func:`.journal.problems`) and the journal wins.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from blackjack_tui.engine.fair import ShoeRecord
from blackjack_tui.store import journal
from blackjack_tui.store.book import Book
from blackjack_tui.store.booking import (
    Booking,
    Counts,
    EveningSave,
    put_evening,
    put_retired,
    put_shoe,
    write_booking,
)
from blackjack_tui.store.errors import RecordError
from blackjack_tui.store.inflight import encode
from blackjack_tui.store.journal import BANKROLL, Line
from blackjack_tui.store.jsonio import dump_text, iso_now, load_json
from blackjack_tui.store.settings import Settings, load_settings, save_settings

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round

__all__ = ["Booking", "Counts", "EveningSave", "SavedRound", "Store"]

UPSERT_INFLIGHT = ("INSERT INTO inflight (slot, round_id, account, state, saved_at) "
                   "VALUES (1, ?, ?, ?, ?) ON CONFLICT (slot) DO UPDATE SET "
                   "round_id = excluded.round_id, account = excluded.account, "
                   "state = excluded.state, saved_at = excluded.saved_at")


class SavedRound(Struct):
    """The round in flight as saved: its id, the account it plays with, its state."""

    round_id: str
    account: str
    data: dict[str, Any] | None
    raw: bytes


class Store(Book):
    """The player's database (:class:`~.book.Book`) and what the game keeps in it."""

    # ------------------------------------------------------------------ accounts

    def balance(self, account: str = BANKROLL) -> Decimal:
        return self.read(lambda c: journal.balance(c, account))

    def balances(self, prefix: str) -> dict[str, Decimal]:
        return self.read(lambda c: journal.balances(c, prefix))

    def has_account(self, account: str) -> bool:
        return self.read(lambda c: journal.exists(c, account))

    def post(self, lines: Iterable[Line], action: str = "save the bankroll") -> None:
        """Write journal lines (a fresh bankroll, a rebuy, a seat's first chips) at once."""
        items = list(lines)
        self.write(action, lambda c: [journal.post(c, line) for line in items])

    def open_account(self, account: str, amount: Decimal, note: str = "") -> Decimal:
        """The account's balance, opening it with ``amount`` if it has never existed."""
        def run(conn: sqlite3.Connection) -> Decimal:
            if journal.exists(conn, account):
                return journal.balance(conn, account)
            return journal.post(conn, Line(account, "opening", amount, note))
        return self.write("open an account", run)

    def problems(self) -> list[journal.Problem]:
        return self.read(journal.problems)

    def repair(self) -> None:
        self.write("repair the book", journal.repair)

    # ------------------------------------------------------------------ the round in flight

    def save_inflight(self, round_id: str, account: str, rnd: Round,
                      extra: dict[str, Any] | None = None, opening: Iterable[Line] = (), *,
                      synced: bool = True, at_once: bool = False) -> bool:
        """Save the round in play (after the deal and after every decision). ``opening``: first
        chips for accounts the round plays with that do not exist yet (a seat's), at once.
        ``synced=False``: in the operating system when this returns; :meth:`sync` next.
        ``at_once``: made only if the database is free this moment (see :meth:`write_at_once`);
        returns whether it was made (always, without ``at_once``)."""
        now = iso_now()
        state = dump_text(encode(round_id, rnd, extra, saved_at=now))
        first = list(opening)
        known = self._account_ids.get(account)
        if at_once and known is not None and not first:
            # A step of a round under way: the row, in one statement (atomic by itself).
            def row(conn: sqlite3.Connection) -> None:
                conn.execute(UPSERT_INFLIGHT, (round_id, known, state, now))
            return self.write_at_once("save the round", row, one_statement=True)
        ident = 0

        def run(conn: sqlite3.Connection) -> None:
            nonlocal ident
            for line in first:
                if not journal.exists(conn, line.account):
                    journal.post(conn, line)
            ident = journal.account_id(conn, account)
            conn.execute(UPSERT_INFLIGHT, (round_id, ident, state, now))
        if at_once:
            made = self.write_at_once("save the round", run)
        else:
            self.write("save the round", run, synced=synced)
            made = True
        if made:  # (committed: an account is never taken away, its id stays right)
            self._account_ids[account] = ident
        return made

    def inflight(self) -> SavedRound | None:
        """The saved round in flight, if any (``data`` is ``None`` when its state is unreadable)."""
        row = self.read(lambda c: c.execute(
            "SELECT i.round_id, a.name, i.state FROM inflight i "
            "JOIN accounts a ON a.id = i.account").fetchone())
        if row is None:
            return None
        round_id, account, state = row
        raw = str(state).encode("utf-8")
        try:
            data = load_json(raw)
        except RecordError:
            data = None
        return SavedRound(str(round_id), str(account), data if isinstance(data, dict) else None,
                          raw)

    def set_aside(self, what: str, why: str, data: str | bytes,
                  lines: Iterable[Line] = ()) -> None:
        """Keep something that could not be used (for support), clear the round in flight, and
        write ``lines`` (an unfinished round's settlement) — one transaction."""
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        items = list(lines)

        def run(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO aside (what, why, data, at) VALUES (?, ?, ?, ?)",
                         (what, why, text, iso_now()))
            if what == "round":
                conn.execute("DELETE FROM inflight")
            for line in items:
                journal.post(conn, line)
        self.write("set the round aside", run)

    def clear_inflight(self) -> None:
        self.write("clear the round", lambda c: c.execute("DELETE FROM inflight"))

    # ------------------------------------------------------------------ booking

    def is_booked(self, round_id: str) -> bool:
        return self.read(lambda c: c.execute("SELECT 1 FROM rounds WHERE round_id = ?",
                                             (round_id,)).fetchone() is not None)

    def book(self, booking: Booking) -> bool:
        """Book a finished round, all or nothing; ``False`` if it was booked already."""
        # (Its head is written with the commit, at once: see Book.write.)
        return self.write("book the round", lambda conn: write_booking(conn, booking))

    # ------------------------------------------------------------------ the shoe between rounds

    def save_shoe(self, state: dict[str, Any] | None, retired: Iterable[ShoeRecord] = ()) -> None:
        """Keep the shoe between rounds (``None``: forget it) and the fair shoes it retired."""
        records = list(retired)

        def run(conn: sqlite3.Connection) -> None:
            if state is None:
                conn.execute("DELETE FROM shoe")
            else:
                put_shoe(conn, state)
            put_retired(conn, records)
        self.write("save the shoe", run)

    def shoe(self) -> dict[str, Any] | None:
        row = self.read(lambda c: c.execute("SELECT state FROM shoe").fetchone())
        if row is None:
            return None
        data = load_json(str(row[0]))
        return data if isinstance(data, dict) else None

    def fair_shoes(self, limit: int | None = None) -> tuple[list[ShoeRecord], list[str]]:
        """Retired provably fair shoes, newest first, and notices for records that are damaged."""
        rows = self.read(lambda c: c.execute(
            "SELECT record FROM fair_shoes ORDER BY id DESC LIMIT ?",
            (-1 if limit is None else limit,)).fetchall())
        out: list[ShoeRecord] = []
        notices: list[str] = []
        for (text,) in rows:
            try:
                out.append(ShoeRecord.from_dict(load_json(str(text))))
            except (RecordError, ValueError) as err:
                notices.append(f"a retired shoe could not be read: {err}")
        return out, notices

    # ------------------------------------------------------------------ settings

    def settings(self) -> tuple[Settings, list[Decimal | None], list[str]]:
        return self.read(load_settings)

    def save_settings(self, settings: Settings, last_bets: list[Decimal | None]) -> None:
        self.write("save the settings", lambda c: save_settings(c, settings, last_bets))

    # ------------------------------------------------------------------ drills (never money)

    def save_drill_attempt(self, row: Any) -> None:
        """A drill's sitting (:class:`~.drills.AttemptRow`): its own table, no journal line."""
        from blackjack_tui.store.drills import put_attempt

        self.write("save the drill's score", lambda c: put_attempt(c, row))

    def drill_attempts(self, drill: str | None = None) -> tuple[list[Any], list[str]]:
        from blackjack_tui.store.drills import attempts

        return self.read(lambda c: attempts(c, drill))

    # ------------------------------------------------------------------ evenings

    def save_evening(self, save: EveningSave) -> None:
        self.write("save the evening", lambda c: put_evening(c, save))

    def open_evening(self, save: EveningSave, lines: Iterable[Line]) -> None:
        """A home evening's first save: its row and every stack's first chips, at once."""
        items = list(lines)

        def run(conn: sqlite3.Connection) -> None:
            for line in items:
                journal.post(conn, line)
            put_evening(conn, save)
        self.write("start the evening", run)

    def evening_rows(self, source: str, status: tuple[str, ...] = ("open", "paused", "closed"),
                     ) -> list[tuple[str, str, str, str]]:
        """``(id, status, state JSON, updated)`` of the evenings from ``source``, newest first."""
        marks = ", ".join("?" * len(status))

        def run(conn: sqlite3.Connection) -> list[tuple[str, str, str, str]]:
            rows = conn.execute(f"SELECT id, status, state, updated FROM evenings WHERE source = ? "
                                f"AND status IN ({marks}) ORDER BY updated DESC", (source, *status))
            return [(str(a), str(b), str(c), str(d)) for a, b, c, d in rows]
        return self.read(run)

    # ------------------------------------------------------------------ reading the book

    def recent(self, limit: int | None = 100) -> tuple[list[Any], list[str]]:
        """The last rounds, newest first (:class:`~.reading.RoundRow`), and notices."""
        from blackjack_tui.store.reading import recent

        return self.read(lambda c: recent(c, limit))

    def statistics(self) -> Any:
        """The player's statistics (:class:`~.reading.Summary`)."""
        from blackjack_tui.store.reading import statistics

        return self.read(statistics)

    def delete_evening(self, evening_id: str) -> None:
        self.write("delete the evening",
                   lambda c: c.execute("DELETE FROM evenings WHERE id = ?", (evening_id,)))
