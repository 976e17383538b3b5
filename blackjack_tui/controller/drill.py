"""The strategy drill: random first hands of the active rule set, the player names the play.

The right answer is the chart's (as the simulator plays it): the cell for the hand's pair row,
soft or hard total against the up card, its best action among those legal on these two cards.
Hands are dealt from a full shoe (so they come as often as at the table), kept only when they
are of the kind being drilled; blackjacks are skipped (there is nothing to decide).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from blackjack_tui.controller.strategy import chart_action
from blackjack_tui.engine import table_rules as tr
from blackjack_tui.engine.cards import DECK, Card, hand_totals
from blackjack_tui.engine.hand import Box
from blackjack_tui.engine.rules import Rules

if TYPE_CHECKING:
    from blackjack_tui.analysis.strategy import Chart

KINDS = ("all", "hard", "soft", "pairs")
ACTION_NAMES = {"hit": "Hit", "stand": "Stand", "double": "Double", "split": "Split",
                "surrender": "Surrender"}
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


@dataclass
class Score:
    asked: int = 0
    right: int = 0
    errors: dict[str, int] = field(default_factory=lambda: {"hard": 0, "soft": 0, "pairs": 0})
    asked_by_kind: dict[str, int] = field(
        default_factory=lambda: {"hard": 0, "soft": 0, "pairs": 0})


class Drill:
    """Deals questions of one kind (``all``, ``hard``, ``soft``, ``pairs``) and keeps the score."""

    def __init__(self, rules: Rules, chart: Chart, kind: str = "all",
                 rng: random.Random | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"drill kind is one of {', '.join(KINDS)}, not {kind!r}")
        self.rules = rules
        self.chart = chart
        self.kind = kind
        self.rng = rng or random.Random()
        self.score = Score()
        self.question = self._deal()

    def set_kind(self, kind: str) -> None:
        if kind not in KINDS:
            raise ValueError(f"drill kind is one of {', '.join(KINDS)}, not {kind!r}")
        self.kind = kind
        self.question = self._deal()

    def _deal(self) -> Question:
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
        self.question = self._deal()
        return right, question
