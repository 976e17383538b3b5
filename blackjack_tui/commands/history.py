"""``blackjack-tui history [--json] [--limit N] [--data-dir DIR]``: game recall, newest first."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from blackjack_tui.commands._data import database_of, to_a_pipe
from blackjack_tui.engine.history import player_actions
from blackjack_tui.engine.money import money_str, signed
from blackjack_tui.engine.seats import SEAT_BOX_BASE
from blackjack_tui.paths import data_dir
from blackjack_tui.store.errors import StoreError
from blackjack_tui.store.reader import describe, open_reading
from blackjack_tui.store.reading import RoundRow, iter_recent
from blackjack_tui.store.records import exact_amounts


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
    record = exact_amounts(row.record)
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
    path = database_of(args.data_dir)
    if path is None:
        return to_a_pipe(lambda: _show(iter(()), args, folder))
    try:
        reading = open_reading(path)
    except StoreError as err:
        print(f"blackjack-tui history: {err}", file=sys.stderr)
        return 1
    with reading:
        for note in [*reading.notes, *reading.problems]:
            print(f"note: {note}", file=sys.stderr)
        try:
            in_flight = reading.conn.execute("SELECT 1 FROM inflight").fetchone() is not None
        except sqlite3.Error:
            in_flight = False  # the rounds are what is asked for; the audit names the rest
        if in_flight:
            print("note: a round is still in flight; it is recorded when it is finished",
                  file=sys.stderr)
        return to_a_pipe(lambda: _show(iter_recent(reading.conn, args.limit), args, folder,
                                       path))


def _show(rows: Iterator[RoundRow | str], args: argparse.Namespace, folder: Path,
          path: Path | None = None) -> int:
    """Print the rounds as they are read: JSON row by row, else the table once it is full. A
    read that fails part-way shows the rounds read before it, then says so in one line."""
    got: list[RoundRow] = []
    written = 0  # rows of JSON
    failed: str | None = None
    out = sys.stdout
    if args.json:
        out.write("[")
    try:
        for row in rows:
            if isinstance(row, str):
                print(f"note: {row}", file=sys.stderr)
            elif args.json:
                # One record a line, written as it is read: valid JSON, and a hundred thousand
                # rounds never held at once (nor indented in Python: the C encoder writes it).
                out.write(("\n" if not written else ",\n")
                          + json.dumps(exact_amounts(row.record), ensure_ascii=False))
                written += 1
            else:
                got.append(row)
    except sqlite3.Error as err:
        failed = describe(path or folder, err)
    if args.json:
        out.write("\n]\n" if written else "]\n")
    elif got:
        _table(got)
    elif failed is None:
        print(f"No rounds recorded yet in {folder}.")
    if failed is not None:
        shown = written or len(got)
        print(f"blackjack-tui history: {failed}"
              + (f" (after the {shown} round(s) shown)" if shown else "")
              + "; `blackjack-tui audit` says what is wrong", file=sys.stderr)
        return 1
    return 0


def _table(got: list[RoundRow]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Game recall: the last {len(got)} round(s), newest first",
                  show_lines=True)
    for name, justify in (("Time", "left"), ("Rules", "left"), ("Bets", "left"),
                          ("Cards and outcome", "left"), ("Decisions", "left"),
                          ("Net", "right"), ("Bankroll", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in got:
        table.add_row(*_row(row))
    Console().print(table)
