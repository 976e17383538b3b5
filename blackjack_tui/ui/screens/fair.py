"""Provably fair shoes: the commitment of the shoe in play, and every retired shoe verified."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from blackjack_tui.controller.fair import fair_in_play, verified_shoes
from blackjack_tui.controller.game import Game


class FairScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    FairScreen { align: center middle; background: $background; }
    #fair {
        width: 94%; height: 90%; border: round $text-accent; background: $surface; padding: 0 1;
    }
    """

    BINDINGS = [
        Binding("escape,f", "close", "Close", id="fair.close"),
        Binding("r", "reveal", "Reveal now", id="fair.reveal"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="fair"):
            yield Static(id="fair-current")
            yield Static(id="fair-retired")

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        game = self.game
        shoe = fair_in_play(game)
        current = self.query_one("#fair-current", Static)
        seed = game.options.seed
        if shoe is None and seed is not None:
            current.update(Text.assemble(
                ("Provably fair shoes are off for this run. ", "bold"),
                f"--seed {seed} deals reproducible shoes, shuffled from the seed. Without --seed, "
                "with fair shoes on in Options (o), every shoe is shuffled from a server seed "
                "whose SHA-256 you see before the first card, and your client seed."))
        elif shoe is None:
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
        verified, notices = verified_shoes(game, limit=20)
        table = RichTable(title="Retired shoes, newest first (blackjack-tui verify checks them "
                                "too)", title_justify="left", expand=True)
        table.add_column("#", justify="right")
        table.add_column("commitment")
        table.add_column("cards", justify="right")
        table.add_column("verdict")
        for record, verdict in verified:  # the store gives them newest first
            table.add_row(str(record.nonce), record.commitment[:16] + "…", str(verdict.checked),
                          Text("fair", style="bold #7ee787") if verdict.fair
                          else Text("; ".join(verdict.problems)[:60], style="bold #ff7b72"))
        if not verified:
            table.add_row("", "none yet", "", "")
        self.query_one("#fair-retired", Static).update(table)
        for notice in notices:
            self.notify(notice, severity="warning")

    def action_reveal(self) -> None:
        game = self.game
        if game.session.round is not None and not game.session.round.over:
            self.notify("The shoe can be retired between rounds")
            return
        from blackjack_tui.store import StoreError

        try:
            record = game.retire_shoe()
        except StoreError as err:
            self.notify(str(err), severity="error")
            return
        if record is None:
            self.notify("No fair shoe in play to reveal")
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)
