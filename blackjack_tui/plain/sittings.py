"""One sitting at each drill in plain lines: the question a prompt, the answer a typed line, the
verdict a sentence; the sitting kept with the progress when it ends, however it ends.

Each sitting drives a drill of :mod:`blackjack_tui.controller.training` (or the strategy drill of
:mod:`blackjack_tui.controller.drill`) through its public methods only, as the screens do, and
keeps its attempt as the screens keep it (:func:`~blackjack_tui.controller.training.progress.
keep_attempt`): the progress screen counts a plain sitting as it counts any other.

:meth:`Sitting.run` answers ``True`` to go back to the menu, ``False`` when the player quits
(``quit``, or the end of the input).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from blackjack_tui.controller.training.base import Attempt, Verdict
from blackjack_tui.plain.drill_words import (
    a_shoe,
    cards_line,
    decks_words,
    hand_question,
    play_of,
    play_verdict,
    score_words,
    sentence,
    verdict_line,
)
from blackjack_tui.plain.words import card_words

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game

QUIT = {"q", "quit", "exit"}
MENU = {"menu", "back", "b", "m"}
HELP = {"help", "?", "h?"}
MENU_AND_QUIT = ("Type score for the score so far, menu for the drills, quit (or ctrl+d) to "
                 "end.")


class Trainer(Protocol):
    """What a sitting needs of :class:`~blackjack_tui.plain.train.Trainer`."""

    game: Game
    rng: random.Random
    system: str
    system_words: str
    sleep: Callable[[float], None]
    clock: Callable[[], float]

    def say(self, text: str) -> None: ...

    def ask(self, prompt: str) -> str | None: ...

    def keep(self, attempt: Attempt) -> str | None: ...


class Sitting:
    """A drill's sitting: the opening lines, the loop of questions, the score kept at the end."""

    title = ""

    def __init__(self, trainer: Trainer) -> None:
        self.t = trainer

    def opening(self) -> str:
        raise NotImplementedError

    def attempt(self) -> Attempt | None:
        raise NotImplementedError

    def score(self) -> str:
        raise NotImplementedError

    def questions(self) -> bool:
        raise NotImplementedError

    def run(self) -> bool:
        """The sitting to its end; ``True``: back to the menu, ``False``: the player quits."""
        self.t.say(self.opening())
        try:
            return self.questions()
        finally:
            self.finish()

    def finish(self) -> None:
        """The sitting kept first (the reader may be gone), then its score said."""
        attempt = self.attempt()
        if attempt is None:
            self.t.say(f"{self.title}: no answers, nothing kept.")
            return
        problem = self.t.keep(attempt)
        kept = sentence(problem) if problem else "Kept with your progress."
        self.t.say(f"{self.title}: {self.score()}. {kept}")

    def common(self, line: str) -> bool | None:
        """Leaving, as every drill knows it: ``False`` quit, ``True`` back to the menu, ``None``
        neither."""
        word = line.lower().strip()
        if word in QUIT:
            return False
        if word in MENU:
            return True
        return None

    def said(self, line: str) -> bool:
        """``help`` and ``score``, said; whether ``line`` was one of them."""
        word = line.lower().strip()
        if word in HELP:
            self.t.say(self.help())
            return True
        if word == "score":
            self.t.say(f"Score: {self.score()}.")
            return True
        return False

    def help(self) -> str:
        return MENU_AND_QUIT


class Quiz(Sitting):
    """The drills answered with a number (true count, decks, bet ramp, pairs): a question, an
    answer, a verdict, the next question."""

    told = "the answer is {}"
    """The right answer in words, for a wrong one: ``Not quite: the net tag is 0, …``."""

    def __init__(self, trainer: Trainer, drill: Any) -> None:
        super().__init__(trainer)
        self.drill = drill

    def attempt(self) -> Attempt | None:
        found: Attempt | None = self.drill.tally.attempt()
        return found

    def score(self) -> str:
        return score_words(self.drill.tally.words())

    def question(self) -> str:
        raise NotImplementedError

    def note(self, verdict: Verdict) -> str:
        return verdict.note

    def own_word(self, line: str) -> bool:
        """A word of this drill's own (the bet ramp's spread): whether it was one; a new
        question follows it."""
        return False

    def questions(self) -> bool:
        while True:
            prompt = self.question()
            self.before()
            self.drill.tally.start()
            while True:
                line = self.t.ask(prompt)
                if line is None:
                    return False
                leave = self.common(line)
                if leave is not None:
                    return leave
                if self.said(line) or not line:
                    continue
                if self.own_word(line):
                    break
                try:
                    verdict: Verdict = self.drill.answer(line)
                except ValueError as err:
                    self.t.say(sentence(str(err)))
                    continue
                self.t.say(verdict_line(verdict, self.told, self.note(verdict)))
                break

    def before(self) -> None:
        """The question as it is, before the answer deals the next (for the note)."""


class PairsSitting(Quiz):
    title = "Pairs cancelling"
    told = "the net tag is {}"

    def opening(self) -> str:
        top = self.drill.answers[-1]
        return (f"Pairs cancelling, {self.t.system_words}: two cards at a time; type their net "
                f"tag, -{top} to +{top}. {MENU_AND_QUIT}")

    def before(self) -> None:
        self.pair = self.drill.pair

    def question(self) -> str:
        a, b = self.drill.pair
        return f"{sentence(card_words(a))[:-1]} and {card_words(b)}: the net tag?"

    def note(self, verdict: Verdict) -> str:
        a, b = self.pair
        return f"{card_words(a)} and {card_words(b)} net {verdict.expected}"

    def help(self) -> str:
        top = self.drill.answers[-1]
        return f"Type the two cards' net tag, -{top} to +{top} ({self.t.system_words}). " \
            + MENU_AND_QUIT


class TrueCountSitting(Quiz):
    title = "True count"
    told = "the true count is {}"

    def opening(self) -> str:
        return ("True count: a shoe, the decks in its discard tray and the running count; type "
                "the true count, the running count over the decks left (within 0.5 is right). "
                + MENU_AND_QUIT)

    def question(self) -> str:
        q = self.drill.question
        tray = decks_words(q.decks - q.decks_left)
        return (f"{a_shoe(q.decks)}, {tray} in the discard tray; running count "
                f"{q.running:+d}. The true count?")

    def help(self) -> str:
        return ("Decks left are the shoe less the tray; type the running count over them, "
                "such as 2.5 or -1. " + MENU_AND_QUIT)


class DecksSitting(Quiz):
    title = "Deck estimation"

    def opening(self) -> str:
        return ("Deck estimation: how full the discard tray is, as a share of the whole shoe; "
                "type the decks discarded or left, to the quarter deck (2.75, 3.5). "
                + MENU_AND_QUIT)

    def before(self) -> None:
        self.told = f"{{}} decks are {self.drill.question.ask}"

    def question(self) -> str:
        q = self.drill.question
        share = round(100 * q.quarters_discarded / (4 * q.decks))
        return (f"{a_shoe(q.decks)}; the discard tray holds {share}% of it. How many decks "
                f"are {q.ask}?")

    def help(self) -> str:
        return ("The tray's share of the shoe times its decks is the decks discarded; the "
                "rest are left. Answer to the quarter deck: 1.25, 3.5. " + MENU_AND_QUIT)


class BetRampSitting(Quiz):
    title = "Bet ramp"
    told = "the bet is {} units"

    def spread(self) -> str:
        from blackjack_tui.controller.training.ramp import spread_words

        return spread_words(self.drill.spread).replace(",", ", ")

    def opening(self) -> str:
        return (f"Bet ramp: the spread is {self.spread()} (true count: units; below the first "
                "count its units, above the last the top bet). Type the bet in units for each "
                "true count; spread TC:UNITS,... sets another. " + MENU_AND_QUIT)

    def question(self) -> str:
        return f"True count {self.drill.question.true_count:+d}: the bet in units?"

    def own_word(self, line: str) -> bool:
        head, _, rest = line.strip().partition(" ")
        if head.lower() != "spread":
            return False
        if not rest.strip():
            self.t.say(f"The spread is {self.spread()}.")
            return True
        try:
            self.drill.set_spread(rest.strip())
        except ValueError as err:
            self.t.say(sentence(f"{err}; the spread stays {self.spread()}"))
            return True
        self.t.say(f"The spread is now {self.spread()}.")
        return True

    def help(self) -> str:
        return (f"The spread is {self.spread()}; type the bet in units for the true count, or "
                "spread 0:1,2:4,4:10 for another. " + MENU_AND_QUIT)


class RunningCountSitting(Sitting):
    """Cards a group a line at the drill's pace, then the count; between runs the pace and the
    mode are the player's."""

    title = "Running count"

    def __init__(self, trainer: Trainer, drill: Any) -> None:
        super().__init__(trainer)
        self.drill = drill

    def attempt(self) -> Attempt | None:
        found: Attempt | None = self.drill.tally.attempt()
        return found

    def score(self) -> str:
        return score_words(self.drill.tally.words())

    def opening(self) -> str:
        return (f"Running count at speed, {self.t.system_words}: the cards come one to three to "
                "a line at the pace set; when all are dealt, type the running count. "
                + self.help())

    def help(self) -> str:
        from blackjack_tui.controller.training.running import MODES

        return ("Between runs: enter deals; faster or -, slower or +, pace SECONDS (0.1 to 3); "
                f"mode {', '.join(MODES)} (or v for the next). " + MENU_AND_QUIT)

    def ready(self) -> str:
        from blackjack_tui.controller.training.running import MODE_WORDS

        drill = self.drill
        return (f"Next: {MODE_WORDS[drill.mode]}, {drill.seconds:g} s a group. "
                "Deal? (enter)")

    def questions(self) -> bool:
        while True:
            line = self.t.ask(self.ready())
            if line is None:
                return False
            leave = self.common(line)
            if leave is not None:
                return leave
            if self.said(line) or self.between(line):
                continue
            if line.lower() not in ("", "deal", "d", "enter"):
                self.t.say(f"{line[:20]!r} is not a word here: enter deals, or type help.")
                continue
            self.deal()
            answered = self.answer()
            if answered is not None:
                return answered

    def between(self, line: str) -> bool:
        from blackjack_tui.controller.training.running import MODES, PACES

        drill = self.drill
        words = line.lower().split()
        if not words:
            return False
        if words[0] in ("faster", "-", "slower", "+"):
            seconds = drill.faster() if words[0] in ("faster", "-") else drill.slower()
            self.t.say(f"{seconds:g} s a group.")
        elif words[0] == "pace" and len(words) == 2:
            try:
                wanted = float(words[1])
            except ValueError:
                self.t.say(f"The pace is seconds a group, 0.1 to 3, not {words[1][:12]!r}.")
                return True
            drill.pace = min(range(len(PACES)), key=lambda i: abs(PACES[i] - wanted))
            self.t.say(f"{drill.seconds:g} s a group.")
        elif words[0] in ("mode", "v"):
            mode = words[1] if len(words) > 1 else MODES[(MODES.index(drill.mode) + 1)
                                                         % len(MODES)]
            try:
                drill.set_mode(mode)
            except ValueError as err:
                self.t.say(sentence(str(err)))
        else:
            return False
        return True

    def deal(self) -> None:
        drill = self.drill
        first = True
        while (group := drill.next_group()) is not None:
            if not first:
                self.t.sleep(drill.seconds)
            first = False
            self.t.say(cards_line(group))

    def answer(self) -> bool | None:
        """The count for the run just dealt (``None``: answered, go on)."""
        run = self.drill.run
        what = "the missing card's tag" if run.missing is not None else "the running count"
        prompt = f"All dealt, {len(run.cards)} cards: {what}?"
        while True:
            line = self.t.ask(prompt)
            if line is None:
                return False
            leave = self.common(line)
            if leave is not None:
                return leave
            if self.said(line) or not line:
                continue
            try:
                verdict: Verdict = self.drill.answer(line)
            except ValueError as err:
                self.t.say(sentence(str(err)))
                continue
            if run.missing is not None:
                note = f"the missing card was the {card_words(run.missing)}"
                self.t.say(verdict_line(verdict, "the tag is {}", note))
            else:
                self.t.say(verdict_line(verdict, "the count is {}", f"{len(run.cards)} cards"))
            return None


class StrategySitting(Sitting):
    """The strategy drill (``strategy``: the chart's hands; ``indices``: the index plays)."""

    title = "Basic strategy"

    def __init__(self, trainer: Trainer, name: str) -> None:
        super().__init__(trainer)
        self.name = name
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
        errors = ", ".join(f"{kind} {score.errors[kind]} of {score.asked_by_kind[kind]}"
                           for kind in score.errors if score.asked_by_kind[kind])
        return (f"{score.right}/{score.asked} right ({score.right / score.asked:.0%}); "
                f"missed: {errors}")

    def opening(self) -> str:
        rules = self.t.game.session.rules
        table = rules.title or rules.name
        if self.name == "indices":
            self.title = "Index plays"
            return (f"Index plays at {table} (the Hi-Lo true count): a hand whose play turns "
                    "with the count, and the count; type the play. Working out the index plays "
                    "for this table.")
        return (f"Basic strategy at {table}: two cards against the dealer's up card; type the "
                "play (or its key). Working out the chart.")

    def help(self) -> str:
        from blackjack_tui.controller.drill import KINDS

        return (f"Type the play or its key, as the question lists them; kind {', '.join(KINDS)} "
                "(or a for the next) drills other hands. " + MENU_AND_QUIT)

    def load(self) -> None:
        from blackjack_tui.controller.drill import Drill
        from blackjack_tui.controller.strategy import chart_of, indices_of
        from blackjack_tui.controller.training.progress import recent_misses

        rules = self.t.game.session.rules
        store = self.t.game.store
        review = recent_misses(store, "strategy") + recent_misses(store, "indices")
        drill = Drill(rules, chart_of(rules), rng=self.t.rng, review=review)
        if self.name == "indices":
            drill.set_kind("counts", indices_of(rules))
        self.drill = drill
        self.t.say(self.help())

    def questions(self) -> bool:
        self.load()
        drill = self.drill
        while True:
            question = drill.question
            line = self.t.ask(hand_question(question))
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
            self.t.say(play_verdict(right, asked, play))

    def kind(self, line: str) -> bool:
        from blackjack_tui.controller.drill import KINDS
        from blackjack_tui.controller.strategy import indices_of

        words = line.lower().split()
        if words[0] not in ("kind", "a"):
            return False
        drill = self.drill
        kind = words[1] if len(words) > 1 else KINDS[(KINDS.index(drill.kind) + 1) % len(KINDS)]
        try:
            if kind == "counts" and drill.indices is None:
                drill.set_kind(kind, indices_of(self.t.game.session.rules))
            else:
                drill.set_kind(kind)
        except ValueError as err:
            self.t.say(sentence(str(err)))
            return True
        self.title = "Index plays" if drill.kind == "counts" else "Basic strategy"
        self.t.say(f"Drilling {kind}.")
        return True


def sitting(trainer: Trainer, name: str) -> Sitting | None:
    """The plain sitting at the drill ``name`` (``None``: a drill with no plain sitting)."""
    from blackjack_tui.controller.training.decks import DeckDrill
    from blackjack_tui.controller.training.pairs import PairsDrill
    from blackjack_tui.controller.training.ramp import BetRampDrill
    from blackjack_tui.controller.training.running import RunningCountDrill
    from blackjack_tui.controller.training.true_count import TrueCountDrill

    rng, system = trainer.rng, trainer.system
    if name in ("strategy", "indices"):
        return StrategySitting(trainer, name)
    if name == "running-count":
        return RunningCountSitting(trainer, RunningCountDrill(rng=rng, system=system))
    if name == "pairs":
        return PairsSitting(trainer, PairsDrill(rng=rng, system=system))
    if name == "true-count":
        return TrueCountSitting(trainer, TrueCountDrill(rng=rng))
    if name == "decks":
        return DecksSitting(trainer, DeckDrill(rng=rng))
    if name == "bet-ramp":
        return BetRampSitting(trainer, BetRampDrill(rng=rng))
    return None

