"""Provably fair shoes: the commitment of the shoe in play, and every retired shoe verified."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from blackjack_tui.engine.fair import FairShoe, verify_record

if TYPE_CHECKING:
    from blackjack_tui.ui.app import BlackjackApp


class FairScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f", "close", "Close"), Binding("r", "reveal", "Reveal now")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="fair"):
            yield Static(id="fair-current")
            yield Static(id="fair-retired")

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        game: BlackjackApp = self.app  # type: ignore[assignment]
        shoe = game.session.shoe
        current = self.query_one("#fair-current", Static)
        if not isinstance(shoe, FairShoe):
            current.update(Text.assemble(
                ("Provably fair shoes are off. ", "bold"),
                "This shoe is shuffled from the operating system's randomness. Turn fair shoes "
                "on in Options (o): every shoe is then shuffled from a server seed whose SHA-256 "
                "you see before the first card, and your client seed."))
        else:
            lines = RichTable(show_header=False, box=None, padding=(0, 1),
                              title="The shoe in play", title_justify="left")
            lines.add_column(style="bold")
            lines.add_column(overflow="fold")
            lines.add_row("commitment", shoe.commitment or f"(next) {shoe.next_commitment}")
            lines.add_row("client seed", shoe.used_client_seed)
            lines.add_row("shoe number", str(shoe.shuffles))
            lines.add_row("cards dealt", str(len(shoe.dealt_cards)))
            lines.add_row("", Text("The server seed is revealed when the shoe is retired; "
                                   "r retires it now (between rounds).", style="dim"))
            current.update(lines)
        records, notices = game.game.fair_shoes(limit=20)
        table = RichTable(title="Retired shoes, newest first (blackjack-tui verify checks them "
                                "too)", title_justify="left", expand=True)
        table.add_column("#", justify="right")
        table.add_column("commitment")
        table.add_column("cards", justify="right")
        table.add_column("verdict")
        for record in reversed(records):
            verdict = verify_record(record)
            table.add_row(str(record.nonce), record.commitment[:16] + "…", str(verdict.checked),
                          Text("fair", style="bold #7ee787") if verdict.fair
                          else Text("; ".join(verdict.problems)[:60], style="bold #ff7b72"))
        if not records:
            table.add_row("", "none yet", "", "")
        self.query_one("#fair-retired", Static).update(table)
        for notice in notices:
            self.notify(notice, severity="warning")

    def action_reveal(self) -> None:
        game: BlackjackApp = self.app  # type: ignore[assignment]
        if game.session.round is not None and not game.session.round.over:
            self.notify("The shoe can be retired between rounds")
            return
        from blackjack_tui.store import StoreError

        try:
            record = game.game.retire_shoe()
        except StoreError as err:
            self.notify(str(err), severity="error")
            return
        if record is None:
            self.notify("No fair shoe in play to reveal")
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)
