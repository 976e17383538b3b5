"""Accounts and the journal: every chip has one home, every movement one line.

An account is the player's bankroll, a computer seat's chips, or one stack (or the house) of a home
evening. The journal is append-only: an opening amount, each round's result, a fresh bankroll, a
rebuy, an unfinished round's settlement. An account's ``balance`` is kept beside it for speed and
must always equal the sum of its journal lines — :func:`problems` says where it does not, and the
journal wins. Functions here run inside the caller's transaction.
"""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from typing import Literal

from msgspec import Struct

from blackjack_tui.engine.money import money_str
from blackjack_tui.store.db import UNITS, money_text, read_money, units
from blackjack_tui.store.jsonio import iso_now

BANKROLL = "bankroll"
AccountKind = Literal["bankroll", "seat", "home"]
EntryKind = Literal["opening", "import", "round", "fresh", "rebuy", "unfinished", "repair"]
START_BANKROLL = Decimal(1000)


def seat_account(name: str) -> str:
    """A computer seat's chips at the casino tables."""
    return f"seat:{name}"


def home_account(evening: str, player: str) -> str:
    """One player's stack in a home evening (``house`` for the house's side of the bank)."""
    return f"home:{evening}:{player}"


class Line(Struct, frozen=True):
    """One journal line to write: ``amount`` moves into (or, negative, out of) ``account``."""

    account: str
    kind: EntryKind
    amount: Decimal
    note: str = ""


def account_id(conn: sqlite3.Connection, name: str, kind: AccountKind | None = None,
               evening: str | None = None) -> int:
    """The account's id, made (empty) when it does not exist yet."""
    row = conn.execute("SELECT id FROM accounts WHERE name = ?", (name,)).fetchone()
    if row is not None:
        return int(row[0])
    kind = kind or _kind_of(name)
    cur = conn.execute("INSERT INTO accounts (name, kind, evening, balance) VALUES (?, ?, ?, '0')",
                       (name, kind, evening))
    assert cur.lastrowid is not None
    return int(cur.lastrowid)


def _kind_of(name: str) -> AccountKind:
    if name == BANKROLL:
        return "bankroll"
    if name.startswith("home:"):
        return "home"
    return "seat"


def exists(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM accounts WHERE name = ?", (name,)).fetchone() is not None


def balance(conn: sqlite3.Connection, name: str) -> Decimal:
    """The account's balance (0 for an account that does not exist)."""
    row = conn.execute("SELECT balance FROM accounts WHERE name = ?", (name,)).fetchone()
    return Decimal(0) if row is None else read_money(row[0], f"the balance of {name}")


def balances(conn: sqlite3.Connection, prefix: str) -> dict[str, Decimal]:
    """Every account whose name starts with ``prefix``, by name."""
    rows = conn.execute("SELECT name, balance FROM accounts WHERE substr(name, 1, ?) = ?",
                        (len(prefix), prefix)).fetchall()
    return {name: read_money(value, f"the balance of {name}") for name, value in rows}


def post(conn: sqlite3.Connection, line: Line, round_id: str | None = None,
         at: str | None = None) -> Decimal:
    """Write one line and move the account's balance by it; returns the new balance."""
    ident = account_id(conn, line.account)
    row = conn.execute("SELECT balance FROM accounts WHERE id = ?", (ident,)).fetchone()
    new = read_money(row[0], f"the balance of {line.account}") + line.amount
    conn.execute("INSERT INTO journal (account, kind, amount, units, round_id, at, note) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (ident, line.kind, money_text(line.amount), units(line.amount), round_id,
                  at or iso_now(), line.note))
    conn.execute("UPDATE accounts SET balance = ? WHERE id = ?", (money_text(new), ident))
    return new


def journal_sum(conn: sqlite3.Connection, name: str) -> Decimal:
    """The sum of the account's journal lines: what its balance must be."""
    row = conn.execute("SELECT id FROM accounts WHERE name = ?", (name,)).fetchone()
    return Decimal(0) if row is None else _sum_of(conn, int(row[0]))


def _sum_of(conn: sqlite3.Connection, ident: int) -> Decimal:
    """An account's journal added up: in C from the integer units, exactly from the text where
    a line has none."""
    total, missing = conn.execute(
        "SELECT coalesce(sum(units), 0), count(*) - count(units) FROM journal WHERE account = ?",
        (ident,)).fetchone()
    if missing:
        text = conn.execute("SELECT coalesce(decsum(amount), '0') FROM journal "
                            "WHERE account = ?", (ident,)).fetchone()[0]
        return read_money(text, "a journal")
    return Decimal(int(total)) / UNITS


class Problem(Struct, frozen=True):
    """Something in the book that does not add up, in words, and the accounts it concerns."""

    text: str
    account: str | None = None
    rounds: tuple[str, ...] = ()


def problems(conn: sqlite3.Connection) -> list[Problem]:
    """Where balances, the journal and the rounds disagree (empty when the book is whole)."""
    found: list[Problem] = []
    rows = conn.execute("SELECT id, name, balance FROM accounts ORDER BY id").fetchall()
    for ident, name, stored in rows:
        try:
            have = read_money(stored, f"the balance of {name}")
        except ValueError:
            have = None
        want = _sum_of(conn, int(ident))
        if have != want:
            shown = money_str(have) if have is not None else repr(str(stored)[:20])
            found.append(Problem(f"{_label(name)} on disk was {shown}, its journal says "
                                 f"{money_str(want)}", name))
    mismatched = conn.execute(
        "SELECT r.round_id, r.net, j.amount, a.name FROM rounds r "
        "JOIN accounts a ON a.id = r.account "
        # By the round: the planner would otherwise walk the account's every line per round.
        "LEFT JOIN journal j INDEXED BY journal_by_round ON j.round_id = r.round_id "
        "AND j.account = r.account AND j.kind = 'round' WHERE r.imported = 0 "
        # Only the rows that may differ reach Python: the units agree for all the others.
        "AND (j.id IS NULL OR r.net_units IS NULL OR j.units IS NULL "
        "OR r.net_units != j.units)").fetchall()
    bad = [(rid, name) for rid, net, amount, name in mismatched
           if amount is None or (net != amount and _differs(net, amount))]
    if bad:
        ids = tuple(rid for rid, _ in bad)
        found.append(Problem(f"{len(ids)} round(s) do not match their journal lines: "
                             f"{', '.join(short(r) for r in ids[:5])}"
                             f"{' …' if len(ids) > 5 else ''}", bad[0][1], ids))
    return found


def _differs(a: object, b: object) -> bool:
    try:
        return read_money(a) != read_money(b)
    except ValueError:
        return True


def short(round_id: str) -> str:
    """A round id as a player reads it: its first 8 characters."""
    return round_id[:8]


def _label(name: str) -> str:
    if name == BANKROLL:
        return "The bankroll"
    if name.startswith("seat:"):
        return f"{name.removeprefix('seat:')}'s chips"
    _, evening, player = name.split(":", 2)
    return f"{player}'s stack in evening {evening}"


def keep_balances(conn: sqlite3.Connection) -> list[str]:
    """After a damaged file lost journal lines: each surviving balance is kept, and a ``repair``
    line makes its journal add up to it again. Returns the accounts repaired, in words."""
    out = []
    for ident, name, stored in conn.execute("SELECT id, name, balance FROM accounts").fetchall():
        try:
            have = read_money(stored)
        except ValueError:
            continue
        total = _sum_of(conn, int(ident))
        if have != total:
            conn.execute("INSERT INTO journal (account, kind, amount, units, at, note) "
                         "VALUES (?, 'repair', ?, ?, ?, 'lines lost in a damaged file')",
                         (ident, money_text(have - total), units(have - total), iso_now()))
            out.append(f"{_label(name)} kept at {money_str(have)}")
    return out


def repair(conn: sqlite3.Connection) -> None:
    """Set every balance to its journal's sum (the journal wins)."""
    for (ident,) in conn.execute("SELECT id FROM accounts").fetchall():
        conn.execute("UPDATE accounts SET balance = ? WHERE id = ?",
                     (money_text(_sum_of(conn, int(ident))), ident))
