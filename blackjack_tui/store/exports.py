"""The history as files a player takes away: CSV for a spreadsheet, JSON as ``history --json``.

Written under ``<data dir>/exports/`` in a terminal; in a browser the screen offers the same text
as downloads instead (nothing lands on the server's disk). Oldest round first, as a ledger reads.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path
from typing import Any

from blackjack_tui.engine.history import player_actions
from blackjack_tui.engine.money import money_str
from blackjack_tui.store.atomic import write_atomic
from blackjack_tui.store.reading import RoundRow
from blackjack_tui.store.records import exact_amounts

EXPORTS = "exports"
COLUMNS = ("round", "time", "table", "stakes", "behind", "net", "bankroll_before",
           "bankroll_after", "home", "cards", "dealer", "decisions")


def _codes(hand: Any) -> str:
    cards = hand.get("cards", []) if isinstance(hand, dict) else []
    return " ".join(str(c) for c in cards)


def history_csv(rows: Iterable[RoundRow]) -> str:
    """One line a round: its amounts exact, its cards as codes (``TD`` the ten of diamonds),
    the player's boxes split by ``|``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        record = row.record
        result = record.get("result") or {}
        bets = " ".join(money_str(Decimal(b)) if b else "-" for b in record.get("bets", []))
        behind = sum((Decimal(b) for b in (record.get("behind") or {}).values()), Decimal(0))
        hands = " | ".join(_codes(h) for h in result.get("hands", [])
                           if isinstance(h, dict) and int(h.get("box", 1)) <= 3)
        writer.writerow((row.seq, row.at, row.ruleset, bets, money_str(behind),
                         money_str(row.net), money_str(row.before), money_str(row.after),
                         "yes" if row.home else "no", hands, _codes(result.get("dealer")),
                         " ".join(player_actions(record))))
    return out.getvalue()


def history_json(rows: Iterable[RoundRow]) -> str:
    """The records as ``blackjack-tui history --json`` prints them (amounts in one exact form)."""
    lines = [json.dumps(exact_amounts(row.record), ensure_ascii=False) for row in rows]
    return "[" + ",\n".join(lines) + "]\n" if lines else "[]\n"


def write_history(folder: Path, stem: str, csv_text: str, json_text: str) -> tuple[Path, Path]:
    """``<stem>.csv`` and ``<stem>.json`` under ``<folder>/exports/`` (StoreError on a refusal)."""
    where = folder / EXPORTS
    paths = where / f"{stem}.csv", where / f"{stem}.json"
    write_atomic(paths[0], csv_text.encode("utf-8"))
    write_atomic(paths[1], json_text.encode("utf-8"))
    return paths
