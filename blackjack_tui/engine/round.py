"""One round of blackjack as a state machine.

``Round(rules, shoe, bets, bankroll)`` takes the bets; ``deal()`` deals; then, while
``legal_actions()`` returns a :class:`Decision`, ``apply(action)`` plays it. Each call returns the
events it produced, in order, for a UI to animate. The whole state round-trips through
``to_dict()``/``from_dict()`` at any step.

Fixed order, so that rounds replay identically: one card to each box with a bet (box 1 first), the
dealer's up card, a second card to each box, then the hole card in hole-card games. Insurance and
even money are asked box by box from box 1. Boxes play in order, a split box's left hand first; on
a split each new hand at once receives one card, left hand first. Then the dealer reveals (or draws
a second card) and draws to 17.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from blackjack_tui.engine import table_rules as tr
from blackjack_tui.engine.actions import Action, Decision
from blackjack_tui.engine.cards import Card, hand_totals, parse_cards
from blackjack_tui.engine.errors import BetError, IllegalActionError, StateError
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import DONE, PLAYING, STOOD, Box, Hand
from blackjack_tui.engine.money import ZERO, money_str, times, to_money
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe

READY, INSURANCE, PLAY, DEALER_INSURANCE, OVER = (
    "ready", "insurance", "play", "dealer-insurance", "over")


class Round:
    """A round at one table: the boxes' bets, the cards, the decisions, the settlement."""

    def __init__(self, rules: Rules, shoe: Shoe, bets: Sequence[object | None],
                 bankroll: object, *, tier: str | None = None) -> None:
        self.rules = rules
        self.shoe = shoe
        self.tier = tier
        self.bankroll_start = to_money(bankroll)
        self.bankroll = self.bankroll_start
        self.boxes = self._take_bets(bets)
        self.dealer: list[Card] = []
        self.hole_hidden = False
        self.phase = READY
        self.queue: list[int] = []  # boxes (indices into self.boxes) still to be asked insurance
        self.cursor = (0, 0)  # (box index, hand index) of the hand in play
        self.dealt: list[Card] = []
        self.actions: list[str] = []
        self.log: list[Event] = []

    # ------------------------------------------------------------------ bets and the deal

    def _take_bets(self, bets: Sequence[object | None]) -> list[Box]:
        rules = self.rules
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
        if not boxes:
            raise BetError("place a bet in at least one box")
        total = sum((b.bet for b in boxes), ZERO)
        if total > self.bankroll:
            raise BetError(f"the bets total {money_str(total)}, more than the bankroll "
                           f"{money_str(self.bankroll)}")
        self.bankroll -= total
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
            self.queue = [i for i, box in enumerate(self.boxes) if self._insurance_kind(box)]
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
        if self.phase in (INSURANCE, DEALER_INSURANCE) and self.queue:
            box = self.boxes[self.queue[0]]
            kind = self._insurance_kind(box)
            if kind == "even-money":
                return Decision("even-money", box.number, 1, ("even-money", "no-even-money"))
            stake = tr.insurance_stake(self.rules, box)
            any_amount = self.rules.insurance_stake == "up-to-half"
            if any_amount:
                # Any amount up to half the bet, but never more than the player has left.
                stake = min(stake, self.bankroll)
            return Decision("insurance", box.number, 1, ("insurance", "no-insurance"), stake,
                            any_amount)
        if self.phase == PLAY:
            bi, hi = self.cursor
            box = self.boxes[bi]
            acts = tr.play_actions(self.rules, box, box.hands[hi], self.bankroll)
            return Decision("play", box.number, hi + 1, acts)
        return None

    def _insurance_kind(self, box: Box) -> str | None:
        """What to ask this box against an ace: even money, insurance, or nothing."""
        if not box.live:
            return None
        rules = self.rules
        hand = box.hands[0]
        if len(box.hands) == 1 and hand.is_blackjack:
            if rules.even_money:
                return "even-money"
            if not rules.insure_blackjack:
                return None
        stake = tr.insurance_stake(rules, box)
        if rules.insurance_stake != "up-to-half" and stake > self.bankroll:
            return None  # cannot afford it: not asked
        if self.bankroll <= 0:
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
        else:
            self._answer_insurance(act, decision)
        self._advance()
        return self.log[start:]

    def _answer_insurance(self, act: Action, decision: Decision) -> None:
        box = self.boxes[self.queue.pop(0)]
        if act.name == "even-money":
            box.even_money = True
            self.log.append(Event("even-money", box.number, 1))
            hand = box.hands[0]
            self._settle(box, 0, "even-money", hand.stake)
        elif act.name == "insurance":
            assert decision.stake is not None
            stake = act.amount if act.amount is not None else decision.stake
            box.insurance = stake
            self.bankroll -= stake
            self.log.append(Event("insurance", box.number, 1, amount=stake))
        else:
            box.insurance = ZERO
            self.log.append(Event("insurance", box.number, 1, amount=ZERO))

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
            self.bankroll -= hand.stake
            self.log.append(Event("double", box.number, hi + 1, amount=hand.stake))
            hand.stake += hand.stake
            hand.doubled = True
            hand.aces_low = self.rules.double_ace_as_one
            self._give(box, hi)
            if not self._after_card(box, hi):
                hand.state = DONE
        elif name == "split":
            self._split(box, hi)
        elif name == "surrender":
            self.log.append(Event("surrender", box.number, hi + 1))
            self._settle(box, hi, "surrender", -hand.stake / 2)

    def _split(self, box: Box, hi: int) -> None:
        hand = box.hands[hi]
        self.bankroll -= hand.stake
        aces = hand.cards[0].is_ace
        left = Hand([hand.cards[0]], hand.stake, from_split=True, split_aces=aces)
        right = Hand([hand.cards[1]], hand.stake, from_split=True, split_aces=aces)
        box.hands[hi:hi + 1] = [left, right]
        self.log.append(Event("split", box.number, hi + 1, amount=hand.stake))
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
        while True:
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
                    self.queue = [i for i, b in enumerate(self.boxes) if self._insurance_kind(b)]
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
                    if tr.needs_decision(self.rules, box, hand, self.bankroll):
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
        live = [h for b in self.boxes for h in b.hands if not h.settled]
        pending = any(b.insurance and b.insurance_net is None for b in self.boxes)
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
                if not hand.settled:
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

    def _settle(self, box: Box, hi: int, outcome: str, net: Decimal) -> None:
        hand = box.hands[hi]
        hand.outcome = outcome
        hand.net = net
        hand.state = DONE
        self.bankroll += hand.stake + net
        self.log.append(Event("settle", box.number, hi + 1, amount=net, outcome=outcome,
                              total=hand.total))

    def _pay_blackjacks(self) -> None:
        ratio = self.rules.blackjack_ratio
        for box in self.boxes:
            hand = box.hands[0]
            if len(box.hands) == 1 and hand.is_blackjack and not hand.settled:
                self._settle(box, 0, "blackjack", times(hand.stake, ratio))

    def _settle_insurance(self, won: bool) -> None:
        for box in self.boxes:
            if box.insurance and box.insurance_net is None:
                net = box.insurance * 2 if won else -box.insurance
                box.insurance_net = net
                self.bankroll += box.insurance + net
                self.log.append(Event("insurance-settled", box.number, 1, amount=net,
                                      outcome="win" if won else "lose"))

    def _settle_against_blackjack(self) -> None:
        self._reveal()
        for box in self.boxes:
            for hi, hand in enumerate(box.hands):
                if not hand.settled:
                    outcome, net = tr.against_blackjack(self.rules, box, hi, hand)
                    self._settle(box, hi, outcome, net)

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

    @property
    def staked(self) -> Decimal:
        """Everything the player has put on the table this round."""
        return sum((b.total_stake + (b.insurance or ZERO) for b in self.boxes), ZERO)

    # ------------------------------------------------------------------ serialization

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.model_dump(mode="json"),
            "tier": self.tier,
            "shoe": self.shoe.to_dict(),
            "bankroll_start": str(self.bankroll_start),
            "bankroll": str(self.bankroll),
            "boxes": [b.to_dict() for b in self.boxes],
            "dealer": [c.text for c in self.dealer],
            "hole_hidden": self.hole_hidden,
            "phase": self.phase,
            "queue": list(self.queue),
            "cursor": list(self.cursor),
            "dealt": [c.text for c in self.dealt],
            "actions": list(self.actions),
            "log": [e.to_dict() for e in self.log],
        }

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
            rnd.queue = [int(i) for i in data["queue"]]
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
