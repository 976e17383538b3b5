"""A count check before the deal: the running or the true count, typed and scored.

| key | does |
|-----|------|
| enter | answer |
| escape | skip (scored as a miss) |
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from blackjack_tui.controller.count_checks import Question as CountQuestion
from blackjack_tui.ui.screens.confirm import Question


class CountCheck(Question[str | None]):
    """Dismissed with the answer's text, or ``None`` when skipped."""

    BINDINGS = [Binding("escape", "skip", "Skip", id="count_check.skip")]

    def __init__(self, question: CountQuestion) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(f"Count check · {self.question.text}")
            yield Input(placeholder="e.g. +3 or -1.5, enter answers, escape skips",
                        id="count-answer", compact=True)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _answer(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value)

    def action_skip(self) -> None:
        self.dismiss(None)
