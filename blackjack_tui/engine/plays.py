"""Doubles and splits, and the player behind a box joining them.

When the holder of a box with a bet behind it doubles or splits, the player behind is asked first
whether to put up an equal bet (if his chips cover it); either way the holder's play goes on. Not
joining a split, his bet stays with the first of the two hands; not joining a double, his bet
stays as it was while the holder's doubles, and the one card decides both.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from blackjack_tui.engine import settle
from blackjack_tui.engine.actions import JOIN_ACTIONS, Decision
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import Box, Hand, Wager
from blackjack_tui.engine.money import ZERO
from blackjack_tui.engine.vocabulary import (
    ActionName,
    DecisionKind,
    EventKind,
    HandState,
    Outcome,
)

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round

E = EventKind
SPLIT, DOUBLE = ActionName.SPLIT, ActionName.DOUBLE


def ask_behind(rnd: Round, box: Box, hi: int, what: ActionName) -> bool:
    """The holder splits or doubles a hand with a bet behind: ask the player behind first."""
    behind = box.hands[hi].behind_wager()
    if behind is not None and rnd.player.bankroll >= behind.stake:
        rnd.join = (what, rnd.cursor[0], hi)
        return True
    return False


def join_decision(rnd: Round) -> Decision:
    """The question to the player behind: join the split or the double, or stay out."""
    assert rnd.join is not None
    what, bi, hi = rnd.join
    box = rnd.boxes[bi]
    kind = DecisionKind.JOIN_SPLIT if what is SPLIT else DecisionKind.JOIN_DOUBLE
    return Decision(kind, box.number, hi + 1, JOIN_ACTIONS, box.hands[hi].behind, behind=True)


def answer_join(rnd: Round, join: bool) -> None:
    """The player behind answered: play the holder's split or double, with him or without."""
    assert rnd.join is not None
    what, bi, hi = rnd.join
    rnd.join = None
    if what is SPLIT:
        split(rnd, rnd.boxes[bi], hi, join)
    else:
        double(rnd, rnd.boxes[bi], hi, join)


def _join_behind(rnd: Round, box: Box, hi: int, join: bool, what: ActionName,
                 stake: Decimal) -> Decimal:
    """The player behind joins (or not) with ``stake``; returns what he added."""
    added = stake if join else ZERO
    rnd.player.bankroll -= added
    rnd.log.append(Event(E.BEHIND_JOIN, box.number, hi + 1, amount=added, outcome=what))
    return added


def double(rnd: Round, box: Box, hi: int, join: bool) -> None:
    """The holder doubles hand ``hi``: the stake again, one card (its aces as the rules count)."""
    hand = box.hands[hi]
    holder = hand.wagers[0]
    rnd.purses[holder.seat].bankroll -= holder.stake
    rnd.log.append(Event(E.DOUBLE, box.number, hi + 1, amount=holder.stake))
    behind = hand.behind_wager()
    if behind is not None:
        # Joined or not, the hand gets one card: the holder's double decides it.
        behind.stake += _join_behind(rnd, box, hi, join, DOUBLE, behind.stake)
    holder.stake += holder.stake
    hand.double_down(rnd.table.aces_low)
    rnd.give(box, hi)
    if hand.total > 21:
        settle.settle_hand(rnd, box, hi, Outcome.BUST)
    else:
        hand.state = HandState.DONE


def split(rnd: Round, box: Box, hi: int, join: bool) -> None:
    """The holder splits the pair of hand ``hi`` into two hands, each dealt a card at once."""
    hand = box.hands[hi]
    holder = hand.wagers[0]
    stake = holder.stake
    rnd.purses[holder.seat].bankroll -= stake
    first, second = hand.cards
    aces = first.value == 1
    left = Hand([first], from_split=True, split_aces=aces, wagers=[Wager(holder.seat, stake)])
    right = Hand([second], from_split=True, split_aces=aces, wagers=[Wager(holder.seat, stake)])
    box.hands[hi:hi + 1] = [left, right]
    rnd.log.append(Event(E.SPLIT, box.number, hi + 1, amount=stake))
    behind = hand.behind_wager()
    if behind is not None:
        # Not joining, the bet behind stays with the first of the split hands.
        left.wagers.append(Wager(0, behind.stake, True))
        added = _join_behind(rnd, box, hi, join, SPLIT, behind.stake)
        if added:
            right.wagers.append(Wager(0, added, True))
    rnd.give(box, hi)
    rnd.give(box, hi + 1)
