"""Insurance and even money against the dealer's ace, box by box.

When the ace shows (right after the deal, or at the dealer's turn where the rules say so), every
position that could be asked joins a queue, in seat order: each box's holder, then the player
behind it. A position is asked when its turn comes, with the chips its seat has *then*: a seat
that cannot afford the full stake is not asked (where any amount up to half the bet may be
staked, it is offered at most what it has, and not asked with nothing left). A blackjack is
offered even money instead, where the rules offer it.
"""

from __future__ import annotations

from functools import partial

from blackjack_tui.engine.actions import EVEN_MONEY_ACTIONS, INSURANCE_ACTIONS, Action, Decision
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import Box, Position
from blackjack_tui.engine.kernel import insurance_net
from blackjack_tui.engine.money import ZERO
from blackjack_tui.engine.table_rules import TableRules, insurance_offer
from blackjack_tui.engine.vocabulary import ActionName, DecisionKind, EventKind, Outcome
from blackjack_tui.engine.wagering import Wagers

E = EventKind
EVEN_MONEY, INSURANCE = DecisionKind.EVEN_MONEY, DecisionKind.INSURANCE
# Built straight from a tuple: a fraction of the keyword call.
new_decision = partial(tuple.__new__, Decision)
new_event = partial(tuple.__new__, Event)


class Insurance:
    """The insurance of one round: who is still to be asked, and whether any was taken.

    ``queue`` holds, in the order they are asked, ``(box index, behind)`` of every position still
    to be asked; ``insured`` says some insurance was taken (the settlement looks for it only
    then). Stakes and what they won are kept on each box's :class:`Position`.
    """

    __slots__ = ("insured", "log", "queue", "table", "wagers")

    def __init__(self, table: TableRules, wagers: Wagers, log: list[Event],
                 queue: list[tuple[int, bool]] | None = None, insured: bool = False) -> None:
        self.table = table
        self.wagers = wagers
        self.log = log
        self.queue: list[tuple[int, bool]] = [] if queue is None else queue
        self.insured = insured

    def question(self, box: Box, position: Position) -> DecisionKind | None:
        """What ``position`` would be asked against an ace, chips aside: even money, insurance,
        or nothing (its money on the box is settled, or a blackjack that may not be insured)."""
        if not box.live_for(position):
            return None
        hand = box.hands[0]
        if len(box.hands) == 1 and hand.is_blackjack:
            if self.table.even_money:
                return EVEN_MONEY
            if not self.table.insure_blackjack:
                return None
        return INSURANCE

    def open(self) -> None:
        """The ace shows: queue everyone who may be asked, in the order they are asked."""
        self.queue = [(i, position.behind) for i, box in enumerate(self.wagers.boxes)
                      for position in box.positions if self.question(box, position) is not None]

    def ask(self) -> Decision | None:
        """The question for the first in the queue who can be asked now; ``None`` when nobody
        is left. Those who cannot afford insurance when their turn comes leave the queue
        unasked."""
        queue = self.queue
        boxes = self.wagers.boxes
        purses = self.wagers.seating.purses
        table = self.table
        while queue:
            bi, behind = queue[0]
            box = boxes[bi]
            position = box.positions[behind]
            kind = self.question(box, position)
            if kind is EVEN_MONEY:
                return new_decision((kind, box.number, 1, EVEN_MONEY_ACTIONS, None, False,
                                     position.seat, behind))
            if kind is INSURANCE:
                stake = insurance_offer(table, position.bet, box.staked(position),
                                        purses[position.seat].bankroll)
                if stake is not None:
                    return new_decision((kind, box.number, 1, INSURANCE_ACTIONS, stake,
                                         table.up_to_half, position.seat, behind))
            queue.pop(0)
        return None

    def answer(self, act: Action, decision: Decision) -> None:
        """Take the answer of the first in the queue: even money, insurance (the full stake or
        the amount given), or no."""
        bi, behind = self.queue.pop(0)
        wagers = self.wagers
        box = wagers.boxes[bi]
        position = box.positions[behind]
        if act.name is ActionName.EVEN_MONEY:
            position.even_money = True
            self.log.append(Event(E.BEHIND_EVEN_MONEY if behind else E.EVEN_MONEY, box.number, 1))
            wager = box.hands[0].wagers[behind]
            wagers.settle_wager(box, 0, wager, Outcome.EVEN_MONEY, wager.stake)
            return
        if act.name is ActionName.INSURANCE:
            assert decision.stake is not None
            stake = act.amount if act.amount is not None else decision.stake
            wagers.seating.take(position.seat, stake)
            self.insured = True
        else:
            stake = ZERO
        position.insurance = stake
        self.log.append(new_event((E.BEHIND_INSURANCE if behind else E.INSURANCE, box.number, 1,
                                   None, stake, None, None)))

    def settle(self, won: bool) -> None:
        """Settle every insurance taken and not yet settled: 2:1 when the dealer has blackjack."""
        if not self.insured:
            return
        seating = self.wagers.seating
        for box in self.wagers.boxes:
            for position in box.positions:
                stake = position.insurance
                if stake and position.insurance_net is None:
                    net = insurance_net(stake, won)
                    position.insurance_net = net
                    seating.pay(position.seat, stake + net)
                    kind = E.BEHIND_INSURANCE_SETTLED if position.behind else E.INSURANCE_SETTLED
                    self.log.append(Event(kind, box.number, 1, amount=net,
                                          outcome=Outcome.WIN if won else Outcome.LOSE))

    def waits(self) -> bool:
        """Some insurance is still to be settled (in a game without a hole card, the dealer's
        second card decides it)."""
        return self.insured and any(p.insurance and p.insurance_net is None
                                    for b in self.wagers.boxes for p in b.positions)
