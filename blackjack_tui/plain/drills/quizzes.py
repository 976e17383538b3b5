"""The drills answered with a number, each question one line: pairs cancelling, true count,
deck estimation, bet ramp."""

from __future__ import annotations

from blackjack_tui.controller.training.base import Verdict
from blackjack_tui.controller.training.tags import count_words, title_of
from blackjack_tui.plain.drill_words import a_shoe, decks_words, sentence, signed
from blackjack_tui.plain.drills.base import MENU_AND_QUIT, Quiz
from blackjack_tui.plain.words import card_words


class PairsSitting(Quiz):
    title = "Pairs cancelling"
    told = "the net tag is {}"

    def span(self) -> str:
        """``-2 to +2``: the nets a pair can have in the drill's count."""
        answers = self.drill.answers
        return f"{signed(answers[0])} to {signed(answers[-1])}"

    def opening(self) -> str:
        return (f"Pairs cancelling, {self.t.system_words}: two cards at a time; type their net "
                f"tag, {self.span()}. {MENU_AND_QUIT}")

    def before(self) -> None:
        self.pair = self.drill.pair

    def question(self) -> str:
        a, b = self.drill.pair
        return f"{sentence(card_words(a))[:-1]} and {card_words(b)}: the net tag?"

    def note(self, verdict: Verdict) -> str:
        a, b = self.pair
        return f"{card_words(a)} and {card_words(b)} net {verdict.expected}"

    def help(self) -> str:
        return f"Type the two cards' net tag, {self.span()} ({self.t.system_words}). " \
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
                f"{count_words(q.running)} ({title_of(self.drill.system)}). The true count?")

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
        # "1 deck is left", "1.25 decks are discarded"
        ask = self.drill.question.ask
        are = "deck is" if self.drill.question.expected == 1 else "decks are"
        self.told = f"{{}} {are} {ask}"

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
