"""One round of blackjack as a state machine.

``Round(rules, shoe, bets, bankroll)`` takes the bets; ``deal()`` deals; then, while
``legal_actions()`` returns a :class:`Decision`, ``apply(action)`` plays it. Each call returns the
events it produced, in order, for a UI to animate. The whole state round-trips through
``to_dict()``/``from_dict()`` at any step.

Fixed order, so that rounds replay identically: one card to each box with a bet (in seat order:
the computer seats to the player's left, the player's boxes from box 1, the seats to the right),
the dealer's up card, a second card to each box, then the hole card in hole-card games. Insurance
and even money are asked box by box in the same order (a box's holder, then the player behind it),
each when its turn comes and only if that seat can afford it then. Boxes play in order, a split
box's left hand first; on a split each new hand at once receives one card, left hand first. Then
the dealer reveals (or draws a second card) and draws to 17.

Computer seats (:mod:`.seats`) decide through the same ``legal_actions()``/``apply()``: the
:class:`Decision` names the seat, so a replay stays strict. When the holder of a box with a bet
behind it splits or doubles, the player behind is asked to join (``join``/``no-join``) before any
card is dealt.

The money on a box is held as wagers (:mod:`.hand`), each owned by a seat; the dealer's turn and
the settlement are in :mod:`.settle`, insurance in :mod:`.insurance`, the bets in :mod:`.bets`.
The round works out its decision once, when play stops for it: ``legal_actions()`` only returns it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from functools import partial
from typing import Any

from blackjack_tui.engine import dealing, insurance, plays, settle, state
from blackjack_tui.engine.actions import BARE, Action, Decision
from blackjack_tui.engine.bets import take_bets
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.errors import IllegalActionError
from blackjack_tui.engine.events import CARD_EVENTS, STAND_EVENTS, Event
from blackjack_tui.engine.hand import Box, Hand
from blackjack_tui.engine.money import MAX_DIGITS, ZERO, to_money
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import Seat, SeatBet
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.table_rules import decision_actions, table_of
from blackjack_tui.engine.vocabulary import (
    ActionName,
    DecisionKind,
    EventKind,
    HandState,
    Outcome,
    Phase,
)

# Kept for callers of the earlier string constants.
READY, INSURANCE, PLAY, DEALER_INSURANCE, OVER = (
    Phase.READY, Phase.INSURANCE, Phase.PLAY, Phase.DEALER_INSURANCE, Phase.OVER)

# The hot path reads module constants: an enum member looked up on its class costs far more.
HIT, STAND, DOUBLE, SPLIT, SURRENDER, JOIN = (
    ActionName.HIT, ActionName.STAND, ActionName.DOUBLE, ActionName.SPLIT, ActionName.SURRENDER,
    ActionName.JOIN)
CARD, HOLE, SHUFFLE = EventKind.CARD, EventKind.HOLE, EventKind.SHUFFLE
SURRENDERED = EventKind.SURRENDER
BUST, GAVE_UP = Outcome.BUST, Outcome.SURRENDER
PLAYING, STOOD, DONE = HandState.PLAYING, HandState.STOOD, HandState.DONE
ASK_PLAY = DecisionKind.PLAY
PLAY_WORDS = {str(name): name for name in (HIT, STAND, DOUBLE, SPLIT, SURRENDER)}
# Events and decisions are tuples: built straight from a tuple, they cost a third of a call.
new_event = partial(tuple.__new__, Event)
make = tuple.__new__  # make(Event, fields): a call less than new_event, where it counts
new_decision = partial(tuple.__new__, Decision)


class Round:
    """A round at one table: the boxes' bets, the cards, the decisions, the settlement."""

    __slots__ = ("actions", "boxes", "cursor", "dealer", "dealt", "decision", "hole_hidden",
                 "insured", "join", "log", "phase", "player", "player_seat", "purses", "queue",
                 "rules", "seats", "shoe", "table", "tier")

    def __init__(self, rules: Rules, shoe: Shoe, bets: Sequence[object | None],
                 bankroll: object, *, tier: str | None = None, seats: Sequence[SeatBet] = (),
                 player_seat: int = 0, behind: Mapping[int, object] | None = None) -> None:
        """``bets`` are the player's boxes from box 1; ``bankroll`` the player's chips.

        ``seats`` are computer players (seat 1 first), ``player_seat`` how many of them sit to the
        player's left, ``behind`` the player's bets behind their boxes (box number: amount).
        """
        self.rules = rules
        self.table = table_of(rules)
        self.shoe = shoe
        self.tier = tier
        self.player = Seat(0, "", bankroll if type(bankroll) is Decimal and bankroll.is_finite()
                           and bankroll.adjusted() < MAX_DIGITS else to_money(bankroll))
        self.player_seat = player_seat
        self.boxes, self.seats = take_bets(self.table, tier, bets, self.player, seats,
                                           player_seat, behind)
        self.purses = [self.player, *self.seats]
        """Every seat's chips by seat number: 0 the player, 1.. the computer seats."""
        self.dealer: list[Card] = []
        self.hole_hidden = False
        self.phase = READY
        # Still to be asked insurance: (index into self.boxes, whether it is the player behind).
        self.queue: list[tuple[int, bool]] = []
        # A split or double waiting for the player behind the box to join: (what, box, hand).
        self.join: tuple[ActionName, int, int] | None = None
        self.cursor = (0, 0)  # (box index, hand index) of the hand in play
        self.dealt: list[Card] = []
        self.actions: list[str] = []
        self.log: list[Event] = []
        self.decision: Decision | None = None
        self.insured = False
        """Some insurance was taken this round (the settlement looks for it only then)."""

    # ------------------------------------------------------------------ the deal

    def deal(self) -> list[Event]:
        """Deal the opening cards and play on to the first decision."""
        if self.phase is not READY:
            raise IllegalActionError("the cards are already dealt")
        log = self.log
        start = len(log)
        boxes = self.boxes
        n = len(boxes)
        peek = self.table.peek
        cards = self.shoe.draw_cards(2 * n + 2 if peek else 2 * n + 1)
        if cards is None:  # the shoe may run dry on the way: card by card, a shuffle told
            dealing.deal_by_card(self, peek)
        else:
            dealing.lay_out(self, cards, peek)
        self.hole_hidden = peek
        self.phase = INSURANCE
        if self.dealer[0].value == 1 and self.table.insurance_at_deal:
            self.queue = insurance.queue_of(self)
        if self.queue:
            self.advance()  # insurance first: the long way
        elif settle.after_insurance(self):
            self.decision = None
        else:  # advance(), written out
            self.phase = PLAY
            self.cursor = (0, 0)
            self._after_play()
        return log[start:]

    def draw(self) -> Card:
        """The next card from the shoe (an event if the shoe had to reshuffle its discards)."""
        shoe = self.shoe
        shuffles = shoe.shuffles
        card = shoe.draw()
        if shoe.shuffles != shuffles:
            self.log.append(new_event((SHUFFLE, 0, 0, None, None, None, None)))
        self.dealt.append(card)
        return card

    def give(self, box: Box, index: int) -> Card:
        """Deal a card face up to the box's hand ``index`` (0-based)."""
        shoe = self.shoe  # draw(), written out: every hit, double and split comes here
        shuffles = shoe.shuffles
        card = shoe.draw()
        log = self.log
        if shoe.shuffles != shuffles:
            log.append(new_event((SHUFFLE, 0, 0, None, None, None, None)))
        self.dealt.append(card)
        box.hands[index].add(card)
        log.append(CARD_EVENTS[box.number][index + 1][card])
        return card

    # ------------------------------------------------------------------ asking

    @property
    def up_card(self) -> Card:
        return self.dealer[0]

    @property
    def over(self) -> bool:
        return self.phase is OVER

    @property
    def bankroll(self) -> Decimal:
        """The player's chips now (what is on the table is out of it)."""
        return self.player.bankroll

    @property
    def bankroll_start(self) -> Decimal:
        return self.player.bankroll_start

    def legal_actions(self) -> Decision | None:
        """Who must decide now and what they may do; ``None`` before the deal or when over."""
        return self.decision

    def stack(self, seat: int) -> Decimal:
        """The chips seat ``seat`` has in front of it now (0: the player)."""
        return self.purses[seat].bankroll

    def box(self, number: int) -> Box:
        """The box numbered ``number`` (box numbers skip boxes without a bet)."""
        for box in self.boxes:
            if box.number == number:
                return box
        raise KeyError(number)

    def hand_in_play(self) -> Hand | None:
        """The hand the play decision due now is about (``None`` when none is)."""
        decision = self.decision
        if decision is None or decision.kind is not ASK_PLAY:
            return None
        bi, hi = self.cursor
        return self.boxes[bi].hands[hi]

    # ------------------------------------------------------------------ playing

    def apply(self, action: str | Action) -> list[Event]:
        """Play ``action`` for whoever must decide now; returns the events it caused.

        Raises :class:`IllegalActionError` naming what is legal when ``action`` is not.
        """
        decision = self.decision
        if type(action) is str and decision is not None and decision.kind is ASK_PLAY:
            name = PLAY_WORDS.get(action)  # a play by its exact word: the short way
            if name is not None and name in decision.actions:
                log = self.log
                start = len(log)
                self.actions.append(action)
                self._play(name)
                self._after_play()
                return log[start:]
        act, text = _parsed(action)
        if decision is None:
            when = "not dealt yet" if self.phase is READY else "over"
            raise IllegalActionError(f"no decision is due: the round is {when}")
        if act.name not in decision.actions or (
                act.amount is not None and not decision.allows_amount(act.amount)):
            raise IllegalActionError(f"{act} is not legal now; {decision.describe()}")
        log = self.log
        start = len(log)
        self.actions.append(text)
        kind = decision.kind
        if kind is ASK_PLAY:
            self._play(act.name)
        elif self.join is not None:
            plays.answer_join(self, act.name is JOIN)
        else:
            insurance.answer(self, act, decision)
        self.advance()
        return log[start:]

    def _after_play(self) -> None:
        """:meth:`advance` from the play: the next hand's decision, or the dealer's turn."""
        if self.join is not None:
            self.decision = plays.join_decision(self)
            return
        if self._seek_decision():
            return
        self.phase = DEALER_INSURANCE
        if self.dealer[0].value == 1 and self.table.insurance_at_turn:
            self.queue = insurance.queue_of(self)
        if self.queue:
            self.advance()  # insurance at the dealer's turn: the long way
            return
        settle.dealer_turn(self)
        self.decision = None

    def advance(self) -> None:
        """Run every step that needs no decision, up to the next decision or the end."""
        while True:
            if self.join is not None:
                self.decision = plays.join_decision(self)
                return
            phase = self.phase
            if phase is PLAY:
                if self._seek_decision():
                    return
                self.phase = DEALER_INSURANCE
                if self.dealer[0].value == 1 and self.table.insurance_at_turn:
                    self.queue = insurance.queue_of(self)
            elif phase is INSURANCE or phase is DEALER_INSURANCE:
                asked = insurance.ask(self) if self.queue else None
                if asked is not None:
                    self.decision = asked
                    return
                if phase is DEALER_INSURANCE:
                    settle.dealer_turn(self)
                    self.decision = None
                    return
                if settle.after_insurance(self):
                    self.decision = None
                    return
                self.phase = PLAY
                self.cursor = (0, 0)
            else:
                self.decision = None
                return

    def _seek_decision(self) -> bool:
        """Move the cursor to the next hand that needs a decision; False when none is left."""
        bi, hi = self.cursor
        boxes = self.boxes
        table = self.table
        count = len(boxes)  # (seeking splits no hand and moves no box)
        while bi < count:
            box = boxes[bi]
            hands = box.hands
            in_box = len(hands)
            while hi < in_box:
                hand = hands[hi]
                if hand.state is PLAYING:
                    owner = box.owner
                    acts = decision_actions(table, box, hand, self.purses[owner].bankroll)
                    if acts is not None:
                        self.cursor = (bi, hi)
                        self.decision = make(Decision, (ASK_PLAY, box.number, hi + 1, acts, None,
                                                          False, owner, False))
                        return True
                    hand.state = DONE
                hi += 1
            bi, hi = bi + 1, 0
        return False

    def _play(self, name: ActionName) -> None:
        bi, hi = self.cursor
        box = self.boxes[bi]
        hand = box.hands[hi]
        if name is HIT:
            self.give(box, hi)
            if hand.total > 21:
                settle.settle_hand(self, box, hi, BUST)
        elif name is STAND:
            hand.state = STOOD
            self.log.append(STAND_EVENTS[box.number][hi + 1][hand.total])
        elif name is SURRENDER:
            self.log.append(new_event((SURRENDERED, box.number, hi + 1, None, None, None, None)))
            settle.settle_hand(self, box, hi, GAVE_UP)
        elif not plays.ask_behind(self, box, hi, name):
            if name is DOUBLE:
                plays.double(self, box, hi, False)
            else:
                plays.split(self, box, hi, False)

    # ------------------------------------------------------------------ reading the result

    def table_cards(self) -> list[Card]:
        """Every card on the table: the boxes' hands in order, then the dealer's."""
        return [c for b in self.boxes for h in b.hands for c in h._cards] + self.dealer

    @property
    def net(self) -> Decimal:
        """The player's gain (negative: loss) so far, counting chips still on the table as out."""
        return self.player.bankroll - self.player.bankroll_start

    def seat_net(self, seat: int) -> Decimal:
        """Seat ``seat``'s gain so far (0: the player, the same as :attr:`net`)."""
        return self.purses[seat].net

    @property
    def staked(self) -> Decimal:
        """Everything the player has put on the table this round, his bets behind included."""
        total = ZERO
        for box in self.boxes:
            for position in box.positions:
                if position.seat == 0:
                    total += box.staked(position) + (position.insurance or ZERO)
        return total

    def player_boxes(self) -> list[Box]:
        """The player's own boxes (not the computer seats')."""
        return [b for b in self.boxes if b.owner == 0]

    # ------------------------------------------------------------------ serialization

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (see :mod:`.state`)."""
        return state.round_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], shoe: Shoe | None = None) -> Round:
        """Restore a round saved by :meth:`to_dict` (pass ``shoe`` to keep a live shoe's RNG)."""
        rnd = cls.__new__(cls)
        state.restore(rnd, data, shoe)
        return rnd

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Round) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def _parsed(action: str | Action) -> tuple[Action, str]:
    """The action named by ``action`` and the words the round's log keeps for it."""
    if type(action) is str:
        act = BARE.get(action)
        if act is not None:
            return act, action
        act = Action.parse(action)
    elif not isinstance(action, Action):
        act = Action.parse(action)
    else:
        act = action
    return act, str(act)
