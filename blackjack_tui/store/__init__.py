"""The player's files: profile, hand history, the round in flight, the shoe, retired fair shoes.

All I/O of the game's state lives here (the engine has none). Every write is atomic or an fsynced
append; every failure is a :class:`StoreError` whose text is one line for the player. Start with
:class:`Store`.
"""

from blackjack_tui.store.errors import RecordError, StoreError
from blackjack_tui.store.history import HandHistory, HistoryRead, parse_history_line
from blackjack_tui.store.inflight import Settlement, new_round_id, settle_unfinished
from blackjack_tui.store.profile import Profile, ProfileLoad, Settings, Statistics
from blackjack_tui.store.store import Recovery, Store

__all__ = [
    "HandHistory",
    "HistoryRead",
    "Profile",
    "ProfileLoad",
    "RecordError",
    "Recovery",
    "Settings",
    "Settlement",
    "Statistics",
    "Store",
    "StoreError",
    "new_round_id",
    "parse_history_line",
    "settle_unfinished",
]
