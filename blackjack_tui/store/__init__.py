"""Everything the player owns, in one SQLite database in the data folder.

Accounts and an append-only journal of every chip that moves; the rounds (their replayable
records); the round in flight; the shoe and the retired provably fair shoes; the settings; the
home evenings. Every change is one transaction; every failure a :class:`StoreError` whose text is
one line for the player. Start with :class:`Store`; :class:`FolderLock` keeps it to one game per
data folder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from blackjack_tui.store.errors import RecordError, StoreError
    from blackjack_tui.store.inflight import Settlement, new_round_id, settle_unfinished
    from blackjack_tui.store.journal import BANKROLL, START_BANKROLL, Line, Problem
    from blackjack_tui.store.lock import FolderInUse, FolderLock
    from blackjack_tui.store.settings import Settings
    from blackjack_tui.store.store import Booking, Counts, EveningSave, SavedRound, Store

__all__ = [
    "BANKROLL",
    "START_BANKROLL",
    "Booking",
    "Counts",
    "EveningSave",
    "FolderInUse",
    "FolderLock",
    "Line",
    "Problem",
    "RecordError",
    "SavedRound",
    "Settings",
    "Settlement",
    "Store",
    "StoreError",
    "new_round_id",
    "settle_unfinished",
]

_HOMES = {
    "RecordError": "errors",
    "StoreError": "errors",
    "Settlement": "inflight",
    "new_round_id": "inflight",
    "settle_unfinished": "inflight",
    "BANKROLL": "journal",
    "START_BANKROLL": "journal",
    "Line": "journal",
    "Problem": "journal",
    "FolderInUse": "lock",
    "FolderLock": "lock",
    "Settings": "settings",
    "Booking": "store",
    "Counts": "store",
    "EveningSave": "store",
    "SavedRound": "store",
    "Store": "store",
}


def __getattr__(name: str) -> Any:
    # PEP 562: importing the package, or any one of its modules, stays cheap until a name of
    # the package itself is used (the first frame of the game needs few of them).
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
