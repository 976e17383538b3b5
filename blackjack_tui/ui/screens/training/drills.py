"""The count drills' screens, one per drill of :mod:`blackjack_tui.controller.training`.

| screen | keys |
|--------|------|
| running count | space: next cards now · + -: slower, faster · v: what is dealt · enter |
| true count, decks, bet ramp | type the answer, enter |
| pairs | -2 … +2 (the buttons or typed; -2 … +3 by halves in Wong Halves), enter |
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Button, Input

from blackjack_tui.controller.training.base import Verdict
from blackjack_tui.controller.training.decks import DeckDrill
from blackjack_tui.controller.training.pairs import PairsDrill
from blackjack_tui.controller.training.ramp import BetRampDrill, spread_words
from blackjack_tui.controller.training.running import MODE_WORDS, MODES, RunningCountDrill
from blackjack_tui.controller.training.tags import count_words, step_of, title_of
from blackjack_tui.controller.training.true_count import TrueCountDrill
from blackjack_tui.engine.cards import Card
from blackjack_tui.ui.cards import CardStyle
from blackjack_tui.ui.screens.training.quiz import Keep, QuizScreen
from blackjack_tui.ui.screens.training.tray import tray


def cards_apart(style: CardStyle, cards: tuple[Card, ...]) -> list[Text]:
    """Each card whole, a space between (the three rows of :meth:`CardStyle.full`)."""
    rows = [Text(), Text(), Text()]
    for i, card in enumerate(cards):
        for row, part in zip(rows, style.full([card]), strict=True):
            if i:
                row.append("  ")
            row.append_text(part)
    return rows


class RunningCountScreen(QuizScreen):
    TITLE = "Running count at speed"
    HELP = "space: next cards now · + -: slower / faster · v: what is dealt · escape: back"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "next_group", "Next", id="running.next"),
        Binding("plus,equals_sign", "slower", "Slower", key_display="+", id="running.slower"),
        Binding("minus", "faster", "Faster", key_display="-", id="running.faster"),
        Binding("v", "next_mode", "Deal", id="running.mode"),
    ]
    PLACEHOLDER = "the count"

    def __init__(self, drill: RunningCountDrill | None = None,
                 card_style: CardStyle | None = None, keep: Keep | None = None) -> None:
        super().__init__(drill or RunningCountDrill(), card_style, keep)
        self.group: tuple[Card, ...] = ()
        self.timer: Timer | None = None

    def heading(self) -> str:
        return f"Running count at speed ({title_of(self.drill.system)})"

    @property
    def running(self) -> RunningCountDrill:
        return self.drill  # type: ignore[no-any-return]

    def on_mount(self) -> None:
        self.start_run()

    def start_run(self) -> None:
        """The run's first cards now, the rest at the pace; the answer box waits till the end."""
        answer = self.query_one("#quiz-answer", Input)
        answer.disabled = True
        self.set_focus(None)
        self.group = ()
        self._stop_timer()
        self.timer = self.set_interval(self.running.seconds, self.action_next_group)
        self.action_next_group()

    def _stop_timer(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def action_next_group(self) -> None:
        drill = self.running
        if drill.done:
            return
        group = drill.next_group()
        self.group = group or ()
        if drill.done:
            self._stop_timer()
            self.call_after_refresh(self._ask)
        self.show()

    def _ask(self) -> None:
        answer = self.query_one("#quiz-answer", Input)
        answer.disabled = False
        answer.focus()
        self.show()

    def _repace(self) -> None:
        if self.timer is not None:
            self._stop_timer()
            self.timer = self.set_interval(self.running.seconds, self.action_next_group)
        self.show()

    def action_faster(self) -> None:
        self.running.faster()
        self._repace()

    def action_slower(self) -> None:
        self.running.slower()
        self._repace()

    def action_next_mode(self) -> None:
        drill = self.running
        drill.set_mode(MODES[(MODES.index(drill.mode) + 1) % len(MODES)])
        self.feedback = Text("")
        self.start_run()

    def question(self) -> RenderableType:
        drill = self.running
        run = drill.run
        head = Text.assemble(("Dealing ", "dim"), (MODE_WORDS[run.mode], "bold"),
                             ("  ·  ", "dim"), (f"{drill.seconds:g} s a group", "bold"))
        shown = sum(len(g) for g in run.groups[:drill.shown])
        progress = Text(f"{shown} of {len(run.cards)} cards", style="dim")
        if drill.done:
            what = "the missing card's tag" if run.missing else "the running count"
            halves = (f"in halves: -3.5, +0.5 ({title_of(drill.system)})"
                      if step_of(drill.system) != 1 else "")
            return Group(head, progress, Text(""), Text(f"All dealt: what is {what}?",
                                                        style="bold #f2c94c"),
                         Text(halves, style="dim"))
        return Group(head, progress, *cards_apart(self.card_style, self.group))

    def submit(self, text: str) -> Verdict | None:
        verdict = super().submit(text)
        if verdict is not None:
            self.start_run()
        return verdict


class TrueCountScreen(QuizScreen):
    TITLE = "True count: the running count over the decks left"
    HELP = "within 0.5 is right · type the true count, enter · escape: back"
    PLACEHOLDER = "the true count"

    def __init__(self, drill: TrueCountDrill | None = None, card_style: CardStyle | None = None,
                 keep: Keep | None = None) -> None:
        super().__init__(drill or TrueCountDrill(), card_style, keep)

    def question(self) -> RenderableType:
        q = self.drill.question
        lines = tray(q.decks, q.decks * 4 - q.quarters_left, ascii=self.card_style.ascii)
        lines[0].append(f"   A {q.decks}-deck shoe; the tray holds what is gone", style="dim")
        lines[1].append("   Running count ", style="dim")
        lines[1].append(count_words(q.running), style="bold #f2c94c")
        lines[1].append(f" ({title_of(self.drill.system)})", style="dim")
        return Group(*lines)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#quiz-answer", Input).focus()


class DeckScreen(QuizScreen):
    TITLE = "Deck estimation: read the discard tray"
    HELP = "to the quarter deck (2.25, 3.5) · enter · escape: back"
    PLACEHOLDER = "decks"

    def __init__(self, drill: DeckDrill | None = None, card_style: CardStyle | None = None,
                 keep: Keep | None = None) -> None:
        super().__init__(drill or DeckDrill(), card_style, keep)

    def question(self) -> RenderableType:
        q = self.drill.question
        lines = tray(q.decks, q.quarters_discarded, ascii=self.card_style.ascii)
        lines[0].append(f"   A {q.decks}-deck shoe", style="dim")
        lines[1].append("   How many decks are ", style="dim")
        lines[1].append(q.ask, style="bold #f2c94c")
        lines[1].append("?", style="dim")
        return Group(*lines)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#quiz-answer", Input).focus()


class BetRampScreen(QuizScreen):
    TITLE = "Bet ramp: the bet for the true count"
    HELP = "the bet in units, enter · tab: the spread (TC:UNITS,...), enter · escape: back"
    PLACEHOLDER = "units"
    DEFAULT_CSS = """
    BetRampScreen #ramp-row { height: 3; }
    BetRampScreen #ramp-spread { width: 1fr; }
    """

    def answer_widgets(self) -> ComposeResult:
        with Horizontal(id="ramp-row"):
            yield Input(placeholder=self.PLACEHOLDER, id="quiz-answer")
            yield Input(spread_words(self.drill.spread), placeholder="spread TC:UNITS,...",
                        id="ramp-spread")

    @on(Input.Submitted, "#ramp-spread")
    def change_spread(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            self.drill.set_spread(event.value)
        except ValueError as err:
            self.feedback = Text(str(err), style="bold #e3b341")
        else:
            self.feedback = Text(f"The spread is now {spread_words(self.drill.spread)}",
                                 style="bold")
            self.drill.tally.start()
            self.query_one("#quiz-answer", Input).focus()
        self.show()

    def __init__(self, drill: BetRampDrill | None = None, card_style: CardStyle | None = None,
                 keep: Keep | None = None) -> None:
        super().__init__(drill or BetRampDrill(), card_style, keep)

    def question(self) -> RenderableType:
        drill: BetRampDrill = self.drill
        return Group(
            Text.assemble(("Spread (true count:units) ", "dim"),
                          (spread_words(drill.spread).replace(",", "  "), "bold")),
            Text("Below the first count, its units; above the last, the top bet.", style="dim"),
            Text.assemble(("True count ", "dim"),
                          (f"{drill.question.true_count:+d}", "bold #f2c94c")))

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#quiz-answer", Input).focus()


class PairsScreen(QuizScreen):
    TITLE = "Pairs cancelling: the two cards' net tag"
    HELP = "click or type -2 … +2, enter · escape: back"
    PLACEHOLDER = "net tag"
    DEFAULT_CSS = """
    PairsScreen #pairs-buttons { height: 3; }
    PairsScreen #pairs-buttons Button { min-width: 6; width: 6; margin-right: 1; }
    PairsScreen #pairs-buttons.halves Button { margin-right: 0; }
    """
    """Wong Halves' eleven nets (-2 to +3 by halves) fit 80 columns as buttons six cells wide,
    their labels (``+2.5``) without the padding (the stylesheet takes no ``line-pad: 0``: it is
    set on each button) and the gaps the whole counts' have."""

    def __init__(self, drill: PairsDrill | None = None, card_style: CardStyle | None = None,
                 keep: Keep | None = None) -> None:
        super().__init__(drill or PairsDrill(), card_style, keep)

    def heading(self) -> str:
        return f"Pairs cancelling ({title_of(self.drill.system)}): the two cards' net tag"

    def help_line(self) -> str:
        answers = self.drill.answers
        halves = " by halves" if step_of(self.drill.system) != 1 else ""
        return (f"click or type {count_words(answers[0])} … {count_words(answers[-1])}{halves}, "
                f"enter · escape: back")

    def answer_widgets(self) -> ComposeResult:
        halves = step_of(self.drill.system) != 1
        with Horizontal(id="pairs-buttons", classes="halves" if halves else ""):
            for i, net in enumerate(self.drill.answers):
                button = Button(count_words(net) if net else "0", id=f"pair-{i}")
                if halves:
                    button.styles.line_pad = 0
                yield button
        yield Input(placeholder=self.PLACEHOLDER, id="quiz-answer")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#quiz-answer", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button_id = event.button.id or ""
        if button_id.startswith("pair-"):
            self.submit(count_words(self.drill.answers[int(button_id[5:])]))
            self.query_one("#quiz-answer", Input).focus()

    def question(self) -> RenderableType:
        return Group(*cards_apart(self.card_style, self.drill.pair))
