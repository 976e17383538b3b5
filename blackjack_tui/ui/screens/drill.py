"""The strategy drill: a random first hand of this table, name the play, see the score.

Its index plays (``counts``) are those of the count system chosen in Options, worked out for this
table's rules (:mod:`blackjack_tui.controller.training.indices`): a true count for a balanced
system, a running count for KO and Red 7 (the drill says so).

| key | does |
|-----|------|
| h s d p r | answer hit, stand, double, split, surrender |
| i n | insurance, no insurance (the counts drill) |
| a | drill all hands, hard, soft, pairs, close calls, or the count's index plays (cycles) |
| escape, g | back to the table |
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from blackjack_tui.controller.drill import ANSWERS, KINDS, Drill, Question
from blackjack_tui.controller.strategy import chart_of
from blackjack_tui.controller.training.base import Attempt
from blackjack_tui.controller.training.indices import by_count, count_note, indices_for
from blackjack_tui.controller.training.tags import title_of
from blackjack_tui.engine.actions import SPEC, label_of
from blackjack_tui.engine.rules import Rules
from blackjack_tui.ui.cards import CardStyle

KIND_TITLES = {"all": "all hands", "hard": "hard totals", "soft": "soft totals",
               "pairs": "pairs", "close": "hard hands: the best play is close",
               "counts": "index plays"}


# The key that answers each play is the table's (split and surrender do not start with it).
ANSWER_KEYS = {str(name): SPEC[name].key for name in ANSWERS}
ANSWERING = "{} ({})".format(*(" ".join(SPEC[name].key for name in ANSWERS
                                        if name.endswith("insurance") is counts)
                               for counts in (False, True)))
"""The answer keys as the screen lists them: ``h s d p r (i n)`` (insurance: the counts drill)."""


class DrillScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    DrillScreen { align: center middle; background: $background; }
    #drill {
        width: 72; height: auto; max-height: 96%; padding: 0 2;
        border: round $text-accent; background: $surface;
    }
    #drill-question, #drill-feedback, #drill-score { height: auto; margin-bottom: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(SPEC[name].key, f"answer('{name}')", SPEC[name].label,
                  show=not name.endswith("insurance"), id=f"drill.{SPEC[name].binding}")
          for name in ANSWERS),
        Binding("a", "next_kind", "Kind", id="drill.next_kind"),
        Binding("escape,g", "close", "Back", id="drill.close"),
    ]

    def __init__(self, rules: Rules, card_style: CardStyle | None = None, kind: str = "all",
                 keep: Callable[[Attempt], None] | None = None,
                 review: Counter[str] | None = None, count: str = "hi-lo") -> None:
        """``kind``: the hands drilled first (``counts``: the index plays); ``keep`` takes the
        sitting's score when the screen is closed (the progress); ``review``: the questions
        missed lately, dealt again more often; ``count``: the count system whose index plays
        the ``counts`` kind asks."""
        super().__init__()
        self.rules = rules
        self.card_style = card_style or CardStyle()
        self.drill: Drill | None = None
        self.feedback = Text("")
        self.first_kind = kind
        self.keep = keep
        self.review = review
        self.started = time.monotonic()
        self.count = count

    def compose(self) -> ComposeResult:
        with Vertical(id="drill"):
            yield Label(f"Strategy drill · {self.rules.title or self.rules.name}",
                        classes="pane-title")
            yield Static(Text("Working out the chart…", style="dim italic"), id="drill-question")
            yield Static("", id="drill-feedback")
            yield Static("", id="drill-score")
            yield Static(Text(f"{ANSWERING}: answer · a: all / hard / soft / pairs / close / "
                              "counts · escape: back", style="dim"))

    def on_mount(self) -> None:
        self.load_chart()

    @work(thread=True, exclusive=True, group="drill-chart")
    def load_chart(self) -> None:
        chart = chart_of(self.rules)
        self.app.call_from_thread(self._ready, Drill(self.rules, chart, review=self.review))

    def _ready(self, drill: Drill) -> None:
        self.drill = drill
        if self.first_kind == "counts":
            self.feedback = Text("Working out the index plays for this table…", style="dim italic")
            self.load_indices()
        elif self.first_kind != drill.kind:
            drill.set_kind(self.first_kind)
        self._show()

    @work(thread=True, exclusive=True, group="drill-indices")
    def load_indices(self) -> None:
        found = indices_for(self.rules, self.count)
        self.app.call_from_thread(self._indices_ready, found)

    def _indices_ready(self, found: object) -> None:
        drill = self.drill
        if drill is None or not self.is_attached:
            return
        drill.set_kind("counts", found)  # type: ignore[arg-type]
        self.feedback = Text("")
        self._show()

    def _show(self) -> None:
        drill = self.drill
        if drill is None or not self.is_attached:
            return
        question = drill.question
        style = self.card_style
        cards = style.full(list(question.cards))
        up = style.full([question.up])
        title = KIND_TITLES[drill.kind]
        if drill.kind == "counts":
            title += f" ({title_of(self.count)} {by_count(self.count)})"
        lines = [Text.assemble(("Drilling ", "dim"), (title, "bold"))]
        if question.true_count is not None:
            note = count_note(self.count, self.rules.decks)
            if note:
                lines.append(Text(note, style="dim"))
            lines.append(Text.assemble((by_count(self.count).capitalize() + " ", "dim"),
                                       (f"{question.true_count:+d}", "bold #f2c94c")))
        for left, right in zip(cards, up, strict=False):
            row = left.copy()
            row.pad_right(14 - row.cell_len)
            row.append_text(right)
            lines.append(row)
        legal = " · ".join(f"{label_of(a)} ({ANSWER_KEYS[a]})" for a in question.legal)
        lines.append(Text.assemble(("your hand", "dim"), " " * 5, ("dealer", "dim")))
        lines.append(Text(legal, style="bold"))
        self.query_one("#drill-question", Static).update(Group(*lines))
        self.query_one("#drill-feedback", Static).update(self.feedback)
        score = drill.score
        percent = f" ({score.right / score.asked:.0%})" if score.asked else ""
        errors = " · ".join(f"{kind} {score.errors[kind]}/{score.asked_by_kind[kind]}"
                            for kind in ("hard", "soft", "pairs", "counts")
                            if kind != "counts" or score.asked_by_kind[kind])
        self.query_one("#drill-score", Static).update(Text.assemble(
            ("Score ", "dim"), (f"{score.right}/{score.asked}{percent}", "bold"),
            ("   errors: ", "dim"), errors))

    def action_answer(self, action: str) -> None:
        drill = self.drill
        if drill is None:
            return
        if action not in drill.question.legal:
            self.feedback = Text(f"{label_of(action)} is not the question here",
                                 style="bold #e3b341")
            self._show()
            return
        right, asked = drill.answer(action)
        self.feedback = self._verdict(right, asked, action)
        self._show()

    def _verdict(self, right: bool, asked: Question, action: str) -> Text:
        style = self.card_style
        hand = " ".join(style.rank(c) + style.suit(c) for c in asked.cards) + \
            f" against {style.rank(asked.up) + style.suit(asked.up)}"
        at = "" if asked.true_count is None else \
            f" at {by_count(self.count)} {asked.true_count:+d}"
        if right:
            return Text(f"✓ {label_of(action)} on {hand}{at}", style="bold #3fb950")
        why = "the chart says" if asked.index is None else f"{asked.index.words()}:"
        return Text(f"✗ {label_of(action)} on {hand}{at}: {why} "
                    f"{label_of(asked.answer)}", style="bold #ff7b72")

    def action_next_kind(self) -> None:
        drill = self.drill
        if drill is None:
            return
        kind = KINDS[(KINDS.index(drill.kind) + 1) % len(KINDS)]
        if kind == "counts" and drill.indices is None:
            self.feedback = Text("Working out the index plays for this table…", style="dim italic")
            self.query_one("#drill-feedback", Static).update(self.feedback)
            self.load_indices()
            return
        drill.set_kind(kind)
        self.feedback = Text("")
        self._show()

    def action_close(self) -> None:
        drill = self.drill
        if self.keep is not None and drill is not None and drill.score.asked:
            self.keep(drill.attempt(time.monotonic() - self.started))
        self.dismiss(None)
