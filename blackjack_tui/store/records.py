"""Hand-history records in the database: the rules kept once per rule set, the rest per round.

A record (``engine.history.HandRecord`` as JSON) is stored without its ``rules``, which go to
``rule_sets`` under their hash; reading puts them back, so a record comes out exactly as it went
in (``history --json`` prints them, amounts in one form: :func:`exact_amounts`; each one
replays).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from decimal import Decimal, InvalidOperation
from typing import Any

from blackjack_tui.engine.money import money_str
from blackjack_tui.store.errors import RecordError


def put_record(conn: sqlite3.Connection, round_id: str, record: dict[str, Any]) -> None:
    """Keep ``record`` for ``round_id`` (inside the caller's transaction)."""
    rest = dict(record)
    rules = json.dumps(rest.pop("rules", None), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(rules.encode()).hexdigest()[:24]
    conn.execute("INSERT OR IGNORE INTO rule_sets (hash, rules) VALUES (?, ?)", (digest, rules))
    conn.execute("INSERT OR IGNORE INTO records (round_id, rules, record) VALUES (?, ?, ?)",
                 (round_id, digest, json.dumps(rest, separators=(",", ":"))))


def join_record(rules: str | None, rest: str | None) -> dict[str, Any]:
    """A stored record put back together; :class:`RecordError` when a part cannot be read."""
    return join_parts(None if rules is None else load_rules(rules), rest)


def load_rules(rules: str) -> Any:
    """A rule set as stored (its JSON); :class:`RecordError` when it cannot be read."""
    try:
        return json.loads(rules)
    except (ValueError, RecursionError) as err:
        raise RecordError(f"its record is not JSON ({err})") from None


def join_parts(table: Any, rest: str | None) -> dict[str, Any]:
    """A record put back together from its rules (read with :func:`load_rules`; ``None``: they
    are missing) and the rest as stored; :class:`RecordError` when a part cannot be read."""
    if table is None or rest is None:
        raise RecordError("its record is missing")
    try:
        body = json.loads(rest)
    except (ValueError, RecursionError) as err:
        raise RecordError(f"its record is not JSON ({err})") from None
    if not isinstance(body, dict):
        raise RecordError("its record is not an object")
    out: dict[str, Any] = {}
    for key, value in body.items():  # the rules where a record has them: after the time
        out[key] = value
        if key == "time":
            out["rules"] = table
    out.setdefault("rules", table)
    return out


_AMOUNTS = ("stake", "net", "bankroll", "bet")


def exact_amounts(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with its amounts in one exact form, as the table writes money (``1000``,
    ``37.50``): records keep them as they were made (``1000.0`` after a 10.0 win, ``1000``
    else). The rules are left as they are; anything that is not an amount is left alone."""
    out = dict(record)
    out["bankroll_before"] = _amount(record.get("bankroll_before"))
    if isinstance(record.get("bets"), list):
        out["bets"] = [_amount(b) for b in record["bets"]]
    if isinstance(record.get("behind"), dict):
        out["behind"] = {box: _amount(b) for box, b in record["behind"].items()}
    if isinstance(record.get("seats"), list):
        out["seats"] = [_amounts_of(s) for s in record["seats"]]
    result = record.get("result")
    if isinstance(result, dict):
        result = _amounts_of(result)
        for part in ("hands", "insurance"):
            if isinstance(result.get(part), list):
                result[part] = [_amounts_of(h) for h in result[part]]
        out["result"] = result
    if "bankroll_before" not in record:
        del out["bankroll_before"]
    return out


def _amounts_of(part: Any) -> Any:
    if not isinstance(part, dict):
        return part
    return {key: _amount(value) if key in _AMOUNTS else value for key, value in part.items()}


def _amount(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    try:
        amount = Decimal(value)
    except InvalidOperation:
        return value
    return money_str(amount + 0) if amount.is_finite() else value
