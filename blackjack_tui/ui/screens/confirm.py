"""A yes/no question as a modal screen."""

from __future__ import annotations

from typing import TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

ResultType = TypeVar("ResultType")


class Question(ModalScreen[ResultType]):
    """A small question asked at the table: at the bottom, over the bars (which it replaces while
    it is asked), so the cards it is about stay in sight; the table is not dimmed."""

    DEFAULT_CSS = """
    Question { align: center bottom; background: transparent; }
    Question #dialog {
        width: 76; max-width: 100%; height: auto; padding: 0 1;
        border: round $text-accent; background: $surface;
    }
    Question #dialog Label { width: 1fr; }
    Question #dialog .buttons { height: 1; margin-top: 1; }
    Question #dialog Button { margin-right: 2; }
    Question #dialog Input { width: 1fr; }
    """


class Confirm(Question[bool]):
    """Yes or no (y / n, or a click)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.question)
            with Horizontal(classes="buttons"):
                yield Button(Text("Yes [y]"), id="yes", variant="success", compact=True)
                yield Button(Text("No [n]"), id="no", compact=True)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
