"""The player's expected values for one decision: stand, hit, double, split, surrender.

A :class:`Situation` is one shoe (the known cards taken out) against one up card. Its dealer
distribution is computed once from that shoe; the player's own draws then come from the shoe exactly
as it shrinks card by card (see :mod:`blackjack_tui.analysis` for the approximations).

Values are in units of the hand's initial bet. In a peek game they are conditioned on the dealer
not having blackjack (the player acts after the peek). In a no-hole-card game they include the
dealer's blackjack: losing every bet on it (``all``), or, when only the original bet is lost, the
hand's value is ``(1 - p_bj) * value_given_no_bj - p_bj`` whatever the player did.
"""

from __future__ import annotations

from functools import lru_cache

from blackjack_tui.analysis.dealer import BLACKJACK, BUST, dealer_distribution, peeked
from blackjack_tui.analysis.shoe import Composition
from blackjack_tui.analysis.table import TableMath, best_total

STAND, HIT, DOUBLE, SPLIT, SURRENDER = "stand", "hit", "double", "split", "surrender"
ACTIONS = (HIT, STAND, DOUBLE, SPLIT, SURRENDER)

_SHIFT = tuple(1 << (5 * i) for i in range(10))  # a drawn multiset as one int: 5 bits per value


def stand_table(dist: tuple[float, ...], ties_lose: frozenset[int]) -> list[float]:
    """EV of standing on each total 0..21 against ``dist`` (a dealer blackjack loses)."""
    bust = dist[BUST]
    table = []
    for total in range(22):
        ev = bust - dist[BLACKJACK]
        for dealer in range(17, 22):
            p = dist[dealer - 17]
            if total > dealer:
                ev += p
            elif total < dealer or total in ties_lose:
                ev -= p
        table.append(ev)
    return table


class Situation:
    """One shoe against one up card: every EV the player can ask about, memoised."""

    __slots__ = ("_ceiling", "_counts", "_left", "_memo", "comp", "dist", "p_blackjack", "rules",
                 "stand", "up")

    def __init__(self, rules: TableMath, comp: Composition, up: int) -> None:
        self.rules = rules
        self.comp = comp
        self.up = up
        raw = dealer_distribution(comp, up, rules.hits_soft_17)
        self.p_blackjack = raw[BLACKJACK]
        # Conditioned values wherever the dealer's blackjack cannot depend on the player's play.
        conditioned = rules.peek or rules.loses_original_only
        self.dist = peeked(raw) if conditioned and raw[BLACKJACK] < 1.0 else raw
        self.stand = stand_table(self.dist, rules.ties_lose)
        # _ceiling[t]: the best stand value of any total from t to 21 (22: nothing left, a bust).
        self._ceiling = [max(self.stand[t:]) for t in range(22)] + [-1.0]
        self._counts = list(comp)
        self._left = sum(comp)
        self._memo: dict[int, float] = {}

    # -- hitting and standing ------------------------------------------------------------------

    def best(self, hard: int, ace: bool, code: int, left: int) -> float:
        """Best of standing and hitting (the counts must already have the hand's cards out)."""
        key = (code << 6) | (hard << 1) | ace
        value = self._memo.get(key)
        if value is None:
            value = self._settle(hard, ace, code, left, key)
        return value

    def _settle(self, hard: int, ace: bool, code: int, left: int, key: int) -> float:
        total = hard + 10 if ace and hard <= 11 else hard
        value = self.stand[total]
        may_hit = total < 21 or (self.rules.hit_soft_21 and hard == 11 and ace)
        if may_hit and (total != hard or not self._hit_hopeless(hard, left)):
            hit = self.hit(hard, ace, code, left)
            if hit > value:
                value = hit
        self._memo[key] = value
        return value

    def _hit_hopeless(self, hard: int, left: int) -> bool:
        """True when hitting a hard ``hard`` cannot beat standing, whatever the cards bring.

        No hand is worth more than standing on the best total it can still reach, so hitting is
        worth at most ``p_safe * max(stand[hard+1:]) - (1 - p_safe)``. Pruning on that bound keeps
        the result exact and skips most trees under a hard 17-20.
        """
        safe = sum(self._counts[: 21 - hard]) / left
        return safe * self._ceiling[hard + 1] - (1.0 - safe) <= self.stand[hard]

    def hit(self, hard: int, ace: bool, code: int, left: int) -> float:
        """EV of taking one card and then playing on as well as possible (hit or stand)."""
        counts = self._counts
        memo = self._memo
        ev = 0.0
        for i in range(10):
            n = counts[i]
            if n == 0:
                continue
            grown = hard + i + 1
            if grown > 21:
                ev -= sum(counts[i:])  # this value and every higher one busts
                break
            soft = ace or i == 0
            child = code + _SHIFT[i]
            key = (child << 6) | (grown << 1) | soft
            value = memo.get(key)
            if value is None:
                counts[i] = n - 1
                value = self._settle(grown, soft, child, left - 1, key)
                counts[i] = n
            ev += n * value
        return ev / left

    def double(self, hard: int, ace: bool, left: int) -> float:
        """EV of doubling: one more card for twice the bet."""
        counts = self._counts
        stand = self.stand
        aces_low = self.rules.double_ace_as_one
        ev = 0.0
        for i in range(10):
            n = counts[i]
            if n == 0:
                continue
            grown = hard + i + 1
            if grown > 21:
                ev -= n
            elif aces_low:
                ev += n * stand[grown]
            else:
                ev += n * stand[best_total(grown, ace or i == 0)]
        return 2.0 * ev / left

    # -- splitting -----------------------------------------------------------------------------

    def split_hand(self, pair: int, second: int) -> float:
        """Best EV of one split hand of ``pair`` that has been dealt ``second`` (not split again).

        The counts must already have ``second`` taken out as well.
        """
        rules = self.rules
        left = self._left - 1
        ace = pair == 1 or second == 1
        hard = pair + second
        if pair == 1 and rules.split_aces_one_card:
            return self.stand[best_total(hard, ace)]
        value = self.best(hard, ace, _SHIFT[second - 1], left)
        if rules.may_double(pair, second, after_split=True):
            value = max(value, self.double(hard, ace, left))
        return value

    def split(self, pair: int, hands_after: int) -> float:
        """EV, summed over the hands it makes, of splitting a pair of ``pair`` (card value).

        ``hands_after`` is the number of hands in the box once this split is made. Resplits
        follow the counting model in :func:`split_counts`.
        """
        rules = self.rules
        counts = self._counts
        left = self._left
        values = [0.0] * 10
        total = 0.0
        for i in range(10):
            n = counts[i]
            if n == 0:
                continue
            counts[i] = n - 1
            values[i] = self.split_hand(pair, i + 1)
            counts[i] = n
            total += n * values[i]
        q = counts[pair - 1] / left
        may_resplit = hands_after < rules.max_split_hands and (pair != 1 or rules.resplit_aces)
        if not may_resplit or q <= 0.0:
            return 2.0 * total / left
        plain = (total - counts[pair - 1] * values[pair - 1]) / (left - counts[pair - 1])
        n_plain, n_stuck = split_counts(q, hands_after, rules.max_split_hands)
        return n_plain * plain + n_stuck * values[pair - 1]

    # -- one hand, every legal action ----------------------------------------------------------

    def action_values(
        self,
        hand: tuple[int, ...],
        *,
        from_split: bool = False,
        hands_in_box: int = 1,
        pair: bool | None = None,
    ) -> dict[str, float]:
        """EV of every legal action for ``hand`` (card values; a split hand's split card first).

        The Situation's shoe must already have ``hand`` taken out. ``pair`` says whether the two
        cards may be split (default: equal values); a blackjack reports only ``stand``.
        """
        rules = self.rules
        hard = sum(hand)
        ace = 1 in hand
        total = best_total(hard, ace)
        two = len(hand) == 2
        if hard > 21:
            return {STAND: -1.0}
        if two and total == 21 and not from_split:
            pays = rules.blackjack_pays
            ev = pays if rules.peek else pays * (1.0 - self.p_blackjack)
            return {STAND: ev}
        out: dict[str, float] = {}
        one_card_ace = from_split and hand[0] == 1 and rules.split_aces_one_card
        if not one_card_ace and (total < 21 or (rules.hit_soft_21 and hard == 11 and ace)):
            out[HIT] = self.hit(hard, ace, 0, self._left)
        out[STAND] = self.stand[total]
        if two:
            if rules.may_double(hand[0], hand[1], from_split):
                out[DOUBLE] = self.double(hard, ace, self._left)
            splittable = hand[0] == hand[1] if pair is None else pair
            if (
                splittable
                and hands_in_box < rules.max_split_hands
                and not (from_split and hand[0] == 1 and not rules.resplit_aces)
            ):
                out[SPLIT] = self.split(hand[0], hands_in_box + 1)
        if rules.loses_original_only and not rules.peek:
            keep = 1.0 - self.p_blackjack
            out = {action: keep * ev - self.p_blackjack for action, ev in out.items()}
        if two and rules.surrender and not from_split and hands_in_box == 1:
            out[SURRENDER] = -0.5
        return out


@lru_cache(maxsize=4096)
def split_counts(q: float, hands: int, max_hands: int, open_hands: int = 2) -> tuple[float, float]:
    """Expected numbers of final split hands that are (not a pair, a pair that cannot split again).

    The box holds ``hands`` hands, ``open_hands`` of them still waiting for their second card.
    Each second card pairs the hand with probability ``q``; a pair is split again while the box has
    fewer than ``max_hands`` hands. ``q`` is held fixed (the shoe's change as pair cards leave it
    is ignored), the model of the published resplit approximations.
    """
    if open_hands == 0:
        return 0.0, 0.0
    plain, stuck = split_counts(q, hands, max_hands, open_hands - 1)
    miss = (1.0 - q) * (plain + 1.0), (1.0 - q) * stuck
    if hands < max_hands:
        a, b = split_counts(q, hands + 1, max_hands, open_hands + 1)
        return miss[0] + q * a, miss[1] + q * b
    return miss[0] + q * plain, miss[1] + q * (stuck + 1.0)
