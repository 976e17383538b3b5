"""Retired provably fair shoes as 0.1.0 kept them, one JSON line each (``shoes.jsonl``): read by the
import and by ``blackjack-tui verify FILE``. The database keeps them now (``fair_shoes``).

A line is :meth:`blackjack_tui.engine.fair.ShoeRecord.to_dict`: the commitment, the revealed
server seed, the client seed, the nonce, the decks, the pool (``null``: full decks) and the cards
dealt in order.
"""

from __future__ import annotations

from blackjack_tui.engine.errors import EngineError
from blackjack_tui.engine.fair import ShoeRecord
from blackjack_tui.store.errors import RecordError
from blackjack_tui.store.jsonl import parse_object

SHOES_NAME = "shoes.jsonl"


def parse_shoe_line(line: bytes) -> ShoeRecord:
    """One line of ``shoes.jsonl``; :class:`RecordError` if it is not a shoe record."""
    try:
        return ShoeRecord.from_dict(parse_object(line))
    except EngineError as err:
        raise RecordError(str(err)) from None
