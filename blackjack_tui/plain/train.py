"""``blackjack-tui train --narrate``: the drills told as plain lines of text.

The same drills as the drill menu's screens (:mod:`blackjack_tui.controller.training`, the
strategy drill), on the same game's data folder: each question one line ending in ``?``, the
answer a typed line, the verdict one sentence, the score when a drill is left, and every sitting
kept with the progress as the screens keep it. Nothing is coloured or redrawn and the cursor never
moves, so a screen reader, a braille display, a log or a pipe reads it as it comes. ``quit`` or
the end of the input (ctrl+d) ends, keeping what was answered.

Synchronous on purpose: a drill waits only for the player's line and for the running count's
pace, so plain blocking reads (:func:`stdin_line`) and :func:`time.sleep` say all there is.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from blackjack_tui.controller.training import DRILLS, KEPT
from blackjack_tui.controller.training.base import Attempt
from blackjack_tui.plain.drill_words import sentence
from blackjack_tui.plain.drills import sitting
from blackjack_tui.plain.drills.base import HELP, QUIT
from blackjack_tui.plain.lines import write_line
from blackjack_tui.plain.words import plural

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game

ReadLine = Callable[[], str | None]
PROGRESS = {"p", "progress"}


def stdin_line() -> str | None:
    """A line typed (``None`` at the end of the input); bytes that are not UTF-8 are read as
    replacement characters, so that a stray byte is a wrong answer, never a traceback."""
    raw = sys.stdin.buffer.readline()
    return raw.decode("utf-8", "replace") if raw else None


class Trainer:
    """The drill menu and the sittings, in lines; ``read_line``, ``sleep`` and ``clock`` are
    the terminal's and the wall clock's unless a test hands others."""

    def __init__(self, game: Game, *, out: TextIO | None = None,
                 read_line: ReadLine = stdin_line, sleep: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        from blackjack_tui.controller.training.tags import drill_system, title_of
        from blackjack_tui.engine.count_systems import system as count_system

        self.game = game
        self.out = out or sys.stdout
        self.read_line = read_line
        self.sleep = sleep
        self.clock = clock
        self.rng = random.Random(seed)
        chosen = game.settings.count_system
        self.system = drill_system(chosen)  # the player's count, where the drills can take it
        self.system_words = f"in {title_of(self.system)}"
        if self.system != chosen:
            self.system_words += (f" ({title_of(chosen)}, your count, counts in halves; the "
                                  "drills take whole numbers)")
        elif count_system(self.system).scale != 1:
            self.system_words += " (by halves: type -3.5 or +2)"
        self.kept = 0

    def say(self, text: str) -> None:
        write_line(self.out, text)

    def ask(self, prompt: str) -> str | None:
        self.say(prompt)
        line = self.read_line()
        return None if line is None else line.strip()

    def keep(self, attempt: Attempt) -> str | None:
        """A sitting into the progress, as the drill menu keeps it; why not, in one line, when
        the disk will not take it."""
        from blackjack_tui.controller.training.progress import keep_attempt

        problem = keep_attempt(self.game, attempt)
        if problem is None:
            self.kept += 1
        return problem

    # The menu

    def run(self, drill: str | None = None) -> int:
        """The menu (or the drill ``drill`` first) until quit or the end of the input."""
        self.say(f"blackjack-tui train, plain text. The drills never touch your bankroll. "
                 f"The count drills count {self.system_words}.")
        for notice in self.game.take_notices():
            self.say(sentence(notice))
        if drill is not None and not self.sit(drill):
            return self.goodbye()
        while True:
            self.menu()
            line = self.ask(f"Which drill? 1 to {len(DRILLS)} or a name, progress, help or quit?")
            if line is None or line.lower() in QUIT:
                return self.goodbye()
            if not line:
                continue
            word = line.lower()
            if word in PROGRESS:
                self.progress()
            elif word in HELP:
                self.say("Type a drill's number or name to start it; in a drill, help says its "
                         "words. progress reads your sittings by drill; quit (or ctrl+d) ends.")
            elif (name := self.drill_named(word)) is None:
                self.say(f"{line[:20]!r} is not a drill: type 1 to {len(DRILLS)}, or one of "
                         f"{', '.join(DRILLS)}.")
            elif not self.sit(name):
                return self.goodbye()

    def drill_named(self, word: str) -> str | None:
        names = list(DRILLS)
        if word.isdigit() and 1 <= int(word) <= len(names):
            return names[int(word) - 1]
        return word if word in DRILLS else None

    def menu(self) -> None:
        self.say("The drills:")
        for i, (name, line) in enumerate(DRILLS.items(), start=1):
            self.say(f"{i}. {line} ({name}).")

    def sit(self, name: str) -> bool:
        """A sitting at ``name``; ``False`` when the player quits in it."""
        found = sitting(self, name)
        if found is None:
            self.say(f"{DRILLS.get(name, name)} has no plain-text version yet.")
            return True
        return found.run()

    def progress(self) -> None:
        """Each drill's answers, and its last day, as the progress screen counts them."""
        from blackjack_tui.controller.training.progress import days

        by_drill, notices = days(self.game.store)
        for notice in notices:
            self.say(sentence(notice))
        if not by_drill:
            self.say("No sittings kept yet.")
            return
        for name, line in KEPT.items():
            found = by_drill.get(name)
            if not found:
                continue
            asked = sum(d.asked for d in found)
            right = sum(d.right for d in found)
            last = found[-1]
            self.say(f"{line}: {plural(asked, 'answer')}, {right / max(asked, 1):.0%} right; "
                     f"{last.day.isoformat()}: {last.right}/{last.asked} right, "
                     f"{last.pace:.1f} s a question.")

    def goodbye(self) -> int:
        kept = f" {plural(self.kept, 'sitting')} kept." if self.kept else ""
        self.say(f"Goodbye.{kept}")
        return 0


def run(game: Game, drill: str | None = None, seed: int | None = None) -> int:
    """The drills in plain text on standard input and output until quit or the end of input."""
    try:
        return Trainer(game, seed=seed).run(drill)
    except BrokenPipeError:
        return 0  # the reader left (| head): every sitting answered is kept
    finally:
        game.close()
