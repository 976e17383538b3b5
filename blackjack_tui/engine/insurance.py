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
from typing import TYPE_CHECKING

from blackjack_tui.engine.actions import EVEN_MONEY_ACTIONS, INSURANCE_ACTIONS, Action, Decision
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import Box, Position
from blackjack_tui.engine.money import ZERO
from blackjack_tui.engine.settle import settle_wager
from blackjack_tui.engine.table_rules import insurance_offer
from blackjack_tui.engine.vocabulary import ActionName, DecisionKind, EventKind, Outcome

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round

E = EventKind
EVEN_MONEY, INSURANCE = DecisionKind.EVEN_MONEY, DecisionKind.INSURANCE
# Built straight from a tuple: a fraction of the keyword call.
new_decision = partial(tuple.__new__, Decision)
new_event = partial(tuple.__new__, Event)


def question(rnd: Round, box: Box, position: Position) -> DecisionKind | None:
    """What ``position`` would be asked against an ace, chips aside: even money, insurance, or
    nothing (its money on the box is settled, or a blackjack that may not be insured)."""
    if not box.live_for(position):
        return None
    hand = box.hands[0]
    if len(box.hands) == 1 and hand.is_blackjack:
        if rnd.table.even_money:
            return EVEN_MONEY
        if not rnd.table.insure_blackjack:
            return None
    return INSURANCE


def queue_of(rnd: Round) -> list[tuple[int, bool]]:
    """Everyone who may be asked, in the order they are asked: (box index, behind)."""
    return [(i, position.behind) for i, box in enumerate(rnd.boxes) for position in box.positions
            if question(rnd, box, position) is not None]


def ask(rnd: Round) -> Decision | None:
    """The question for the first in the queue who can be asked now; ``None`` when nobody is
    left. Those who cannot afford insurance when their turn comes leave the queue unasked."""
    queue = rnd.queue
    while queue:
        bi, behind = queue[0]
        box = rnd.boxes[bi]
        position = box.positions[behind]
        kind = question(rnd, box, position)
        if kind is EVEN_MONEY:
            return new_decision((kind, box.number, 1, EVEN_MONEY_ACTIONS, None, False,
                                 position.seat, behind))
        if kind is INSURANCE:
            stake = insurance_offer(rnd.table, position.bet, box.staked(position),
                                    rnd.purses[position.seat].bankroll)
            if stake is not None:
                return new_decision((kind, box.number, 1, INSURANCE_ACTIONS, stake,
                                     rnd.table.up_to_half, position.seat, behind))
        queue.pop(0)
    return None


def answer(rnd: Round, act: Action, decision: Decision) -> None:
    """Take the answer of the first in the queue: even money, insurance (the full stake or the
    amount given), or no."""
    bi, behind = rnd.queue.pop(0)
    box = rnd.boxes[bi]
    position = box.positions[behind]
    if act.name is ActionName.EVEN_MONEY:
        position.even_money = True
        rnd.log.append(Event(E.BEHIND_EVEN_MONEY if behind else E.EVEN_MONEY, box.number, 1))
        wager = box.hands[0].wagers[behind]
        settle_wager(rnd, box, 0, wager, Outcome.EVEN_MONEY, wager.stake)
        return
    if act.name is ActionName.INSURANCE:
        assert decision.stake is not None
        stake = act.amount if act.amount is not None else decision.stake
        rnd.purses[position.seat].bankroll -= stake
        rnd.insured = True
    else:
        stake = ZERO
    position.insurance = stake
    rnd.log.append(new_event((E.BEHIND_INSURANCE if behind else E.INSURANCE, box.number, 1, None,
                              stake, None, None)))
