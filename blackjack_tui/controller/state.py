"""What every part of the game shares: the options it was opened with and its state, declared once.

:class:`~blackjack_tui.controller.game.Game` is composed of parts by responsibility, each in its
own module and each using only the parts below it:

- :mod:`.disk` — the database's thread, the saves the table waits for and those it does not
  (a part of its own, :attr:`GameState.disk`);
- :mod:`.choices` — the settings and the shoe kept between runs;
- :mod:`.sitting` — the table sat at, the computer players and the home evening;
- :mod:`.rounds` — a round saved step by step and booked, the bankroll;
- :mod:`.resume` — the start: the book checked, the table, the shoe, a round taken back;
- :mod:`.reading` — the book read for the screens (statistics, history, evenings, fair shoes).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct

if TYPE_CHECKING:
    from blackjack_tui.controller.disk import Disk
    from blackjack_tui.controller.session import Session
    from blackjack_tui.engine.round import Round
    from blackjack_tui.engine.rules import Rules
    from blackjack_tui.store.lock import FolderLock
    from blackjack_tui.store.settings import Settings
    from blackjack_tui.store.store import Store


class GameOptions(Struct):
    """What the command line asked for (``None``: the saved setting)."""

    rules: str | None = None
    seed: int | None = None
    data_dir: Path | None = None
    speed: str | None = None
    ascii: bool | None = None
    stacked: tuple[str, ...] | None = None
    """The first shoe, stacked with these cards, top first (tests and screenshots)."""
    card_size: str | None = None
    """config.toml's ``card_size``: the largest cards drawn (``None``, ``auto``: what fits)."""
    hint: bool | None = None
    """config.toml's ``hint``: the hint shown whenever a hand waits for a play."""


class GameState:
    """The game's state, shared by its parts (set in ``Game.__init__``)."""

    store: Store
    rule_sets: dict[str, Rules]
    options: GameOptions
    lock: FolderLock | None
    disk: Disk
    session: Session
    settings: Settings
    speed: str
    notices: list[str]
    overridden: dict[str, tuple[object, object]]
    """Settings in force for this run only (field: (the saved value, this run's))."""
    round_id: str | None
    resume_round: Round | None
    last_net: Decimal
    """The player's result in the last round booked (a home banker's: the bank's)."""
    last_rebuy: Decimal
    """What the player's home stack bought back in for after the last round booked."""
    _evening_saved: bool
    _since_backup: int  # rounds booked since the last backup
