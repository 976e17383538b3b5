"""The counting simulation's reference path: every round through the engine's :class:`Round`.

Written apart from the fast path on purpose, from the definitions in :mod:`.counting` read the
plain way: the count is summed over the shoe's cards each round, the true count is worked out
with exact fractions, the spread is searched entry by entry, and each index play is asked of its
:class:`~.indices.Index` when the hand comes to it; insurance and even money are answered by the
insurance index when the round asks. ``tests/analysis/test_count_differential.py``
plays both paths round by round.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction

from blackjack_tui.analysis.counting import CountChunkResult, CountPlan, Record
from blackjack_tui.analysis.sim_engine import BANKROLL, chart_key
from blackjack_tui.analysis.strategy import Chart
from blackjack_tui.engine.actions import BARE
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.count_systems import CountSystem, system
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe


def hilo(card: Card) -> int:
    """A card's Hi-Lo tag, from its value: 2-6 +1, 7-9 0, tens and aces -1."""
    if 2 <= card.value <= 6:
        return 1
    return -1 if card.value in (1, 10) else 0


def exact_true_count(running: int, cards_left: int, mode: str, scale: int = 1) -> int:
    decks = Fraction(max(1, cards_left), 52)
    if mode == "half-deck":
        halves = math.floor(decks * 2 + Fraction(1, 2))  # to the nearest half deck, halves up
        decks = Fraction(max(1, halves), 2)
    value = Fraction(running, scale) / decks
    return math.trunc(value) if mode == "truncate" else math.floor(value)


def exact_count(counted: CountSystem, running: int, cards_left: int, mode: str) -> int:
    """The count the plan reads: a balanced system's true count, an unbalanced one's running
    count in tags, floored."""
    if counted.balanced:
        return exact_true_count(running, cards_left, mode, counted.scale)
    return math.floor(Fraction(running, counted.scale))


class CountingEngineTable:
    """One box, the plan's bets and plays, every round a real round of the engine."""

    def __init__(self, rules: Rules, chart: Chart, plan: CountPlan, seed: int = 0, *,
                 shoe: Shoe | None = None) -> None:
        self.counted = system(plan.count)
        self.rules, self.chart, self.plan = rules, chart, plan
        self.shoe = shoe if shoe is not None else Shoe.seeded(rules.decks, seed)
        self.plays = {(e.kind, e.row, e.up): e for e in plan.plays()}
        self.seated = plan.wong_in is None
        self.gone = False

    def units(self, tc: int) -> float:
        steps = self.plan.spread.steps
        chosen = steps[0][1]
        for at, units in steps:
            if at <= tc:
                chosen = units
        return float(chosen)

    def action(self, cards: list[Card], up: Card, legal: frozenset[str], tc: int) -> str:
        key = chart_key(self.rules, cards, up)
        entry = self.plays.get(key)
        if entry is not None and entry.play_at(tc) in legal:
            return entry.play_at(tc)
        return self.chart.cells[key].action_for(legal)

    def play_round(self) -> Record:
        rules, shoe, plan = self.rules, self.shoe, self.plan
        if shoe.needs_shuffle(rules.shuffle == "every-round", rules.penetration):
            shoe.shuffle()
            self.seated, self.gone = plan.wong_in is None, False
        # The initial count plus the points of the cards gone: the points of a full shoe of the
        # table's decks less those of the cards left (each card's own, a red seven's too).
        counted = self.counted
        full = counted.deck_points() * rules.decks
        running = int(counted.initial(rules.decks) + full) \
            - sum(counted.points_of(card) for card in shoe.remaining_cards())
        tc = exact_count(counted, running, shoe.remaining, plan.tc_mode)
        if not self.seated and not self.gone and plan.wong_in is not None \
                and tc >= plan.wong_in:
            self.seated = True
        if self.seated and plan.wong_out is not None and tc <= plan.wong_out:
            self.seated, self.gone = False, True
        # Insurance by the index: where the rules ask it after the peek (no blackjack then),
        # declined as a thinking player declines it; the full stake the rules ask otherwise.
        insure = plan.insures(tc) and not (rules.hole_card == "peek"
                                           and rules.insurance == "dealer-turn")
        rnd = Round(rules, shoe, [rules.min_bet], BANKROLL)
        rnd.deal()
        while (decision := rnd.legal_actions()) is not None:
            if decision.kind == "insurance":
                rnd.apply(BARE["insurance" if insure else "no-insurance"])
            elif decision.kind == "even-money":
                rnd.apply(BARE["even-money" if insure else "no-even-money"])
            else:
                box = next(b for b in rnd.boxes if b.number == decision.box)
                hand = box.hands[decision.hand - 1]
                word = self.action(hand.cards, rnd.up_card, frozenset(decision.actions), tc)
                rnd.apply(BARE[word])
        bet = self.units(tc) if self.seated else 0.0
        net = float(rnd.net / rules.min_bet) * bet
        return tc, bet, net, shoe.remaining

    def play(self, rounds: int, records: list[Record] | None = None) -> CountChunkResult:
        began = time.process_time()
        played, wagered, total, squares = 0, 0.0, 0.0, 0.0
        tcs: dict[int, int] = {}
        for _ in range(rounds):
            record = self.play_round()
            tc, bet, net, _ = record
            tcs[tc] = tcs.get(tc, 0) + 1
            if bet:
                played += 1
                wagered += bet
                total += net
                squares += net * net
            if records is not None:
                records.append(record)
        return CountChunkResult(0, rounds, played, wagered, total, squares,
                                tuple(sorted(tcs.items())), time.process_time() - began)
