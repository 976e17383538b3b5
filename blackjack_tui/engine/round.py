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

The round is made of parts that own their state: :attr:`Round.seating` (the seats and their
chips, :mod:`.seats`), :attr:`Round.wagers` (the boxes and the money on them, doubles, splits and
the settlement, :mod:`.wagering`), :attr:`Round.dealer` (the shoe, his cards, the hole card, every
card dealt, :mod:`.dealer`) and :attr:`Round.insurance` (:mod:`.insurance`). The round itself
keeps the flow: the phase, the hand in play, the decision due, the log. The bets are taken in
:mod:`.bets`, the saved form is :mod:`.state`'s. The round works out its decision once, when play
stops for it: ``legal_actions()`` only returns it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from functools import partial
from typing import Any

from blackjack_tui.engine import state
from blackjack_tui.engine.actions import JOIN_ACTIONS, TEXT, Action, Decision
from blackjack_tui.engine.bets import take_bets
from blackjack_tui.engine.dealer import Dealer
from blackjack_tui.engine.errors import IllegalActionError, InvalidActionError
from blackjack_tui.engine.events import STAND_EVENTS, Event
from blackjack_tui.engine.hand import Box
from blackjack_tui.engine.insurance import Insurance
from blackjack_tui.engine.money import MAX_DIGITS, to_money
from blackjack_tui.engine.reading import RoundReading
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import Seat, SeatBet, Seating
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
from blackjack_tui.engine.wagering import Wagers

# Kept for callers of the earlier string constants.
READY, INSURANCE, PLAY, DEALER_INSURANCE, OVER = (
    Phase.READY, Phase.INSURANCE, Phase.PLAY, Phase.DEALER_INSURANCE, Phase.OVER)

# The hot path reads module constants: an enum member looked up on its class costs far more.
HIT, STAND, DOUBLE, SPLIT, SURRENDER, JOIN = (
    ActionName.HIT, ActionName.STAND, ActionName.DOUBLE, ActionName.SPLIT, ActionName.SURRENDER,
    ActionName.JOIN)
SURRENDERED, ROUND_OVER = EventKind.SURRENDER, EventKind.ROUND_OVER
BUST, GAVE_UP = Outcome.BUST, Outcome.SURRENDER
PLAYING, STOOD, DONE = HandState.PLAYING, HandState.STOOD, HandState.DONE
ASK_PLAY = DecisionKind.PLAY
# Events and decisions are tuples: built straight from a tuple, they cost a third of a call.
new_event = partial(tuple.__new__, Event)
make = tuple.__new__  # make(Event, fields): a call less than new_event, where it counts
new_decision = partial(tuple.__new__, Decision)


class Round(RoundReading):
    """A round at one table: the boxes' bets, the cards, the decisions, the settlement."""

    __slots__ = ("actions", "boxes", "cursor", "dealer", "decision", "insurance", "join", "log",
                 "phase", "rules", "seating", "shoe", "table", "tier", "wagers")

    def __init__(self, rules: Rules, shoe: Shoe, bets: Sequence[object | None],
                 bankroll: object, *, tier: str | None = None, seats: Sequence[SeatBet] = (),
                 player_seat: int = 0, behind: Mapping[int, object] | None = None) -> None:
        """``bets`` are the player's boxes from box 1; ``bankroll`` the player's chips.

        ``seats`` are computer players (seat 1 first), ``player_seat`` how many of them sit to the
        player's left, ``behind`` the player's bets behind their boxes (box number: amount).
        """
        table = table_of(rules)
        player = Seat(0, "", bankroll if type(bankroll) is Decimal and bankroll.is_finite()
                      and bankroll.adjusted() < MAX_DIGITS else to_money(bankroll))
        boxes, others = take_bets(table, tier, bets, player, seats, player_seat, behind)
        # The parts share the event log and the table's rules (from_dict() fits a saved round's).
        self.rules = rules
        self.table = table
        self.tier = tier
        self.shoe = shoe
        log: list[Event] = []
        self.log = log
        self.seating = seating = Seating(player, others, player_seat)
        self.wagers = wagers = Wagers(table, boxes, seating, log)
        self.boxes = boxes  # the wagers' own list, to read
        self.dealer = Dealer(table, shoe, log, [], [], False)
        self.insurance = Insurance(table, wagers, log, [], False)
        self.phase = READY
        # A split or double waiting for the player behind the box to join: (what, box, hand).
        self.join: tuple[ActionName, int, int] | None = None
        self.cursor = (0, 0)  # (box index, hand index) of the hand in play
        self.actions: list[str] = []
        self.decision: Decision | None = None

    # ------------------------------------------------------------------ the deal

    def deal(self) -> list[Event]:
        """Deal the opening cards and play on to the first decision."""
        if self.phase is not READY:
            raise IllegalActionError("the cards are already dealt")
        log = self.log
        start = len(log)
        dealer = self.dealer
        table = self.table
        boxes = self.boxes
        peek = table.peek
        n = len(boxes)
        cards = self.shoe.draw_cards(2 * n + 2 if peek else 2 * n + 1)
        if cards is None:  # the shoe may run dry on the way: card by card, a shuffle told
            dealer.deal_by_card(boxes, peek)
        else:
            dealer.lay_out(boxes, cards, peek)
        self.phase = INSURANCE
        if dealer.cards[0].value == 1 and table.insurance_at_deal:
            self.insurance.open()
        if self.insurance.queue:
            self.advance()  # insurance first: the long way
        elif self._after_insurance():
            self.decision = None
        else:  # advance(), written out
            self.phase = PLAY
            self.cursor = (0, 0)
            self._after_play()
        return log[start:]

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for whoever must decide now; returns the events it caused.

        The one way to play: an :class:`Action` (text is read by :meth:`Action.parse`, at the
        edges). Raises :class:`IllegalActionError` naming what is legal when ``action`` is not,
        :class:`InvalidActionError` when it is no action at all.
        """
        name = action.name if type(action) is Action else None
        if type(name) is not ActionName:  # (the round's checks below go by identity)
            raise InvalidActionError(f"a round plays an Action of an ActionName, not {action!r} "
                                     "(Action.parse reads text)")
        decision = self.decision
        if decision is not None and decision.kind is ASK_PLAY and action.amount is None \
                and name in decision.actions:  # a play (plays take no amount): on with the play
            log = self.log
            start = len(log)
            self.actions.append(TEXT[name])
            self._play(name)
            self._after_play()
            return log[start:]
        if decision is None:
            when = "not dealt yet" if self.phase is READY else "over"
            raise IllegalActionError(f"no decision is due: the round is {when}")
        if decision.kind is ASK_PLAY or name not in decision.actions or (
                action.amount is not None and not decision.allows_amount(action.amount)):
            raise IllegalActionError(f"{action} is not legal now; {decision.describe()}")
        log = self.log
        start = len(log)
        self.actions.append(str(action))
        if self.join is not None:
            self._answer_join(name is JOIN)
        else:
            self.insurance.answer(action, decision)
        self.advance()
        return log[start:]

    def _after_play(self) -> None:
        """:meth:`advance` from the play: the next hand's decision, or the dealer's turn."""
        if self.join is not None:
            self.decision = self._join_decision()
            return
        if self._seek_decision():
            return
        self.phase = DEALER_INSURANCE
        if self.dealer.cards[0].value == 1 and self.table.insurance_at_turn:
            self.insurance.open()
        if self.insurance.queue:
            self.advance()  # insurance at the dealer's turn: the long way
            return
        self._dealer_turn()
        self.decision = None

    def advance(self) -> None:
        """Run every step that needs no decision, up to the next decision or the end."""
        insurance = self.insurance
        while True:
            if self.join is not None:
                self.decision = self._join_decision()
                return
            phase = self.phase
            if phase is PLAY:
                if self._seek_decision():
                    return
                self.phase = DEALER_INSURANCE
                if self.dealer.cards[0].value == 1 and self.table.insurance_at_turn:
                    insurance.open()
            elif phase is INSURANCE or phase is DEALER_INSURANCE:
                asked = insurance.ask() if insurance.queue else None
                if asked is not None:
                    self.decision = asked
                    return
                if phase is DEALER_INSURANCE:
                    self._dealer_turn()
                    self.decision = None
                    return
                if self._after_insurance():
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
        purses = self.seating.purses
        count = len(boxes)  # (seeking splits no hand and moves no box)
        while bi < count:
            box = boxes[bi]
            hands = box.hands
            in_box = len(hands)
            while hi < in_box:
                hand = hands[hi]
                if hand.state is PLAYING:
                    owner = box.owner
                    acts = decision_actions(table, box, hand, purses[owner].bankroll)
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
            self.dealer.give(box, hi)
            if hand.total > 21:
                self.wagers.settle_hand(box, hi, BUST)
        elif name is STAND:
            hand.state = STOOD
            self.log.append(STAND_EVENTS[box.number][hi + 1][hand.total])
        elif name is SURRENDER:
            self.log.append(new_event((SURRENDERED, box.number, hi + 1, None, None, None, None)))
            self.wagers.settle_hand(box, hi, GAVE_UP)
        else:
            behind = hand.behind_wager()
            if behind is not None and self.seating.player.bankroll >= behind.stake:
                self.join = (name, bi, hi)  # ask the player behind first
            else:
                self._double_or_split(name, box, hi, False)

    # ------------------------------------------------------------------ doubles and splits

    def _join_decision(self) -> Decision:
        """The question to the player behind: join the split or the double, or stay out."""
        assert self.join is not None
        what, bi, hi = self.join
        box = self.boxes[bi]
        kind = DecisionKind.JOIN_SPLIT if what is SPLIT else DecisionKind.JOIN_DOUBLE
        return Decision(kind, box.number, hi + 1, JOIN_ACTIONS, box.hands[hi].behind, behind=True)

    def _answer_join(self, join: bool) -> None:
        """The player behind answered: play the holder's split or double, with him or not."""
        assert self.join is not None
        what, bi, hi = self.join
        self.join = None
        self._double_or_split(what, self.boxes[bi], hi, join)

    def _double_or_split(self, what: ActionName, box: Box, hi: int, join: bool) -> None:
        """A double (one card; its aces as the rules count them) or a split (a card to each
        new hand at once, the left one first)."""
        if what is DOUBLE:
            hand = self.wagers.double(box, hi, join)
            self.dealer.give(box, hi)
            if hand.total > 21:
                self.wagers.settle_hand(box, hi, BUST)
            else:
                hand.state = DONE
        else:
            self.wagers.split(box, hi, join)
            self.dealer.give(box, hi)
            self.dealer.give(box, hi + 1)

    # ------------------------------------------------------------------ the dealer's turn

    def _after_insurance(self) -> bool:
        """The peek, insurance settled, blackjacks paid at once. True when the round ended."""
        if self.dealer.peek(self.wagers, self.insurance):
            self._finish()
            return True
        return False

    def _dealer_turn(self) -> None:
        """The dealer's turn and the settlement; the round is over."""
        self.dealer.play(self.wagers, self.insurance)
        self._finish()

    def _finish(self) -> None:
        """The round is over: the table's cards go to the discards."""
        self.phase = OVER
        self.dealer.clear(self.boxes)
        player = self.seating.player
        self.log.append(make(Event, (ROUND_OVER, 0, 0, None,
                                     player.bankroll - player.bankroll_start, None, None)))

    # ------------------------------------------------------------------ serialization

    @classmethod
    def from_dict(cls, data: dict[str, Any], shoe: Shoe | None = None) -> Round:
        """Restore a round saved by :meth:`to_dict` (pass ``shoe`` to keep a live shoe's RNG);
        :class:`StateError` if ``data`` is not one."""
        saved = state.read(data, shoe)
        rnd = cls.__new__(cls)
        rnd.rules = saved.rules
        rnd.table = table = saved.table
        rnd.tier = saved.tier
        rnd.shoe = saved.shoe
        rnd.log = log = saved.log
        rnd.seating = seating = Seating(saved.player, saved.others, saved.player_seat)
        rnd.wagers = wagers = Wagers(table, saved.boxes, seating, log)
        rnd.boxes = saved.boxes
        rnd.dealer = Dealer(table, saved.shoe, log, saved.dealer, saved.dealt, saved.hole_hidden)
        insured = any(p.insurance for b in saved.boxes for p in b.positions)
        rnd.insurance = Insurance(table, wagers, log, saved.queue, insured)
        rnd.phase = saved.phase
        rnd.join = saved.join
        rnd.cursor = saved.cursor
        rnd.actions = saved.actions
        rnd.decision = None
        state.settle_in(rnd.advance)  # the decision due (past one nobody can take now)
        return rnd

