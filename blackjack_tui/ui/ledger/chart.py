"""Every stack over the hands, as lines on a chart."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen

from blackjack_tui.ledger import Evening
from blackjack_tui.ui.widgets.key_bar import KeyBar
from blackjack_tui.ui.widgets.line_chart import LineChart, Rule, Series, money_label


class ChartScreen(ModalScreen[None]):
    """A line per player: the stack at the start and after every hand; the floor across."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+g,q", "close", "Back", id="ledger.chart_close"),
    ]

    def __init__(self, evening: Evening) -> None:
        super().__init__()
        self._evening = evening

    def compose(self) -> ComposeResult:
        yield LineChart(id="chart", y_format=money_label)
        yield KeyBar()

    def on_mount(self) -> None:
        evening = self._evening
        series = evening.standings.stack_series()
        self.query_one(LineChart).plot(
            # Floats only place the dots: the ledger's amounts stay Decimal.
            [Series(player, tuple(float(v) for v in series[player]))
             for player in evening.players],
            title=f"{evening.name}: stacks over {evening.standings.hands} hands",
            x_label="hand", rules=[Rule("floor", float(evening.settings.floor))])

    def action_close(self) -> None:
        self.dismiss(None)
