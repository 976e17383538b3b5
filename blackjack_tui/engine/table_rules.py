"""What the house rules allow and pay: the questions the round asks of :class:`Rules`.

Kept apart from the state machine so that each rule reads as one small function.
"""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.engine.hand import Box, Hand
from blackjack_tui.engine.money import ZERO, times
from blackjack_tui.engine.rules import Rules


def insurance_stake(rules: Rules, box: Box) -> Decimal:
    """The full insurance stake: half the bet, or half the box's whole bet (the Swedish rule)."""
    if rules.insurance_stake == "half-box":
        return box.total_stake / 2
    return box.bet / 2


def is_pair(rules: Rules, hand: Hand) -> bool:
    a, b = hand.cards
    return a.rank == b.rank if rules.split_by == "rank" else a.value == b.value


def can_split(rules: Rules, box: Box, hand: Hand) -> bool:
    if len(hand.cards) != 2 or not is_pair(rules, hand):
        return False
    if len(box.hands) >= rules.max_split_hands:
        return False
    return not (hand.split_aces and not rules.resplit_aces)


def can_double(rules: Rules, hand: Hand) -> bool:
    """Double on these two cards? Tests the best total, or the hard one where an ace counts 1."""
    if len(hand.cards) != 2 or (hand.split_aces and rules.split_aces_one_card):
        return False
    if hand.from_split:
        if not rules.double_after_split:
            return False
        if rules.double_after_split_any_total:
            return True
    low, high = rules.double_range
    total = hand.cards[0].value + hand.cards[1].value if rules.double_ace_as_one else hand.total
    return low <= total <= high


def may_hit(rules: Rules, hand: Hand) -> bool:
    """Hard 21 never hits; soft 21 only where the rules say so; a split ace keeps its one card."""
    if hand.split_aces and rules.split_aces_one_card and len(hand.cards) >= 2:
        return False
    total, soft = hand.totals()
    return total < 21 or (total == 21 and soft and rules.hit_soft_21)


def play_actions(rules: Rules, box: Box, hand: Hand, bankroll: Decimal) -> tuple[str, ...]:
    """The legal play actions for ``hand``, in the order hit, stand, double, split, surrender."""
    acts = []
    if may_hit(rules, hand):
        acts.append("hit")
    acts.append("stand")
    if len(hand.cards) == 2:
        affordable = bankroll >= hand.stake
        if affordable and can_double(rules, hand):
            acts.append("double")
        if affordable and can_split(rules, box, hand):
            acts.append("split")
        if rules.surrender == "late" and len(box.hands) == 1 and not hand.from_split:
            acts.append("surrender")
    return tuple(acts)


def needs_decision(rules: Rules, box: Box, hand: Hand, bankroll: Decimal) -> bool:
    """Whether the player must choose for this hand, or it stands by itself (21, a split ace)."""
    if hand.is_blackjack:
        return False
    total, soft = hand.totals()
    if total == 21 and not (soft and may_hit(rules, hand)):
        return False
    return play_actions(rules, box, hand, bankroll) != ("stand",)


def compare(rules: Rules, hand: Hand, dealer_total: int) -> tuple[str, Decimal]:
    """Settle a live hand against a dealer without blackjack who finished on ``dealer_total``."""
    stake = hand.stake
    if hand.is_blackjack:
        return "blackjack", times(stake, rules.blackjack_ratio)
    player = hand.total
    if dealer_total > 21 or player > dealer_total:
        return "win", stake
    if player < dealer_total:
        return "lose", -stake
    if player in rules.dealer_wins_ties:
        return "lose", -stake
    return "push", ZERO


def against_blackjack(rules: Rules, box: Box, hi: int, hand: Hand) -> tuple[str, Decimal]:
    """Settle a live hand against a dealer blackjack.

    A blackjack pushes. In a no-hole-card game that loses the original bet only, the first hand
    loses the box's original bet and every other stake on the box (doubles, splits) is returned.
    """
    if hand.is_blackjack:
        return "push", ZERO
    if rules.hole_card == "none" and rules.no_hole_card_loses == "original":
        return ("lose", -box.bet) if hi == 0 else ("push", ZERO)
    return "lose", -hand.stake


def behind_net(rules: Rules, stake: Decimal, outcome: str) -> Decimal:
    """What a bet of ``stake`` behind a hand wins or loses when the hand ends with ``outcome``."""
    if outcome in ("win", "even-money"):
        return stake
    if outcome == "blackjack":
        return times(stake, rules.blackjack_ratio)
    if outcome == "push":
        return ZERO
    if outcome == "surrender":
        return -stake / 2
    return -stake


def behind_against_blackjack(rules: Rules, box: Box, hi: int, hand: Hand) -> Decimal:
    """The bet behind a hand against a dealer blackjack: as the holder's, on the player's own
    stakes (where only the original bet is lost, the first hand loses his original bet behind)."""
    if hand.is_blackjack:
        return ZERO
    if rules.hole_card == "none" and rules.no_hole_card_loses == "original":
        return -box.behind_bet if hi == 0 else ZERO
    return -hand.behind
