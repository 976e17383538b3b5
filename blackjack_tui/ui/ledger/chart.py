"""Every stack over the hands, drawn with plotext."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Footer
from textual_plotext import PlotextPlot

from blackjack_tui.ledger import Evening


class ChartScreen(ModalScreen[None]):
    """A line per player: the stack at the start and after every hand."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,ctrl+g,q", "close", "Back")]

    def __init__(self, evening: Evening) -> None:
        super().__init__()
        self._evening = evening

    def compose(self) -> ComposeResult:
        yield PlotextPlot(id="chart")
        yield Footer()

    def on_mount(self) -> None:
        evening = self._evening
        plot = self.query_one(PlotextPlot)
        plt = plot.plt
        series = evening.standings.stack_series()
        for player in evening.players:
            values = [float(v) for v in series[player]]  # plotting only: the ledger stays Decimal
            plt.plot(list(range(len(values))), values, label=player, marker="braille")
        floor = float(evening.settings.floor)
        hands = max(1, evening.standings.hands)
        plt.hline(floor)
        plt.xlim(0, hands)
        plt.title(f"{evening.name}: stacks over {evening.standings.hands} hands")
        plt.xlabel("hand")

    def action_close(self) -> None:
        self.dismiss(None)
