"""The audit: does everything in the player's database agree?

The check a player (or support) runs with ``blackjack-tui audit``: the file's integrity, every
account's balance against its journal, every round against its journal line and its own record,
every home evening's stacks against its accounts, every retired fair shoe against its commitment;
with ``replay``, every round replayed from its record to the same result.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from blackjack_tui.engine.fair import ShoeRecord, verify_record
from blackjack_tui.engine.money import money_str
from blackjack_tui.store import journal
from blackjack_tui.store.db import quick_check, read_money
from blackjack_tui.store.journal import BANKROLL, home_account, short
from blackjack_tui.store.records import join_record


@dataclass
class Audit:
    rounds: int = 0
    bankroll: Decimal = Decimal(0)
    journal: Decimal = Decimal(0)
    fair_shoes: int = 0
    in_flight: bool = False
    problems: list[str] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "bankroll": money_str(self.bankroll),
                "journal": money_str(self.journal), "fair_shoes": self.fair_shoes,
                "in_flight": self.in_flight, "agrees": self.agrees, "problems": self.problems}


def audit(conn: sqlite3.Connection, *, replay: bool = False) -> Audit:
    """Every check; the problems in one line each (none when all agree)."""
    report = Audit()
    report.problems += [f"the database is damaged: {p}" for p in quick_check(conn)[:5]]
    report.rounds = int(conn.execute("SELECT count(*) FROM rounds").fetchone()[0])
    report.bankroll = journal.balance(conn, BANKROLL)
    report.journal = journal.journal_sum(conn, BANKROLL)
    report.problems += [p.text for p in journal.problems(conn)]
    report.problems += _records(conn)
    report.problems += _evenings(conn)
    report.fair_shoes, unfair = _fair_shoes(conn)
    report.problems += unfair
    report.in_flight = conn.execute("SELECT 1 FROM inflight").fetchone() is not None
    if replay:
        report.problems += _replays(conn)
    return report


def _records(conn: sqlite3.Connection) -> list[str]:
    """A round's money columns must be its own record's (the record can be replayed)."""
    query = ("SELECT r.round_id, r.net, r.before, c.record FROM rounds r "
             "JOIN accounts a ON a.id = r.account LEFT JOIN records c ON c.round_id = r.round_id "
             "WHERE a.name = ?")
    try:  # SQLite's JSON functions pick out the rows that may differ, in C
        rows = conn.execute(
            query + " AND (c.record IS NULL OR json_extract(c.record, '$.result.net') IS NOT r.net"
            " OR CAST(json_extract(c.record, '$.bankroll_before') AS REAL) "
            "IS NOT CAST(r.before AS REAL))", (BANKROLL,)).fetchall()
    except sqlite3.OperationalError:  # a SQLite without JSON: every row is read here
        rows = conn.execute(query, (BANKROLL,)).fetchall()
    bad: list[str] = []
    for rid, net, before, record in rows:
        try:
            data = json.loads(record) if record is not None else {}
            same = (read_money(data["result"]["net"]) == read_money(net)
                    and read_money(str(data["bankroll_before"])) == read_money(before))
        except (ValueError, KeyError, TypeError):
            same = False
        if not same:
            bad.append(rid)
    if not bad:
        return []
    return [f"{len(bad)} round(s) differ from their own records: "
            f"{', '.join(short(r) for r in bad[:5])}{' …' if len(bad) > 5 else ''}"]


def _evenings(conn: sqlite3.Connection) -> list[str]:
    from blackjack_tui.ledger import Evening

    out: list[str] = []
    for evening_id, state in conn.execute("SELECT id, state FROM evenings WHERE source = 'table'"):
        try:
            evening = Evening.model_validate_json(state)
        except ValueError:
            out.append(f"the home evening {evening_id} cannot be read")
            continue
        for player, stack in evening.standings.stacks.items():
            name = home_account(evening_id, player)
            held = journal.balance(conn, name) if journal.exists(conn, name) else stack
            if held != stack:
                out.append(f"{player}'s stack in evening {evening_id} is {money_str(stack)} "
                           f"on the sheet, {money_str(held)} in the journal")
    return out


def _fair_shoes(conn: sqlite3.Connection) -> tuple[int, list[str]]:
    count = 0
    out: list[str] = []
    for (text,) in conn.execute("SELECT record FROM fair_shoes ORDER BY id"):
        count += 1
        try:
            record = ShoeRecord.from_dict(json.loads(text))
        except (ValueError, TypeError):
            out.append("a retired fair shoe's record cannot be read")
            continue
        verdict = verify_record(record)
        if not verdict.fair:
            out.append(f"retired shoe {record.nonce} ({record.commitment[:12]}…) is not fair: "
                       f"{verdict.problems[0] if verdict.problems else 'it does not verify'}")
    return count, out


def _replays(conn: sqlite3.Connection) -> list[str]:
    from blackjack_tui.engine.errors import EngineError
    from blackjack_tui.engine.history import HandRecord

    bad: list[str] = []
    for rid, rules, record in conn.execute(
            "SELECT r.round_id, s.rules, c.record FROM rounds r LEFT JOIN records c "
            "ON c.round_id = r.round_id LEFT JOIN rule_sets s ON s.hash = c.rules ORDER BY r.seq"):
        try:
            parsed = HandRecord.model_validate(join_record(rules, record))
            again = parsed.replay()
            ok = again.net == read_money(parsed.result.net)
        except (ValueError, EngineError):
            ok = False
        if not ok:
            bad.append(rid)
    if not bad:
        return []
    return [f"{len(bad)} round(s) do not replay to their recorded result: "
            f"{', '.join(short(r) for r in bad[:5])}{' …' if len(bad) > 5 else ''}"]
