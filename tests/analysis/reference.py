"""A slow, plain re-statement of the exact analysis, to check the fast one against.

Scalar recursion with a memo, the dealer's odds from :func:`dealer_distribution` (the generated
exact polynomial) for every composition, no arrays, no shared structure. Values are in the same
measure as :mod:`blackjack_tui.analysis.forest`: joint with "no dealer blackjack" in a peek game,
plain (a dealer blackjack takes every bet) in a no-hole-card game.
"""

from __future__ import annotations

from functools import cache

from blackjack_tui.analysis.dealer import BLACKJACK, BUST, dealer_distribution
from blackjack_tui.analysis.shoe import full_shoe
from blackjack_tui.analysis.table import TableMath


def counts_of(*values: int) -> tuple[int, ...]:
    out = [0] * 10
    for v in values:
        out[v - 1] += 1
    return tuple(out)


def add(counts: tuple[int, ...], value: int, times: int = 1) -> tuple[int, ...]:
    out = list(counts)
    out[value - 1] += times
    return tuple(out)


def totals(counts: tuple[int, ...]) -> tuple[int, int]:
    hard = sum((i + 1) * c for i, c in enumerate(counts))
    best = hard + 10 if counts[0] and hard <= 11 else hard
    return hard, best


class Reference:
    """Exact values for hands against one up card, from ``decks`` fresh decks."""

    def __init__(self, table: TableMath, up: int, shoe: tuple[int, ...] | None = None) -> None:
        self.t = table
        self.up = up
        base = list(full_shoe(table.decks) if shoe is None else shoe)
        base[up - 1] -= 1
        self.base = tuple(base)
        self.plain = not table.peek and not table.loses_original_only

    def shoe(self, removed: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(b - r for b, r in zip(self.base, removed, strict=True))

    def stand(self, removed: tuple[int, ...], total: int) -> float:
        d = dealer_distribution(self.shoe(removed), self.up, self.t.hits_soft_17)
        ev = d[BUST]
        for i, dealer in enumerate(range(17, 22)):
            if total > dealer:
                ev += d[i]
            elif total < dealer or total in self.t.ties_lose:
                ev -= d[i]
        return ev - d[BLACKJACK] if self.plain else ev

    def no_blackjack(self, removed: tuple[int, ...]) -> float:
        shoe = self.shoe(removed)
        hole = {1: 10, 10: 1}.get(self.up)
        return 1.0 if hole is None else 1.0 - shoe[hole - 1] / sum(shoe)

    def bust(self, removed: tuple[int, ...]) -> float:
        return -1.0 if self.plain else -self.no_blackjack(removed)

    def draws(self, removed: tuple[int, ...]) -> list[tuple[int, float]]:
        shoe = self.shoe(removed)
        left = sum(shoe)
        return [(i + 1, n / left) for i, n in enumerate(shoe) if n > 0]

    @cache  # noqa: B019  (one Reference per test: the memo dies with it)
    def best(self, hand: tuple[int, ...], offset: tuple[int, ...], one_card: bool) -> float:
        removed = tuple(h + o for h, o in zip(hand, offset, strict=True))
        hard, total = totals(hand)
        if hard > 21:
            return self.bust(removed)
        value = self.stand(removed, total)
        if not one_card and (total < 21 or (self.t.hit_soft_21 and total == 21 and hard == 11)):
            value = max(value, self.hit(hand, offset))
        return value

    def hit(self, hand: tuple[int, ...], offset: tuple[int, ...]) -> float:
        removed = tuple(h + o for h, o in zip(hand, offset, strict=True))
        return sum(p * self.best(add(hand, v), offset, False) for v, p in self.draws(removed))

    def double(self, hand: tuple[int, ...], offset: tuple[int, ...] = (0,) * 10) -> float:
        removed = tuple(h + o for h, o in zip(hand, offset, strict=True))
        hard, _ = totals(hand)
        ev = 0.0
        for v, p in self.draws(removed):
            after = add(hand, v)
            if hard + v > 21:
                ev += p * self.bust(tuple(a + o for a, o in zip(after, offset, strict=True)))
                continue
            if self.t.double_ace_as_one == "all":
                total = hard + v
            elif self.t.double_ace_as_one == "held":
                total = hard + 11 if v == 1 and hard + 11 <= 21 else hard + v
            else:
                total = totals(after)[1]
            ev += p * self.stand(tuple(a + o for a, o in zip(after, offset, strict=True)), total)
        return 2.0 * ev

    def split(self, pair: int) -> float:
        """Every hand of a split of two ``pair`` cards, resplitting while the box has room."""
        last = self.t.max_split_hands if (pair != 1 or self.t.resplit_aces) else 2
        one_card = pair == 1 and self.t.split_aces_one_card

        def hand_value(hands: int, v: int) -> float:
            offset = counts_of(*([pair] * (hands - 1)))
            hand = counts_of(pair, v)
            value = self.best(hand, offset, one_card)
            if not one_card and self.t.may_double(pair, v, after_split=True):
                value = max(value, self.double(hand, offset))
            return value

        @cache
        def rest(hands: int, waiting: int) -> float:
            if waiting == 0:
                return 0.0
            shoe = list(self.base)
            shoe[pair - 1] -= hands
            left = sum(shoe)
            value = 0.0
            for i, n in enumerate(shoe):
                if n <= 0:
                    continue
                p = n / left
                if i + 1 == pair and hands < last:
                    value += p * rest(hands + 1, waiting + 1)
                else:
                    value += p * (hand_value(hands, i + 1) + rest(hands, waiting - 1))
            return value

        return rest(2, 2)
