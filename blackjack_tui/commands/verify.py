"""``blackjack-tui verify [FILE] [--data-dir DIR]``: check a provably fair shoe.

FILE is a shoe record (JSON) or a JSON-lines file of them (every record is checked, 0.1.0's
``shoes.jsonl`` too); without it, the latest retired shoe in the data folder's database.
Exit 0 if fair, 1 if not, 2 when the
file cannot be read or a shoe cannot be checked yet.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from blackjack_tui.cli import UsageError
from blackjack_tui.commands._data import read_store
from blackjack_tui.engine.fair import FairError, ShoeRecord, commitment, verify_record
from blackjack_tui.files import InputFileError, read_bytes, shown
from blackjack_tui.paths import data_dir
from blackjack_tui.store.errors import RecordError
from blackjack_tui.store.jsonio import load_json


def read_records(path: Path) -> list[ShoeRecord]:
    """Every shoe record in ``path`` (one JSON object, or JSON lines); UsageError if unreadable."""
    try:
        raw = read_bytes(path)
    except InputFileError as err:
        raise UsageError(f"{shown(path)}: {err}") from None
    try:
        try:
            values = [load_json(raw)]
        except RecordError:
            lines = [line for line in raw.splitlines() if line.strip()]
            values = [load_json(line) for line in lines]
        if not values:
            raise UsageError(f"{path} is empty")
        return [ShoeRecord.from_dict(v) for v in values]
    except (RecordError, FairError) as err:
        raise UsageError(f"{path} is not a shoe record: {err}") from None


def _latest(folder: str | None) -> ShoeRecord:
    store = read_store(folder)
    records: list[ShoeRecord] = []
    if store is not None:
        records, _ = store.fair_shoes(1)
        store.close()
    if not records:
        raise UsageError(f"no retired provably fair shoe in {data_dir(folder)}")
    return records[0]


def report(record: ShoeRecord) -> bool:
    """Print the checks for one shoe; True when it is fair."""
    print(f"Shoe {record.nonce}: {record.decks} deck(s), client seed {record.client_seed!r}")
    print(f"  commitment   {record.commitment}")
    print(f"  server seed  {record.server_seed}")
    verdict = verify_record(record)
    assert record.server_seed is not None
    hashed = commitment(record.server_seed) == record.commitment
    print(f"  the server seed {'hashes' if hashed else 'does NOT hash'} to the commitment")
    if verdict.fair:
        print(f"  all {verdict.checked} card(s) dealt match the shoe the seeds make")
        print("Verdict: FAIR")
    else:
        for problem in verdict.problems:
            print(f"  {problem}")
        print("Verdict: NOT FAIR")
    return verdict.fair


def run(args: argparse.Namespace) -> int:
    records = (read_records(Path(args.file)) if args.file is not None
               else [_latest(args.data_dir)])
    for record in records:
        if not record.revealed:
            raise UsageError(f"shoe {record.nonce} is still in play: its server seed is not "
                             "revealed yet, so it cannot be checked")
    results = [report(record) for record in records]
    return 0 if all(results) else 1
