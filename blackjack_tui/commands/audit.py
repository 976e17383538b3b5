"""``blackjack-tui audit [--data-dir DIR] [--json] [--replay]``: does every chip add up?

Exit 0 when everything agrees, 1 when something does not (each problem one line), 2 on a usage
error. Works while a game is open in the same folder (the database is read, never written), and
in every state the database can be in: a file that is damaged, empty, without its log, from a
newer version or in a read-only folder is itself the problem listed (``--json``: still JSON).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from pathlib import Path

from blackjack_tui.commands._data import database_of, to_a_pipe
from blackjack_tui.engine.money import money_str
from blackjack_tui.paths import data_dir
from blackjack_tui.store.audit import Audit, Check, audit_database
from blackjack_tui.store.head import head_problems, losses


def further_checks(folder: Path, lost: list[str]) -> list[Check]:
    """Checks of the database against what is kept beside it in ``folder``, run by the audit
    on its read-only connection like its own (an error in one is a problem, not a crash): the
    journal against its own hash chain and the database against the book's head (behind it, or
    another book: :mod:`blackjack_tui.store.head`). ``lost`` gathers what earlier starts named
    as lost (not a problem now: said, recorded, and the book goes on from there)."""
    def head(conn: sqlite3.Connection) -> list[str]:
        lost.extend(losses(conn))
        return head_problems(folder, conn)
    return [head]


def run(args: argparse.Namespace) -> int:
    path = database_of(args.data_dir)
    if path is None:
        return to_a_pipe(lambda: _nothing(args))
    lost: list[str] = []
    report = audit_database(path, replay=args.replay, checks=further_checks(path.parent, lost))
    return to_a_pipe(lambda: _show(report, lost, json_out=args.json))


def _nothing(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps(Audit().to_json(), indent=2))
    else:
        print(f"No blackjack-tui data in {data_dir(args.data_dir)} yet: nothing to audit.")
    return 0


def _show(report: Audit, lost: list[str], *, json_out: bool) -> int:
    if json_out:
        print(json.dumps({**report.to_json(), "lost_earlier": lost}, indent=2))
        return 0 if report.agrees else 1
    if report.readable:
        print(f"Rounds booked     {report.rounds}")
        print(f"Bankroll          {money_str(report.bankroll)}")
        print(f"Journal's sum     {money_str(report.journal)}")
        print(f"Fair shoes        {report.fair_shoes} retired, checked")
        if report.in_flight:
            print("A round is in flight: it is booked when it is finished")
        for line in lost:
            print(f"Lost earlier      {line}")
    for note in report.notes:
        print(f"Note: {note}")
    for problem in report.problems:
        print(f"PROBLEM: {problem}")
    print("Everything agrees." if report.agrees else f"{len(report.problems)} problem(s).")
    return 0 if report.agrees else 1
