"""The running count at speed in plain lines: cards a group a line at the pace set, then the
count."""

from __future__ import annotations

from blackjack_tui.controller.training.base import Verdict
from blackjack_tui.plain.drill_words import cards_line, sentence, verdict_line
from blackjack_tui.plain.drills.base import MENU_AND_QUIT, Tallied
from blackjack_tui.plain.words import card_words


class RunningCountSitting(Tallied):
    """Cards a group a line at the drill's pace, then the count; between runs the pace and the
    mode are the player's."""

    title = "Running count"

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
