"""Retired provably fair shoes, one JSON line each (``shoes.jsonl``), for ``blackjack-tui verify``.

A line is :meth:`blackjack_tui.engine.fair.ShoeRecord.to_dict`: the commitment, the revealed
server seed, the client seed, the nonce, the decks, the pool (``null``: full decks) and the cards
dealt in order.
"""

from __future__ import annotations

from pathlib import Path

from blackjack_tui.engine.errors import EngineError
from blackjack_tui.engine.fair import ShoeRecord
from blackjack_tui.store.errors import RecordError
from blackjack_tui.store.jsonl import append_record, parse_object, read_newest

SHOES_NAME = "shoes.jsonl"


def parse_shoe_line(line: bytes) -> ShoeRecord:
    """One line of ``shoes.jsonl``; :class:`RecordError` if it is not a shoe record."""
    try:
        return ShoeRecord.from_dict(parse_object(line))
    except EngineError as err:
        raise RecordError(str(err)) from None


class ShoeLog:
    """``shoes.jsonl`` in the data folder."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / SHOES_NAME
        self.read_only = False

    def append(self, record: ShoeRecord) -> bool:
        """Keep a retired shoe; ``False`` when read-only; :class:`StoreError` on failure."""
        if self.read_only:
            return False
        append_record(self.path, record.to_dict())
        return True

    def read_recent(self, limit: int | None = None) -> tuple[list[ShoeRecord], list[str]]:
        """Retired shoes, newest first, and notices about damaged lines skipped."""
        return read_newest(self.path, parse_shoe_line, limit, "shoe record")
