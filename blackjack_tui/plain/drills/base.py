"""What every plain sitting shares: the trainer it talks through, the words to leave by, the
score kept when it ends however it ends (:class:`Sitting`), and the loop of the drills answered
with a number (:class:`Quiz`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from blackjack_tui.controller.training.base import Attempt, Verdict
from blackjack_tui.plain.drill_words import score_words, sentence, verdict_line

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game

QUIT = {"q", "quit", "exit"}
MENU = {"menu", "back", "b", "m"}
HELP = {"help", "?"}
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


class Tallied(Sitting):
    """A sitting over a drill that keeps its own tally (every drill but the strategy drill's):
    its attempt and its score are the tally's."""

    def __init__(self, trainer: Trainer, drill: Any) -> None:
        super().__init__(trainer)
        self.drill = drill

    def attempt(self) -> Attempt | None:
        found: Attempt | None = self.drill.tally.attempt()
        return found

    def score(self) -> str:
        return score_words(self.drill.tally.words())


class Quiz(Tallied):
    """The drills answered with a number (true count, decks, bet ramp, pairs): a question, an
    answer, a verdict, the next question."""

    told = "the answer is {}"
    """The right answer in words, for a wrong one: ``Not quite: the net tag is 0, …``."""

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
