"""``blackjack-tui audit [--data-dir DIR] [--json] [--replay]``: does every chip add up?

Exit 0 when everything agrees, 1 when something does not (each problem one line), 2 on a usage
error. Works while a game is open in the same folder (the database is read, never written).
"""

from __future__ import annotations

import argparse
import json

from blackjack_tui.commands._data import read_store
from blackjack_tui.engine.money import money_str
from blackjack_tui.paths import data_dir
from blackjack_tui.store.audit import Audit, audit
from blackjack_tui.store.head import head_problems, losses


def run(args: argparse.Namespace) -> int:
    store = read_store(args.data_dir)
    if store is None:
        if args.json:
            print(json.dumps(Audit().to_json(), indent=2))
        else:
            print(f"No blackjack-tui data in {data_dir(args.data_dir)} yet: nothing to audit.")
        return 0
    report = store.read(lambda c: audit(c, replay=args.replay))
    report.problems += store.read(lambda c: head_problems(store.folder, c))
    lost = store.read(losses)
    store.close()
    if args.json:
        print(json.dumps({**report.to_json(), "lost_earlier": lost}, indent=2))
        return 0 if report.agrees else 1
    print(f"Rounds booked     {report.rounds}")
    print(f"Bankroll          {money_str(report.bankroll)}")
    print(f"Journal's sum     {money_str(report.journal)}")
    print(f"Fair shoes        {report.fair_shoes} retired, checked")
    if report.in_flight:
        print("A round is in flight: it is booked when it is finished")
    for line in lost:
        print(f"Lost earlier     {line}")
    for problem in report.problems:
        print(f"PROBLEM: {problem}")
    print("Everything agrees." if report.agrees else f"{len(report.problems)} problem(s).")
    return 0 if report.agrees else 1
