"""``blackjack-tui replay FILE [--json]``: re-run a scenario or hand-history record."""

from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from blackjack_tui.cli import UsageError
from blackjack_tui.engine.history import HandRecord, ReplayError, RoundResult, Scenario, replay
from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.round import Round
from blackjack_tui.files import InputFileError, read_text, shown


def _no_constant(name: str) -> Any:
    raise json.JSONDecodeError(f"{name} is not an amount", name, 0)


MAX_INT_DIGITS = 40  # more than any amount (12 digits) or seed a scenario holds


def _bounded_int(text: str) -> int:
    # Checked before int(): Python refuses more than 4300 digits with a ValueError of its own.
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise json.JSONDecodeError(f"a number of {len(text.lstrip('-')):,} digits (at most "
                                   f"{MAX_INT_DIGITS})", text[:20], 0)
    return int(text)


def _loads(text: str) -> Any:
    return json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int)


def _documents(path: Path) -> list[dict[str, Any]]:
    try:
        text = read_text(path)
    except InputFileError as err:
        raise UsageError(f"{shown(path)}: {err}") from None
    try:
        data = _loads(text)
        docs = data if isinstance(data, list) else [data]
    except RecursionError:
        raise UsageError(f"{path}: nested too deeply to be a scenario") from None
    except json.JSONDecodeError:
        docs = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                docs.append(_loads(line))
            except RecursionError:
                raise UsageError(f"{path}:{number}: nested too deeply") from None
            except json.JSONDecodeError as err:
                raise UsageError(f"{path}:{number}: not JSON: {err.msg}") from None
    if not docs or not all(isinstance(d, dict) for d in docs):
        raise UsageError(f"{path}: expected a scenario or hand-history object")
    return docs


def _first_error(err: ValidationError) -> str:
    item = err.errors()[0]
    where = ".".join(str(p) for p in item["loc"])
    return f"{where}: {item['msg'].removeprefix('Value error, ')}"


def _run_one(doc: dict[str, Any], rules_file: str | None) -> Round:
    if "result" in doc and "cards" in doc:
        try:
            record = HandRecord.model_validate(doc)
        except ValidationError as err:
            raise UsageError(f"not a hand-history record: {_first_error(err)}") from None
        rnd = record.replay()
        if RoundResult.of(rnd) != record.result:
            raise ReplayError("the replay does not match the recorded result")
        return rnd
    try:
        scenario = Scenario.model_validate(doc)
    except ValidationError as err:
        raise UsageError(f"not a scenario: {_first_error(err)}") from None
    from blackjack_tui.commands._common import resolve_rules

    rules = resolve_rules(scenario.ruleset, None) if rules_file is None else \
        resolve_rules(scenario.ruleset, rules_file)
    return replay(rules, scenario.shoe, scenario.bets, scenario.bankroll, scenario.actions,
                  tier=scenario.tier)


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    rounds = []
    for number, doc in enumerate(_documents(path), start=1):
        where = path.name if number == 1 else f"{path.name} round {number}"
        try:
            rounds.append(_run_one(doc, args.rules_file))
        except ReplayError as err:
            print(f"blackjack-tui replay: {where}: {err}", file=sys.stderr)
            return 2
    if args.json:
        out = [RoundResult.of(r).model_dump(mode="json") for r in rounds]
        print(json.dumps(out[0] if len(out) == 1 else out, indent=2))
        return 0
    _print_results(rounds)
    return 0


def _rows(rnd: Round) -> list[tuple[str, str, str, str, str]]:
    """Your money on the table, a row each: your hands, your bets behind a computer player's
    hands (not its own bet), your insurance; the rows add up to the round's net."""
    names = {s.number: s.name for s in rnd.seats}
    rows = []
    for box in rnd.boxes:
        where = str(box.number) if not box.owner else \
            f"{box.number} behind {names.get(box.owner, 'a seat')}"
        for hand in box.hands:
            wager = hand.behind_wager() if box.owner else hand.wagers[0]
            if wager is None:
                continue  # a computer player's hand you had no bet behind
            rows.append((where, " ".join(c.text for c in hand.cards), money_str(wager.stake),
                         wager.outcome or "open", money_str(wager.net or Decimal(0))))
        position = box.behind_position if box.owner else box.holder
        if position is not None and position.insurance:
            net = position.insurance_net or Decimal(0)
            rows.append((where, "insurance", money_str(position.insurance),
                         "lose" if net < 0 else "win", money_str(net)))
    return rows


def _print_results(rounds: list[Round]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for rnd in rounds:
        result = RoundResult.of(rnd)
        table = Table(title=f"Dealer {' '.join(result.dealer.cards)}  ({result.dealer.total})",
                      title_justify="left")
        for col in ("box", "cards", "stake", "outcome", "net"):
            table.add_column(col, justify="right" if col in ("stake", "net") else "left")
        for row in _rows(rnd):
            net = row[4]
            style = "green" if not net.startswith(("-", "0")) else (
                "red" if net.startswith("-") else "")
            table.add_row(*row, style=style)
        console.print(table)
        console.print(f"Net {result.net}   Bankroll {result.bankroll}")
