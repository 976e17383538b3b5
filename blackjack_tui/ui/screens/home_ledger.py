"""The home game's ledger at the table: a row per round, a column per player (computer players
included) and the bank, the running stacks on top. Built on the scorekeeper's own sheet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from blackjack_tui.controller.home import HomeGame
from blackjack_tui.ui.ledger.table import LedgerTable


class HomeLedger(ModalScreen[None]):
    """Keys: ``escape`` / ``l`` back to the table."""

    DEFAULT_CSS = """
    HomeLedger { align: center middle; background: $background; }
    #home-ledger { width: 96%; height: 92%; border: round $text-accent; background: $surface; }
    #home-ledger-note { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [Binding("escape,l", "dismiss", "Back", id="home_ledger.back")]

    def __init__(self, game: HomeGame | None) -> None:
        super().__init__()
        self.home = game

    def compose(self) -> ComposeResult:
        with Vertical(id="home-ledger"):
            yield Static(id="home-ledger-note")
            yield LedgerTable(id="home-ledger-table")

    def on_mount(self) -> None:
        box = self.query_one("#home-ledger", Vertical)
        note = self.query_one("#home-ledger-note", Static)
        game = self.home
        if game is None:
            box.border_title = "Ledger"
            note.update("No home game on. Sit at the Danish home game (m) with computer players "
                        "(a) and deal: the evening's ledger starts with the first hand.")
            self.query_one(LedgerTable).display = False
            return
        evening = game.evening
        s = evening.standings
        box.border_title = f"{evening.name} · hand {s.hands}" + (
            f" of {s.settings.hands}" if s.settings.hands else "")
        bank = f"the bank: {s.banker or 'the house'}"
        note.update(game.outcome() or bank)
        self.query_one(LedgerTable).show(evening)

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
