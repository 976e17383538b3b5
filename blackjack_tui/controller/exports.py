"""The history taken away: every booked round as CSV and JSON, for a download or a file.

Read on the database's thread (:meth:`Game.recent`), made into text off the event loop (a long
history is a few seconds of work), written under the data folder's ``exports/`` in a terminal.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct

from blackjack_tui.store.exports import history_csv, history_json, write_history
from blackjack_tui.store.jsonio import stamp

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game


class Export(Struct, frozen=True):
    """The history as text: ``<stem>.csv`` and ``<stem>.json``, and how many rounds it holds."""

    stem: str
    csv: str
    json: str
    rounds: int


async def history_export(game: Game) -> Export:
    """Every booked round, oldest first."""
    rows, _notes = await game.recent(None)
    rows.reverse()

    def made() -> Export:
        return Export(f"history-{stamp()}", history_csv(rows), history_json(rows), len(rows))
    return await asyncio.to_thread(made)


async def save_export(game: Game, export: Export) -> tuple[Path, Path]:
    """The export's two files under ``<data dir>/exports/`` (StoreError on a refusal)."""
    return await asyncio.to_thread(write_history, game.store.folder, export.stem, export.csv,
                                   export.json)
