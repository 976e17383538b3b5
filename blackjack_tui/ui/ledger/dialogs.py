"""Questions the scorekeeper asks: yes/no (a rebuy, ending the evening) and the winner."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static


class AskDialog(ModalScreen[bool]):
    """A yes/no question: ``y`` answers yes, ``n`` or ``escape`` no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", id="ledger.yes"),
        Binding("n,escape", "answer(False)", "No", id="ledger.no"),
    ]

    def __init__(self, title: str, question: str) -> None:
        super().__init__()
        self._title = title
        self._question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._title, classes="dialog-title")
            yield Static(self._question)
            yield Static("[b]y[/b] yes   [b]n[/b] no", classes="dialog-keys")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class WinnerDialog(ModalScreen[None]):
    """The end of the evening: who won, with the final stacks."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", "Close", id="ledger.winner_close"),
    ]

    def __init__(self, headline: str, lines: list[str]) -> None:
        super().__init__()
        self._headline = headline
        self._lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog winner"):
            yield Label(self._headline, classes="dialog-title")
            yield Static("\n".join(self._lines))
            yield Static("[b]enter[/b] back to the sheet", classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)
