"""The round's wagers: the boxes, the money each seat has on their hands, and its settlement.

A wager is settled once, with its hand's outcome: the holder's and the player's behind alike
(:meth:`Wagers.settle_hand`); only a dealer blackjack in a no-hole-card game that takes the
original bet only looks at each seat's original bet. Doubles and splits move a seat's chips onto
a hand here too.

When the holder of a box with a bet behind it doubles or splits, the player behind may join with
an equal bet (the round asks him first). Not joining a split, his bet stays with the first of the
two hands; not joining a double, his bet stays as it was while the holder's doubles, and the one
card decides both.
"""

from __future__ import annotations

from decimal import Decimal
from functools import partial

from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import Box, Hand, Wager
from blackjack_tui.engine.kernel import net_of
from blackjack_tui.engine.money import ZERO
from blackjack_tui.engine.seats import Seating
from blackjack_tui.engine.table_rules import TableRules, outcome_against, wager_against_blackjack
from blackjack_tui.engine.vocabulary import ActionName, EventKind, HandState, Outcome

E = EventKind
# Module constants for the hot path (an enum member looked up on its class costs far more).
SETTLE, BEHIND_SETTLE = E.SETTLE, E.BEHIND_SETTLE
DONE = HandState.DONE
BLACKJACK = Outcome.BLACKJACK
SPLIT, DOUBLE = ActionName.SPLIT, ActionName.DOUBLE
make = tuple.__new__  # make(Event, fields): a call less than new_event, where it counts
new_event = partial(tuple.__new__, Event)


class Wagers:
    """The boxes in seat order and every wager on their hands, settled against ``seating``'s
    chips by ``table``'s rules; each settlement is told in ``log``."""

    __slots__ = ("boxes", "log", "seating", "table")

    def __init__(self, table: TableRules, boxes: list[Box], seating: Seating,
                 log: list[Event]) -> None:
        self.table = table
        self.boxes = boxes
        self.seating = seating
        self.log = log

    # ------------------------------------------------------------------ settling

    def settle_wager(self, box: Box, hi: int, wager: Wager, outcome: Outcome,
                     net: Decimal) -> None:
        """Settle one seat's wager on the box's hand ``hi``: its chips back with what it won."""
        wager.outcome = outcome
        wager.net = net
        hand = box.hands[hi]
        behind = wager.behind
        if not behind:
            hand.state = DONE
        self.seating.purses[wager.seat].bankroll += wager.stake + net
        self.log.append(make(Event, (BEHIND_SETTLE if behind else SETTLE, box.number, hi + 1,
                                     None, net, outcome, hand.total)))

    def settle_hand(self, box: Box, hi: int, outcome: Outcome) -> None:
        """Settle every wager still open on the hand with ``outcome`` (a bust, a surrender…)."""
        ratio = self.table.bj_ratio
        for wager in box.hands[hi].wagers:
            if wager.outcome is None:
                self.settle_wager(box, hi, wager, outcome, net_of(outcome, wager.stake, ratio))

    def pay_naturals(self) -> None:
        """Pay every unsettled blackjack now (where the rules pay them before the dealer's turn)."""
        for box in self.boxes:
            hands = box.hands
            hand = hands[0]
            if hand.total == 21 and len(hands) == 1 and hand.is_blackjack and hand.open:
                self.settle_hand(box, 0, BLACKJACK)

    def live(self) -> tuple[bool, bool]:
        """Whether some hand has money still waiting, and whether one of them is not a blackjack
        (then the dealer draws to 17; against blackjacks alone he does not)."""
        live = False
        for box in self.boxes:
            for hand in box.hands:
                for wager in hand.wagers:  # hand.open, written out
                    if wager.outcome is None:
                        live = True
                        if not hand.is_blackjack:
                            return True, True
                        break
        return live, False

    def settle_against(self, total: int) -> None:
        """Settle every live hand against a dealer who ended on ``total`` without blackjack."""
        table = self.table
        ratio = table.bj_ratio
        settle_wager = self.settle_wager
        for box in self.boxes:
            for hi, hand in enumerate(box.hands):
                outcome = None
                for wager in hand.wagers:  # settle_hand() for the hands still open, in one pass
                    if wager.outcome is None:
                        if outcome is None:
                            outcome = outcome_against(table, hand, total)
                        settle_wager(box, hi, wager, outcome, net_of(outcome, wager.stake, ratio))

    def against_blackjack(self) -> None:
        """Settle every live wager against a dealer blackjack."""
        table = self.table
        for box in self.boxes:
            for hi, hand in enumerate(box.hands):
                for wager in hand.wagers:
                    if wager.outcome is None:
                        position = box.positions[wager.behind]
                        outcome, net = wager_against_blackjack(table, hand, hi == 0,
                                                               wager.stake, position.bet)
                        self.settle_wager(box, hi, wager, outcome, net)

    # ------------------------------------------------------------------ doubles and splits

    def double(self, box: Box, hi: int, join: bool) -> Hand:
        """The holder doubles hand ``hi``: the stake again (the player behind's too if he
        joins); the hand marked doubled, its aces as the rules count them. The card is the
        dealer's to give."""
        hand = box.hands[hi]
        holder = hand.wagers[0]
        self.seating.purses[holder.seat].bankroll -= holder.stake
        self.log.append(Event(E.DOUBLE, box.number, hi + 1, amount=holder.stake))
        behind = hand.behind_wager()
        if behind is not None:
            # Joined or not, the hand gets one card: the holder's double decides it.
            behind.stake += self._join_behind(box, hi, join, DOUBLE, behind.stake)
        holder.stake += holder.stake
        hand.double_down(self.table.aces_low)
        return hand

    def split(self, box: Box, hi: int, join: bool) -> None:
        """The holder splits the pair of hand ``hi`` into two hands, each with the stake (the
        player behind's bet following as he chose). Their cards are the dealer's to give."""
        hand = box.hands[hi]
        holder = hand.wagers[0]
        stake = holder.stake
        self.seating.purses[holder.seat].bankroll -= stake
        first, second = hand.cards
        aces = first.value == 1
        left = Hand([first], from_split=True, split_aces=aces,
                    wagers=[Wager(holder.seat, stake)])
        right = Hand([second], from_split=True, split_aces=aces,
                     wagers=[Wager(holder.seat, stake)])
        box.hands[hi:hi + 1] = [left, right]
        self.log.append(Event(E.SPLIT, box.number, hi + 1, amount=stake))
        behind = hand.behind_wager()
        if behind is not None:
            # Not joining, the bet behind stays with the first of the split hands.
            left.wagers.append(Wager(0, behind.stake, True))
            added = self._join_behind(box, hi, join, SPLIT, behind.stake)
            if added:
                right.wagers.append(Wager(0, added, True))

    def _join_behind(self, box: Box, hi: int, join: bool, what: ActionName,
                     stake: Decimal) -> Decimal:
        """The player behind joins (or not) with ``stake``; returns what he added."""
        added = stake if join else ZERO
        self.seating.player.bankroll -= added
        self.log.append(Event(E.BEHIND_JOIN, box.number, hi + 1, amount=added, outcome=what))
        return added

    # ------------------------------------------------------------------ reading

    def staked_by_player(self) -> Decimal:
        """Everything the player has on the boxes' hands and in insurance this round."""
        total = ZERO
        for box in self.boxes:
            for position in box.positions:
                if position.seat == 0:
                    total += box.staked(position) + (position.insurance or ZERO)
        return total
