"""The simulator's reference path: basic strategy played through the engine's own :class:`Round`.

Slow (every round is a real round: bets, events, exact money) but it is the game itself, so the
fast path in :mod:`.sim_fast` is tested against it card for card.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from blackjack_tui.analysis.strategy import Chart
from blackjack_tui.engine.actions import BARE, Action
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.hand import Hand
from blackjack_tui.engine.kernel import hand_totals, is_pair
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.vocabulary import ActionName

BET = Decimal(1)
"""The unit stake the fast path's tables are worked out with (the engine path bets the minimum)."""
BANKROLL = Decimal(10) ** 11  # within the engine's bound on amounts (12 digits)
"""Enough never to refuse a double or a split: the simulator plays the strategy, not a budget."""
NO_INSURANCE, NO_EVEN_MONEY = Action(ActionName.NO_INSURANCE), Action(ActionName.NO_EVEN_MONEY)


def chart_key(rules: Rules, cards: Sequence[Card], up: Card) -> tuple[str, int, int]:
    """The chart cell a hand is played from: its pair row, else its soft or hard total.

    A two-card pair (by value or by rank, as the rules split) reads the pair row even when it may
    not split any more; the cell's ranking then picks the best of what is legal.
    """
    if len(cards) == 2 and is_pair(cards[0], cards[1], rules.split_by == "rank"):
        return "pair", cards[0].value, up.value
    total, soft = hand_totals(cards)
    return ("soft" if soft else "hard"), total, up.value


def basic_action(rules: Rules, chart: Chart, hand: Hand, up: Card, legal: Sequence[str]) -> str:
    """The chart's play for ``hand`` among the ``legal`` actions."""
    return chart.cells[chart_key(rules, hand.cards, up)].action_for(frozenset(legal))


class EngineTable:
    """One box at one table, a unit bet every round, from one seeded shoe."""

    def __init__(self, rules: Rules, chart: Chart, seed: int = 0, *,
                 shoe: Shoe | None = None) -> None:
        self.rules = rules
        self.chart = chart
        self.shoe = shoe if shoe is not None else Shoe.seeded(rules.decks, seed)
        self._every_round = rules.shuffle == "every-round"
        self._bet = rules.min_bet

    def play_round(self) -> float:
        """Play one round by the chart (never insuring, never taking even money); its net."""
        rules = self.rules
        if self.shoe.needs_shuffle(self._every_round, rules.penetration):
            self.shoe.shuffle()
        rnd = Round(rules, self.shoe, [self._bet], BANKROLL)
        rnd.deal()
        while (decision := rnd.legal_actions()) is not None:
            if decision.kind == "insurance":
                rnd.apply(NO_INSURANCE)
            elif decision.kind == "even-money":
                rnd.apply(NO_EVEN_MONEY)
            else:
                box = next(b for b in rnd.boxes if b.number == decision.box)
                hand = box.hands[decision.hand - 1]
                rnd.apply(BARE[basic_action(rules, self.chart, hand, rnd.up_card,
                                            decision.actions)])
        return float(rnd.net / self._bet)

    def play(self, rounds: int, nets: list[float] | None = None) -> tuple[float, float]:
        """Play ``rounds`` rounds; returns (sum of nets, sum of squared nets)."""
        counts: dict[float, int] = {}
        for _ in range(rounds):
            net = self.play_round()
            counts[net] = counts.get(net, 0) + 1
            if nets is not None:
                nets.append(net)
        return exact_sums(counts)


def exact_sums(counts: dict[float, int]) -> tuple[float, float]:
    """The sum of the nets and of their squares, from how often each net came, rounded once: the
    same figures whatever the order the rounds came in (both paths report them alike)."""
    total = sum((Fraction(net) * n for net, n in counts.items()), Fraction(0))
    squares = sum((Fraction(net) ** 2 * n for net, n in counts.items()), Fraction(0))
    return float(total), float(squares)
