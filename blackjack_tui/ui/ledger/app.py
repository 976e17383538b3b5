"""``blackjack-tui ledger``: the scorekeeper on its own, in the game's looks: its theme, and the
game's key bar (:class:`~blackjack_tui.ui.widgets.key_bar.KeyBar`) on every screen."""

from __future__ import annotations

from textual.app import App

from blackjack_tui.engine.rules import Rules
from blackjack_tui.store.evenings import EveningStore
from blackjack_tui.ui.ledger.evenings import EveningsScreen
from blackjack_tui.ui.terminal_watch import watch


class LedgerApp(App[None]):
    """The evening list first; leaving it quits."""

    TITLE = "blackjack-tui ledger"
    # Every action has a key in the footer; the palette's entry would only crowd 80 columns.
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, store: EveningStore, rules: Rules, theme: str | None = None) -> None:
        super().__init__()
        self.store = store
        self.rules = rules
        self.player_theme = theme
        """The game's theme (the scorekeeper looks like the game, in a light theme too)."""

    def on_mount(self) -> None:
        if self.player_theme in self.available_themes:
            self.theme = self.player_theme
        self.push_screen(EveningsScreen(self.store, self.rules), callback=self._left)
        watch(self)  # quit when the terminal has gone without a hang-up (the module says why)

    def _left(self, _: None) -> None:
        self.exit()
