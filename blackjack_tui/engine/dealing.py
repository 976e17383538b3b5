"""The opening deal: the cards in their order, from one draw of the shoe, or one at a time
where the shoe may run dry on the way (then the shuffle of the discards is told where it came).

The order: a card to each box with a bet (in seat order), the dealer's up card, a second card to
each box, then the hole card in hole-card games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.events import CARD_EVENTS, DEALER_CARD_EVENTS, HOLE_EVENTS
from blackjack_tui.engine.hand import Box

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round


def lay_out(rnd: Round, cards: list[Card], peek: bool) -> None:
    """Deal ``cards`` in their order: a card to each box, the up card, a second card each,
    the hole card."""
    rnd.dealt += cards
    log = rnd.log
    boxes = rnd.boxes
    n = len(boxes)
    up = cards[n]
    if n == 1:  # one box: the loop below, written out
        box = boxes[0]
        first, second = cards[0], cards[2]
        box.hands[0].add_two(first, second)
        events = CARD_EVENTS[box.number][1]
        log += (events[first], DEALER_CARD_EVENTS[up], events[second])
    else:
        seconds = []
        for i, box in enumerate(boxes):
            first, second = cards[i], cards[n + 1 + i]
            box.hands[0].add_two(first, second)
            events = CARD_EVENTS[box.number][1]
            log.append(events[first])
            seconds.append(events[second])
        log.append(DEALER_CARD_EVENTS[up])
        log += seconds
    if peek:
        hole = cards[-1]
        log.append(HOLE_EVENTS[hole])
        rnd.dealer += (up, hole)
    else:
        rnd.dealer.append(up)


def deal_by_card(rnd: Round, peek: bool) -> None:
    """The opening deal one card at a time, a shuffle told where the shoe ran dry."""
    order: list[Box | None] = [*rnd.boxes, None, *rnd.boxes]
    if peek:
        order.append(None)
    dealer = rnd.dealer
    log = rnd.log
    for box in order:
        card = rnd.draw()
        if box is None:
            log.append(HOLE_EVENTS[card] if dealer else DEALER_CARD_EVENTS[card])
            dealer.append(card)
        else:
            box.hands[0].add(card)
            log.append(CARD_EVENTS[box.number][1][card])
