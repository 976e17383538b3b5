"""What the house rules allow and pay: the questions a round asks of :class:`Rules`.

The one home of the rule checks: the pair test, doubling, splitting, hitting, the legal plays,
the comparison with the dealer, the payouts, the insurance stake. Everything else (the controller,
the UI, the analysis) asks these. Each takes the :class:`Rules`; the round itself passes a
:class:`TableRules`, the same rules worked out once into plain attributes for its hot path.
The formulas themselves (totals, pairs, the dealer's draw, payouts) are the :mod:`.kernel`'s:
this module applies them to a table's rules and to the round's hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from blackjack_tui.engine import kernel
from blackjack_tui.engine.cards import Card, parse_card
from blackjack_tui.engine.hand import Box, Hand
from blackjack_tui.engine.money import ZERO
from blackjack_tui.engine.rules import Limits, Rules
from blackjack_tui.engine.vocabulary import AcesLow, ActionName, Outcome

A = ActionName
HIT_BIT, DOUBLE_BIT, SPLIT_BIT, SURRENDER_BIT = 1, 2, 4, 8
# Every set of legal plays, in the order hit, stand, double, split, surrender, by bits above.
_BITS = ((A.HIT, HIT_BIT), (A.STAND, 0), (A.DOUBLE, DOUBLE_BIT), (A.SPLIT, SPLIT_BIT),
         (A.SURRENDER, SURRENDER_BIT))
PLAYS: tuple[tuple[ActionName, ...], ...] = tuple(
    tuple(name for name, bit in _BITS if not bit or mask & bit) for mask in range(16))
HIT_STAND = PLAYS[HIT_BIT]
_ONE = Decimal(1)


class TableRules:
    """The rules of one table as plain attributes, worked out once (see :func:`table_of`)."""

    __slots__ = (
        "aces_low",
        "bj_ratio",
        "das",
        "das_any",
        "dealer_hits",
        "dealer_wins_ties",
        "double_high",
        "double_low",
        "double_ok",
        "even_money",
        "half_box",
        "hit_ok",
        "hit_soft_21",
        "hits_soft_17",
        "insurance_at_deal",
        "insurance_at_turn",
        "insure_blackjack",
        "late_surrender",
        "limits",
        "max_hands",
        "no_hole_card",
        "openings",
        "original_only",
        "paid_at_once",
        "peek",
        "resplit_aces",
        "results",
        "rules",
        "split_by_rank",
        "split_one_card",
        "up_to_half",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        ace = rules.double_ace_as_one
        self.aces_low = None if ace is None else AcesLow(ace)
        self.bj_ratio: Fraction = kernel.blackjack_pays(rules)
        self.das = rules.double_after_split
        self.das_any = rules.double_after_split_any_total
        self.double_low, self.double_high = rules.double_range
        self.dealer_wins_ties = frozenset(rules.dealer_wins_ties)
        self.even_money = rules.even_money
        self.half_box = rules.insurance_stake == "half-box"
        self.up_to_half = rules.insurance_stake == "up-to-half"
        self.hit_soft_21 = rules.hit_soft_21
        self.hits_soft_17 = rules.dealer_hits_soft_17
        self.insure_blackjack = rules.insure_blackjack
        self.insurance_at_deal = rules.insurance == "after-deal"
        self.insurance_at_turn = rules.insurance == "dealer-turn"
        self.limits = rules.limits()
        self.late_surrender = rules.surrender == "late"
        self.max_hands = rules.max_split_hands
        self.peek = rules.hole_card == "peek"
        self.no_hole_card = not self.peek
        self.original_only = self.no_hole_card and rules.no_hole_card_loses == "original"
        self.paid_at_once = rules.blackjack_paid_at_once
        self.resplit_aces = rules.resplit_aces
        self.split_by_rank = rules.split_by == "rank"
        self.split_one_card = rules.split_aces_one_card
        # The answers of the rule checks below, worked out once for every case the round meets:
        # it looks them up at each decision instead of asking again.
        flags = (False, True)
        self.double_ok = [[[[double_allowed(self, first, second, from_split=from_split,
                                            split_aces=split_aces)
                             for second in range(11)] for first in range(11)]
                           for split_aces in flags] for from_split in flags]
        """``double_ok[from_split][split_aces][first][second]``, card values 1 (ace) to 10."""
        self.hit_ok = [[[_may_hit(self, split_aces, total, soft) for total in range(32)]
                        for soft in flags] for split_aces in flags]
        """``hit_ok[split_aces][soft][total]`` for a hand of two cards or more."""
        self.dealer_hits = [[dealer_draws(self, total, soft) for total in range(32)]
                            for soft in flags]
        """``dealer_hits[soft][total]``: :func:`dealer_draws`, looked up."""
        self.results = [[kernel.outcome_against(player, False, dealer, self.dealer_wins_ties)
                         for dealer in range(32)] for player in range(32)]
        """``results[player total][dealer total]``: how a live hand that is not a blackjack ends
        against a dealer without one (:func:`.kernel.outcome_against`, looked up)."""
        self.openings = (_Openings(self, False), _Openings(self, True))
        """``openings[rich][first.rank, second.rank]``: the legal plays of an unsplit hand of two
        cards of these ranks, ``rich`` when the holder's chips match the stake
        (:func:`decision_actions`; no rule looks at a suit)."""


class _Openings(dict[tuple[str, str], "tuple[ActionName, ...] | None"]):
    """The legal plays of every unsplit two-card hand, worked out the first time its ranks come:
    the plays of the round's first decision, looked up instead of asked again each round."""

    def __init__(self, table: TableRules, rich: bool) -> None:
        super().__init__()
        self.table = table
        self.rich = rich

    def __missing__(self, key: tuple[str, str]) -> tuple[ActionName, ...] | None:
        box = Box(1, _ONE)
        hand = box.hands[0]
        first, second = key
        hand.add_two(parse_card(first + "S"), parse_card(second + "H"))
        plays = _hand_plays(self.table, box, hand, _ONE if self.rich else ZERO)
        self[key] = plays
        return plays


__all__ = ["Limits", "TableRules", "table_of"]  # and the rule checks below

_TABLES: dict[int, TableRules] = {}
_LAST: list[TableRules | None] = [None]  # the last table asked for


def table_of(rules: Rules) -> TableRules:
    """The :class:`TableRules` of ``rules``, kept for the next round at the same table."""
    last = _LAST[0]
    if last is not None and last.rules is rules:  # the table of the round before, as a rule
        return last
    table = _TABLES.get(id(rules))
    if table is None or table.rules is not rules:
        if len(_TABLES) > 64:
            _TABLES.clear()
        table = _TABLES[id(rules)] = TableRules(rules)
    _LAST[0] = table
    return table


# ------------------------------------------------------------------------------ the hand


def is_pair(rules: Rules | TableRules, hand: Hand | Sequence[Card]) -> bool:
    """Two cards that may split: of equal value (K+T), or of equal rank where the rules say so."""
    cards = hand._cards if isinstance(hand, Hand) else hand
    if len(cards) != 2:
        return False
    return kernel.is_pair(cards[0], cards[1], _table(rules).split_by_rank)


def double_allowed(rules: Rules | TableRules, first: int, second: int, *, from_split: bool = False,
                   split_aces: bool = False) -> bool:
    """May a two-card hand of these card values (1 for an ace) double? The total tested is the
    best one, or the hard one where the rules count an ace 1 for the double (the Swedish rule).
    After a split: only where doubling after a split is allowed (on any total where the rules say
    so), and never on a split ace that takes one card."""
    t = _table(rules)
    if split_aces and t.split_one_card:
        return False
    if from_split:
        if not t.das:
            return False
        if t.das_any:
            return True
    return t.double_low <= kernel.doubling_total(first, second, t.aces_low) <= t.double_high


def can_double(rules: Rules | TableRules, hand: Hand) -> bool:
    """Double this hand? Two cards, by :func:`double_allowed` (as the table worked it out)."""
    cards = hand._cards
    if len(cards) != 2:
        return False
    return _table(rules).double_ok[hand.from_split][hand.split_aces][cards[0].value][
        cards[1].value]


def can_split(rules: Rules | TableRules, box: Box, hand: Hand) -> bool:
    """Split this pair? Within the most hands a box may have; split aces again only where the
    rules allow it."""
    t = _table(rules)
    if len(box.hands) >= t.max_hands or (hand.split_aces and not t.resplit_aces):
        return False
    return is_pair(t, hand)


def hits_allowed(rules: Rules | TableRules, total: int, soft: bool) -> bool:
    """May a hand of this best total take a card? Below 21 always; a soft 21 only where the
    rules say so; a hard 21 never."""
    return kernel.player_may_hit(total, soft, _table(rules).hit_soft_21)


def may_hit(rules: Rules | TableRules, hand: Hand) -> bool:
    """:func:`hits_allowed` for this hand; a split ace keeps its one card."""
    return _may_hit(_table(rules), hand.split_aces and len(hand._cards) >= 2, hand.total,
                    hand.soft)


def _may_hit(t: TableRules, one_card_taken: bool, total: int, soft: bool) -> bool:
    """``one_card_taken``: a split ace that has its card (it may take no other, where split aces
    take one card)."""
    if one_card_taken and t.split_one_card:
        return False
    return hits_allowed(t, total, soft)


def decision_actions(t: TableRules, box: Box, hand: Hand,
                     chips: Decimal) -> tuple[ActionName, ...] | None:
    """The legal plays for ``hand`` when it needs a decision; ``None`` when it stands by itself
    (a blackjack, a 21 that may not hit, a split ace's one card). ``chips`` are the holder's."""
    cards = hand._cards
    if len(cards) != 2:  # after a hit: hit or stand, or it stands by itself
        return HIT_STAND if t.hit_ok[hand.split_aces][hand.soft][hand.total] else None
    if not hand.from_split and len(box.hands) == 1:  # the opening hand: worked out once per pair
        return t.openings[chips >= hand.wagers[0].stake][cards[0].rank, cards[1].rank]
    return _hand_plays(t, box, hand, chips)


def _hand_plays(t: TableRules, box: Box, hand: Hand,
                chips: Decimal) -> tuple[ActionName, ...] | None:
    """:func:`decision_actions`, asked of the rules each time."""
    two = len(hand._cards) == 2
    total = hand.total
    if total == 21 and two and not hand.from_split:
        return None  # a blackjack
    mask = HIT_BIT if t.hit_ok[hand.split_aces][hand.soft][total] else 0  # may_hit, looked up
    if total == 21 and not mask:
        return None
    if two:
        mask |= _two_card_plays(t, box, hand, chips)
    return PLAYS[mask] if mask else None


def play_actions(rules: Rules | TableRules, box: Box, hand: Hand,
                 bankroll: Decimal) -> tuple[ActionName, ...]:
    """The legal play actions for ``hand``, in the order hit, stand, double, split, surrender."""
    t = _table(rules)
    mask = HIT_BIT if may_hit(t, hand) else 0
    if len(hand._cards) == 2:
        mask |= _two_card_plays(t, box, hand, bankroll)
    return PLAYS[mask]


def _two_card_plays(t: TableRules, box: Box, hand: Hand, chips: Decimal) -> int:
    """Double, split (each only with the chips to match the stake) and surrender, as bits."""
    mask = 0
    if chips >= hand.wagers[0].stake:
        first, second = hand._cards
        if t.double_ok[hand.from_split][hand.split_aces][first.value][second.value]:
            mask |= DOUBLE_BIT
        if can_split(t, box, hand):
            mask |= SPLIT_BIT
    if t.late_surrender and len(box.hands) == 1 and not hand.from_split:
        mask |= SURRENDER_BIT
    return mask


def needs_decision(rules: Rules | TableRules, box: Box, hand: Hand, bankroll: Decimal) -> bool:
    """Whether the player must choose for this hand, or it stands by itself (21, a split ace)."""
    return decision_actions(_table(rules), box, hand, bankroll) is not None


# ------------------------------------------------------------------------------ the dealer


def dealer_draws(rules: Rules | TableRules, total: int, soft: bool) -> bool:
    """The dealer takes another card: below 17, or on a soft 17 where the dealer hits it."""
    return kernel.dealer_draws(total, soft, _table(rules).hits_soft_17)


# ------------------------------------------------------------------------------ paying


def outcome_against(rules: Rules | TableRules, hand: Hand, dealer_total: int) -> Outcome:
    """How a live hand ends against a dealer without blackjack who finished on ``dealer_total``."""
    player = hand.total
    if player == 21 and hand.is_blackjack:
        return kernel.BLACKJACK
    return _table(rules).results[player][dealer_total]


def net_of(rules: Rules | TableRules, outcome: Outcome, stake: Decimal) -> Decimal:
    """What a wager of ``stake`` wins (negative: loses) when its hand ends with ``outcome``."""
    return kernel.net_of(outcome, stake, _table(rules).bj_ratio)


def compare(rules: Rules | TableRules, hand: Hand, dealer_total: int) -> tuple[Outcome, Decimal]:
    """The holder's outcome and net for a live hand against a dealer who finished on
    ``dealer_total`` without blackjack."""
    outcome = outcome_against(rules, hand, dealer_total)
    return outcome, net_of(rules, outcome, hand.stake)


def against_blackjack(rules: Rules | TableRules, box: Box, hi: int,
                      hand: Hand) -> tuple[Outcome, Decimal]:
    """The holder's outcome and net for a live hand ``hi`` of ``box`` against a dealer blackjack."""
    return wager_against_blackjack(rules, hand, hi == 0, hand.stake, box.bet)


def wager_against_blackjack(rules: Rules | TableRules, hand: Hand, first: bool, stake: Decimal,
                            bet: Decimal) -> tuple[Outcome, Decimal]:
    """A live wager of ``stake`` (its seat's original ``bet``) against a dealer blackjack.

    A blackjack pushes. In a no-hole-card game that loses the original bet only, the box's first
    hand loses the original bet and every other stake (doubles, splits) is returned.
    """
    return kernel.against_dealer_blackjack(hand.is_blackjack, first, stake, bet,
                                           _table(rules).original_only)


# ------------------------------------------------------------------------------ insurance


def insurance_stake(rules: Rules | TableRules, bet: Decimal,
                    box_stake: Decimal | None = None) -> Decimal:
    """The full insurance stake: half the bet, or half the box's whole stake (the Swedish rule:
    doubles and splits included; ``box_stake`` defaults to the bet)."""
    return kernel.insurance_stake(bet, box_stake, _table(rules).half_box)


def insurance_offer(rules: Rules | TableRules, bet: Decimal, box_stake: Decimal,
                    chips: Decimal) -> Decimal | None:
    """The most a seat with ``chips`` may stake on insurance now, or ``None`` when it is not
    asked: it cannot afford the full stake, or (any amount up to half the bet) has no chips."""
    stake = insurance_stake(rules, bet, box_stake)
    if _table(rules).up_to_half:
        return min(stake, chips) if chips > 0 else None
    return stake if stake <= chips else None


def _table(rules: Rules | TableRules) -> TableRules:
    return rules if type(rules) is TableRules else table_of(rules)  # type: ignore[arg-type]

