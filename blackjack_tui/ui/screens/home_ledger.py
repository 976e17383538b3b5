"""The home game's ledger at the table: a row per round, a column per player (computer players
included) and the bank, the running stacks on top. Built on the scorekeeper's own sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from blackjack_tui.controller.home import HomeGame
from blackjack_tui.engine.money import money_str
from blackjack_tui.ui.ledger.table import LedgerTable

if TYPE_CHECKING:
    from blackjack_tui.ledger import Evening


class HomeLedger(ModalScreen[None]):
    """Keys: ``escape`` / ``l`` back to the table."""

    DEFAULT_CSS = """
    HomeLedger { align: center middle; background: $background; }
    #home-ledger { width: 96%; height: 92%; border: round $text-accent; background: $surface; }
    #home-ledger-note { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [Binding("escape,l", "dismiss", "Back", id="home_ledger.back")]

    def __init__(self, game: HomeGame | None, away: tuple[str, Evening] | None = None,
                 home_table: str = "the home table", note: str | None = None) -> None:
        super().__init__()
        self.home = game
        self.away = away
        """The evening shown when none is at this table (paused or closed), with its status."""
        self.home_table = home_table
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="home-ledger"):
            yield Static(id="home-ledger-note")
            yield LedgerTable(id="home-ledger-table")

    def on_mount(self) -> None:
        box = self.query_one("#home-ledger", Vertical)
        note = self.query_one("#home-ledger-note", Static)
        game = self.home
        if game is None and self.away is not None:
            game = HomeGame(self.away[1])
        if game is None:
            box.border_title = "Ledger"
            note.update(f"No home game yet. Sit at {self.home_table} (m) with computer players "
                        "(a) and deal: the evening's ledger starts with the first hand.")
            self.query_one(LedgerTable).display = False
            return
        evening = game.evening
        s = evening.standings
        box.border_title = f"{evening.name} · hand {s.hands}" + (
            f" of {s.settings.hands}" if s.settings.hands else "")
        bank = f"the bank: {s.banker or 'the house'}"
        words = game.outcome() or bank
        if self.home is None and self.away is not None:
            words = away_words(self.away[0], game, self.home_table)
        note.update(self.note or words)
        self.query_one(LedgerTable).show(evening)

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)


def away_words(status: str, game: HomeGame, home_table: str) -> str:
    """Where an evening not at this table is: paused (and how to resume it) or closed."""
    s = game.standings
    if status == "closed" or s.finished:
        end = game.outcome() or "closed"
        return f"Closed after hand {s.hands}: {end}. a at {home_table} starts a new evening."
    stack = money_str(s.stacks[game.player])
    return (f"Paused after hand {s.hands}, your stack {stack}: sit at {home_table} (m) "
            "to resume")
