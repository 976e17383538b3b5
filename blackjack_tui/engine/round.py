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
from typing import Any

from blackjack_tui.engine import insurance, settle, state
from blackjack_tui.engine.actions import BARE, JOIN_ACTIONS, Action, Decision
from blackjack_tui.engine.bets import take_bets
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.errors import IllegalActionError
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import Box, Hand, Wager
from blackjack_tui.engine.money import ZERO, to_money
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

A = ActionName
E = EventKind
# Kept for callers of the earlier string constants.
READY, INSURANCE, PLAY, DEALER_INSURANCE, OVER = (
    Phase.READY, Phase.INSURANCE, Phase.PLAY, Phase.DEALER_INSURANCE, Phase.OVER)


class Round:
    """A round at one table: the boxes' bets, the cards, the decisions, the settlement."""

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
        self.player = Seat(0, "", to_money(bankroll))
        self.player_seat = player_seat
        self.boxes, self.seats = take_bets(rules, tier, bets, self.player, seats, player_seat,
                                           behind or {})
        self.purses = [self.player, *self.seats]
        """Every seat's chips by seat number: 0 the player, 1.. the computer seats."""
        self.dealer: list[Card] = []
        self.hole_hidden = False
        self.phase = Phase.READY
        # Still to be asked insurance: (index into self.boxes, whether it is the player behind).
        self.queue: list[tuple[int, bool]] = []
        # A split or double waiting for the player behind the box to join: (what, box, hand).
        self.join: tuple[ActionName, int, int] | None = None
        self.cursor = (0, 0)  # (box index, hand index) of the hand in play
        self.dealt: list[Card] = []
        self.actions: list[str] = []
        self.log: list[Event] = []
        self.decision: Decision | None = None

    # ------------------------------------------------------------------ the deal

    def deal(self) -> list[Event]:
        """Deal the opening cards and play on to the first decision."""
        if self.phase is not Phase.READY:
            raise IllegalActionError("the cards are already dealt")
        log = self.log
        start = len(log)
        for box in self.boxes:
            self.give(box, 0)
        up = self.draw()
        self.dealer.append(up)
        log.append(Event(E.CARD, 0, 0, up))
        for box in self.boxes:
            self.give(box, 0)
        if self.table.peek:
            hole = self.draw()
            self.dealer.append(hole)
            self.hole_hidden = True
            log.append(Event(E.HOLE, 0, 0, hole))
        self.phase = Phase.INSURANCE
        if up.value == 1 and self.rules.insurance == "after-deal":
            self.queue = insurance.queue_of(self)
        self.advance()
        return log[start:]

    def draw(self) -> Card:
        """The next card from the shoe (an event if the shoe had to reshuffle its discards)."""
        shoe = self.shoe
        shuffles = shoe.shuffles
        card = shoe.draw()
        if shoe.shuffles != shuffles:
            self.log.append(Event(E.SHUFFLE))
        self.dealt.append(card)
        return card

    def give(self, box: Box, index: int) -> Card:
        """Deal a card face up to the box's hand ``index`` (0-based)."""
        card = self.draw()
        box.hands[index].add(card)
        self.log.append(Event(E.CARD, box.number, index + 1, card))
        return card

    # ------------------------------------------------------------------ asking

    @property
    def up_card(self) -> Card:
        return self.dealer[0]

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

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
        if decision is None or decision.kind is not DecisionKind.PLAY:
            return None
        bi, hi = self.cursor
        return self.boxes[bi].hands[hi]

    # ------------------------------------------------------------------ playing

    def apply(self, action: str | Action) -> list[Event]:
        """Play ``action`` for whoever must decide now; returns the events it caused.

        Raises :class:`IllegalActionError` naming what is legal when ``action`` is not.
        """
        if type(action) is str:
            act = BARE.get(action)
            if act is None:
                act = Action.parse(action)
                text = str(act)
            else:
                text = action
        else:
            act = action if isinstance(action, Action) else Action.parse(action)
            text = str(act)
        decision = self.decision
        if decision is None:
            when = "not dealt yet" if self.phase is Phase.READY else "over"
            raise IllegalActionError(f"no decision is due: the round is {when}")
        if act.name not in decision.actions or (
                act.amount is not None and not decision.allows_amount(act.amount)):
            raise IllegalActionError(f"{act} is not legal now; {decision.describe()}")
        log = self.log
        start = len(log)
        self.actions.append(text)
        kind = decision.kind
        if kind is DecisionKind.PLAY:
            self._play(act.name)
        elif kind is DecisionKind.JOIN_SPLIT or kind is DecisionKind.JOIN_DOUBLE:
            self._answer_join(act.name is A.JOIN)
        else:
            insurance.answer(self, act, decision)
        self.advance()
        return log[start:]

    def advance(self) -> None:
        """Run every step that needs no decision, up to the next decision or the end."""
        while True:
            if self.join is not None:
                self.decision = self._join_decision()
                return
            phase = self.phase
            if phase is Phase.PLAY:
                if self._seek_decision():
                    return
                self.phase = Phase.DEALER_INSURANCE
                if self.dealer[0].value == 1 and self.rules.insurance == "dealer-turn":
                    self.queue = insurance.queue_of(self)
            elif phase is Phase.INSURANCE or phase is Phase.DEALER_INSURANCE:
                asked = insurance.ask(self)
                if asked is not None:
                    self.decision = asked
                    return
                if phase is Phase.DEALER_INSURANCE:
                    settle.dealer_turn(self)
                    self.decision = None
                    return
                if settle.after_insurance(self):
                    self.decision = None
                    return
                self.phase = Phase.PLAY
                self.cursor = (0, 0)
            else:
                self.decision = None
                return

    def _seek_decision(self) -> bool:
        """Move the cursor to the next hand that needs a decision; False when none is left."""
        bi, hi = self.cursor
        boxes = self.boxes
        purses = self.purses
        table = self.table
        while bi < len(boxes):
            box = boxes[bi]
            hands = box.hands
            while hi < len(hands):
                hand = hands[hi]
                if hand.state is HandState.PLAYING:
                    acts = decision_actions(table, box, hand, purses[box.owner].bankroll)
                    if acts is not None:
                        self.cursor = (bi, hi)
                        self.decision = Decision(DecisionKind.PLAY, box.number, hi + 1, acts,
                                                 None, False, box.owner)
                        return True
                    hand.state = HandState.DONE
                hi += 1
            bi, hi = bi + 1, 0
        return False

    def _play(self, name: ActionName) -> None:
        bi, hi = self.cursor
        box = self.boxes[bi]
        hand = box.hands[hi]
        if name is A.HIT:
            self.give(box, hi)
            if hand.total > 21:
                settle.settle_hand(self, box, hi, Outcome.BUST)
        elif name is A.STAND:
            hand.state = HandState.STOOD
            self.log.append(Event(E.STAND, box.number, hi + 1, total=hand.total))
        elif name is A.SURRENDER:
            self.log.append(Event(E.SURRENDER, box.number, hi + 1))
            settle.settle_hand(self, box, hi, Outcome.SURRENDER)
        elif not self._asks_behind(box, hi, name):
            if name is A.DOUBLE:
                self._double(box, hi, False)
            else:
                self._split(box, hi, False)

    # ------------------------------------------------------------------ doubles, splits, joins

    def _asks_behind(self, box: Box, hi: int, what: ActionName) -> bool:
        """The holder splits or doubles a hand with a bet behind: ask the player behind first."""
        behind = box.hands[hi].behind_wager()
        if behind is not None and self.player.bankroll >= behind.stake:
            self.join = (what, self.cursor[0], hi)
            return True
        return False

    def _join_decision(self) -> Decision:
        assert self.join is not None
        what, bi, hi = self.join
        box = self.boxes[bi]
        kind = DecisionKind.JOIN_SPLIT if what is A.SPLIT else DecisionKind.JOIN_DOUBLE
        return Decision(kind, box.number, hi + 1, JOIN_ACTIONS, box.hands[hi].behind, behind=True)

    def _answer_join(self, join: bool) -> None:
        assert self.join is not None
        what, bi, hi = self.join
        self.join = None
        if what is A.SPLIT:
            self._split(self.boxes[bi], hi, join)
        else:
            self._double(self.boxes[bi], hi, join)

    def _join_behind(self, box: Box, hi: int, join: bool, what: ActionName,
                     stake: Decimal) -> Decimal:
        """The player behind joins (or not) with ``stake``; returns what he added."""
        added = stake if join else ZERO
        self.player.bankroll -= added
        self.log.append(Event(E.BEHIND_JOIN, box.number, hi + 1, amount=added, outcome=what))
        return added

    def _double(self, box: Box, hi: int, join: bool) -> None:
        hand = box.hands[hi]
        holder = hand.wagers[0]
        self.purses[holder.seat].bankroll -= holder.stake
        self.log.append(Event(E.DOUBLE, box.number, hi + 1, amount=holder.stake))
        behind = hand.behind_wager()
        if behind is not None:
            # Joined or not, the hand gets one card: the holder's double decides it.
            behind.stake += self._join_behind(box, hi, join, A.DOUBLE, behind.stake)
        holder.stake += holder.stake
        hand.double_down(self.table.aces_low)
        self.give(box, hi)
        if hand.total > 21:
            settle.settle_hand(self, box, hi, Outcome.BUST)
        else:
            hand.state = HandState.DONE

    def _split(self, box: Box, hi: int, join: bool) -> None:
        hand = box.hands[hi]
        holder = hand.wagers[0]
        stake = holder.stake
        self.purses[holder.seat].bankroll -= stake
        first, second = hand.cards
        aces = first.value == 1
        left = Hand([first], from_split=True, split_aces=aces, wagers=[Wager(holder.seat, stake)])
        right = Hand([second], from_split=True, split_aces=aces,
                     wagers=[Wager(holder.seat, stake)])
        box.hands[hi:hi + 1] = [left, right]
        self.log.append(Event(E.SPLIT, box.number, hi + 1, amount=stake))
        behind = hand.behind_wager()
        if behind is not None:
            # Not joining, the bet behind stays with the first of the split hands.
            left.wagers.append(Wager(0, behind.stake, True))
            added = self._join_behind(box, hi, join, A.SPLIT, behind.stake)
            if added:
                right.wagers.append(Wager(0, added, True))
        self.give(box, hi)
        self.give(box, hi + 1)

    # ------------------------------------------------------------------ reading the result

    def table_cards(self) -> list[Card]:
        return [c for b in self.boxes for h in b.hands for c in h.cards] + self.dealer

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
