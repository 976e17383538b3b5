"""The scorekeeper's evenings in the player's database, exported as CSV (one row per line of the
sheet) or JSON (the record plus its standings); and 0.1.0's evening files, read for the import."""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from msgspec import Struct
from pydantic import ValidationError

from blackjack_tui.files import InputFileError, read_text
from blackjack_tui.ledger.evening import Evening
from blackjack_tui.ledger.money import fmt_money

if TYPE_CHECKING:
    from blackjack_tui.store.booking import EveningSave


class EveningRows(Protocol):
    """What the scorekeeper needs of the game's :class:`~blackjack_tui.store.Store` (named here
    as a protocol: the store imports this module for the 0.1.0 import, and no circle is kept)."""

    folder: Path

    def save_evening(self, save: EveningSave) -> None: ...

    def evening_rows(self, source: str, status: tuple[str, ...] = ...,
                     ) -> list[tuple[str, str, str, str]]: ...

    def delete_evening(self, evening_id: str) -> None: ...

FOLDER = "evenings"
EXPORTS = "exports"


class EveningFileError(ValueError):
    """A saved evening that cannot be read, naming the file and why."""


class EveningSummary(Struct, frozen=True):
    """One line of the evening list."""

    id: str
    name: str
    players: tuple[str, ...]
    hands: int
    finished: bool
    winners: tuple[str, ...]
    updated: str


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new file, never half of one:
    a temporary file beside it, flushed and synced, renamed over it, and the folder synced."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - folders cannot be opened on some systems
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def evening_from_file(path: Path) -> Evening:
    """Read one saved evening; :class:`EveningFileError` says what is wrong with the file."""
    try:
        text = read_text(path)  # a regular file, of at most 8 MiB (a pipe hung the list)
    except InputFileError as err:
        raise EveningFileError(f"{path}: {err}") from None
    try:
        return Evening.model_validate_json(text)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        raise EveningFileError(f"{path}: {where + ': ' if where else ''}{message}") from None


class EveningStore:
    """The scorekeeper's evenings, kept in the player's database (one row each).

    Reads and writes go through the game's :class:`~blackjack_tui.store.Store`, so a save is one
    transaction and the scorekeeper never writes beside a running game's back. Exports are files
    under ``<data dir>/exports/``.
    """

    SOURCE = "scorekeeper"

    def __init__(self, store: EveningRows) -> None:
        self.store = store
        self.root = store.folder

    def save_evening(self, evening: Evening) -> None:
        from blackjack_tui.store.booking import EveningSave

        status = "closed" if evening.standings.finished else "open"
        self.store.save_evening(EveningSave(evening.id, evening.model_dump_json(), status,
                                            self.SOURCE))

    def load_evening(self, evening_id: str) -> Evening:
        for row_id, _status, state, _updated in self.store.evening_rows(self.SOURCE):
            if row_id == evening_id:
                return _parse(row_id, state)
        raise EveningFileError(f"no saved evening {evening_id!r}")

    def delete_evening(self, evening_id: str) -> None:
        self.store.delete_evening(evening_id)

    def list_evenings(self) -> tuple[list[EveningSummary], list[EveningFileError]]:
        """Every readable evening, most recently changed first, and a problem for each one
        that cannot be read (a broken one never hides the others)."""
        summaries: list[EveningSummary] = []
        problems: list[EveningFileError] = []
        for row_id, _status, state, _updated in self.store.evening_rows(self.SOURCE):
            try:
                evening = _parse(row_id, state)
            except EveningFileError as err:
                problems.append(err)
                continue
            standings = evening.standings
            updated = evening.updated.astimezone().isoformat(timespec="minutes")
            summaries.append(EveningSummary(
                evening.id, evening.name, evening.players, standings.hands, standings.finished,
                standings.winners, updated))
        summaries.sort(key=lambda s: s.updated, reverse=True)
        return summaries, problems

    def export_evening(self, evening: Evening) -> tuple[Path, Path]:
        """Write ``<id>.csv`` and ``<id>.json`` under ``<data dir>/exports/``."""
        folder = self.root / EXPORTS
        csv_path = folder / f"{evening.id}.csv"
        json_path = folder / f"{evening.id}.json"
        write_atomic(csv_path, evening_csv(evening))
        write_atomic(json_path, evening_json(evening))
        return csv_path, json_path


def _parse(evening_id: str, state: str) -> Evening:
    try:
        return Evening.model_validate_json(state)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        raise EveningFileError(f"evening {evening_id}: {where + ': ' if where else ''}{message}"
                               ) from None


def evening_csv(evening: Evening) -> str:
    """The sheet as CSV: a row per line (hand, rebuy, leaving, close), each player's entry and
    the bank's, then every stack after the line."""
    players = list(evening.players)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["line", "kind", "hand", "bank holder", *players, "bank",
                     *(f"{p} stack" for p in players), "house", "note"])
    for number, row in enumerate(evening.standings.rows, start=1):
        writer.writerow([
            number, row.kind, row.hand or "", row.banker or "house",
            *(fmt_money(row.entries[p]) if p in row.entries else "" for p in players),
            "" if row.bank is None else fmt_money(row.bank),
            *(fmt_money(row.stacks[p]) for p in players),
            fmt_money(row.house), row.note,
        ])
    return out.getvalue()


def evening_json(evening: Evening) -> str:
    """The saved record with its standings added: stacks, statuses, the winner."""
    standings = evening.standings
    record = json.loads(evening.model_dump_json())
    record["standings"] = {
        "hands": standings.hands,
        "stacks": {p: fmt_money(standings.stacks[p]) for p in evening.players},
        "status": standings.status,
        "rebuys_used": standings.rebuys_used,
        "bank_holder": standings.banker,
        "house": fmt_money(standings.house),
        "finished": standings.finished,
        "ended_by": standings.ended_by,
        "winners": list(standings.winners),
    }
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"
