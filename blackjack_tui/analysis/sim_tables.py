"""The fast path's look-up tables: every question a round can ask, answered once per rule set.

Cards are small integers (a card's value 1-10 when the rules split by value, its rank 1-13 when
they split by rank). A hand is a *state*, ``(hard total * 2 + has an ace) << 4``, so that adding
a card is one look-up (``NXT[state | card]``) and a question about the hand against an up card is
another (``HIT3[state | up]``). Totals over 21 are one state, ``BUST``.

The answers come from the rules' kernel (:mod:`blackjack_tui.engine.kernel`: totals, the dealer's
draw, the result, the payout), the engine's own rule functions
(:mod:`blackjack_tui.engine.table_rules`: what a hand may do) and the chart, asked of
representative hands, so the fast path cannot read a rule differently from the engine; what the
tables cannot hold (the order of the round, who is paid when) is in
:mod:`.sim_fast`, and ``tests/analysis/test_sim_differential.py`` holds the two to each other.
"""

from __future__ import annotations

from msgspec import Struct

from blackjack_tui.analysis.sim_engine import BANKROLL, BET, chart_key
from blackjack_tui.analysis.strategy import Chart, insurance_can_win
from blackjack_tui.engine import kernel
from blackjack_tui.engine import table_rules as tr
from blackjack_tui.engine.cards import RANKS, Card, parse_card
from blackjack_tui.engine.hand import Box, Hand
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.vocabulary import AcesLow

STAND, HIT, DOUBLE, BLACKJACK, SPLIT, SURRENDER = 0, 1, 2, 3, 4, 5
"""First-decision codes; from ``BLACKJACK`` up they leave the common path."""
NONE = -1
"""No decision: the hand stands by itself (21, a split ace's one card)."""
CODES = {"stand": STAND, "hit": HIT, "double": DOUBLE, "split": SPLIT, "surrender": SURRENDER}
VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""A card code's blackjack value (codes 11-13 are J, Q, K when the rules split by rank)."""
NO_INSURANCE, AT_DEAL, AT_TURN = 0, 1, 2
"""When insurance is taken: never, right after the deal, at the dealer's turn (no hole card)."""
BUST = 44 << 4
MAX_HANDS = 8
"""Split decisions are indexed by ``... * MAX_HANDS + hands in the box``."""


def state(hard: int, ace: bool) -> int:
    """The state of a hand with this hard total (aces as 1) and whether it holds an ace."""
    return BUST if hard > 21 else (hard * 2 + ace) << 4


def best_of(hard: int, ace: bool) -> int:
    """The best total (22 for any bust)."""
    return 22 if hard > 21 else kernel.best_total(hard, ace)


def pair_key(c1: int, c2: int, up: int) -> int:
    """Where the decision for a two-card hand ``c1``, ``c2`` against ``up`` is looked up."""
    return (c1 << 4 | c2) << 4 | up


class Tables(Struct, frozen=True):
    """Everything a round looks up, for one rule set and one chart."""

    codes: tuple[int, ...]
    nxt: list[int]
    """``NXT[state | card]``: the state after the card (player and dealer alike)."""
    best: list[int]
    """``BEST[state]``: the best total, 22 when bust."""
    start: list[int]
    """``START[c1 << 4 | c2]``: a two-card hand's state."""
    first: list[int]
    """``FIRST[pair_key(c1, c2, up)]``: the first decision of the round's hand."""
    hit3: list[int]
    """``HIT3[state | up]``: whether a hand of three cards or more hits."""
    split: list[int]
    """``SPLIT[pair_key(c1, c2, up) * MAX_HANDS + hands]``: a split hand's two-card decision."""
    double: list[int]
    """``DOUBLE[state | card]``: the best total after doubling, aces as the rules count them."""
    dealer_hits: list[int]
    """``DHIT[state]``: whether the dealer draws."""
    dealer_two: list[int]
    """``D2[up << 4 | second]``: the dealer's state on two cards."""
    blackjack_two: list[int]
    """``BJ2[up << 4 | second]``: the dealer has blackjack."""
    could: list[int]
    """``COULD[up]``: an up card that can make blackjack (an ace or a ten)."""
    result: list[float]
    """``RES[player best << 5 | dealer best]``: +1, 0 or -1 per bet (ties as the rules say)."""
    blackjack_pays: float
    insure: int = NO_INSURANCE
    """When the chart's insurance is taken against an ace (:attr:`.strategy.Chart.insure`, where
    it can win): :data:`NO_INSURANCE`, :data:`AT_DEAL` or :data:`AT_TURN`."""
    half_box: bool = False
    """At the dealer's turn, the stake is half the box's whole stake (doubles and splits)."""


_CARDS = [parse_card("AS")] + [parse_card(rank + "S") for rank in RANKS]


def _card(code: int) -> Card:
    return _CARDS[code]


def _representative(hard: int, ace: bool) -> list[Card] | None:
    """Three cards with this hard total (and an ace, if ``ace``), or ``None`` if there are none."""
    if ace and 3 <= hard <= 21:
        x = min(10, hard - 2)
        return [_card(1), _card(x), _card(hard - 1 - x)]
    if not ace and 6 <= hard <= 21:
        x = min(10, hard - 4)
        return [_card(2), _card(x), _card(hard - 2 - x)]
    return None


class _Asker:
    """Asks the engine's rule functions and the chart what a hand may and should do."""

    def __init__(self, rules: Rules, chart: Chart) -> None:
        self.rules = rules
        self.chart = chart

    def choose(self, hand: Hand, box: Box, up: Card) -> int:
        rules = self.rules
        if not tr.needs_decision(rules, box, hand, BANKROLL):
            return NONE
        legal = frozenset(str(a) for a in tr.play_actions(rules, box, hand, BANKROLL))
        return CODES[self.chart.cells[chart_key(rules, hand.cards, up)].action_for(legal)]

    def first(self, c1: int, c2: int, up: int) -> int:
        box = Box(1, BET)
        box.hands[0].cards = [_card(c1), _card(c2)]
        if box.hands[0].is_blackjack:
            return BLACKJACK
        return self.choose(box.hands[0], box, _card(up))

    def split(self, c1: int, c2: int, up: int, hands: int) -> int:
        cards = [_card(c1), _card(c2)]
        hand = Hand(cards, BET, from_split=True, split_aces=cards[0].is_ace)
        box = Box(1, BET)
        box.hands = [hand] + [Hand([], BET, from_split=True) for _ in range(hands - 1)]
        return self.choose(hand, box, _card(up))

    def hits(self, hard: int, ace: bool, up: int) -> int:
        cards = _representative(hard, ace)
        if cards is None:
            return 0
        box = Box(1, BET)
        box.hands[0].cards = cards
        return int(self.choose(box.hands[0], box, _card(up)) == HIT)


def _doubled(rules: Rules, hard: int, ace: bool, value: int) -> int:
    """The best total of a two-card hand ``(hard, ace)`` doubled and dealt a card of ``value``."""
    if hard + value > 21:
        return 22
    low = rules.double_ace_as_one
    return kernel.doubled_total(hard, ace, value, None if low is None else AcesLow(low))


def _hand_tables(rules: Rules, codes: tuple[int, ...]) -> tuple[list[int], ...]:
    nxt, best = [BUST] * 1024, [22] * 1024
    double, dealer_hits = [22] * 1024, [0] * 1024
    for hard in range(22):
        for ace in (False, True):
            s = state(hard, ace)
            total = best_of(hard, ace)
            draws = kernel.dealer_draws(total, kernel.is_soft(hard, ace),
                                        rules.dealer_hits_soft_17)
            for x in range(16):
                best[s | x] = total
                dealer_hits[s | x] = int(draws)
            for code in codes:
                value = VALUES[code]
                nxt[s | code] = state(hard + value, ace or value == 1)
                double[s | code] = _doubled(rules, hard, ace, value)
    return nxt, best, double, dealer_hits


def _result_table(rules: Rules) -> list[float]:
    result = [0.0] * 1024
    ties_lose = frozenset(rules.dealer_wins_ties)
    for player in range(23):
        for dealer in range(23):
            result[player << 5 | dealer] = float(kernel.result(player, dealer, ties_lose))
    return result


def build_tables(rules: Rules, chart: Chart) -> Tables:
    """Work out every table for ``rules`` and ``chart`` (a few milliseconds)."""
    codes = tuple(range(1, 14)) if rules.split_by == "rank" else tuple(range(1, 11))
    asker = _Asker(rules, chart)
    nxt, best, double, dealer_hits = _hand_tables(rules, codes)
    start, dealer_two, blackjack_two = [0] * 256, [0] * 256, [0] * 256
    first, split = [STAND] * 4096, [NONE] * (4096 * MAX_HANDS)
    hit3 = [0] * 1024
    for c1 in codes:
        for c2 in codes:
            start[c1 << 4 | c2] = dealer_two[c1 << 4 | c2] = nxt[nxt[c1] | c2]
            v1, v2 = VALUES[c1], VALUES[c2]
            blackjack_two[c1 << 4 | c2] = int(kernel.is_natural(v1, v2))
            for up in codes:
                key = pair_key(c1, c2, up)
                first[key] = asker.first(c1, c2, up)
                for hands in range(2, rules.max_split_hands + 1):
                    split[key * MAX_HANDS + hands] = asker.split(c1, c2, up, hands)
    for hard in range(22):
        for ace in (False, True):
            for up in codes:
                hit3[state(hard, ace) | up] = asker.hits(hard, ace, up)
    could = [int(VALUES[code] in (1, 10)) for code in range(14)]
    ratio = kernel.blackjack_pays(rules)
    insure = NO_INSURANCE
    if chart.insure and insurance_can_win(rules):
        insure = AT_DEAL if rules.insurance == "after-deal" else AT_TURN
    return Tables(codes, nxt, best, start, first, hit3, split, double, dealer_hits, dealer_two,
                  blackjack_two, could, _result_table(rules),
                  ratio.numerator / ratio.denominator, insure,
                  rules.insurance_stake == "half-box")
