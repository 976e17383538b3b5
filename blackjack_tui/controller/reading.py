"""The book read for the screens: the statistics and the rounds on the database's thread, the
last round at a start, the home evening shown when none is at the table, the fair shoes."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from blackjack_tui.controller.home import PLAYER
from blackjack_tui.controller.state import GameState
from blackjack_tui.engine.fair import ShoeRecord
from blackjack_tui.store.errors import StoreError
from blackjack_tui.store.reading import RoundRow, Summary

if TYPE_CHECKING:
    from blackjack_tui.ledger import Evening


class Reading(GameState):
    """Reading the book (a part of :class:`~blackjack_tui.controller.game.Game`)."""

    async def statistics(self) -> Summary:
        """The player's statistics, added up in the database on its own thread."""
        result: Summary = await asyncio.wrap_future(self.disk.submit(self.store.statistics))
        return result

    def last_round(self) -> RoundRow | None:
        """The last round booked (read at a start: a round settled while the player was away,
        or whose end he did not see, is shown at the table)."""
        try:
            rows, _notes = self.store.recent(1)
        except StoreError:
            return None
        return rows[0] if rows else None

    async def recent(self, limit: int | None = 100) -> tuple[list[RoundRow], list[str]]:
        """The last rounds, newest first, read on the database's thread."""
        return await asyncio.wrap_future(self.disk.submit(lambda: self.store.recent(limit)))

    def evening_away(self) -> tuple[str, Evening] | None:
        """The home evening the ledger shows when none is at this table: the paused one (it
        comes back at the home table), else the last one closed; with its status."""
        from blackjack_tui.ledger import Evening

        for status in ("paused", "open", "closed"):
            for _id, _status, state, _updated in self.store.evening_rows("table", (status,)):
                try:
                    evening = Evening.model_validate_json(state)
                except ValueError:
                    continue
                if PLAYER in evening.players:
                    return status, evening
        return None

    def fair_shoes(self, limit: int | None = 20) -> tuple[list[ShoeRecord], list[str]]:
        return self.store.fair_shoes(limit)
