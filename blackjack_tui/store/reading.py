"""Reading the book: the recent rounds, the player's statistics, the audit.

Statistics are the player's own: his hands (boxes 1–3, never a computer seat's), and the money of
his bankroll; a home evening's stack moves are shown apart, as they were (a round where he held the
bank with the bank's real result). They are added up in the database from columns written when
each round was booked, so they cost the same at ten rounds or a hundred thousand.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from msgspec import Struct, field

from blackjack_tui.engine.seats import SEAT_BOX_BASE
from blackjack_tui.store.booking import Counts
from blackjack_tui.store.db import UNITS, read_money
from blackjack_tui.store.journal import BANKROLL
from blackjack_tui.store.records import join_parts, load_rules

WON = ("win", "blackjack", "even-money")
CHART_POINTS = 400
READ_CHUNK = 1000
"""Rounds read at a time by :func:`iter_recent`: each read is short, so a game booking meanwhile
is never kept from checkpointing its log while a long history is written out."""


def counts_of(record: dict[str, Any]) -> Counts:
    """The player's own hands in a hand-history record (its ``bets`` and ``result``)."""
    counts = Counts()
    result = record.get("result") or {}
    bets = record.get("bets") or []
    own = [h for h in result.get("hands", []) if int(h.get("box", 0)) <= SEAT_BOX_BASE]
    per_box: dict[int, int] = {}
    for hand in own:
        per_box[int(hand["box"])] = per_box.get(int(hand["box"]), 0) + 1
    counts.splits = sum(n - 1 for n in per_box.values())
    for hand in own:
        box = int(hand["box"])
        outcome = hand.get("outcome")
        won = outcome in WON
        counts.hands += 1
        if won:
            counts.wins += 1
        elif outcome == "push":
            counts.pushes += 1
        else:
            counts.losses += 1
        if outcome in ("blackjack", "even-money"):
            counts.blackjacks += 1
        bet = bets[box - 1] if box <= len(bets) else None
        if bet is not None and Decimal(str(hand.get("stake", "0"))) > Decimal(str(bet)):
            counts.doubles += 1
            counts.doubles_won += won
        if per_box[box] > 1:
            counts.split_hands += 1
            counts.split_hands_won += won
    return counts


class RoundRow(Struct):
    """One booked round as the history shows it: the account's chips before and after."""

    seq: int
    round_id: str
    at: str
    ruleset: str
    account: str
    evening: str | None
    before: Decimal
    after: Decimal
    net: Decimal
    record: dict[str, Any]

    @property
    def home(self) -> bool:
        return self.account != BANKROLL


def recent(conn: sqlite3.Connection, limit: int | None = 100) -> tuple[list[RoundRow], list[str]]:
    """The last ``limit`` rounds (all: ``None``), newest first; notices for damaged rows."""
    out: list[RoundRow] = []
    notices: list[str] = []
    for row in iter_recent(conn, limit):
        if isinstance(row, RoundRow):
            out.append(row)
        else:
            notices.append(row)
    return out, notices


def iter_recent(conn: sqlite3.Connection, limit: int | None = 100) -> Iterator[RoundRow | str]:
    """The last ``limit`` rounds (all: ``None``), newest first, each as it is read from the
    database (``history --json`` writes a hundred thousand of them without holding them): a
    :class:`RoundRow`, or a notice (a string) for a row that cannot be read. Each rule set is
    parsed once; the rows of one rule set share its ``rules`` (read them, do not change them)."""
    tables: dict[str, Any] = {}
    last: int | None = None  # the oldest round read so far: each read takes the next chunk
    left = limit  # rounds still to read (None: all)
    while left is None or left > 0:
        rows = conn.execute(
            "SELECT r.seq, r.round_id, r.at, r.ruleset, a.name, r.evening, r.before, r.after, "
            "r.net, c.rules, s.rules, c.record FROM rounds r JOIN accounts a ON a.id = r.account "
            "LEFT JOIN records c ON c.round_id = r.round_id "
            "LEFT JOIN rule_sets s ON s.hash = c.rules "
            f"{'' if last is None else 'WHERE r.seq < ? '}ORDER BY r.seq DESC LIMIT ?",
            (*(() if last is None else (last,)),
             READ_CHUNK if left is None else min(left, READ_CHUNK))).fetchall()
        if not rows:
            return
        last = int(rows[-1][0])
        left = None if left is None else left - len(rows)
        for seq, rid, at, ruleset, account, evening, before, after, net, digest, rules, record \
                in rows:
            try:
                if rules is not None and digest not in tables:
                    tables[digest] = load_rules(rules)
                data = join_parts(tables.get(digest) if rules is not None else None, record)
                yield RoundRow(int(seq), str(rid), str(at), str(ruleset), str(account), evening,
                               read_money(before), read_money(after), read_money(net), data)
            except (ValueError, TypeError) as err:
                yield f"round {str(rid)[:8]} could not be read ({err}); it is left out"


class Summary(Counts):
    """What the book adds up to for the player: his hands' counts, then the money."""

    rounds: int = 0
    net: Decimal = Decimal(0)
    """The bankroll's result over its rounds (fresh bankrolls are not winnings)."""
    biggest_win: Decimal = Decimal(0)
    biggest_loss: Decimal = Decimal(0)
    fresh: int = 0
    """How many fresh bankrolls were taken after going broke."""
    home_rounds: int = 0
    home_net: Decimal = Decimal(0)
    """The player's stack moves over the home evenings' rounds, as they were."""
    bankroll: list[Decimal] = field(default_factory=list)
    """The bankroll before the first round, then after rounds (at most ~400 points)."""


def _money(conn: sqlite3.Connection, where: str, ident: int,
           ) -> tuple[Decimal, int, Decimal, Decimal]:
    """``(net, rounds, biggest win, biggest loss)`` of the rounds ``where`` says, added up in C
    from the integer units (exactly from the text when a round has none)."""
    total, rounds, missing, high, low = conn.execute(
        f"SELECT coalesce(sum(net_units), 0), count(*), count(*) - count(net_units), "
        f"max(net_units), min(net_units) FROM rounds WHERE {where}", (ident,)).fetchone()
    if not missing:
        win = Decimal(max(high or 0, 0)) / UNITS
        loss = Decimal(min(low or 0, 0)) / UNITS
        return Decimal(int(total)) / UNITS, int(rounds), win, loss
    nets = [read_money(n) for (n,) in conn.execute(f"SELECT net FROM rounds WHERE {where}",
                                                   (ident,))]
    return (sum(nets, Decimal(0)), len(nets), max([*nets, Decimal(0)]),
            min([*nets, Decimal(0)]))


def statistics(conn: sqlite3.Connection) -> Summary:
    """The player's statistics over every booked round."""
    summary = Summary()
    sums = ", ".join(f"coalesce(sum(r.{c}), 0)" for c in Counts.COLUMNS)
    row = conn.execute(f"SELECT count(*), {sums} FROM rounds r").fetchone()
    summary.rounds = int(row[0])
    for name, value in zip(Counts.COLUMNS, row[1:], strict=True):
        setattr(summary, name, int(value))
    bankroll = conn.execute("SELECT id FROM accounts WHERE name = ?", (BANKROLL,)).fetchone()
    ident = bankroll[0] if bankroll else -1
    mine = _money(conn, "account = ?", ident)
    summary.net, summary.biggest_win, summary.biggest_loss = mine[0], mine[2], mine[3]
    home = _money(conn, "account != ?", ident)
    summary.home_net, summary.home_rounds = home[0], home[1]
    summary.fresh = int(conn.execute(
        "SELECT count(*) FROM journal WHERE account = ? AND kind = 'fresh'",
        (ident,)).fetchone()[0])
    count = mine[1]
    if count:
        first = conn.execute("SELECT before FROM rounds WHERE account = ? ORDER BY seq LIMIT 1",
                             (ident,)).fetchone()[0]
        step = max(1, count // CHART_POINTS)
        # The chart needs a few hundred points: every step-th round and the last, found from the
        # index alone, then only those rows read.
        seqs = [s for (s,) in conn.execute("SELECT seq FROM rounds WHERE account = ? ORDER BY seq",
                                           (ident,))]
        wanted = seqs[step - 1::step]
        if not wanted or wanted[-1] != seqs[-1]:
            wanted.append(seqs[-1])
        marks = ", ".join("?" * len(wanted))
        picked = conn.execute(f"SELECT after FROM rounds WHERE seq IN ({marks}) ORDER BY seq",
                              wanted).fetchall()
        summary.bankroll = [read_money(first)] + [read_money(a) for (a,) in picked]
    return summary
