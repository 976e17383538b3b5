"""Statistics: what the hand history adds up to, and the bankroll over the rounds."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from blackjack_tui.controller.game import Game
from blackjack_tui.engine.money import money_str
from blackjack_tui.store.reading import Summary
from blackjack_tui.ui.cards import card_style_of
from blackjack_tui.ui.screens.pane_title import PANE_TITLE_CSS
from blackjack_tui.ui.widgets.line_chart import LineChart, Series, money_label


def _signed(amount: object) -> Text:
    text = money_str(amount)  # type: ignore[arg-type]
    if not text.startswith("-") and text != "0":
        return Text("+" + text, style="bold #7ee787")
    return Text(text, style="bold #ff7b72" if text.startswith("-") else "bold")


def figures(summary: Summary) -> RichTable:
    # Counts in a column of their own, the shares in another: the figures stay in line
    # whatever their widths.
    table = RichTable(show_header=False, box=None, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column(justify="right")
    table.add_column(justify="right", style="dim")

    def share(label: str, part: int, whole: int) -> None:
        table.add_row(label, str(part), f"{part / whole:.0%}" if whole else "")

    table.add_row("Rounds", str(summary.rounds))
    table.add_row("Hands", str(summary.hands))
    share("Won", summary.wins, summary.hands)
    share("Pushed", summary.pushes, summary.hands)
    share("Lost", summary.losses, summary.hands)
    table.add_row("Blackjacks", str(summary.blackjacks))
    table.add_row("Doubles won", f"{summary.doubles_won} of {summary.doubles}")
    table.add_row("Split hands won", f"{summary.split_hands_won} of {summary.split_hands}")
    table.add_row("Net", _signed(summary.net))
    table.add_row("Biggest win", _signed(summary.biggest_win))
    table.add_row("Biggest loss", _signed(summary.biggest_loss))
    if summary.fresh:
        table.add_row("Fresh bankrolls", str(summary.fresh))
    if summary.home_rounds:
        table.add_row("Home evenings", f"{summary.home_rounds} rounds")
        table.add_row("  your stack", _signed(summary.home_net))
    return table


class StatisticsScreen(ModalScreen[None]):
    DEFAULT_CSS = PANE_TITLE_CSS + """
    StatisticsScreen { align: center middle; background: $background; }
    #statistics {
        width: 94%; height: 90%; border: round $text-accent; background: $surface; padding: 0 1;
    }
    #stats-figures { width: 36; }
    #stats-chart { width: 1fr; height: 1fr; }
    """

    BINDINGS = [Binding("escape,w", "close", "Close", id="statistics.close")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with Vertical(id="statistics"):
            yield Label("Statistics · your own hands and bankroll, every round",
                        classes="pane-title")
            with Horizontal():
                yield Static(id="stats-figures")
                yield LineChart(id="stats-chart", y_format=money_label)
            yield Static(id="stats-notes")

    async def on_mount(self) -> None:
        self.query_one("#stats-figures", Static).update(Text("Adding up…", style="dim"))
        summary = await self.game.statistics()
        self.summary = summary
        self.query_one("#stats-figures", Static).update(figures(summary))
        bankroll = tuple(float(b) for b in summary.bankroll)  # places dots, not money arithmetic
        chart = self.query_one(LineChart)
        chart.ascii = card_style_of(self.game).ascii
        chart.plot([Series("bankroll", bankroll)] if bankroll else [],
                   title="Bankroll over the rounds", x_label="round")
        notes = []
        if not summary.rounds:
            notes.append("No rounds yet: the figures fill in as you play.")
        notes.append("Computer players' hands are not counted; a home evening's stack is its own.")
        self.query_one("#stats-notes", Static).update(Text("\n".join(notes), style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)
