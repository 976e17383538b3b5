"""A hint for one concrete hand at the table: the exact EV of every legal action.

The hand is solved as the house edge is (:mod:`.forest`, :mod:`.play`): the dealer's odds are
taken from the shoe less every card the player can see and, at each later decision, less every
card the hand has drawn; a split is played out with the pair cards counted as they are dealt.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from msgspec import Struct

from blackjack_tui.analysis.forest import MAIN, Forest, build, split_contexts
from blackjack_tui.analysis.play import double_values, optimal, split_value
from blackjack_tui.analysis.shoe import Composition, full_shoe, remove
from blackjack_tui.analysis.solve import surrender_values
from blackjack_tui.analysis.strategy import DOUBLE, HIT, SPLIT, STAND, SURRENDER
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.kernel import hand_totals
from blackjack_tui.engine.rules import Rules


class Hint(Struct, frozen=True):
    """The legal actions for a hand, best first, each with its EV per unit of the hand's bet.

    In a peek game the EVs are given the dealer has no blackjack (the player acts after the peek);
    in a no-hole-card game they include the dealer's later blackjack.
    """

    ranked: tuple[tuple[str, float], ...]

    @property
    def best(self) -> str:
        return self.ranked[0][0]

    @property
    def values(self) -> dict[str, float]:
        return dict(self.ranked)

    def cost(self, action: str) -> float:
        """Expected value given up by playing ``action`` instead of the best (0 for the best)."""
        values = self.values
        if action not in values:
            raise ValueError(f"{action!r} is not a legal action here: {', '.join(values)}")
        return self.ranked[0][1] - values[action]


def hint(
    rules: Rules | TableMath,
    cards: Sequence[Card],
    up: Card,
    *,
    from_split: bool = False,
    hands_in_box: int = 1,
    seen: Iterable[Card] = (),
    shoe: Composition | None = None,
) -> Hint:
    """The EV of every legal action for ``cards`` against ``up``.

    ``from_split``: the hand comes from a split (its first card is the split card);
    ``hands_in_box``: how many hands the box holds now (limits further splits, and surrender is
    only for a box's single first hand). The shoe is a full shoe less ``cards``, ``up`` and any
    other ``seen`` cards, unless ``shoe`` gives the composition left (before taking out ``cards``
    and ``up``), e.g. the real shoe for a card counter.
    """
    table = rules if isinstance(rules, TableMath) else TableMath.from_rules(rules)
    if len(cards) < 2:
        raise ValueError("a hand needs two cards before the player acts")
    if hands_in_box < 1:
        raise ValueError(f"a box holds at least one hand, not {hands_in_box}")
    values = [card.value for card in cards]
    base = full_shoe(table.decks) if shoe is None else shoe
    if shoe is None:
        base = remove(base, (card.value for card in seen))
    remove(base, (*values, up.value))  # ValueError if the shoe cannot hold these cards
    total, _ = hand_totals(list(cards))
    two = len(cards) == 2
    if two and total == 21 and not from_split:
        pays = table.blackjack_pays
        if table.peek:
            return Hint(((STAND, pays),))
        no_bj = _no_blackjack(table, base, values, up.value)
        return Hint(((STAND, pays * no_bj),))
    found = _values(table, base, cards, up.value, from_split, hands_in_box)
    ranked = sorted(found.items(), key=lambda item: -item[1])
    return Hint(tuple(ranked))


def _values(table: TableMath, base: Composition, cards: Sequence[Card], up: int,
            from_split: bool, hands_in_box: int) -> dict[str, float]:
    hand = [0] * 10
    for card in cards:
        hand[card.value - 1] += 1
    first = cards[0].value
    one_card = from_split and first == 1 and table.split_aces_one_card
    two = len(cards) == 2
    pair = two and (cards[0].rank == cards[1].rank if table.split_by_rank
                    else cards[0].value == cards[1].value)
    splits = (pair and hands_in_box < table.max_split_hands
              and not (from_split and first == 1 and not table.resplit_aces))
    contexts = [(MAIN, hand, [0] * 10, one_card)]
    if splits:
        contexts.extend(split_contexts(table, first, hands_in_box + 1))
    forest = build(table, base, (up,), contexts)
    best, hit, stand = optimal(forest)
    node = forest.contexts[MAIN].node(hand)
    out = {STAND: stand[node]}
    if forest.may_hit[node]:
        out[HIT] = hit[node]
    if two and not one_card and table.may_double(cards[0].value, cards[1].value, from_split):
        out[DOUBLE] = double_values(forest, np.array([node]))[0]
    if splits:
        out[SPLIT] = _split(forest, first, hands_in_box + 1, base, best)
    if two and table.surrender and not from_split and hands_in_box == 1:
        out[SURRENDER] = surrender_values(forest, np.array([node]))[0]
    no_bj = float(forest.no_blackjack[node, 0])
    if forest.plain:
        return {a: float(v[0]) for a, v in out.items()}
    if table.peek:
        return {a: float(v[0]) / no_bj for a, v in out.items()}
    return {a: float(v[0]) - (1.0 - no_bj) for a, v in out.items()}


def _split(forest: Forest, pair: int, first_hands: int, base: Composition,
           best: np.ndarray) -> np.ndarray:
    table = forest.table

    def hand_value(hands: int, v: int) -> np.ndarray:
        ctx = forest.contexts[(pair, hands)]
        counts = [0] * 10
        counts[pair - 1] += 1
        counts[v - 1] += 1
        try:
            node = ctx.node(counts)
        except KeyError:
            return np.zeros(1)
        value: np.ndarray = best[node]
        if not ctx.one_card and table.may_double(pair, v, after_split=True):
            value = np.maximum(value, double_values(forest, np.array([node]))[0])
        return value

    return split_value(forest, pair, first_hands, base, hand_value)


def _no_blackjack(table: TableMath, base: Composition, values: list[int], up: int) -> float:
    comp = remove(base, (*values, up))
    hole = {1: 10, 10: 1}.get(up)
    if hole is None:
        return 1.0
    return 1.0 - comp[hole - 1] / sum(comp)
