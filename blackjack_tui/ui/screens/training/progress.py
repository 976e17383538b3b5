"""The progress screen: each drill's accuracy and speed by day, from the attempts kept.

| key | does |
|-----|------|
| left right, tab | the drill charted |
| escape | back to the drills |
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from blackjack_tui.controller.training import KEPT
from blackjack_tui.controller.training.progress import Day, days
from blackjack_tui.ui.cards import CardStyle
from blackjack_tui.ui.screens.pane_title import PANE_TITLE_CSS
from blackjack_tui.ui.widgets.line_chart import LineChart, Rule, Series

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game


def summary(found: dict[str, list[Day]], chosen: str | None) -> Table:
    """One row a drill: days practised, answers, accuracy and speed overall and on the last day."""
    table = Table(box=None, padding=(0, 1), header_style="dim", expand=False)
    for column in ("drill", "days", "answers", "right", "s/q", "last day"):
        table.add_column(column, justify="left" if column in ("drill", "last day") else "right")
    for name in KEPT:
        rows = found.get(name, [])
        asked = sum(d.asked for d in rows)
        right = sum(d.right for d in rows)
        seconds = sum(d.seconds for d in rows)
        style = "bold reverse" if name == chosen else ""
        if not asked:
            table.add_row(name, "", "", "", "", Text("not practised", style="dim"), style=style)
            continue
        last = rows[-1]
        table.add_row(name, str(len(rows)), str(asked), f"{right / asked:.0%}",
                      f"{seconds / asked:.1f}",
                      f"{last.day.isoformat()} {last.accuracy:.0%}", style=style)
    return table


class ProgressScreen(ModalScreen[None]):
    DEFAULT_CSS = PANE_TITLE_CSS + """
    ProgressScreen { align: center middle; }
    ProgressScreen > Vertical {
        width: 80; height: 100%; max-height: 24;
        padding: 0 1; border: round $text-accent; background: $surface;
    }
    ProgressScreen #progress-table { height: auto; }
    ProgressScreen #progress-charts { height: 1fr; min-height: 6; }
    ProgressScreen LineChart { width: 1fr; height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,tab", "step(1)", "Next drill", id="progress.next"),
        Binding("left,shift+tab", "step(-1)", "Previous drill", id="progress.previous"),
        Binding("escape", "close", "Back", id="progress.close"),
    ]

    def __init__(self, game: Game, card_style: CardStyle | None = None) -> None:
        super().__init__()
        self.game = game
        self.card_style = card_style or CardStyle()
        self.found: dict[str, list[Day]] = {}
        self.notice = ""
        self.chosen: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Progress: the drills by day", classes="pane-title")
            yield Static("", id="progress-table")
            with Horizontal(id="progress-charts"):
                yield LineChart(ascii=self.card_style.ascii, id="progress-accuracy",
                                y_format=lambda v: f"{v:.0f}%")
                yield LineChart(ascii=self.card_style.ascii, id="progress-speed",
                                y_format=lambda v: f"{v:.1f}s")
            yield Static(Text("left / right: the drill charted · escape: back", style="dim"))

    def on_mount(self) -> None:
        self.found, notices = days(self.game.store)
        for notice in notices[:3]:
            self.notify(notice, severity="warning")
        practised = [name for name in KEPT if name in self.found]
        self.chosen = practised[0] if practised else None
        self.show()

    def show(self) -> None:
        self.query_one("#progress-table", Static).update(summary(self.found, self.chosen))
        accuracy = self.query_one("#progress-accuracy", LineChart)
        speed = self.query_one("#progress-speed", LineChart)
        rows = self.found.get(self.chosen or "", [])
        if not rows:
            accuracy.plot([], title="No drill practised yet")
            speed.plot([], title="")
            return
        span = "days"
        # The scale from none right to all right (the rule at 100%), and speed from 0 seconds.
        accuracy.plot([Series("right %", tuple(d.accuracy * 100 for d in rows), "success")],
                      title=f"{self.chosen}: accuracy", x_label=span,
                      rules=[Rule("", 100.0, "primary"), Rule("", 0.0, "primary")])
        speed.plot([Series("s a question", tuple(d.pace for d in rows), "warning")],
                   title="speed (seconds a question)", x_label=span,
                   rules=[Rule("", 0.0, "primary")])

    def action_step(self, step: int) -> None:
        practised = [name for name in KEPT if name in self.found]
        if not practised:
            return
        at = practised.index(self.chosen) if self.chosen in practised else 0
        self.chosen = practised[(at + step) % len(practised)]
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)
