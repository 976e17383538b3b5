"""The screen every answer-by-number drill shares: the question, a box to type the answer in
(enter), the verdict, the score. Subclasses draw the question (:meth:`QuizScreen.question`).

| key | does |
|-----|------|
| enter | answer (the box takes digits, + and -) |
| escape | back to the drills |
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from blackjack_tui.controller.training.base import Attempt, Tally, Verdict
from blackjack_tui.ui.cards import CardStyle
from blackjack_tui.ui.screens.pane_title import PANE_TITLE_CSS

Keep = Callable[[Attempt], None]


class Scored(Protocol):
    name: str
    tally: Tally

    def answer(self, text: str) -> Verdict: ...


def verdict_text(verdict: Verdict) -> Text:
    if verdict.right:
        return Text(f"✓ {verdict.said}: {verdict.note}", style="bold #3fb950")
    return Text(f"✗ {verdict.said}, not {verdict.expected}: {verdict.note}", style="bold #ff7b72")


class QuizScreen(ModalScreen[None]):
    DEFAULT_CSS = PANE_TITLE_CSS + """
    QuizScreen { align: center middle; }
    QuizScreen > Vertical {
        width: 76; height: auto; max-height: 100%;
        padding: 0 1; border: round $text-accent; background: $surface;
    }
    QuizScreen .quiz-part { height: auto; }
    QuizScreen #quiz-feedback { height: auto; min-height: 1; }
    QuizScreen Input { width: 24; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back", id="quiz.close"),
    ]
    TITLE = "Drill"
    HELP = "type the answer, enter · escape: back"
    PLACEHOLDER = "your answer"

    def __init__(self, drill: Any, card_style: CardStyle | None = None,
                 keep: Keep | None = None) -> None:
        super().__init__()
        self.drill = drill
        self.card_style = card_style or CardStyle()
        self.keep = keep
        self.feedback: Text = Text("")
        self.kept = False

    def heading(self) -> str:
        """The drill's title line (a count drill's names the count it counts in)."""
        return self.TITLE

    def help_line(self) -> str:
        """The keys and answers, in one dim line."""
        return self.HELP

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.heading(), classes="pane-title")
            yield Static("", id="quiz-question", classes="quiz-part")
            yield Static("", id="quiz-feedback")
            yield from self.answer_widgets()
            yield Static("", id="quiz-score", classes="quiz-part")
            yield Static(Text(self.help_line(), style="dim"), classes="quiz-part")

    def answer_widgets(self) -> ComposeResult:
        yield Input(placeholder=self.PLACEHOLDER, id="quiz-answer")

    def on_mount(self) -> None:
        self.show()
        self.drill.tally.start()

    def question(self) -> RenderableType:
        raise NotImplementedError

    def show(self) -> None:
        if not self.is_attached:
            return
        self.query_one("#quiz-question", Static).update(self.question())
        self.query_one("#quiz-feedback", Static).update(self.feedback)
        self.query_one("#quiz-score", Static).update(
            Group(Text.assemble(("Score ", "dim"), (self.drill.tally.words(), "bold"))))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "quiz-answer":
            return  # a box of the drill's own (the bet ramp's spread)
        event.stop()
        self.submit(event.value)
        event.input.value = ""

    def submit(self, text: str) -> Verdict | None:
        """Score ``text``; a mistake in it (not a number) is a notice, and nothing is scored."""
        if not text.strip():
            return None
        try:
            verdict: Verdict = self.drill.answer(text)
        except ValueError as err:
            self.feedback = Text(str(err), style="bold #e3b341")
            self.show()
            return None
        self.feedback = verdict_text(verdict)
        self.show()
        self.drill.tally.start()
        return verdict

    def keep_attempt(self) -> None:
        """The sitting to the progress, once (when something was answered)."""
        if self.kept or self.keep is None:
            return
        attempt = self.drill.tally.attempt()
        if attempt is not None:
            self.kept = True
            self.keep(attempt)

    def action_close(self) -> None:
        self.keep_attempt()
        self.dismiss(None)
