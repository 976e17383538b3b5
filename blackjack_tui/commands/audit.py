"""``blackjack-tui audit [--data-dir DIR] [--json] [--replay]``: does every chip add up?

Exit 0 when everything agrees, 1 when something does not (each problem one line), 2 on a usage
error. Works while a game is open in the same folder (the database is read, never written), and
in every state the database can be in: a file that is damaged, empty, without its log, from a
newer version or in a read-only folder is itself the problem listed (``--json``: still JSON).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from blackjack_tui.commands._data import database_of, to_a_pipe
from blackjack_tui.engine.money import money_str
from blackjack_tui.paths import data_dir
from blackjack_tui.store.audit import Audit, Check, audit_database


def further_checks(folder: Path) -> list[Check]:
    """Checks of the database against what is kept beside it in ``folder``, run by the audit
    on its read-only connection like its own (an error in one is a problem, not a crash).

    The seam for the record of the book's head kept outside the database: a check that names a
    database behind its head ("the database ends at round 1,200; round 1,234 was booked") goes
    here. Problems found without the database at all can be added to the report in :func:`run`.
    """
    return []


def run(args: argparse.Namespace) -> int:
    path = database_of(args.data_dir)
    if path is None:
        return to_a_pipe(lambda: _nothing(args))
    report = audit_database(path, replay=args.replay, checks=further_checks(path.parent))
    return to_a_pipe(lambda: _show(report, json_out=args.json))


def _nothing(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps(Audit().to_json(), indent=2))
    else:
        print(f"No blackjack-tui data in {data_dir(args.data_dir)} yet: nothing to audit.")
    return 0


def _show(report: Audit, *, json_out: bool) -> int:
    if json_out:
        print(json.dumps(report.to_json(), indent=2))
        return 0 if report.agrees else 1
    if report.readable:
        print(f"Rounds booked     {report.rounds}")
        print(f"Bankroll          {money_str(report.bankroll)}")
        print(f"Journal's sum     {money_str(report.journal)}")
        print(f"Fair shoes        {report.fair_shoes} retired, checked")
        if report.in_flight:
            print("A round is in flight: it is booked when it is finished")
    for note in report.notes:
        print(f"Note: {note}")
    for problem in report.problems:
        print(f"PROBLEM: {problem}")
    print("Everything agrees." if report.agrees else f"{len(report.problems)} problem(s).")
    return 0 if report.agrees else 1
