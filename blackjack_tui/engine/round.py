"""One round of blackjack as a state machine.

``Round(rules, shoe, bets, bankroll)`` takes the bets; ``deal()`` deals; then, while
``legal_actions()`` returns a :class:`Decision`, ``apply(action)`` plays it. Each call returns the
events it produced, in order, for a UI to animate. The whole state round-trips through
``to_dict()``/``from_dict()`` at any step.

Fixed order, so that rounds replay identically: one card to each box with a bet (in seat order:
the computer seats to the player's left, the player's boxes from box 1, the seats to the right),
the dealer's up card, a second card to each box, then the hole card in hole-card games. Insurance
and even money are asked box by box in the same order (a box's holder, then the player behind it).
Boxes play in order, a split box's left hand first; on a split each new hand at once receives one
card, left hand first. Then the dealer reveals (or draws a second card) and draws to 17.

Computer seats (:mod:`.seats`) decide through the same ``legal_actions()``/``apply()``: the
:class:`Decision` names the seat, so a replay stays strict. When the holder of a box with a bet
behind it splits or doubles, the player behind is asked to join (``join``/``no-join``) before any
card is dealt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from blackjack_tui.engine import table_rules as tr
from blackjack_tui.engine.actions import JOIN_ACTIONS, Action, Decision
from blackjack_tui.engine.cards import Card, hand_totals, parse_cards
from blackjack_tui.engine.errors import BetError, IllegalActionError, StateError
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import DONE, PLAYING, STOOD, Box, Hand
from blackjack_tui.engine.money import ZERO, money_str, times, to_money
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import MAX_SEATS, Seat, SeatBet, seat_box
from blackjack_tui.engine.shoe import Shoe

READY, INSURANCE, PLAY, DEALER_INSURANCE, OVER = (
    "ready", "insurance", "play", "dealer-insurance", "over")


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
        self.shoe = shoe
        self.tier = tier
        self.bankroll_start = to_money(bankroll)
        self.bankroll = self.bankroll_start
        self.seats: list[Seat] = []
        self.player_seat = player_seat
        self.boxes = self._take_bets(bets, seats, behind or {})
        self.dealer: list[Card] = []
        self.hole_hidden = False
        self.phase = READY
        # Still to be asked insurance: (index into self.boxes, whether it is the player behind).
        self.queue: list[tuple[int, bool]] = []
        # A split or double waiting for the player behind the box to join: (what, box, hand).
        self.join: tuple[str, int, int] | None = None
        self.cursor = (0, 0)  # (box index, hand index) of the hand in play
        self.dealt: list[Card] = []
        self.actions: list[str] = []
        self.log: list[Event] = []

    # ------------------------------------------------------------------ bets and the deal

    def _take_bets(self, bets: Sequence[object | None], seats: Sequence[SeatBet],
                   behind: Mapping[int, object]) -> list[Box]:
        rules = self.rules
        if len(seats) > MAX_SEATS:
            raise BetError(f"a table seats {MAX_SEATS} other players, not {len(seats)}")
        if not 0 <= self.player_seat <= len(seats):
            raise BetError(f"the player sits after 0 to {len(seats)} seats, "
                           f"not {self.player_seat}")
        if len(bets) > rules.max_boxes:
            raise BetError(f"this table has {rules.max_boxes} box(es); {len(bets)} bets were given")
        try:
            low, high = rules.limits(self.tier)
        except ValueError as err:
            raise BetError(str(err)) from None
        boxes = []
        for number, raw in enumerate(bets, start=1):
            if raw is None:
                continue
            try:
                bet = to_money(raw)
            except ValueError as err:
                raise BetError(f"box {number}: {err}") from None
            if bet == 0:
                continue
            if bet < low or bet > high:
                raise BetError(f"box {number}: a bet is {money_str(low)} to {money_str(high)}, "
                               f"not {money_str(bet)}")
            boxes.append(Box(number, bet))
        others = self._seat_boxes(seats, low, high, behind)
        if not boxes and not others:
            raise BetError("place a bet in at least one box")
        total = sum((b.bet for b in boxes), ZERO) + sum((b.behind_bet for b in others), ZERO)
        if total > self.bankroll:
            raise BetError(f"the bets total {money_str(total)}, more than the bankroll "
                           f"{money_str(self.bankroll)}")
        self.bankroll -= total
        left = [b for b in others if b.owner <= self.player_seat]
        right = [b for b in others if b.owner > self.player_seat]
        return left + boxes + right

    def _seat_boxes(self, seats: Sequence[SeatBet], low: Decimal, high: Decimal,
                    behind: Mapping[int, object]) -> list[Box]:
        """The computer seats' boxes, with the player's bets behind them; their chips taken."""
        boxes = []
        for number, spec in enumerate(seats, start=1):
            try:
                chips = to_money(spec.bankroll)
                bet = ZERO if spec.bet is None else to_money(spec.bet)
            except ValueError as err:
                raise BetError(f"{spec.name}: {err}") from None
            seat = Seat(number, spec.name, chips)
            self.seats.append(seat)
            if bet == 0:
                continue
            if bet < low or bet > high:
                raise BetError(f"{spec.name}: a bet is {money_str(low)} to {money_str(high)}, "
                               f"not {money_str(bet)}")
            if bet > chips:
                raise BetError(f"{spec.name} bets {money_str(bet)} with {money_str(chips)}")
            seat.bankroll -= bet
            boxes.append(Box(seat_box(number), bet, owner=number))
        by_number = {b.number: b for b in boxes}
        for number, raw in behind.items():
            try:
                amount = to_money(raw)
            except ValueError as err:
                raise BetError(f"behind box {number}: {err}") from None
            if amount == 0:
                continue
            box = by_number.get(number)
            if box is None:
                raise BetError(f"box {number} has no player's bet to bet behind")
            if amount < 0 or box.bet + amount > high:
                raise BetError(f"box {number}: the box maximum {money_str(high)} covers the "
                               f"holder's {money_str(box.bet)} and the bet behind together; "
                               f"at most {money_str(high - box.bet)} behind")
            box.behind_bet = amount
            box.hands[0].behind = amount
        return boxes

    def deal(self) -> list[Event]:
        """Deal the opening cards and play on to the first decision."""
        if self.phase != READY:
            raise IllegalActionError("the cards are already dealt")
        start = len(self.log)
        for box in self.boxes:
            self._give(box, 0)
        self.dealer.append(self._draw())
        self.log.append(Event("card", 0, 0, self.dealer[0]))
        for box in self.boxes:
            self._give(box, 0)
        if self.rules.hole_card == "peek":
            self.dealer.append(self._draw())
            self.hole_hidden = True
            self.log.append(Event("hole", 0, 0, self.dealer[1]))
        self.phase = INSURANCE
        if self.up_card.is_ace and self.rules.insurance == "after-deal":
            self.queue = self._insurance_queue()
        self._advance()
        return self.log[start:]

    def _draw(self) -> Card:
        shuffles = self.shoe.shuffles
        card = self.shoe.draw()
        if self.shoe.shuffles != shuffles:
            self.log.append(Event("shuffle"))
        self.dealt.append(card)
        return card

    def _give(self, box: Box, index: int) -> Card:
        card = self._draw()
        box.hands[index].cards.append(card)
        self.log.append(Event("card", box.number, index + 1, card))
        return card

    # ------------------------------------------------------------------ asking

    @property
    def up_card(self) -> Card:
        return self.dealer[0]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> Decision | None:
        """Who must decide now and what they may do; ``None`` before the deal or when over."""
        if self.join is not None:
            what, bi, hi = self.join
            box = self.boxes[bi]
            return Decision("join-split" if what == "split" else "join-double", box.number,
                            hi + 1, JOIN_ACTIONS, box.hands[hi].behind, behind=True)
        if self.phase in (INSURANCE, DEALER_INSURANCE) and self.queue:
            bi, behind = self.queue[0]
            box = self.boxes[bi]
            seat = 0 if behind else box.owner
            if self._insurance_kind(box, behind) == "even-money":
                return Decision("even-money", box.number, 1, ("even-money", "no-even-money"),
                                seat=seat, behind=behind)
            stake = self._insurance_stake(box, behind)
            any_amount = self.rules.insurance_stake == "up-to-half"
            if any_amount:
                # Any amount up to half the bet, but never more than the player has left.
                stake = min(stake, self.stack(seat))
            return Decision("insurance", box.number, 1, ("insurance", "no-insurance"), stake,
                            any_amount, seat=seat, behind=behind)
        if self.phase == PLAY:
            bi, hi = self.cursor
            box = self.boxes[bi]
            acts = tr.play_actions(self.rules, box, box.hands[hi], self.stack(box.owner))
            return Decision("play", box.number, hi + 1, acts, seat=box.owner)
        return None

    def stack(self, seat: int) -> Decimal:
        """The chips seat ``seat`` has in front of it now (0: the player)."""
        return self.bankroll if seat == 0 else self.seats[seat - 1].bankroll

    def _move(self, seat: int, amount: Decimal) -> None:
        if seat == 0:
            self.bankroll += amount
        else:
            self.seats[seat - 1].bankroll += amount

    def _insurance_queue(self) -> list[tuple[int, bool]]:
        queue = []
        for i, box in enumerate(self.boxes):
            if self._insurance_kind(box, False):
                queue.append((i, False))
            if box.behind_bet and self._insurance_kind(box, True):
                queue.append((i, True))
        return queue

    def _insurance_stake(self, box: Box, behind: bool) -> Decimal:
        if not behind:
            return tr.insurance_stake(self.rules, box)
        if self.rules.insurance_stake == "half-box":
            return box.behind_stake / 2
        return box.behind_bet / 2

    def _insurance_kind(self, box: Box, behind: bool = False) -> str | None:
        """What to ask this box's holder (or the player behind it) against an ace: even money,
        insurance, or nothing."""
        if not (box.behind_live if behind else box.live):
            return None
        rules = self.rules
        hand = box.hands[0]
        if len(box.hands) == 1 and hand.is_blackjack:
            if rules.even_money:
                return "even-money"
            if not rules.insure_blackjack:
                return None
        chips = self.bankroll if behind else self.stack(box.owner)
        stake = self._insurance_stake(box, behind)
        if rules.insurance_stake != "up-to-half" and stake > chips:
            return None  # cannot afford it: not asked
        if chips <= 0:
            return None
        return "insurance"

    # ------------------------------------------------------------------ playing

    def apply(self, action: str | Action) -> list[Event]:
        """Play ``action`` for whoever must decide now; returns the events it caused.

        Raises :class:`IllegalActionError` naming what is legal when ``action`` is not.
        """
        act = action if isinstance(action, Action) else Action.parse(action)
        decision = self.legal_actions()
        if decision is None:
            state = "not dealt yet" if self.phase == READY else "over"
            raise IllegalActionError(f"no decision is due: the round is {state}")
        if act not in decision:
            raise IllegalActionError(f"{act} is not legal now; {decision.describe()}")
        start = len(self.log)
        self.actions.append(str(act))
        if decision.kind == "play":
            self._play(act.name)
        elif decision.kind in ("join-split", "join-double"):
            self._answer_join(act.name == "join")
        elif decision.behind:
            self._answer_behind_insurance(act, decision)
        else:
            self._answer_insurance(act, decision)
        self._advance()
        return self.log[start:]

    def _answer_insurance(self, act: Action, decision: Decision) -> None:
        box = self.boxes[self.queue.pop(0)[0]]
        if act.name == "even-money":
            box.even_money = True
            self.log.append(Event("even-money", box.number, 1))
            hand = box.hands[0]
            self._settle_holder(box, 0, "even-money", hand.stake)
        elif act.name == "insurance":
            assert decision.stake is not None
            stake = act.amount if act.amount is not None else decision.stake
            box.insurance = stake
            self._move(box.owner, -stake)
            self.log.append(Event("insurance", box.number, 1, amount=stake))
        else:
            box.insurance = ZERO
            self.log.append(Event("insurance", box.number, 1, amount=ZERO))

    def _answer_behind_insurance(self, act: Action, decision: Decision) -> None:
        box = self.boxes[self.queue.pop(0)[0]]
        if act.name == "even-money":
            box.behind_even_money = True
            self.log.append(Event("behind-even-money", box.number, 1))
            self._settle_behind(box, 0, "even-money", box.hands[0].behind)
        elif act.name == "insurance":
            assert decision.stake is not None
            stake = act.amount if act.amount is not None else decision.stake
            box.behind_insurance = stake
            self.bankroll -= stake
            self.log.append(Event("behind-insurance", box.number, 1, amount=stake))
        else:
            box.behind_insurance = ZERO
            self.log.append(Event("behind-insurance", box.number, 1, amount=ZERO))

    def _answer_join(self, join: bool) -> None:
        assert self.join is not None
        what, bi, hi = self.join
        self.join = None
        if what == "split":
            self._split(self.boxes[bi], hi, join)
        else:
            self._double(self.boxes[bi], hi, join)

    def _asks_behind(self, box: Box, hi: int, what: str) -> bool:
        """The holder splits or doubles a hand with a bet behind: ask the player behind first."""
        behind = box.hands[hi].behind
        if behind and self.bankroll >= behind:
            self.join = (what, self.cursor[0], hi)
            return True
        return False

    def _play(self, name: str) -> None:
        bi, hi = self.cursor
        box = self.boxes[bi]
        hand = box.hands[hi]
        if name == "hit":
            self._give(box, hi)
            self._after_card(box, hi)
        elif name == "stand":
            hand.state = STOOD
            self.log.append(Event("stand", box.number, hi + 1, total=hand.total))
        elif name == "double":
            if not self._asks_behind(box, hi, "double"):
                self._double(box, hi, False)
        elif name == "split":
            if not self._asks_behind(box, hi, "split"):
                self._split(box, hi, False)
        elif name == "surrender":
            self.log.append(Event("surrender", box.number, hi + 1))
            self._settle(box, hi, "surrender", -hand.stake / 2)

    def _join_behind(self, box: Box, hi: int, join: bool, what: str, stake: Decimal) -> Decimal:
        """The player behind joins (or not) with ``stake``; returns what he added."""
        added = stake if join else ZERO
        self.bankroll -= added
        self.log.append(Event("behind-join", box.number, hi + 1, amount=added, outcome=what))
        return added

    def _double(self, box: Box, hi: int, join: bool) -> None:
        hand = box.hands[hi]
        self._move(box.owner, -hand.stake)
        self.log.append(Event("double", box.number, hi + 1, amount=hand.stake))
        if hand.behind:
            # Joined or not, the hand gets one card: the holder's double decides it.
            hand.behind += self._join_behind(box, hi, join, "double", hand.behind)
        hand.stake += hand.stake
        hand.doubled = True
        hand.aces_low = bool(self.rules.double_ace_as_one)  # "held": see issue 14
        self._give(box, hi)
        if not self._after_card(box, hi):
            hand.state = DONE

    def _split(self, box: Box, hi: int, join: bool) -> None:
        hand = box.hands[hi]
        self._move(box.owner, -hand.stake)
        aces = hand.cards[0].is_ace
        left = Hand([hand.cards[0]], hand.stake, from_split=True, split_aces=aces)
        right = Hand([hand.cards[1]], hand.stake, from_split=True, split_aces=aces)
        box.hands[hi:hi + 1] = [left, right]
        self.log.append(Event("split", box.number, hi + 1, amount=hand.stake))
        if hand.behind:
            # Not joining, the bet behind stays with the first of the split hands.
            left.behind = hand.behind
            right.behind = self._join_behind(box, hi, join, "split", hand.behind)
        self._give(box, hi)
        self._give(box, hi + 1)

    def _after_card(self, box: Box, hi: int) -> bool:
        """Settle a bust at once; returns whether the hand busted."""
        hand = box.hands[hi]
        if hand.is_bust:
            self._settle(box, hi, "bust", -hand.stake)
            return True
        return False

    def _advance(self) -> None:
        """Run every step that needs no decision, up to the next decision or the end."""
        while self.join is None:
            if self.phase == INSURANCE:
                if self.queue:
                    return
                if self._after_insurance():
                    return
                self.phase = PLAY
                self.cursor = (0, 0)
            elif self.phase == PLAY:
                if self._seek_decision():
                    return
                self.phase = DEALER_INSURANCE
                if self.up_card.is_ace and self.rules.insurance == "dealer-turn":
                    self.queue = self._insurance_queue()
            elif self.phase == DEALER_INSURANCE:
                if self.queue:
                    return
                self._dealer_turn()
                self._finish()
                return
            else:
                return

    def _seek_decision(self) -> bool:
        """Move the cursor to the next hand that needs a decision; False when none is left."""
        bi, hi = self.cursor
        while bi < len(self.boxes):
            box = self.boxes[bi]
            while hi < len(box.hands):
                hand = box.hands[hi]
                if hand.state == PLAYING and not hand.settled:
                    if tr.needs_decision(self.rules, box, hand, self.stack(box.owner)):
                        self.cursor = (bi, hi)
                        return True
                    hand.state = DONE
                hi += 1
            bi, hi = bi + 1, 0
        return False

    # ------------------------------------------------------------------ the dealer

    def _dealer_blackjack(self) -> bool:
        return len(self.dealer) == 2 and hand_totals(self.dealer)[0] == 21

    def _after_insurance(self) -> bool:
        """The peek, insurance settled, blackjacks paid at once. True when the round ended."""
        up = self.up_card
        could_have_blackjack = up.is_ace or up.is_ten
        if self.rules.hole_card == "peek" and could_have_blackjack:
            if self._dealer_blackjack():
                self.log.append(Event("peek", outcome="blackjack"))
                self._reveal()
                self._settle_insurance(won=True)
                self._settle_against_blackjack()
                self._finish()
                return True
            self.log.append(Event("peek", outcome="none"))
            self._settle_insurance(won=False)
            could_have_blackjack = False
        if self.rules.blackjack_paid_at_once and not could_have_blackjack:
            self._pay_blackjacks()
        return False

    def _reveal(self) -> None:
        if self.hole_hidden:
            self.hole_hidden = False
            self.log.append(Event("reveal", 0, 0, self.dealer[1]))

    def _dealer_turn(self) -> None:
        live = [h for b in self.boxes for h in b.hands if h.open]
        pending = any((b.insurance and b.insurance_net is None)
                      or (b.behind_insurance and b.behind_insurance_net is None)
                      for b in self.boxes)
        if self.rules.hole_card == "peek":
            self._reveal()
        elif live or pending:
            self.dealer.append(self._draw())
            self.log.append(Event("card", 0, 0, self.dealer[-1]))
        if self._dealer_blackjack():
            self._settle_insurance(won=True)
            self._settle_against_blackjack()
            return
        self._settle_insurance(won=False)
        if any(not h.is_blackjack for h in live):
            self._draw_to_17()
        total = hand_totals(self.dealer)[0]
        if live:
            self.log.append(Event("dealer-total", total=total,
                                  outcome="bust" if total > 21 else "stand"))
        for box in self.boxes:
            for hi, hand in enumerate(box.hands):
                if hand.open:
                    outcome, net = tr.compare(self.rules, hand, total)
                    self._settle(box, hi, outcome, net)

    def _draw_to_17(self) -> None:
        hits_soft_17 = self.rules.dealer_hits_soft_17
        while True:
            total, soft = hand_totals(self.dealer)
            if total < 17 or (total == 17 and soft and hits_soft_17):
                self.dealer.append(self._draw())
                self.log.append(Event("card", 0, 0, self.dealer[-1]))
            else:
                return

    # ------------------------------------------------------------------ settlement

    def _settle(self, box: Box, hi: int, outcome: str, net: Decimal,
                behind_net: Decimal | None = None) -> None:
        """Settle the hand for its holder and for the player behind it, whoever is still in."""
        hand = box.hands[hi]
        if hand.outcome is None:
            self._settle_holder(box, hi, outcome, net)
        if hand.behind and hand.behind_net is None:
            if behind_net is None:
                behind_net = tr.behind_net(self.rules, hand.behind, outcome)
            self._settle_behind(box, hi, outcome, behind_net)

    def _settle_holder(self, box: Box, hi: int, outcome: str, net: Decimal) -> None:
        hand = box.hands[hi]
        hand.outcome = outcome
        hand.net = net
        hand.state = DONE
        self._move(box.owner, hand.stake + net)
        self.log.append(Event("settle", box.number, hi + 1, amount=net, outcome=outcome,
                              total=hand.total))

    def _settle_behind(self, box: Box, hi: int, outcome: str, net: Decimal) -> None:
        hand = box.hands[hi]
        hand.behind_outcome = outcome
        hand.behind_net = net
        self.bankroll += hand.behind + net
        self.log.append(Event("behind-settle", box.number, hi + 1, amount=net, outcome=outcome,
                              total=hand.total))

    def _pay_blackjacks(self) -> None:
        ratio = self.rules.blackjack_ratio
        for box in self.boxes:
            hand = box.hands[0]
            if len(box.hands) == 1 and hand.is_blackjack and hand.open:
                self._settle(box, 0, "blackjack", times(hand.stake, ratio))

    def _settle_insurance(self, won: bool) -> None:
        for box in self.boxes:
            if box.insurance and box.insurance_net is None:
                net = box.insurance * 2 if won else -box.insurance
                box.insurance_net = net
                self._move(box.owner, box.insurance + net)
                self.log.append(Event("insurance-settled", box.number, 1, amount=net,
                                      outcome="win" if won else "lose"))
            if box.behind_insurance and box.behind_insurance_net is None:
                net = box.behind_insurance * 2 if won else -box.behind_insurance
                box.behind_insurance_net = net
                self.bankroll += box.behind_insurance + net
                self.log.append(Event("behind-insurance-settled", box.number, 1, amount=net,
                                      outcome="win" if won else "lose"))

    def _settle_against_blackjack(self) -> None:
        self._reveal()
        for box in self.boxes:
            for hi, hand in enumerate(box.hands):
                if hand.open:
                    outcome, net = tr.against_blackjack(self.rules, box, hi, hand)
                    behind = tr.behind_against_blackjack(self.rules, box, hi, hand)
                    self._settle(box, hi, outcome, net, behind)

    def _finish(self) -> None:
        self.phase = OVER
        self.shoe.discard(list(self.table_cards()))
        self.log.append(Event("round-over", amount=self.net))

    # ------------------------------------------------------------------ reading the result

    def table_cards(self) -> list[Card]:
        return [c for b in self.boxes for h in b.hands for c in h.cards] + self.dealer

    @property
    def net(self) -> Decimal:
        """The player's gain (negative: loss) so far, counting chips still on the table as out."""
        return self.bankroll - self.bankroll_start

    def seat_net(self, seat: int) -> Decimal:
        """Seat ``seat``'s gain so far (0: the player, the same as :attr:`net`)."""
        return self.net if seat == 0 else self.seats[seat - 1].net

    @property
    def staked(self) -> Decimal:
        """Everything the player has put on the table this round, his bets behind included."""
        own = sum((b.total_stake + (b.insurance or ZERO) for b in self.boxes if b.owner == 0),
                  ZERO)
        behind = sum((b.behind_stake + (b.behind_insurance or ZERO) for b in self.boxes), ZERO)
        return own + behind

    def player_boxes(self) -> list[Box]:
        """The player's own boxes (not the computer seats')."""
        return [b for b in self.boxes if b.owner == 0]

    # ------------------------------------------------------------------ serialization

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rules": self.rules.model_dump(mode="json"),
            "tier": self.tier,
            "shoe": self.shoe.to_dict(),
            "bankroll_start": str(self.bankroll_start),
            "bankroll": str(self.bankroll),
            "boxes": [b.to_dict() for b in self.boxes],
            "dealer": [c.text for c in self.dealer],
            "hole_hidden": self.hole_hidden,
            "phase": self.phase,
            "queue": [[i, "behind"] if behind else i for i, behind in self.queue],
            "cursor": list(self.cursor),
            "dealt": [c.text for c in self.dealt],
            "actions": list(self.actions),
            "log": [e.to_dict() for e in self.log],
        }
        if self.seats:  # only then: saves without other seats stay as they were
            data["seats"] = [s.to_dict() for s in self.seats]
            data["player_seat"] = self.player_seat
        if self.join is not None:
            data["join"] = list(self.join)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], shoe: Shoe | None = None) -> Round:
        """Restore a round saved by :meth:`to_dict` (pass ``shoe`` to keep a live shoe's RNG)."""
        try:
            rules = Rules.model_validate(data["rules"])
            rnd = cls.__new__(cls)
            rnd.rules = rules
            rnd.tier = data["tier"]
            rnd.shoe = shoe if shoe is not None else Shoe.from_dict(data["shoe"])
            rnd.bankroll_start = Decimal(data["bankroll_start"])
            rnd.bankroll = Decimal(data["bankroll"])
            rnd.boxes = [Box.from_dict(b) for b in data["boxes"]]
            rnd.dealer = parse_cards(data["dealer"])
            rnd.hole_hidden = bool(data["hole_hidden"])
            rnd.phase = str(data["phase"])
            rnd.queue = [(int(i[0]), True) if isinstance(i, list) else (int(i), False)
                         for i in data["queue"]]
            rnd.seats = [Seat.from_dict(n, s) for n, s in enumerate(data.get("seats", []), 1)]
            rnd.player_seat = int(data.get("player_seat", 0))
            join = data.get("join")
            rnd.join = None if join is None else (str(join[0]), int(join[1]), int(join[2]))
            bi, hi = data["cursor"]
            rnd.cursor = (int(bi), int(hi))
            rnd.dealt = parse_cards(data["dealt"])
            rnd.actions = [str(a) for a in data["actions"]]
            rnd.log = [Event.from_dict(e) for e in data["log"]]
        except (KeyError, TypeError, ValueError, ArithmeticError) as err:
            raise StateError(f"not a saved round: {err}") from None
        if rnd.phase not in (READY, INSURANCE, PLAY, DEALER_INSURANCE, OVER):
            raise StateError(f"not a saved round: unknown phase {rnd.phase!r}")
        return rnd

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Round) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
