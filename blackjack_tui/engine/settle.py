"""The dealer's turn and the settlement: every wager on a hand paid or taken the same way.

A wager is settled once, with its hand's outcome: the holder's and the player's behind alike
(:func:`settle_hand`); only a dealer blackjack in a no-hole-card game that takes the original bet
only looks at each seat's original bet. Insurance is paid 2:1 when the dealer has blackjack.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.events import DEALER_CARD_EVENTS, REVEAL_EVENTS, Event
from blackjack_tui.engine.hand import Box, Hand, Wager
from blackjack_tui.engine.kernel import best_total, dealer_blackjack, hand_totals, insurance_net
from blackjack_tui.engine.table_rules import (
    net_of,
    outcome_against,
    wager_against_blackjack,
)
from blackjack_tui.engine.vocabulary import (
    DealerEnd,
    EventKind,
    HandState,
    Outcome,
    PeekResult,
    Phase,
)

if TYPE_CHECKING:
    from decimal import Decimal

    from blackjack_tui.engine.round import Round

E = EventKind
# Module constants for the hot path (an enum member looked up on its class costs far more).
CARD, SETTLE, BEHIND_SETTLE, REVEAL = E.CARD, E.SETTLE, E.BEHIND_SETTLE, E.REVEAL
DONE = HandState.DONE
BLACKJACK = Outcome.BLACKJACK
OVER = Phase.OVER
ROUND_OVER, DEALER_TOTAL = E.ROUND_OVER, E.DEALER_TOTAL
DEALER_BUST, DEALER_STAND = DealerEnd.BUST, DealerEnd.STAND
new_event = partial(tuple.__new__, Event)
make = tuple.__new__  # make(Event, fields): a call less than new_event, where it counts
# Events that carry no money are built once and shared (an event is immutable).
DEALER_TOTALS = [new_event((DEALER_TOTAL, 0, 0, None, None,
                            DEALER_BUST if total > 21 else DEALER_STAND, total))
                 for total in range(32)]
PEEKED_BLACKJACK = Event(E.PEEK, outcome=PeekResult.BLACKJACK)
PEEKED_NONE = Event(E.PEEK, outcome=PeekResult.NONE)


def settle_wager(rnd: Round, box: Box, hi: int, wager: Wager, outcome: Outcome,
                 net: Decimal) -> None:
    """Settle one seat's wager on the box's hand ``hi``: its chips back with what it won."""
    wager.outcome = outcome
    wager.net = net
    hand = box.hands[hi]
    behind = wager.behind
    if not behind:
        hand.state = DONE
    rnd.purses[wager.seat].bankroll += wager.stake + net
    rnd.log.append(make(Event, (BEHIND_SETTLE if behind else SETTLE, box.number, hi + 1, None,
                                net, outcome, hand.total)))


def settle_hand(rnd: Round, box: Box, hi: int, outcome: Outcome) -> None:
    """Settle every wager still open on the hand with ``outcome`` (a bust, a surrender, a win…)."""
    table = rnd.table
    for wager in box.hands[hi].wagers:
        if wager.outcome is None:
            settle_wager(rnd, box, hi, wager, outcome, net_of(table, outcome, wager.stake))


def settle_insurance(rnd: Round, won: bool) -> None:
    """Settle every insurance taken and not yet settled: 2:1 when the dealer has blackjack."""
    if not rnd.insured:
        return
    for box in rnd.boxes:
        for position in box.positions:
            stake = position.insurance
            if stake and position.insurance_net is None:
                net = insurance_net(stake, won)
                position.insurance_net = net
                rnd.purses[position.seat].bankroll += stake + net
                kind = E.BEHIND_INSURANCE_SETTLED if position.behind else E.INSURANCE_SETTLED
                rnd.log.append(Event(kind, box.number, 1, amount=net,
                                     outcome=Outcome.WIN if won else Outcome.LOSE))


def after_insurance(rnd: Round) -> bool:
    """The peek, insurance settled, blackjacks paid at once. True when the round ended."""
    up = rnd.dealer[0].value
    could_have_blackjack = up == 1 or up == 10
    table = rnd.table
    if table.peek and could_have_blackjack:
        if dealer_blackjack(rnd.dealer):
            rnd.log.append(PEEKED_BLACKJACK)
            _against_blackjack(rnd)
            finish(rnd)
            return True
        rnd.log.append(PEEKED_NONE)
        if rnd.insured:
            settle_insurance(rnd, won=False)
        could_have_blackjack = False
    if table.paid_at_once and not could_have_blackjack:
        for box in rnd.boxes:
            hands = box.hands
            hand = hands[0]
            if hand.total == 21 and len(hands) == 1 and hand.is_blackjack and hand.open:
                settle_hand(rnd, box, 0, BLACKJACK)
    return False


def reveal(rnd: Round) -> None:
    """Turn the hole card, if it is still face down."""
    if rnd.hole_hidden:
        rnd.hole_hidden = False
        rnd.log.append(REVEAL_EVENTS[rnd.dealer[1]])


def dealer_turn(rnd: Round) -> None:
    """The dealer's second card (or the hole card turned), the draw to 17, the settlement."""
    boxes = rnd.boxes
    if len(boxes) == 1 and rnd.table.peek and not rnd.insured:
        box = boxes[0]
        if len(box.hands) == 1 and len(box.hands[0].wagers) == 1:
            _one_hand_turn(rnd, box, box.hands[0])
            return
    _every_hand_turn(rnd)


def _every_hand_turn(rnd: Round) -> None:
    """:func:`dealer_turn` for any table: every box, hand and wager, insurance too."""
    live, to_beat = _live_hands(rnd)
    dealer = rnd.dealer
    if rnd.table.peek:
        reveal(rnd)
    elif live or _insurance_waits(rnd):
        _dealer_draws(rnd)
    if dealer_blackjack(dealer):
        _against_blackjack(rnd)
    else:
        if rnd.insured:
            settle_insurance(rnd, won=False)
        total = _draw_to_17(rnd) if to_beat else hand_totals(dealer)[0]
        if live:
            rnd.log.append(DEALER_TOTALS[total])
            _settle_against(rnd, total)
    finish(rnd)


def _one_hand_turn(rnd: Round, box: Box, hand: Hand) -> None:
    """:func:`dealer_turn` for the one hand of one box with one wager on it in a hole-card game
    with no insurance taken: the same steps, without the loops."""
    dealer = rnd.dealer
    if rnd.hole_hidden:
        rnd.hole_hidden = False
        rnd.log.append(REVEAL_EVENTS[dealer[1]])
    if dealer_blackjack(dealer):
        _against_blackjack(rnd)
    else:
        wager = hand.wagers[0]
        if wager.outcome is None:  # the hand is still live: the dealer plays against it
            blackjack = hand.total == 21 and hand.is_blackjack
            total = hand_totals(dealer)[0] if blackjack else _draw_to_17(rnd)
            rnd.log.append(DEALER_TOTALS[total])
            table = rnd.table
            outcome = outcome_against(table, hand, total)
            settle_wager(rnd, box, 0, wager, outcome, net_of(table, outcome, wager.stake))
    finish(rnd)


def _insurance_waits(rnd: Round) -> bool:
    """Some insurance is still to be settled (in a game without a hole card, the dealer's
    second card decides it)."""
    return rnd.insured and any(p.insurance and p.insurance_net is None
                               for b in rnd.boxes for p in b.positions)


def _live_hands(rnd: Round) -> tuple[bool, bool]:
    """Whether some hand has money still waiting, and whether one of them is not a blackjack
    (then the dealer draws to 17; against blackjacks alone he does not)."""
    live = False
    for box in rnd.boxes:
        for hand in box.hands:
            for wager in hand.wagers:  # hand.open, written out
                if wager.outcome is None:
                    live = True
                    if not hand.is_blackjack:
                        return True, True
                    break
    return live, False


def _draw_to_17(rnd: Round) -> int:
    """The dealer draws to 17 (a soft 17 too where the dealer hits it); returns his total."""
    dealer = rnd.dealer
    hits = rnd.table.dealer_hits
    total, ace = hand_totals(dealer)  # then kept card by card (an ace that counts 1 stays 1)
    hard = total - 10 if ace else total
    draw = rnd.draw
    log = rnd.log
    while hits[total != hard][total]:
        card = draw()  # _dealer_draws(), written out
        dealer.append(card)
        log.append(DEALER_CARD_EVENTS[card])
        hard += card.value
        ace = ace or card.value == 1
        total = best_total(hard, ace)
    return total


def _settle_against(rnd: Round, total: int) -> None:
    """Settle every live hand against a dealer who ended on ``total`` without blackjack."""
    table = rnd.table
    for box in rnd.boxes:
        for hi, hand in enumerate(box.hands):
            outcome = None
            for wager in hand.wagers:  # settle_hand() for the hands still open, in one pass
                if wager.outcome is None:
                    if outcome is None:
                        outcome = outcome_against(table, hand, total)
                    settle_wager(rnd, box, hi, wager, outcome, net_of(table, outcome, wager.stake))


def _dealer_draws(rnd: Round) -> Card:
    card = rnd.draw()
    rnd.dealer.append(card)
    rnd.log.append(DEALER_CARD_EVENTS[card])
    return card


def _against_blackjack(rnd: Round) -> None:
    """The dealer has blackjack: insurance paid, every live wager settled against it."""
    reveal(rnd)
    settle_insurance(rnd, won=True)
    table = rnd.table
    for box in rnd.boxes:
        for hi, hand in enumerate(box.hands):
            for wager in hand.wagers:
                if wager.outcome is None:
                    position = box.positions[wager.behind]
                    outcome, net = wager_against_blackjack(table, hand, hi == 0, wager.stake,
                                                           position.bet)
                    settle_wager(rnd, box, hi, wager, outcome, net)


def finish(rnd: Round) -> None:
    """The round is over: the table's cards go to the discards."""
    rnd.phase = OVER
    cards: list[Card] = []
    for box in rnd.boxes:  # rnd.table_cards(), written out
        for hand in box.hands:
            cards += hand._cards
    cards += rnd.dealer
    rnd.shoe.discard(cards)
    player = rnd.player
    rnd.log.append(make(Event, (ROUND_OVER, 0, 0, None, player.bankroll - player.bankroll_start,
                                None, None)))
