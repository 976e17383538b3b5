"""``blackjack-tui history [--json] [--limit N] [--data-dir DIR]``: game recall, newest first."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from blackjack_tui.commands._data import read_store
from blackjack_tui.engine.history import player_actions
from blackjack_tui.engine.money import money_str, signed
from blackjack_tui.engine.seats import SEAT_BOX_BASE
from blackjack_tui.paths import data_dir
from blackjack_tui.store.reading import RoundRow, recent


def _get(record: dict[str, Any], *keys: str) -> Any:
    value: Any = record
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def _text(value: Any, default: str = "?") -> str:
    return default if value is None else str(value)


def _row(row: RoundRow) -> list[str]:
    record = row.record
    rules = _get(record, "rules", "name")
    tier = record.get("tier")
    bets = record.get("bets")
    bets_text = "  ".join(f"{i}:{_text(b, '-')}" for i, b in enumerate(bets, 1)) \
        if isinstance(bets, list) else "?"
    found = record.get("behind")
    behind: dict[str, Any] = found if isinstance(found, dict) else {}
    if behind:
        bets_text += "  " + "  ".join(f"{box}:+{_text(b)} behind" for box, b in behind.items())
    hands = _get(record, "result", "hands")
    hand_lines = []
    if isinstance(hands, list):
        for hand in hands:
            if not isinstance(hand, dict):
                continue
            box = hand.get("box")
            cards = " ".join(map(str, hand.get("cards") or []))
            if isinstance(box, int) and box > SEAT_BOX_BASE:
                # A computer player's hand: shown only where you had a bet behind it.
                if str(box) in behind:
                    hand_lines.append(f"behind box {box} ({_text(behind[str(box)])}): {cards} "
                                      f"{_text(hand.get('outcome'))}")
                continue
            hand_lines.append(f"box {_text(box)}: {cards} "
                              f"{_text(hand.get('outcome'))} {_text(hand.get('net'))}")
    dealer = _get(record, "result", "dealer", "cards")
    if isinstance(dealer, list):
        hand_lines.append(f"dealer: {' '.join(map(str, dealer))}")
    actions = player_actions(record)  # yours, not the computer players'
    time = _text(record.get("time"), "")
    return [
        time.replace("T", " ")[:19],
        _text(rules) + (f" ({tier})" if tier else ""),
        bets_text,
        "\n".join(hand_lines) or "?",
        ", ".join(actions) or "-",
        signed(row.net),  # a home banker's: the bank's result, which moved his stack
        # The account's chips as the table writes money (a home evening's stack marked).
        f"{money_str(row.before)} → {money_str(row.after)}" + (" home" if row.home else ""),
    ]


def run(args: argparse.Namespace) -> int:
    folder = data_dir(args.data_dir)
    store = read_store(args.data_dir)
    rows: list[RoundRow] = []
    notices: list[str] = []
    in_flight = False
    if store is not None:
        rows, notices = store.read(lambda c: recent(c, args.limit))
        in_flight = store.inflight() is not None
        store.close()
    for notice in notices:
        print(f"note: {notice}", file=sys.stderr)
    if in_flight:
        print("note: a round is still in flight; it is recorded when it is finished",
              file=sys.stderr)
    records = [row.record for row in rows]
    if args.json:
        print(json.dumps(records, indent=2, ensure_ascii=False))
        return 0
    if not records:
        print(f"No rounds recorded yet in {folder}.")
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Game recall: the last {len(records)} round(s), newest first",
                  show_lines=True)
    for name, justify in (("Time", "left"), ("Rules", "left"), ("Bets", "left"),
                          ("Cards and outcome", "left"), ("Decisions", "left"),
                          ("Net", "right"), ("Bankroll", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*_row(row))
    Console().print(table)
    return 0
