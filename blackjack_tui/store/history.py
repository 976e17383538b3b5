"""The hand history: one JSON line per finished round, appended, never rewritten.

Each record carries a ``round_id`` (a string), so a round is recorded once even when the game
crashes between recording it and clearing the in-flight file. Records are read as plain dicts,
validated loosely (a JSON object; ``round_id`` a string if present), or pass
``model=blackjack_tui.engine.history.HandRecord`` to read model instances (lines that do not
validate are skipped with a notice).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from blackjack_tui.store.errors import RecordError
from blackjack_tui.store.jsonl import append_record, parse_object, read_newest

HISTORY_NAME = "history.jsonl"


def parse_history_line(line: bytes | str) -> dict[str, Any]:
    """One history line as a dict; :class:`RecordError` says why it is not a record."""
    data = parse_object(line.encode("utf-8") if isinstance(line, str) else line)
    if "round_id" in data and not isinstance(data["round_id"], str):
        raise RecordError("a record's round_id is a string")
    return data


@dataclass
class HistoryRead:
    """Records newest first, and notices about lines that were skipped."""

    records: list[Any]
    notices: list[str] = field(default_factory=list)


class HandHistory:
    """``history.jsonl`` in the data folder."""

    def __init__(self, folder: Path, model: type[BaseModel] | None = None) -> None:
        self.path = folder / HISTORY_NAME
        self.model = model
        self.read_only = False

    def _parse(self, line: bytes) -> Any:
        data = parse_history_line(line)
        if self.model is None:
            return data
        try:
            return self.model.model_validate(data)
        except ValidationError as err:
            raise RecordError(f"not a hand record: {err.errors()[0]['msg']}") from None

    def append(self, record: dict[str, Any] | BaseModel, round_id: str | None = None) -> bool:
        """Append one finished round; ``round_id`` fills in a missing or empty ``round_id``.

        Returns ``False`` when read-only (nothing written); :class:`StoreError` on failure.
        """
        if self.read_only:
            return False
        data = record.model_dump(mode="json") if isinstance(record, BaseModel) else dict(record)
        if round_id is not None and not data.get("round_id"):
            data["round_id"] = round_id
        append_record(self.path, data)
        return True

    def read_recent(self, limit: int | None = 100) -> HistoryRead:
        """The last ``limit`` rounds (all when ``None``), newest first; never raises."""
        records, notices = read_newest(self.path, self._parse, limit, "history record")
        return HistoryRead(records, notices)

    def has_round(self, round_id: str, lookback: int = 20) -> bool:
        """Whether one of the last ``lookback`` records is round ``round_id``."""
        records, _ = read_newest(self.path, parse_history_line, lookback, "history record")
        return any(r.get("round_id") == round_id for r in records)
