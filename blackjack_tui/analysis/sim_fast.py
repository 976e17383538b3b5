"""The simulator's fast path: the engine's round for one box, a unit bet and the chart, as table
look-ups over small integers.

It deals the engine's own shoe (:mod:`.sim_shoe`: the same cards as a seeded
:class:`~blackjack_tui.engine.shoe.Shoe`) and answers every decision from tables worked out once
per rule set from the engine's rule functions (:mod:`.sim_tables`). What it cannot look up is the
order of the round, written here once: the deal, then two state machines (:mod:`.sim_machine`)
that take a card at a time, the player's hand and the dealer's; a box that splits leaves them
for :func:`_split_round`. Insurance and even money are declined by basic strategy; a counter's
chart that takes them (:attr:`.strategy.Chart.insure`) has them in its machines' nets.

It is only used for rule sets it models: :data:`MODELLED` lists the :class:`Rules` fields whose
every value it plays (with :data:`MODELLED_VALUES` for the fields that take named values), and
:data:`NOT_PLAYED` those that cannot change a round of one box at a unit bet. :func:`models`
routes anything else to the engine, and a test fails until a new field is sorted into one list
or the other. ``tests/analysis/test_sim_differential.py`` plays random
rule sets over every field, every stacked shoe of the engine's scenario tests and random shoes
through both paths and asks for the same result round by round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, get_args, get_origin

from blackjack_tui.analysis.sim_engine import exact_sums
from blackjack_tui.analysis.sim_machine import SPLIT_NOW, STAND_AT, Machine, build_machine
from blackjack_tui.analysis.sim_shoe import Draw, FastShoe
from blackjack_tui.analysis.sim_tables import (
    AT_DEAL,
    AT_TURN,
    DOUBLE,
    HIT,
    MAX_HANDS,
    SPLIT,
    VALUES,
    Tables,
    build_tables,
    pair_key,
)
from blackjack_tui.analysis.strategy import Chart
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.rules import Rules

MODELLED = frozenset({
    "decks", "shuffle", "penetration", "dealer_hits_soft_17", "hole_card", "no_hole_card_loses",
    "dealer_wins_ties", "blackjack_pays", "blackjack_paid_at_once", "double_on",
    "double_ace_as_one", "double_after_split", "double_after_split_any_total", "split_by",
    "max_split_hands", "resplit_aces", "split_aces_one_card", "hit_soft_21", "surrender",
    "insurance", "insurance_stake", "insure_blackjack", "even_money",
})
"""The rules the fast path plays: the shoe, the dealer, payouts, doubling, splitting, surrender,
insurance and even money (taken only by a chart that says so: :attr:`.strategy.Chart.insure`)."""
MODELLED_VALUES: dict[str, frozenset[object]] = {
    "shuffle": frozenset({"every-round", "cut-card"}),
    "hole_card": frozenset({"peek", "none"}),
    "no_hole_card_loses": frozenset({"all", "original"}),
    "double_on": frozenset({"any", "9-11", "10-11", "7-11"}),
    "double_ace_as_one": frozenset({"all", "held", None}),
    "split_by": frozenset({"value", "rank"}),
    "surrender": frozenset({"none", "late"}),
    "insurance": frozenset({"none", "after-deal", "dealer-turn"}),
    "insurance_stake": frozenset({"half-bet", "half-box", "up-to-half"}),
}
"""Of the modelled fields that take named values, the values the fast path knows."""
NOT_PLAYED = frozenset({
    "name", "title", "description", "source", "min_bet", "max_bet", "chips", "tiers",
    "max_boxes", "ledger",
})
"""Rules that change nothing here: names, limits, chips, tiers and boxes (one box, a unit bet:
insurance up to half the bet is taken in full), the home game's ledger."""

_TABLES: dict[tuple[Rules, int], tuple[Chart, Tables, Machine]] = {}
"""Tables by rule set and chart: a process builds them once for all its chunks."""


def unknown_fields() -> set[str]:
    """``Rules`` fields sorted neither into :data:`MODELLED` nor :data:`NOT_PLAYED`."""
    return set(Rules.model_fields) - MODELLED - NOT_PLAYED


def _allowed(annotation: object) -> set[object]:
    """The values a ``Literal`` annotation (or an optional one) allows."""
    if annotation is type(None):
        return {None}
    if get_origin(annotation) is Literal:
        return set(get_args(annotation))
    return {v for arg in get_args(annotation) for v in _allowed(arg)} or {annotation}


def unknown_values() -> dict[str, set[object]]:
    """Values the ``Rules`` model allows that :data:`MODELLED_VALUES` does not list."""
    out = {}
    for name, values in MODELLED_VALUES.items():
        allowed = _allowed(Rules.model_fields[name].annotation)
        if allowed - values:
            out[name] = allowed - values
    return out


def models(rules: Rules) -> bool:
    """Whether the fast path plays ``rules`` exactly (otherwise the simulator uses the engine)."""
    if unknown_fields():
        return False
    return all(getattr(rules, name) in values for name, values in MODELLED_VALUES.items())


def tables_for(rules: Rules, chart: Chart) -> tuple[Tables, Machine]:
    """The look-up tables and state machines for ``rules`` and ``chart``, built once a process."""
    key = (rules, id(chart))
    found = _TABLES.get(key)
    if found is None or found[0] is not chart:
        tables = build_tables(rules, chart)
        found = _TABLES[key] = (chart, tables, build_machine(rules, tables))
    return found[1], found[2]


def _split_round(rules: Rules, t: Tables, shoe: FastShoe
                 ) -> Callable[[int, int, int, int, Draw], float]:
    """A box that splits: its hands left to right, as the engine's cursor moves over them."""
    split_t, start, nxt, best, hit3, dbl = t.split, t.start, t.nxt, t.best, t.hit3, t.double
    settle = _split_settlement(rules, t)
    left, need = shoe.cards, shoe.safe  # what the rest of a splitting round can take
    peek = rules.hole_card == "peek"

    def play_hand(cards: list[int], a: int, up: int, more: Draw) -> tuple[int, float]:
        s = start[cards[0] << 4 | cards[1]]
        if a == DOUBLE:
            return dbl[s | more()], 2.0
        if a == HIT:
            s = nxt[s | more()]
            while hit3[s | up]:
                s = nxt[s | more()]
        return best[s], 1.0

    def split_round(c1: int, c2: int, up: int, hole: int, more: Draw) -> float:
        if len(left) - shoe.loose < need:  # near the cut card: card by card, as the engine draws
            shoe.taken[:] = [c1, up, c2, hole] if peek else [c1, up, c2]
            more = shoe.draw
        # Each new hand at once gets its second card, the left hand first.
        hands = [[c1, more()], [c2, more()]]
        played: list[tuple[int, float]] = []
        while len(played) < len(hands):
            cards = hands[len(played)]
            a = split_t[pair_key(cards[0], cards[1], up) * MAX_HANDS + len(hands)]
            if a == SPLIT:
                hi = len(played)
                hands[hi:hi + 1] = [[cards[0], more()], [cards[1], more()]]
            else:
                played.append(play_hand(cards, a, up, more))
        return settle(played, up, hole, more)

    return split_round


def _split_settlement(rules: Rules, t: Tables
                      ) -> Callable[[list[tuple[int, float]], int, int, Draw], float]:
    peek = rules.hole_card == "peek"
    original = not peek and rules.no_hole_card_loses == "original"
    nxt, best, bj2, d2, dhit, res = t.nxt, t.best, t.blackjack_two, t.dealer_two, \
        t.dealer_hits, t.result
    insure, half_box = t.insure, t.half_box

    def settle(played: list[tuple[int, float]], up: int, hole: int, more: Draw) -> float:
        lost = sum(stake for player, stake in played if player > 21)
        staked = sum(stake for _, stake in played)
        ins = 0.0  # the insurance: taken at the deal, or at the dealer's turn by a live box
        if insure and VALUES[up] == 1 and (insure == AT_DEAL or lost != staked):
            ins = staked / 2 if insure == AT_TURN and half_box else 0.5
        if lost == staked:
            if not ins:
                return -lost  # every hand busted: the dealer does not play
            if peek:
                return -lost - ins  # the peek showed no blackjack
            # Without a hole card, the dealer's second card is drawn for the insurance.
            return -lost + (2.0 * ins if bj2[up << 4 | more()] else -ins)
        second = hole or more()
        if bj2[up << 4 | second]:  # (never after the peek)
            if original:  # the first hand loses the box's bet, unless it busted already
                return -lost - (1.0 if played[0][0] <= 21 else 0.0) + 2.0 * ins
            return -staked + 2.0 * ins
        d = d2[up << 4 | second]
        while dhit[d]:
            d = nxt[d | more()]
        dealer = best[d]
        return -lost + sum(res[player << 5 | dealer] * stake
                           for player, stake in played if player <= 21) - ins

    return settle


def _index_of(net: float, index: dict[float, int], values: list[float], ends: list[int]) -> int:
    """Where a split round's net is counted (a new one gets a place)."""
    found = index.get(net)
    if found is None:
        found = index[net] = len(values)
        values.append(net)
        ends.append(0)
    return found


class FastTable:
    """One box at one table, a unit bet every round, from one seeded (or stacked) shoe."""

    def __init__(self, rules: Rules, chart: Chart, seed: int = 0, *,
                 stacked: list[Card] | None = None) -> None:
        if not models(rules):
            raise ValueError(f"the fast path does not model rule set {rules.name!r}")
        self.rules = rules
        self.shoe = FastShoe(rules, seed, stacked)
        tables, self.machine = tables_for(rules, chart)
        self._split = _split_round(rules, tables, self.shoe)

    def play(self, rounds: int, nets: list[float] | None = None) -> tuple[float, float]:
        """Play ``rounds`` rounds; returns (sum of nets, sum of squared nets), in bets.

        The round, written once: the deal, the player's machine, the dealer's (see
        :mod:`.sim_machine`); a box that splits is played by ``_split``. While the cards a round
        without a split can take are all drawn already it deals with ``pop``; near the cut card
        the shoe says how to deal (:meth:`FastShoe.prepare`).
        """
        shoe, m, split_round = self.shoe, self.machine, self._split
        cards = shoe.cards
        pop = cards.pop
        entry, player, dealer_start, dealer = m.entry, m.player, m.dealer_start, m.dealer
        values, index = list(m.nets), {net: i for i, net in enumerate(m.nets) if i}
        peek = self.rules.hole_card == "peek"
        ends = [0] * len(values)  # how many rounds ended on each net
        clear = shoe.loose + shoe.unsplit
        first: Draw
        more: Draw
        for _ in range(rounds):
            if len(cards) >= clear:
                first = more = pop
            else:
                first, more = shoe.prepare()
                # A round dealt card by card may run the shoe dry: the next one asks again.
                clear = shoe.loose + shoe.unsplit if more == pop else shoe.total + 1
            c1 = first()
            up = first()
            c2 = first()
            hole = first() if peek else 0  # no hole card: 0 until the dealer's turn
            s = entry[(c1 << 4 | c2) << 8 | up << 4 | hole]
            while s >= 0:
                s = player[s | more()]
            end = ~s
            if end >= STAND_AT:
                d = dealer_start[end | hole]
                while d >= 0:
                    d = dealer[d | more()]
                end = ~d
            elif end == SPLIT_NOW:
                end = _index_of(split_round(c1, c2, up, hole, more), index, values, ends)
            ends[end] += 1
            if nets is not None:
                nets.append(values[end])
        return exact_sums(dict(zip(values[1:], ends[1:], strict=True)))  # 0: SPLIT_NOW
