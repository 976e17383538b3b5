"""The strategy drill: random first hands of the active rule set, the player names the play.

The right answer is the chart's (as the simulator plays it): the cell for the hand's pair row,
soft or hard total against the up card, its best action among those legal on these two cards.
Hands are dealt from a full shoe (so they come as often as at the table), kept only when they
are of the kind being drilled; blackjacks are skipped (there is nothing to decide).

The ``counts`` drill asks the index plays instead: a hand whose play turns with the count (the
system of the :class:`~blackjack_tui.analysis.indices.Indices` handed over: a true count, or
KO's and Red 7's running count), a count near its index, and the right answer is the play at
that count.

The ``close`` drill ("hard hands") deals only the hands whose best play is worth within
:data:`CLOSE` of the second best (the chart cell's EVs, among the plays legal on the hand).

Practice goes where the player is weak: the questions missed in the last sittings (``review``,
from the progress) come back, one question in :data:`REVIEW_SHARE`, each as often as it was
missed, and leave the review once answered right (this sitting) or no longer missed in the
sittings the progress looks back over.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from decimal import Decimal
from typing import TYPE_CHECKING

from msgspec import Struct, field

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

KINDS = ("all", "hard", "soft", "pairs", "close", "counts")
A = ActionName
ANSWERS = (A.HIT, A.STAND, A.DOUBLE, A.SPLIT, A.SURRENDER, A.INSURANCE, A.NO_INSURANCE)
"""Every answer a question may have: the plays, and insurance for the counts drill."""
NEAR = 3
"""A counts question's true count lies within this many counts of the index."""
_BANKROLL = Decimal(10) ** 9
CLOSE = 0.03
"""A ``close`` hand's best play is worth less than this (units of the bet) over the next best."""
REVIEW_SHARE = 3
"""One question in this many is a missed one again, while there are any."""
_TRIES = 20_000
DEFAULT_COUNT = "hi-lo"
"""The count system whose missed index plays are kept without its name (as they were before
there were others)."""


def kind_of(rules: Rules, cards: list[Card]) -> str:
    """``pairs``, ``soft`` or ``hard``: the part of the chart a two-card hand is read from."""
    if tr.is_pair(rules, cards):
        return "pairs"
    return "soft" if hand_totals(cards)[1] else "hard"


class Question(Struct, frozen=True):
    cards: tuple[Card, Card]
    up: Card
    kind: str
    legal: tuple[str, ...]
    answer: str
    true_count: int | None = None
    """The count shown with a counts question."""
    index: Index | None = None


class Score(Struct):
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
                 rng: random.Random | None = None, indices: Indices | None = None,
                 review: Counter[str] | None = None) -> None:
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
        self.review: Counter[str] = Counter(review or {})
        """Missed questions (as :func:`item_of` names them) to deal again, by weight."""
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
        again = self._review()
        if again is not None:
            return again
        if self.kind == "counts":
            return self._deal_count()
        for _ in range(_TRIES):
            a, up, b = self.rng.choice(DECK), self.rng.choice(DECK), self.rng.choice(DECK)
            if len({a.text, up.text, b.text}) < 3:
                continue  # the same card twice (a two of clubs against a two of clubs) looks wrong
            kind = kind_of(self.rules, [a, b])
            if self.kind not in ("all", "close") and kind != self.kind:
                continue
            question = self._chart_question(a, b, up)
            if question is None or (self.kind == "close" and self.margin(question) >= CLOSE):
                continue
            return question
        raise ValueError(f"no hand of this table is a {self.kind!r} question")

    def _chart_question(self, a: Card, b: Card, up: Card) -> Question | None:
        """The chart's question for ``a``, ``b`` against ``up`` (``None``: a blackjack)."""
        rules = self.rules
        box = Box(1, rules.min_bet)
        hand = box.hands[0]
        hand.cards = [a, b]  # setting the cards works the total out
        if hand.is_blackjack:
            return None
        legal = tr.play_actions(rules, box, hand, _BANKROLL)
        answer = chart_action(rules, self.chart, [a, b], up, legal)
        return Question((a, b), up, kind_of(rules, [a, b]), legal, answer)

    def margin(self, question: Question) -> float:
        """How much the best legal play is worth over the next best (the chart cell's EVs)."""
        from blackjack_tui.analysis.sim_engine import chart_key

        cell = self.chart.cells[chart_key(self.rules, list(question.cards), question.up)]
        evs = [ev for action, ev in cell.ranked if action in question.legal]
        return evs[0] - evs[1] if len(evs) > 1 else float("inf")

    def _review(self) -> Question | None:
        """One of the missed questions of this drill's kind, one time in :data:`REVIEW_SHARE`."""
        counts = self.kind == "counts"
        items = [item for item in self.review if ("@" in item) is counts]
        if not items or self.rng.randrange(REVIEW_SHARE):
            return None
        item = self.rng.choices(items, weights=[self.review[i] for i in items])[0]
        question = self._from_item(item)
        if question is None or (not counts and self.kind not in ("all", "close")
                                and question.kind != self.kind):
            return None
        return question

    def _from_item(self, item: str) -> Question | None:
        """The question ``item`` names, again (``None`` when this table has no such question)."""
        suits = self.rng.sample("SHDC", 3)
        if "@" in item:
            label, _, count = item.partition("@")
            count, _, system = count.partition("@")
            if (system or DEFAULT_COUNT) != self.count:
                return None  # missed in another count system: its counts mean other things
            entries = [e for e in (self.indices.entries if self.indices else ())
                       if e.label == label]
            try:
                true_count = int(count)
            except ValueError:
                return None
            if not entries:
                return None
            return self._count_question(entries[0], true_count)
        ranks = item.replace("v", "")
        if len(ranks) != 3:
            return None
        try:
            a, b, up = (Card(rank + suit) for rank, suit in zip(ranks, suits, strict=True))
        except ValueError:
            return None
        return self._chart_question(a, b, up)

    def _deal_count(self) -> Question:
        assert self.indices is not None
        playable = [e for e in self.indices.entries if self._cards_for(e) is not None]
        if not playable:
            raise ValueError("no index play of this table can be drilled")
        while True:
            entry = self.rng.choice(playable)
            true_count = entry.number + self.rng.randint(-NEAR, NEAR)
            question = self._count_question(entry, true_count)
            if question is not None:
                return question

    def _count_question(self, entry: Index, true_count: int) -> Question | None:
        cards = self._cards_for(entry)
        if cards is None:
            return None
        # Not a card the player holds (a two of clubs against a two of clubs): one deck has one.
        held = {c.suit for c in cards if c.value == entry.up}
        suit = self.rng.choice([s for s in "SHDC" if s not in held])
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
        return None

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
        item = item_of(question, self.count)
        if right and item in self.review:
            del self.review[item]  # learnt: out of this sitting's review
        score = self.score
        score.asked += 1
        score.asked_by_kind[question.kind] += 1
        if right:
            score.right += 1
        else:
            score.errors[question.kind] += 1
            score.missed.append(item)
        self.question = self._deal()
        return right, question

    @property
    def count(self) -> str:
        """The count system of the index plays drilled (Hi-Lo before any are handed over)."""
        return self.indices.count if self.indices is not None else DEFAULT_COUNT

    @property
    def name(self) -> str:
        """The drill's name in the progress: ``indices`` for the count's index plays."""
        return "indices" if self.kind == "counts" else "strategy"

    def attempt(self, seconds: float) -> Attempt:
        """The sitting as the progress keeps it (under the kind drilled last)."""
        score = self.score
        return Attempt(self.name, dt.date.today(), score.asked, score.right, round(seconds, 2),
                       tuple(score.missed))


def item_of(question: Question, count: str = "hi-lo") -> str:
    """A question in a few characters, to deal it again: ``T6v9`` (the ranks, against the up
    card's), or the index play and the count: ``16 v 10@+1`` (Hi-Lo's, as it always was),
    ``16 v 10@+5@zen`` (another system's: it comes back only in a sitting of that system)."""
    if question.index is not None and question.true_count is not None:
        tail = "" if count == DEFAULT_COUNT else f"@{count}"
        return f"{question.index.label}@{question.true_count:+d}{tail}"
    a, b = question.cards
    return f"{a.rank}{b.rank}v{question.up.rank}"
