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
    else). The rules are left as they are; anything that is not an amount is left alone. Parts
    whose amounts are in their form already are shared with ``record``, not copied."""
    out = _amounts_of(record, ("bankroll_before",))
    for key in ("bets", "seats"):
        out = _swap(out, key, _each(record.get(key)))
    behind = record.get("behind")
    if isinstance(behind, dict) and behind:
        out = _swap(out, "behind", {box: amount_form(b) for box, b in behind.items()})
    result = record.get("result")
    if isinstance(result, dict):
        new = _amounts_of(result)
        for part in ("hands", "insurance"):
            new = _swap(new, part, _each(result.get(part)))
        out = _swap(out, "result", new)
    return out


_AMOUNTS = ("stake", "net", "bankroll", "bet")


def _swap(part: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    """``part`` with ``key`` set to ``value``: ``part`` itself where that is what it holds."""
    if part.get(key) is value:
        return part
    out = dict(part)
    out[key] = value
    return out


def _each(items: Any) -> Any:
    """A list of amounts or of parts holding amounts, in their form (the same list if it is)."""
    if not isinstance(items, list):
        return items
    new = [_amounts_of(i) if isinstance(i, dict) else amount_form(i) for i in items]
    return items if all(a is b for a, b in zip(new, items, strict=True)) else new


def _amounts_of(part: dict[str, Any], keys: tuple[str, ...] = _AMOUNTS) -> dict[str, Any]:
    for key in keys:
        value = part.get(key)
        form = amount_form(value)
        if form is not value:
            part = _swap(part, key, form)
    return part


_FORMS: dict[str, str] = {}
"""Amounts already put in their form (bets, stakes, results repeat from round to round)."""


def amount_form(value: Any) -> Any:
    """A stored amount in its one form (by its value alone: ``1000.0``, ``1E+3`` and ``1000``
    are all ``1000``; ``7.5`` and ``7.500`` are ``7.50``); anything else as it is."""
    if not isinstance(value, str):
        return value
    digits = value[1:] if value[:1] == "-" else value
    if digits.isascii() and digits.isdigit() and (digits[0] != "0" or value == "0"):
        return value  # a whole amount written plainly, the most of them: its form already
    form = _FORMS.get(value)
    if form is None:
        try:
            amount = Decimal(value)
        except InvalidOperation:
            return value
        if not amount.is_finite():
            return value
        form = money_str(amount.normalize() + 0)
        if len(_FORMS) < 4096:
            _FORMS[value] = form
    return form
