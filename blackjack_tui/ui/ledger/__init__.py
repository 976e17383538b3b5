"""The home-game scorekeeper's screens: the main app pushes :class:`EveningsScreen`."""

from blackjack_tui.ui.ledger.app import LedgerApp
from blackjack_tui.ui.ledger.evenings import EveningsScreen
from blackjack_tui.ui.ledger.standings import StandingsScreen

__all__ = ["EveningsScreen", "LedgerApp", "StandingsScreen"]
