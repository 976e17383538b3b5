"""The evening's history: every hand, correction, undo, rebuy and leaving, newest last."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import RichLog

from blackjack_tui.ledger import Evening
from blackjack_tui.ui.widgets.key_bar import KeyBar


class HistoryScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+o,q", "close", "Back", id="ledger.history_close"),
    ]

    def __init__(self, evening: Evening) -> None:
        super().__init__()
        self._evening = evening

    def compose(self) -> ComposeResult:
        yield RichLog(id="history", wrap=True, markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        log.border_title = f"History of {self._evening.name}"
        if not self._evening.history:
            log.write("Nothing has happened yet.")
        for change in self._evening.history:
            stamp = change.at.astimezone().strftime("%H:%M")
            log.write(f"{stamp}  {change.text}")
            for dropped in change.dropped:
                whose = f" of {dropped.player}" if hasattr(dropped, "player") else ""
                log.write(f"       (took back: {dropped.kind}{whose})")

    def action_close(self) -> None:
        self.dismiss(None)
