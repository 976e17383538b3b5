"""The simulator's fast path: the engine's round, rewritten as one lean loop over small integers.

It deals from the same seeded shoe as :class:`~blackjack_tui.engine.shoe.Shoe` (the same initial
order, the same Fisher-Yates draws, the same discard order and cut card), so it sees the same cards
as the engine and settles them the same way; ``tests/analysis/test_sim_differential.py`` compares
the two round by round. What makes it fast:

- cards are integers: a card's value (1-10) when the rules split by value, its rank (1-13) when
  they split by rank; ``VALUES[code]`` is the blackjack value either way;
- every decision is a table look-up prepared once per rule set, from the engine's own rule
  functions (:mod:`blackjack_tui.engine.table_rules`) and the chart: the first decision by
  (cards, up card), split hands by (cards, up card, hands in the box), later ones by (total, soft,
  up card);
- one box, a unit bet, insurance and even money always declined: nothing to ask but the play;
- the common round (no split) is straight-line code; a split goes to the general :meth:`_split`.

The shuffle is the engine's Fisher-Yates with ``randrange(i + 1)`` unrolled into what
``random.Random`` does for it (``getrandbits`` of ``(i + 1).bit_length()`` bits until one is below
``i + 1``), three times faster than calling ``randrange``. :func:`unrolled_shuffle_agrees` checks
that against ``random.Random.shuffle`` (the same draws as :func:`fisher_yates`) at start-up, and
the shoe falls back to ``shuffle`` on a Python whose ``random`` draws differently.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from blackjack_tui.analysis.sim_engine import BANKROLL, BET, chart_key
from blackjack_tui.analysis.strategy import Chart
from blackjack_tui.engine import table_rules as tr
from blackjack_tui.engine.cards import RANKS, Card, parse_card
from blackjack_tui.engine.errors import ShoeEmptyError
from blackjack_tui.engine.hand import Box, Hand
from blackjack_tui.engine.rules import Rules

NONE, STAND, HIT, DOUBLE, SPLIT, SURRENDER = -1, 0, 1, 2, 3, 4
CODES = {"stand": STAND, "hit": HIT, "double": DOUBLE, "split": SPLIT, "surrender": SURRENDER}
VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""A card code's blackjack value (codes 11-13 are J, Q, K when the rules split by rank)."""


def _steps(size: int) -> list[tuple[int, int, int]]:
    """Fisher-Yates from the top: position ``i``, the bound ``i + 1`` and its bit length."""
    return [(i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)]


def _unrolled_shuffle(cards: list[int], getrandbits: Callable[[int], int],
                      steps: list[tuple[int, int, int]]) -> None:
    for i, bound, bits in steps:
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_AGREES: bool | None = None
_TABLES: dict[tuple[Rules, int], tuple[Chart, list[int], list[list[int]], list[int]]] = {}
"""Decision tables by rule set and chart: a process builds them once for all its chunks."""


def unrolled_shuffle_agrees() -> bool:
    """Whether the unrolled shuffle draws what ``random.Random.shuffle`` draws on this Python."""
    global _AGREES
    if _AGREES is None:
        ours, theirs = list(range(400)), list(range(400))
        _unrolled_shuffle(ours, random.Random(11).getrandbits, _steps(400))
        random.Random(11).shuffle(theirs)
        _AGREES = ours == theirs
    return _AGREES


def _card(code: int) -> Card:
    return parse_card(RANKS[code - 1] + "S")


def _first_key(c1: int, c2: int, up: int) -> int:
    return (c1 * 14 + c2) * 11 + up


def _hit_key(best: int, soft: bool, up: int) -> int:
    return (best * 2 + soft) * 11 + up


class FastTable:
    """One box at one table, a unit bet every round, from one seeded shoe, by table look-ups."""

    def __init__(self, rules: Rules, chart: Chart, seed: int) -> None:
        self.rules = rules
        by_rank = rules.split_by == "rank"
        self.codes = tuple(range(1, 14)) if by_rank else tuple(range(1, 11))
        deck = [min(i + 1, 10) if not by_rank else i + 1 for i in range(13)]
        self.cards: list[int] = deck * 4 * rules.decks  # Shoe's order: suits of A..K, per deck
        self.total = len(self.cards)
        self.discards: list[int] = []
        self.rng = random.Random(seed)
        self._unrolled = unrolled_shuffle_agrees()
        self._steps: dict[int, list[tuple[int, int, int]]] = {}
        self._fisher_yates(self.cards)
        self.shuffles = 1
        every = rules.shuffle == "every-round"
        self.every_round = every
        # Shoe.needs_shuffle's own float test, tabulated by the number of cards left.
        self.shuffle_at = [not every and 1 - left / self.total >= rules.penetration
                           for left in range(self.total + 1)]
        self.safe = 21 * (rules.max_split_hands + 1) + 1  # the most cards one round can take
        ratio: Fraction = rules.blackjack_ratio
        self.blackjack = ratio.numerator / ratio.denominator
        key = (rules, id(chart))
        found = _TABLES.get(key)
        if found is None or found[0] is not chart:
            found = _TABLES[key] = (chart, *self._tables(rules, chart))
        _, self.first, self.split_table, self.hits = found

    # ------------------------------------------------------------------ tables

    def _tables(self, rules: Rules,
                chart: Chart) -> tuple[list[int], list[list[int]], list[int]]:
        """Every decision the round can ask, answered once from the engine's rules and the chart."""

        def choose(hand: Hand, box: Box, up: Card) -> int:
            if not tr.needs_decision(rules, box, hand, BANKROLL):
                return NONE
            legal = frozenset(tr.play_actions(rules, box, hand, BANKROLL))
            return CODES[chart.cells[chart_key(rules, hand.cards, up)].action_for(legal)]

        first = [NONE] * _first_key(14, 0, 0)
        split: list[list[int]] = [[NONE] * 5 for _ in range(_first_key(14, 0, 0))]
        hits = [STAND] * _hit_key(22, True, 11)
        for vu in range(1, 11):
            up = _card(vu)
            for c1 in self.codes:
                for c2 in self.codes:
                    cards = [_card(c1), _card(c2)]
                    box = Box(1, BET)
                    box.hands[0].cards = list(cards)
                    first[_first_key(c1, c2, vu)] = choose(box.hands[0], box, up)
                    for hands in range(2, rules.max_split_hands + 1):
                        box = Box(1, BET)
                        hand = Hand(list(cards), BET, from_split=True,
                                    split_aces=cards[0].is_ace)
                        box.hands = [hand] + [Hand([], BET, from_split=True)] * (hands - 1)
                        split[_first_key(c1, c2, vu)][hands] = choose(hand, box, up)
            for best in range(4, 22):
                for soft in (False, True):
                    if soft and best < 12:
                        continue
                    # Three cards making this total: hit or stand is all that is left.
                    if soft:
                        if best < 13:
                            continue  # a soft 12 has two cards: A-A
                        cards = [_card(1), _card(best - 12 or 1), _card(1)] if best > 13 else \
                            [_card(1), _card(1), _card(1)]
                    else:
                        if best < 6:
                            continue  # no hard 4 or 5 of three cards
                        x = min(10, best - 4)
                        cards = [_card(2), _card(x), _card(best - 2 - x)]
                    box = Box(1, BET)
                    box.hands[0].cards = cards
                    action = choose(box.hands[0], box, up)
                    hits[_hit_key(best, soft, vu)] = HIT if action == HIT else STAND
        return first, split, hits

    # ------------------------------------------------------------------ the shoe

    def _fisher_yates(self, cards: list[int]) -> None:
        if not self._unrolled:
            self.rng.shuffle(cards)
            return
        steps = self._steps.get(len(cards))
        if steps is None:
            steps = self._steps[len(cards)] = _steps(len(cards))
        _unrolled_shuffle(cards, self.rng.getrandbits, steps)

    def _shuffle(self) -> None:
        self.cards.extend(self.discards)
        self.discards.clear()
        self._fisher_yates(self.cards)
        self.shuffles += 1

    def _safe_draw(self) -> int:
        """Draw near the end of the shoe: a shoe that runs dry mid-round reshuffles its discards."""
        cards = self.cards
        if not cards:
            if not self.discards:
                raise ShoeEmptyError("the shoe ran out of cards")
            cards.extend(self.discards)
            self.discards.clear()
            self._fisher_yates(cards)
            self.shuffles += 1
        return cards.pop()

    # ------------------------------------------------------------------ playing

    def play(self, rounds: int, nets: list[float] | None = None) -> tuple[float, float]:
        """Play ``rounds`` rounds; returns (sum of nets, sum of squared nets), in bets."""
        rules = self.rules
        cards, discards = self.cards, self.discards
        pop = cards.pop
        first, hits, shuffle_at = self.first, self.hits, self.shuffle_at
        peek = rules.hole_card == "peek"
        paid_at_once = rules.blackjack_paid_at_once
        bj_pays = self.blackjack
        h17 = rules.dealer_hits_soft_17
        hit_soft_21 = rules.hit_soft_21
        aces_low = bool(rules.double_ace_as_one)
        loses_all = rules.hole_card == "peek" or rules.no_hole_card_loses == "all"
        ties = frozenset(rules.dealer_wins_ties)
        every_round, safe = self.every_round, self.safe
        v = VALUES
        total = squares = 0.0
        hole = 0
        for _ in range(rounds):
            if every_round:
                if discards or self.shuffles == 0:
                    self._shuffle()
            elif shuffle_at[len(cards)]:
                self._shuffle()
            draw = pop if len(cards) >= safe else self._safe_draw
            c1 = draw()
            up = draw()
            c2 = draw()
            dealer = [up]
            if peek:
                hole = draw()
                dealer.append(hole)
            v1, v2, vu = v[c1], v[c2], v[up]
            hand = [c1, c2]
            blackjack = v1 + v2 == 11 and (v1 == 1 or v2 == 1)
            could = vu == 1 or vu == 10
            if peek and could:
                if vu + v[hole] == 11:  # the peek finds a blackjack
                    net = 0.0 if blackjack else -1.0
                    discards += hand
                    discards += dealer
                    total += net
                    squares += net * net
                    if nets is not None:
                        nets.append(net)
                    continue
                could = False
            if blackjack:
                net = bj_pays
                # Not paid at once: the dealer's second card (no hole card) decides.
                if not (paid_at_once and not could) and not peek:
                    c = draw()
                    dealer.append(c)
                    if vu + v[c] == 11 and could:
                        net = 0.0
                discards += hand
                discards += dealer
                total += net
                squares += net * net
                if nets is not None:
                    nets.append(net)
                continue
            action = first[(c1 * 14 + c2) * 11 + vu]
            if action == SPLIT:
                net = self._split(draw, c1, c2, dealer, vu)
                total += net
                squares += net * net
                if nets is not None:
                    nets.append(net)
                continue
            stake = 1.0
            hard = v1 + v2
            ace = v1 == 1 or v2 == 1
            best = hard + 10 if ace and hard <= 11 else hard
            live = True
            if action == SURRENDER:
                net = -0.5
                live = False
            elif action == DOUBLE:
                c = draw()
                hand.append(c)
                stake = 2.0
                hard += v[c]
                soft = not aces_low and (ace or v[c] == 1) and hard <= 11
                best = hard + 10 if soft else hard
                if best > 21:
                    net = -2.0
                    live = False
            elif action == HIT:
                while True:
                    c = draw()
                    hand.append(c)
                    hard += v[c]
                    if v[c] == 1:
                        ace = True
                    if ace and hard <= 11:
                        best = hard + 10
                        if best == 21 and not hit_soft_21:
                            break
                        if not hits[(best * 2 + 1) * 11 + vu]:
                            break
                    else:
                        best = hard
                        if best >= 21:
                            break
                        if not hits[best * 22 + vu]:
                            break
                if best > 21:
                    net = -1.0
                    live = False
            if live:
                # The dealer's turn: the second card (no hole card), a blackjack, the draw to 17.
                if peek:
                    dh = vu + v[hole]
                    dace = vu == 1 or v[hole] == 1
                else:
                    c = draw()
                    dealer.append(c)
                    dh = vu + v[c]
                    dace = vu == 1 or v[c] == 1
                if dace and dh == 11 and len(dealer) == 2:
                    net = -stake if loses_all else -1.0
                else:
                    while True:
                        if dace and dh <= 11:
                            dt = dh + 10
                            if dt < 17 or (dt == 17 and h17):
                                c = draw()
                                dealer.append(c)
                                dh += v[c]
                                continue
                        else:
                            dt = dh
                            if dt < 17:
                                c = draw()
                                dealer.append(c)
                                dh += v[c]
                                if v[c] == 1:
                                    dace = True
                                continue
                        break
                    if dt > 21 or best > dt:
                        net = stake
                    elif best < dt or best in ties:
                        net = -stake
                    else:
                        net = 0.0
            discards += hand
            discards += dealer
            total += net
            squares += net * net
            if nets is not None:
                nets.append(net)
        return total, squares

    def _split(self, take: Callable[[], int], c1: int, c2: int, dealer: list[int],
               vu: int) -> float:
        """A round whose first hand splits: the engine's cursor over the box's hands, literally."""
        rules = self.rules
        table = self.split_table
        hits = self.hits
        # A hand: [cards, stake, aces_low, settled net or None, playing]
        hands: list[list[object]] = [[[c1, c2], 1.0, False, None, True]]
        hi = 0
        action = SPLIT
        while True:
            hand = hands[hi]
            cards: list[int] = hand[0]  # type: ignore[assignment]
            if action == SPLIT:
                left: list[object] = [[cards[0]], 1.0, False, None, True]
                right: list[object] = [[cards[1]], 1.0, False, None, True]
                hands[hi:hi + 1] = [left, right]
                left[0].append(take())  # type: ignore[attr-defined]
                right[0].append(take())  # type: ignore[attr-defined]
            elif action == HIT:
                cards.append(take())
                if _total(cards, False)[0] > 21:
                    hand[3] = -float(hand[1])  # type: ignore[arg-type]
                    hand[4] = False
            elif action == DOUBLE:
                hand[1] = 2.0
                hand[2] = bool(rules.double_ace_as_one)
                cards.append(take())
                hand[4] = False
                if _total(cards, bool(hand[2]))[0] > 21:
                    hand[3] = -2.0
            elif action == STAND:
                hand[4] = False
            # Seek the next decision from the cursor, as Round._seek_decision does.
            action = NONE
            while hi < len(hands):
                hand = hands[hi]
                cards = hand[0]  # type: ignore[assignment]
                if hand[4] and hand[3] is None:
                    if len(cards) == 2:
                        action = table[(cards[0] * 14 + cards[1]) * 11 + vu][len(hands)]
                    else:
                        best, soft = _total(cards, False)
                        if best < 21 or (best == 21 and soft and rules.hit_soft_21):
                            action = hits[(best * 2 + soft) * 11 + vu]
                    if action != NONE:
                        break
                    hand[4] = False
                hi += 1
            if action == NONE:
                break
        return self._dealer_against(take, hands, dealer)

    def _dealer_against(self, draw: Callable[[], int], hands: list[list[object]],
                        dealer: list[int]) -> float:
        """The dealer's turn against a split box; returns the box's net."""
        rules = self.rules
        live = [h for h in hands if h[3] is None]
        if rules.hole_card == "none" and live:
            dealer.append(draw())
        dealer_bj = len(dealer) == 2 and _total(dealer, False)[0] == 21
        if dealer_bj:
            for index, hand in enumerate(hands):
                if hand[3] is None:
                    if rules.hole_card == "none" and rules.no_hole_card_loses == "original":
                        hand[3] = -1.0 if index == 0 else 0.0
                    else:
                        hand[3] = -float(hand[1])  # type: ignore[arg-type]
        else:
            if live:
                while True:
                    dt, soft = _total(dealer, False)
                    if dt < 17 or (dt == 17 and soft and rules.dealer_hits_soft_17):
                        dealer.append(draw())
                    else:
                        break
            dt = _total(dealer, False)[0]
            ties = rules.dealer_wins_ties
            for hand in hands:
                if hand[3] is None:
                    stake = float(hand[1])  # type: ignore[arg-type]
                    best = _total(hand[0], bool(hand[2]))[0]  # type: ignore[arg-type]
                    if dt > 21 or best > dt:
                        hand[3] = stake
                    elif best < dt or best in ties:
                        hand[3] = -stake
                    else:
                        hand[3] = 0.0
        for hand in hands:
            self.discards.extend(hand[0])  # type: ignore[arg-type]
        self.discards.extend(dealer)
        return sum(float(hand[3]) for hand in hands)  # type: ignore[arg-type,misc]


def _total(cards: list[int], aces_low: bool) -> tuple[int, bool]:
    hard = 0
    ace = False
    for code in cards:
        value = VALUES[code]
        hard += value
        if value == 1:
            ace = True
    if ace and hard <= 11 and not aces_low:
        return hard + 10, True
    return hard, False
