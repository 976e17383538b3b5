"""The dealer: the shoe in his hand, his own cards, the hole card, his draw to 17.

He deals every card of the round: the opening deal in its fixed order (a card to each box with a
bet, in seat order, his up card, a second card to each box, then the hole card in hole-card
games), from one draw of the shoe, or one card at a time where the shoe may run dry on the way
(then the shuffle of the discards is told where it came); a card to a hand on a hit, a double or
a split; his own cards at his turn. Every card drawn this round is kept in :attr:`Dealer.dealt`.
"""

from __future__ import annotations

from functools import partial

from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.events import (
    CARD_EVENTS,
    DEALER_CARD_EVENTS,
    HOLE_EVENTS,
    REVEAL_EVENTS,
    Event,
)
from blackjack_tui.engine.hand import Box
from blackjack_tui.engine.insurance import Insurance
from blackjack_tui.engine.kernel import (
    BLACKJACK,
    NATURALS,
    best_total,
    dealer_blackjack,
    hand_totals,
    net_of,
)
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.table_rules import TableRules
from blackjack_tui.engine.vocabulary import DealerEnd, EventKind, PeekResult
from blackjack_tui.engine.wagering import Wagers

new_event = partial(tuple.__new__, Event)
# Events that carry no money are built once and shared (an event is immutable).
SHUFFLED = new_event((EventKind.SHUFFLE, 0, 0, None, None, None, None))
DEALER_TOTALS = [new_event((EventKind.DEALER_TOTAL, 0, 0, None, None,
                            DealerEnd.BUST if total > 21 else DealerEnd.STAND, total))
                 for total in range(32)]
PEEKED_BLACKJACK = Event(EventKind.PEEK, outcome=PeekResult.BLACKJACK)
PEEKED_NONE = Event(EventKind.PEEK, outcome=PeekResult.NONE)


class Dealer:
    """The dealer's side of the round at ``table``: what he holds and what he has dealt from
    ``shoe``. ``log`` is the round's event list: each card he deals is told there.
    """

    __slots__ = ("cards", "dealt", "hole_hidden", "log", "shoe", "table")

    def __init__(self, table: TableRules, shoe: Shoe, log: list[Event],
                 cards: list[Card] | None = None, dealt: list[Card] | None = None,
                 hole_hidden: bool = False) -> None:
        self.table = table
        self.shoe = shoe
        self.log = log
        self.cards: list[Card] = [] if cards is None else cards
        """The dealer's own cards: the up card first."""
        self.dealt: list[Card] = [] if dealt is None else dealt
        """Every card drawn this round, in the order drawn."""
        self.hole_hidden = hole_hidden
        """The hole card lies face down."""

    @property
    def up(self) -> Card:
        return self.cards[0]

    def has_blackjack(self) -> bool:
        """His first two cards make 21."""
        return dealer_blackjack(self.cards)

    # ------------------------------------------------------------------ dealing

    def draw(self) -> Card:
        """The next card from the shoe (an event if the shoe had to reshuffle its discards)."""
        shoe = self.shoe
        shuffles = shoe.shuffles
        card = shoe.draw()
        if shoe.shuffles != shuffles:
            self.log.append(SHUFFLED)
        self.dealt.append(card)
        return card

    def give(self, box: Box, index: int) -> Card:
        """Deal a card face up to the box's hand ``index`` (0-based)."""
        shoe = self.shoe  # draw(), written out: every hit, double and split comes here
        shuffles = shoe.shuffles
        card = shoe.draw()
        log = self.log
        if shoe.shuffles != shuffles:
            log.append(SHUFFLED)
        self.dealt.append(card)
        box.hands[index].add(card)
        log.append(CARD_EVENTS[box.number][index + 1][card])
        return card

    def lay_out(self, boxes: list[Box], cards: list[Card], peek: bool) -> None:
        """The opening deal of ``cards``, drawn at once, in their order: a card to each box, the
        up card, a second card each, the hole card where he ``peek``s."""
        self.dealt += cards
        log = self.log
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
            self.cards += (up, hole)
        else:
            self.cards.append(up)
        self.hole_hidden = peek

    def deal_by_card(self, boxes: list[Box], peek: bool) -> None:
        """The opening deal one card at a time, a shuffle told where the shoe ran dry."""
        order: list[Box | None] = [*boxes, None, *boxes]
        if peek:
            order.append(None)
        mine = self.cards
        log = self.log
        for box in order:
            card = self.draw()
            if box is None:
                log.append(HOLE_EVENTS[card] if mine else DEALER_CARD_EVENTS[card])
                mine.append(card)
            else:
                box.hands[0].add(card)
                log.append(CARD_EVENTS[box.number][1][card])
        self.hole_hidden = peek

    # ------------------------------------------------------------------ his turn

    def reveal(self) -> None:
        """Turn the hole card, if it is still face down."""
        if self.hole_hidden:
            self.hole_hidden = False
            self.log.append(REVEAL_EVENTS[self.cards[1]])

    def take_card(self) -> Card:
        """Draw a card to his own hand (his second card in a game without a hole card)."""
        card = self.draw()
        self.cards.append(card)
        self.log.append(DEALER_CARD_EVENTS[card])
        return card

    def total(self) -> int:
        """His best total now."""
        return hand_totals(self.cards)[0]

    def draw_to_17(self, hits: list[list[bool]]) -> int:
        """Draw while ``hits[soft][total]`` says so (the table's
        :func:`~.kernel.dealer_draws`, looked up); returns his total."""
        mine = self.cards
        total, ace = hand_totals(mine)  # then kept card by card (an ace that counts 1 stays 1)
        hard = total - 10 if ace else total
        draw = self.draw
        log = self.log
        while hits[total != hard][total]:
            card = draw()
            mine.append(card)
            log.append(DEALER_CARD_EVENTS[card])
            hard += card.value
            ace = ace or card.value == 1
            total = best_total(hard, ace)
        return total

    def peek(self, wagers: Wagers, insurance: Insurance) -> bool:
        """After the insurance: the peek (a blackjack settles every wager at once; none settles
        the insurance lost), then naturals paid at once where the rules say so. True when the
        dealer had blackjack (the round is over)."""
        up = self.cards[0].value
        could_have_blackjack = up == 1 or up == 10
        table = self.table
        if table.peek and could_have_blackjack:
            if self.has_blackjack():
                self.log.append(PEEKED_BLACKJACK)
                self.settle_blackjack(wagers, insurance)
                return True
            self.log.append(PEEKED_NONE)
            insurance.settle(won=False)
            could_have_blackjack = False
        if table.paid_at_once and not could_have_blackjack:
            wagers.pay_naturals()
        return False

    def play(self, wagers: Wagers, insurance: Insurance) -> None:
        """His turn: the hole card turned (or a second card drawn), the draw to 17, and every
        wager and insurance still open settled."""
        boxes = wagers.boxes
        table = self.table
        if len(boxes) == 1 and table.peek and not insurance.insured:
            box = boxes[0]  # one hand, one wager, no insurance: the same steps without the loops
            hands = box.hands
            if len(hands) == 1 and len(hands[0].wagers) == 1:
                hand = hands[0]
                cards = self.cards
                if self.hole_hidden:  # reveal(), written out
                    self.hole_hidden = False
                    self.log.append(REVEAL_EVENTS[cards[1]])
                if NATURALS[cards[0].value][cards[1].value]:  # has_blackjack(), written out
                    self.settle_blackjack(wagers, insurance)
                    return
                wager = hand.wagers[0]
                if wager.outcome is None:  # the hand is still live: the dealer plays against it
                    if hand.total == 21 and hand.is_blackjack:
                        outcome, total = BLACKJACK, self.total()
                    else:
                        total = self.draw_to_17(table.dealer_hits)
                        outcome = table.results[hand.total][total]  # outcome_against, looked up
                    self.log.append(DEALER_TOTALS[total])
                    wagers.settle_wager(box, 0, wager, outcome,
                                        net_of(outcome, wager.stake, table.bj_ratio))
                return
        live, to_beat = wagers.live()
        if table.peek:
            self.reveal()
        elif live or insurance.waits():
            self.take_card()
        if self.has_blackjack():
            self.settle_blackjack(wagers, insurance)
            return
        insurance.settle(won=False)
        total = self.draw_to_17(table.dealer_hits) if to_beat else self.total()
        if live:
            self.log.append(DEALER_TOTALS[total])
            wagers.settle_against(total)

    def settle_blackjack(self, wagers: Wagers, insurance: Insurance) -> None:
        """He has blackjack: the hole card shown, insurance paid, every live wager settled."""
        self.reveal()
        insurance.settle(won=True)
        wagers.against_blackjack()

    def clear(self, boxes: list[Box]) -> None:
        """The round is over: every card on the table goes to the shoe's discards."""
        cards: list[Card] = []
        for box in boxes:
            for hand in box.hands:
                cards += hand._cards
        cards += self.cards
        self.shoe.discard(cards)
