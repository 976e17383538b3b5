"""The drills in plain words: each question one line, each verdict one line, the score one line.

Pure functions of the drills' own values (:mod:`blackjack_tui.controller.training`, the strategy
drill's :class:`~blackjack_tui.controller.drill.Question`): no colour, no symbols, no layout, so
that a screen reader, a braille display, a log or a pipe reads them as they are. Cards are spelled
as the plain table spells them (:func:`~blackjack_tui.plain.words.card_words`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from blackjack_tui.controller.drill import Question
from blackjack_tui.controller.training.base import Verdict
from blackjack_tui.engine.actions import label_of
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.kernel import hand_value
from blackjack_tui.plain.words import ANSWER_KEYS, ANSWER_WORDS, card_words, either, plural

QUARTERS = {1: "a quarter", 2: "a half", 3: "three quarters"}
PARTS = {1: "a quarter of a deck", 2: "half a deck", 3: "three quarters of a deck"}

PLAYS = {"h": "hit", "hit": "hit", "s": "stand", "stand": "stand", "d": "double",
         "double": "double", "p": "split", "split": "split", "r": "surrender",
         "surrender": "surrender", "i": "insurance", "insurance": "insurance", "insure":
         "insurance", "y": "insurance", "yes": "insurance", "n": "no-insurance",
         "no": "no-insurance", "no insurance": "no-insurance"}
"""What a player may type for each play the strategy drills ask (the table's keys too)."""


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop (a drill's own one-line message)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?", ":")) else text + "."


def cards_line(cards: Iterable[Card]) -> str:
    """``Seven of hearts, two of clubs.``: one group of a running count, one line."""
    return sentence(", ".join(card_words(c) for c in cards))


def decks_words(decks: Fraction) -> str:
    """``2 and a half decks``, ``three quarters of a deck``, ``1 deck``."""
    whole, part = divmod(int(decks * 4), 4)
    if not part:
        return plural(whole, "deck")
    if not whole:
        return PARTS[part]
    return f"{whole} and {QUARTERS[part]} decks"


def score_words(words: str) -> str:
    """The drills' score (``7/9 right (78%) · 2.4 s a question``) with a word for the dot."""
    return words.replace(" · ", "; ")


def a_shoe(decks: int) -> str:
    """``A 6-deck shoe``, ``An 8-deck shoe``."""
    return f"{'An' if decks == 8 else 'A'} {decks}-deck shoe"


def signed(value: Fraction | int) -> str:
    """``+2``, ``-2``, ``0``, ``+1.5``: a count or a tag as a sentence says it."""
    exact = Fraction(value)
    if not exact:
        return "0"
    if exact.denominator == 1:
        return f"{int(exact):+d}"
    return f"{float(exact):+g}"


def verdict_line(verdict: Verdict, told: str, note: str = "") -> str:
    """``Right: +3.`` or ``Not quite: the count is +2, you said +3.``, a note after it;
    ``told`` says the right answer, ``{}`` standing for it (``the count is {}``)."""
    after = f"; {note}" if note else ""
    if verdict.right:
        return f"Right: {verdict.said}{after}."
    return f"Not quite: {told.format(verdict.expected)}, you said {verdict.said}{after}."


# The strategy and index drills

def hand_question(question: Question, counted: str = "true count") -> str:
    """``True count +2. Ten of hearts and six of clubs, hard 16, against the dealer's ten of
    spades. Hit, stand or surrender? (h s r)``; ``counted``: how the index plays count (KO's
    are read by the ``running count``)."""
    a, b = question.cards
    total, soft = hand_value([a, b])
    legal = [str(action) for action in question.legal]
    made = "a pair" if "split" in legal else f"{'soft' if soft else 'hard'} {total}"
    count = "" if question.true_count is None else \
        f"{counted.capitalize()} {question.true_count:+d}. "
    answers = either([ANSWER_WORDS[a] for a in legal]).capitalize()
    keys = " ".join(ANSWER_KEYS[a] for a in legal)
    return (f"{count}{sentence(card_words(a))[:-1]} and {card_words(b)}, {made}, against the "
            f"dealer's {card_words(question.up)}. {answers}? ({keys})")


def play_verdict(right: bool, asked: Question, said: str, counted: str = "true count") -> str:
    """``Right: stand.`` or ``Not quite: the chart says hit, you said stand.``"""
    told = label_of(said).lower()
    if right:
        return f"Right: {told}."
    best = label_of(asked.answer).lower()
    if asked.index is not None and asked.true_count is not None:
        return (f"Not quite: at {counted} {asked.true_count:+d} the play is {best} "
                f"({asked.index.label}: {asked.index.words()}), you said {told}.")
    return f"Not quite: the chart says {best}, you said {told}."


def play_of(text: str, legal: Sequence[str]) -> tuple[str | None, str]:
    """The play ``text`` names if it is legal here, else ``None`` and one line saying why."""
    play = PLAYS.get(" ".join(text.lower().split()))
    if play is None:
        return None, (f"{text[:20]!r} is not a play: type "
                      f"{either([ANSWER_WORDS[str(a)] for a in legal])}, or help.")
    if play not in [str(a) for a in legal]:
        return None, f"{label_of(play)} is not a play on this hand."
    return play, ""
