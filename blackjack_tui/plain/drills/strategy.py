"""The strategy and index drills in plain lines: two cards against an up card (and a true
count), the play typed as a word or the table's key."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from blackjack_tui.controller.training.base import Attempt
from blackjack_tui.controller.training.tags import title_of
from blackjack_tui.plain.drill_words import hand_question, play_of, play_verdict, sentence
from blackjack_tui.plain.drills.base import MENU_AND_QUIT, Sitting, Trainer

if TYPE_CHECKING:
    from blackjack_tui.analysis.indices import Indices
    from blackjack_tui.engine.rules import Rules

def index_plays(rules: Rules, system: str) -> tuple[Indices, str, str, str]:
    """The index plays the drill asks, their system's title, what they are read by (``true
    count``, or KO's ``running count``) and a note on reading it (or ``""``): the chosen
    system's, worked out for the rules (``controller/training/indices.py``), as the drill
    screen asks them."""
    from blackjack_tui.controller.training import indices

    return (indices.indices_for(rules, system), title_of(system), indices.by_count(system),
            indices.count_note(system, rules.decks))


KIND_WORDS = {"all": "all hands", "hard": "hard totals", "soft": "soft totals",
              "pairs": "pairs", "close": "close calls: hard hands whose best play is close",
              "counts": "the index plays"}


class StrategySitting(Sitting):
    """The strategy drill (``strategy``: the chart's hands; ``indices``: the index plays)."""

    title = "Basic strategy"

    def __init__(self, trainer: Trainer, name: str) -> None:
        super().__init__(trainer)
        self.name = name
        self.by = "true count"
        """What the index plays are read by (KO's: the running count)."""
        self.started = trainer.clock()
        self.drill: Any = None

    def attempt(self) -> Attempt | None:
        drill = self.drill
        if drill is None or not drill.score.asked:
            return None
        found: Attempt = drill.attempt(self.t.clock() - self.started)
        return found

    def score(self) -> str:
        score = self.drill.score
        if not score.asked:
            return "no answers yet"
        errors = ", ".join(f"{kind} {score.errors[kind]} of {score.asked_by_kind[kind]}"
                           for kind in score.errors if score.asked_by_kind[kind])
        return (f"{score.right}/{score.asked} right ({score.right / score.asked:.0%}); "
                f"missed: {errors}")

    def opening(self) -> str:
        rules = self.t.game.session.rules
        table = rules.title or rules.name
        if self.name == "indices":
            self.title = "Index plays"
            return (f"Index plays at {table}: a hand whose play turns with the count, and the "
                    "count; type the play. Working out the index plays for this table.")
        return (f"Basic strategy at {table}: two cards against the dealer's up card; type the "
                "play (or its key). Working out the chart.")

    def help(self) -> str:
        from blackjack_tui.controller.drill import KINDS

        return (f"Type the play or its key, as the question lists them; kind {', '.join(KINDS)} "
                "(or a for the next) drills other hands. " + MENU_AND_QUIT)

    def load(self) -> bool:
        """The chart (and the index plays) of the table; ``False``, said in one line, when this
        table has none to drill."""
        from blackjack_tui.controller.drill import Drill
        from blackjack_tui.controller.strategy import chart_of
        from blackjack_tui.controller.training.progress import recent_misses

        rules = self.t.game.session.rules
        store = self.t.game.store
        review = recent_misses(store, "strategy") + recent_misses(store, "indices")
        try:
            drill = Drill(rules, chart_of(rules), rng=self.t.rng, review=review)
            if self.name == "indices":
                drill.set_kind("counts", self.index_plays())
        except ValueError as err:
            self.t.say(sentence(f"{err}: back to the drills"))
            return False
        self.drill = drill
        self.t.say(self.help())
        return True

    def questions(self) -> bool:
        if not self.load():
            return True
        drill = self.drill
        while True:
            question = drill.question
            line = self.t.ask(hand_question(question, self.by))
            if line is None:
                return False
            leave = self.common(line)
            if leave is not None:
                return leave
            if self.said(line) or not line or self.kind(line):
                continue
            play, why = play_of(line, question.legal)
            if play is None:
                self.t.say(why)
                continue
            right, asked = drill.answer(play)
            self.t.say(play_verdict(right, asked, play, self.by))

    def index_plays(self) -> Indices:
        """The index plays of the table, in the player's count where the controller has them;
        said in one line which."""
        rules = self.t.game.session.rules
        found, title, self.by, note = index_plays(rules, self.t.system)
        self.t.say(sentence(f"The index plays of {title}, by the {self.by}"
                            + (f". {note}" if note else "")))
        return found

    def kind(self, line: str) -> bool:
        from blackjack_tui.controller.drill import KINDS
        words = line.lower().split()
        if words[0] not in ("kind", "a"):
            return False
        drill = self.drill
        kind = words[1] if len(words) > 1 else KINDS[(KINDS.index(drill.kind) + 1) % len(KINDS)]
        try:
            if kind == "counts" and drill.indices is None:
                drill.set_kind(kind, self.index_plays())
            else:
                drill.set_kind(kind)
        except ValueError as err:
            self.t.say(sentence(str(err)))
            return True
        self.title = "Index plays" if drill.kind == "counts" else "Basic strategy"
        self.t.say(f"Drilling {KIND_WORDS.get(drill.kind, drill.kind)}.")
        return True
