"""The strategy drill: random first hands of the active rule set, the player names the play.

The right answer is the chart's (as the simulator plays it): the cell for the hand's pair row,
soft or hard total against the up card, its best action among those legal on these two cards.
Hands are dealt from a full shoe (so they come as often as at the table), kept only when they
are of the kind being drilled; blackjacks are skipped (there is nothing to decide).

The ``counts`` drill asks the index plays instead: a hand whose play turns with the Hi-Lo count,
a true count near its index, and the right answer is the play at that count.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from blackjack_tui.controller.strategy import chart_action
from blackjack_tui.controller.training.base import Attempt
from blackjack_tui.engine import table_rules as tr
from blackjack_tui.engine.cards import DECK, Card
from blackjack_tui.engine.hand import Box
from blackjack_tui.engine.kernel import hand_totals
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.vocabulary import ActionName

if TYPE_CHECKING:
    from blackjack_tui.analysis.indices import Index, Indices
    from blackjack_tui.analysis.strategy import Chart

KINDS = ("all", "hard", "soft", "pairs", "counts")
A = ActionName
ANSWERS = (A.HIT, A.STAND, A.DOUBLE, A.SPLIT, A.SURRENDER, A.INSURANCE, A.NO_INSURANCE)
"""Every answer a question may have: the plays, and insurance for the counts drill."""
NEAR = 3
"""A counts question's true count lies within this many counts of the index."""
_BANKROLL = Decimal(10) ** 9


def kind_of(rules: Rules, cards: list[Card]) -> str:
    """``pairs``, ``soft`` or ``hard``: the part of the chart a two-card hand is read from."""
    if tr.is_pair(rules, cards):
        return "pairs"
    return "soft" if hand_totals(cards)[1] else "hard"


@dataclass(frozen=True)
class Question:
    cards: tuple[Card, Card]
    up: Card
    kind: str
    legal: tuple[str, ...]
    answer: str
    true_count: int | None = None
    """The count shown with a counts question."""
    index: Index | None = None


@dataclass
class Score:
    asked: int = 0
    right: int = 0
    errors: dict[str, int] = field(
        default_factory=lambda: {"hard": 0, "soft": 0, "pairs": 0, "counts": 0})
    asked_by_kind: dict[str, int] = field(
        default_factory=lambda: {"hard": 0, "soft": 0, "pairs": 0, "counts": 0})
    missed: list[str] = field(default_factory=list)
    """The questions answered wrong, as :func:`item_of` names them."""


class Drill:
    """Deals questions of one kind (``all``, ``hard``, ``soft``, ``pairs``) and keeps the score."""

    def __init__(self, rules: Rules, chart: Chart, kind: str = "all",
                 rng: random.Random | None = None, indices: Indices | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"drill kind is one of {', '.join(KINDS)}, not {kind!r}")
        if kind == "counts" and indices is None:
            raise ValueError("the counts drill needs the index plays")
        self.rules = rules
        self.chart = chart
        self.indices = indices
        self.kind = kind
        self.rng = rng or random.Random()
        self.score = Score()
        self.question = self._deal()

    def set_kind(self, kind: str, indices: Indices | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"drill kind is one of {', '.join(KINDS)}, not {kind!r}")
        if indices is not None:
            self.indices = indices
        if kind == "counts" and self.indices is None:
            raise ValueError("the counts drill needs the index plays")
        self.kind = kind
        self.question = self._deal()

    def _deal(self) -> Question:
        if self.kind == "counts":
            return self._deal_count()
        rules = self.rules
        while True:
            a, up, b = self.rng.choice(DECK), self.rng.choice(DECK), self.rng.choice(DECK)
            cards = [a, b]
            kind = kind_of(rules, cards)
            if self.kind != "all" and kind != self.kind:
                continue
            box = Box(1, rules.min_bet)
            hand = box.hands[0]
            hand.cards = list(cards)  # setting the cards works the total out
            if hand.is_blackjack:
                continue
            legal = tr.play_actions(rules, box, hand, _BANKROLL)
            answer = chart_action(rules, self.chart, cards, up, legal)
            return Question((a, b), up, kind, legal, answer)

    def _deal_count(self) -> Question:
        assert self.indices is not None
        playable = [e for e in self.indices.entries if self._cards_for(e) is not None]
        if not playable:
            raise ValueError("no index play of this table can be drilled")
        while True:
            entry = self.rng.choice(playable)
            true_count = entry.number + self.rng.randint(-NEAR, NEAR)
            cards = self._cards_for(entry)
            assert cards is not None
            suit = self.rng.choice("SHDC")
            up = next(c for c in DECK if c.value == entry.up and c.suit == suit)
            if entry.kind == "insurance":
                legal: tuple[str, ...] = ("insurance", "no-insurance")
            else:
                box = Box(1, self.rules.min_bet)
                box.hands[0].cards = list(cards)
                legal = tr.play_actions(self.rules, box, box.hands[0], _BANKROLL)
            answer = entry.play_at(true_count)
            if answer in legal and entry.below in legal:
                return Question(cards, up, "counts", legal, answer, true_count, entry)

    def _cards_for(self, entry: Index) -> tuple[Card, Card] | None:
        """Two cards that make the index's row (a random pair of them; None if none can)."""
        if entry.kind == "insurance":
            options = [(a, b) for a in range(2, 11) for b in range(a, 11) if a + b < 21]
        elif entry.kind == "pair":
            options = [(entry.row, entry.row)]
        elif entry.kind == "soft":
            options = [(1, entry.row - 11)] if 2 <= entry.row - 11 <= 9 else []
        else:
            options = [(a, entry.row - a) for a in range(2, 11)
                       if a < entry.row - a <= 10]
        if not options:
            return None
        a, b = self.rng.choice(options)
        suits = self.rng.sample("SHDC", 2)
        pick = {c.value: c for c in DECK if c.suit == suits[0]}
        other = {c.value: c for c in DECK if c.suit == suits[1]}
        return pick[a], other[b]

    def answer(self, action: str) -> tuple[bool, Question]:
        """Score ``action`` for the current question; returns whether it was right and the
        question it answered, and deals the next one."""
        question = self.question
        if action not in question.legal:
            raise ValueError(f"{action} is not possible on this hand: {', '.join(question.legal)}")
        right = action == question.answer
        score = self.score
        score.asked += 1
        score.asked_by_kind[question.kind] += 1
        if right:
            score.right += 1
        else:
            score.errors[question.kind] += 1
            score.missed.append(item_of(question))
        self.question = self._deal()
        return right, question

    @property
    def name(self) -> str:
        """The drill's name in the progress: ``indices`` for the count's index plays."""
        return "indices" if self.kind == "counts" else "strategy"

    def attempt(self, seconds: float) -> Attempt:
        """The sitting as the progress keeps it (under the kind drilled last)."""
        score = self.score
        return Attempt(self.name, dt.date.today(), score.asked, score.right, round(seconds, 2),
                       tuple(score.missed))


def item_of(question: Question) -> str:
    """A question in a few characters, to deal it again: ``T6v9`` (cards, up card's value),
    ``T6v9@+1`` with a true count."""
    a, b = question.cards
    item = f"{a.rank}{b.rank}v{question.up.rank}"
    return item if question.true_count is None else f"{item}@{question.true_count:+d}"
