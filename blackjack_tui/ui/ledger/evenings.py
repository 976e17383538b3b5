"""The list of kept evenings: resume one, set up a new one, export or delete one.

This is the screen the main game's menu pushes (``EveningsScreen(store, rules)``); it dismisses
itself when the player leaves it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from blackjack_tui.engine.rules import Rules
from blackjack_tui.ledger import Evening
from blackjack_tui.store.evenings import EveningFileError, EveningStore, EveningSummary
from blackjack_tui.ui.ledger.dialogs import AskDialog
from blackjack_tui.ui.ledger.setup import SetupScreen
from blackjack_tui.ui.ledger.standings import StandingsScreen
from blackjack_tui.ui.widgets.key_bar import KeyBar


class EveningsScreen(Screen[None]):
    """Every evening in the data folder, the most recent first."""

    CSS_PATH = "ledger.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "resume", "Resume", id="ledger.resume"),
        Binding("n", "new", "New evening", id="ledger.new"),
        Binding("x", "export", "Export", id="ledger.export_listed"),
        Binding("d", "delete", "Delete", id="ledger.delete"),
        Binding("escape,q", "leave", "Leave", id="ledger.leave_list"),
    ]

    def __init__(self, store: EveningStore, rules: Rules) -> None:
        super().__init__()
        self.store = store
        self.rules = rules
        self._summaries: list[EveningSummary] = []

    def compose(self) -> ComposeResult:
        yield Static("Home-game scorekeeper: the cards are real, the app keeps the money",
                     id="list-title")
        yield DataTable(id="evenings", cursor_type="row", zebra_stripes=True)
        yield Static(id="list-note")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one("#evenings", DataTable)
        table.add_columns("Evening", "Players", "Hands", "State", "Changed")
        self.reload()
        table.focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        table = self.query_one("#evenings", DataTable)
        table.clear()
        self._summaries, problems = self.store.list_evenings()
        for summary in self._summaries:
            state = (Text(f"won by {' & '.join(summary.winners)}", style="dim")
                     if summary.finished else Text("in play", style="bold"))
            players = ", ".join(summary.players)
            if len(players) > 28:
                players = players[:27] + "…"
            table.add_row(summary.name[:24], players, str(summary.hands), state,
                          summary.updated.replace("T", " ")[:16], key=summary.id)
        notes = []
        if not self._summaries:
            notes.append("No evenings yet: press n to set one up.")
        else:
            notes.append("enter resumes the highlighted evening")
        notes.extend(f"Cannot read {err}" for err in problems)
        note = self.query_one("#list-note", Static)
        note.update("\n".join(notes))
        note.set_class(bool(problems), "-error")

    def _selected(self) -> EveningSummary | None:
        table = self.query_one("#evenings", DataTable)
        if not self._summaries or table.cursor_row is None:
            return None
        return self._summaries[min(table.cursor_row, len(self._summaries) - 1)]

    def _load(self, summary: EveningSummary) -> Evening | None:
        try:
            return self.store.load_evening(summary.id)
        except EveningFileError as err:
            self.notify(str(err), severity="error", timeout=10)
            return None

    def open_evening(self, evening: Evening) -> None:
        self.app.push_screen(StandingsScreen(evening, self.store, self.rules))

    @on(DataTable.RowSelected, "#evenings")
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        summary = self._selected()
        if summary is not None and (evening := self._load(summary)) is not None:
            self.open_evening(evening)

    @work(exclusive=True, group="ledger-list")
    async def action_new(self) -> None:
        evening = await self.app.push_screen_wait(SetupScreen(self.rules))
        if evening is None:
            return
        try:
            self.store.save_evening(evening)
        except OSError as err:
            self.notify(f"Could not save: {err}", severity="error", timeout=10)
            return
        self.open_evening(evening)

    def action_export(self) -> None:
        summary = self._selected()
        if summary is None or (evening := self._load(summary)) is None:
            return
        if self.app.is_web:  # in a browser: downloads, not files on the server's disk
            import io

            from blackjack_tui.store.evenings import evening_csv, evening_json

            for text, suffix in ((evening_csv(evening), "csv"), (evening_json(evening), "json")):
                self.app.deliver_text(io.StringIO(text), save_filename=f"{evening.id}.{suffix}")
            self.notify(f"{evening.id}.csv and .json", title="Downloading", timeout=8)
            return
        try:
            csv_path, json_path = self.store.export_evening(evening)
        except OSError as err:
            self.notify(f"Could not export: {err}", severity="error", timeout=10)
            return
        self.notify(f"{csv_path}\n{json_path}", title="Exported", timeout=8)

    @work(exclusive=True, group="ledger-list")
    async def action_delete(self) -> None:
        summary = self._selected()
        if summary is None:
            return
        if await self.app.push_screen_wait(AskDialog(
                f"Delete {summary.name}?", "Its hands and history are gone for good.")):
            self.store.delete_evening(summary.id)
            self.reload()

    def action_leave(self) -> None:
        self.dismiss(None)
