"""Reading the book: the recent rounds, the player's statistics, the audit.

Statistics are the player's own: his hands (boxes 1–3, never a computer seat's), and the money of
his bankroll; a home evening's stack moves are shown apart, as they were (a round where he held the
bank with the bank's real result). They are added up in the database from columns written when
each round was booked, so they cost the same at ten rounds or a hundred thousand.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from blackjack_tui.engine.seats import SEAT_BOX_BASE
from blackjack_tui.store.db import read_money
from blackjack_tui.store.journal import BANKROLL
from blackjack_tui.store.store import Counts

WON = ("win", "blackjack", "even-money")
CHART_POINTS = 400


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


@dataclass
class RoundRow:
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
    rows = conn.execute(
        "SELECT r.seq, r.round_id, r.at, r.ruleset, a.name, r.evening, r.before, r.after, r.net, "
        "r.record FROM rounds r JOIN accounts a ON a.id = r.account ORDER BY r.seq DESC LIMIT ?",
        (-1 if limit is None else limit,)).fetchall()
    out: list[RoundRow] = []
    notices: list[str] = []
    for seq, rid, at, ruleset, account, evening, before, after, net, record in rows:
        try:
            data = json.loads(record)
            if not isinstance(data, dict):
                raise ValueError("not an object")
            out.append(RoundRow(int(seq), str(rid), str(at), str(ruleset), str(account), evening,
                                read_money(before), read_money(after), read_money(net), data))
        except (ValueError, TypeError, RecursionError) as err:
            notices.append(f"round {str(rid)[:8]} could not be read ({err}); it is left out")
    return out, notices


@dataclass
class Summary:
    """What the book adds up to for the player."""

    rounds: int = 0
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
    money = conn.execute(
        "SELECT coalesce(decsum(net), '0'), count(*) FROM rounds WHERE account = ?",
        (ident,)).fetchone()
    summary.net = read_money(money[0])
    home = conn.execute("SELECT coalesce(decsum(net), '0'), count(*) FROM rounds "
                        "WHERE account != ?", (ident,)).fetchone()
    summary.home_net = read_money(home[0])
    summary.home_rounds = int(home[1])
    # Ordering by the float is only to find the row: the amount itself is read exactly.
    for order, attr in (("DESC", "biggest_win"), ("ASC", "biggest_loss")):
        found = conn.execute(f"SELECT net FROM rounds WHERE account = ? "
                             f"ORDER BY CAST(net AS REAL) {order} LIMIT 1", (ident,)).fetchone()
        if found is not None:
            value = read_money(found[0])
            keep = max(value, Decimal(0)) if order == "DESC" else min(value, Decimal(0))
            setattr(summary, attr, keep)
    summary.fresh = int(conn.execute(
        "SELECT count(*) FROM journal WHERE account = ? AND kind = 'fresh'",
        (ident,)).fetchone()[0])
    afters = conn.execute("SELECT after FROM rounds WHERE account = ? ORDER BY seq",
                          (ident,)).fetchall()
    if afters:
        first = conn.execute("SELECT before FROM rounds WHERE account = ? ORDER BY seq LIMIT 1",
                             (ident,)).fetchone()[0]
        step = max(1, len(afters) // CHART_POINTS)
        picked = afters[step - 1::step]
        if picked[-1] is not afters[-1]:
            picked.append(afters[-1])
        summary.bankroll = [read_money(first)] + [read_money(a) for (a,) in picked]
    return summary
