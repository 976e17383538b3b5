"""The rules' kernel: every formula of the game, written once.

A hand's total and softness, the pair test, the dealer's natural and his draw, how a hand ends
against the dealer and what each outcome pays (insurance too). Each is a plain function of plain
values (card values 1-10 with the ace as 1, totals, flags), so that every part of the program
asks the same question the same way:

- the round (:mod:`.table_rules` and the round's parts) calls these, or tables worked out from
  them (:data:`HAND_TOTALS`, :class:`~.table_rules.TableRules`);
- the exact analysis (:mod:`blackjack_tui.analysis`) compiles its arrays from them;
- the simulator's fast path (:mod:`blackjack_tui.analysis.sim_tables`) compiles its look-up
  tables from them;
- the home game's ledger (:mod:`blackjack_tui.ledger.outcomes`) pays by :func:`payout_factor`.

Where speed matters, callers look answers up in tables built from these functions instead of
writing the formula again: a test asks each table against the function it came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from blackjack_tui.engine.cards import Card, total_label
from blackjack_tui.engine.money import ZERO, times
from blackjack_tui.engine.vocabulary import AcesLow, Outcome

if TYPE_CHECKING:
    from blackjack_tui.engine.rules import Rules

WIN, LOSE, PUSH, BLACKJACK, BUST, SURRENDER, EVEN_MONEY = Outcome
INSURANCE_PAYS = 2
"""Insurance pays 2:1 when the dealer has blackjack (and is lost otherwise)."""

# ------------------------------------------------------------------------------ totals


def best_total(hard: int, ace: bool) -> int:
    """A hand's best total from its hard total (every ace 1) and whether it holds an ace that may
    count 11: one such ace counts 11 when that does not bust the hand."""
    return hard + 10 if ace and hard <= 11 else hard


def is_soft(hard: int, ace: bool) -> bool:
    """The hand's best total counts an ace as 11 (it can take any card without busting)."""
    return best_total(hard, ace) != hard


MAX_HARD = 128
"""The hard totals :data:`HAND_TOTALS` covers: far past any hand (one that hits a hard 20 reaches
30; a dozen tens added by hand still fit)."""
HAND_TOTALS: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
    tuple((best_total(hard, ace), is_soft(hard, ace)) for hard in range(MAX_HARD))
    for ace in (False, True))
"""``HAND_TOTALS[ace][hard]``: ``(best total, soft)``, looked up where a card is added."""


def hand_totals(cards: Sequence[Card]) -> tuple[int, bool]:
    """``(best total, soft)`` of a hand of cards."""
    hard = 0
    ace = False
    for card in cards:
        hard += card.value
        if card.value == 1:
            ace = True
    best = best_total(hard, ace)
    return best, best != hard


def counted(cards: Sequence[Card], aces_low: AcesLow | None = None) -> tuple[int, bool]:
    """``(hard total, holds an ace that may count 11)`` of a hand, the aces of a doubled hand as
    the rules count them: ``aces_low`` is ``None`` for the usual count; :attr:`AcesLow.ALL`
    counts every ace 1; :attr:`AcesLow.HELD` counts 1 the aces of the first two cards (those held
    when the hand doubled), while a card drawn after them may still count 11."""
    hard = 0
    for card in cards:
        hard += card.value
    if aces_low is None:
        return hard, any(c.value == 1 for c in cards)
    return hard, aces_low is AcesLow.HELD and any(c.value == 1 for c in cards[2:])


def hand_value(cards: Sequence[Card], aces_low: AcesLow | None = None) -> tuple[int, bool]:
    """``(best total, soft)`` of a hand, with the aces of a doubled hand as the rules count them
    (:func:`counted`)."""
    if aces_low is None:
        return hand_totals(cards)
    hard, ace = counted(cards, aces_low)
    best = best_total(hard, ace)
    return best, best != hard


def format_total(cards: Sequence[Card]) -> str:
    """The total as a player reads it: ``7/17`` for a soft hand, ``17`` otherwise."""
    return total_label(*hand_totals(cards))


def doubling_total(first: int, second: int, aces_low: AcesLow | None) -> int:
    """The total a two-card hand of these values doubles on: the best one, or the hard one where
    the rules count an ace 1 for the double (the Swedish rule)."""
    hard = first + second
    return hard if aces_low is not None else best_total(hard, first == 1 or second == 1)


def doubled_total(hard: int, ace: bool, value: int, aces_low: AcesLow | None) -> int:
    """The best total of a two-card hand (``hard``, holding an ace if ``ace``) doubled and dealt
    a card of ``value``, its aces as the rules count them (:func:`hand_value`)."""
    total = hard + value
    if aces_low is AcesLow.ALL:
        return total
    if aces_low is AcesLow.HELD:  # the aces held count 1; the card drawn counts as usual
        return best_total(total, value == 1)
    return best_total(total, ace or value == 1)


def is_blackjack(cards: Sequence[Card], from_split: bool = False) -> bool:
    """21 on two cards, not after a split: a blackjack (a natural)."""
    return len(cards) == 2 and not from_split and hand_totals(cards)[0] == 21


def is_natural(first: int, second: int) -> bool:
    """Two card values that make 21: an ace and a ten."""
    return first + second == 11 and (first == 1 or second == 1)


NATURALS = [[is_natural(first, second) for second in range(11)] for first in range(11)]
"""``NATURALS[first][second]``: :func:`is_natural`, looked up (card values 1-10)."""


def dealer_blackjack(cards: Sequence[Card]) -> bool:
    """The dealer's first two cards make 21."""
    return len(cards) == 2 and NATURALS[cards[0].value][cards[1].value]


def is_pair(first: Card, second: Card, by_rank: bool) -> bool:
    """Two cards that may split: of equal value (K+T), or of equal rank where the rules say so."""
    return first.rank == second.rank if by_rank else first.value == second.value


# ------------------------------------------------------------------------------ drawing


def player_may_hit(total: int, soft: bool, hit_soft_21: bool) -> bool:
    """A hand of this best total may take a card: below 21 always; a soft 21 only where the
    rules say so; a hard 21 never."""
    return total < 21 or (total == 21 and soft and hit_soft_21)


def dealer_draws(total: int, soft: bool, hits_soft_17: bool) -> bool:
    """The dealer takes another card: below 17, or on a soft 17 where the dealer hits it."""
    return total < 17 or (total == 17 and soft and hits_soft_17)


# ------------------------------------------------------------------------------ the result


def result(player: int, dealer: int, ties_lose: frozenset[int] | Sequence[int]) -> int:
    """A standing hand of ``player`` against a dealer who ended on ``dealer`` (above 21: bust),
    neither a natural: +1 a win, 0 a push, -1 a loss (a tie loses on the totals in
    ``ties_lose``)."""
    if dealer > 21 or player > dealer:
        return 1
    if player < dealer or player in ties_lose:
        return -1
    return 0


_RESULTS = (PUSH, WIN, LOSE)  # by result(): 0, 1, -1


def outcome_against(player: int, blackjack: bool, dealer: int,
                    ties_lose: frozenset[int]) -> Outcome:
    """How a live hand of best total ``player`` (``blackjack``: a natural) ends against a dealer
    without blackjack who finished on ``dealer``."""
    if blackjack:
        return BLACKJACK
    return _RESULTS[result(player, dealer, ties_lose)]


def against_dealer_blackjack(blackjack: bool, first: bool, stake: Decimal, bet: Decimal,
                             original_only: bool) -> tuple[Outcome, Decimal]:
    """A live wager of ``stake`` (its seat's original ``bet``) against a dealer blackjack.

    A blackjack pushes. In a no-hole-card game that loses the original bet only
    (``original_only``), the box's ``first`` hand loses the original bet and every other stake
    (doubles, splits) is returned; elsewhere the whole stake is lost.
    """
    if blackjack:
        return PUSH, ZERO
    if original_only:
        return (LOSE, -bet) if first else (PUSH, ZERO)
    return LOSE, -stake


# ------------------------------------------------------------------------------ paying


def blackjack_pays(rules: Rules) -> Fraction:
    """What a natural pays per unit staked (3:2 is 3/2): the one reading of the rule."""
    return rules.blackjack_ratio


PAYS: dict[Outcome, Fraction] = {
    WIN: Fraction(1), EVEN_MONEY: Fraction(1), PUSH: Fraction(0), LOSE: Fraction(-1),
    BUST: Fraction(-1), SURRENDER: Fraction(-1, 2)}
"""What each outcome but a natural wins per unit staked (negative: loses)."""


def payout_factor(outcome: Outcome, ratio: Fraction) -> Fraction:
    """What a wager wins per unit staked when its hand ends with ``outcome`` (``ratio``: what a
    natural pays, :func:`blackjack_pays`)."""
    return ratio if outcome is BLACKJACK else PAYS[outcome]


def net_of(outcome: Outcome, stake: Decimal, ratio: Fraction) -> Decimal:
    """What a wager of ``stake`` wins (negative: loses) when its hand ends with ``outcome``:
    ``stake × payout_factor``, exact, written per outcome so the amounts keep their form."""
    if outcome is LOSE or outcome is BUST:
        return -stake
    if outcome is WIN or outcome is EVEN_MONEY:
        return stake
    if outcome is BLACKJACK:
        return times(stake, ratio)
    if outcome is PUSH:
        return ZERO
    return -stake / 2  # a surrender


def insurance_net(stake: Decimal, won: bool) -> Decimal:
    """What an insurance of ``stake`` wins (2:1 when the dealer has blackjack) or loses."""
    return stake * INSURANCE_PAYS if won else -stake


def insurance_stake(bet: Decimal, box_stake: Decimal | None, half_box: bool) -> Decimal:
    """The full insurance stake: half the bet, or half the box's whole stake where the rules say
    so (the Swedish rule: doubles and splits included; ``box_stake`` defaults to the bet)."""
    if half_box:
        return (bet if box_stake is None else box_stake) / 2
    return bet / 2
