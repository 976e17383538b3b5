"""Hand-history records in the database: the rules kept once per rule set, the rest per round.

A record (``engine.history.HandRecord`` as JSON) is stored without its ``rules``, which go to
``rule_sets`` under their hash; reading puts them back, so a record comes out exactly as it went
in (``history --json`` prints today's records, and each one replays).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Any

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
    if rules is None or rest is None:
        raise RecordError("its record is missing")
    try:
        body = json.loads(rest)
        table = json.loads(rules)
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
