"""Provably fair shoes as the player is shown them: the shoe in play, and every retired shoe
verified. The fair screen asks here; it does not reach into the engine's shoes itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blackjack_tui.engine.fair import FairShoe, ShoeRecord, Verdict, verify_record

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game


def fair_in_play(game: Game) -> FairShoe | None:
    """The shoe in play when it is a provably fair one (``None``: fair shoes are off)."""
    shoe = game.session.shoe
    return shoe if isinstance(shoe, FairShoe) else None


def verified_shoes(game: Game, limit: int | None = 20) -> tuple[
        list[tuple[ShoeRecord, Verdict]], list[str]]:
    """The retired fair shoes, newest first, each with its verdict; and what the store said
    about records it could not read."""
    records, notices = game.fair_shoes(limit)
    return [(record, verify_record(record)) for record in records], notices
