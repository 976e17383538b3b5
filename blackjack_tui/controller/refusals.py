"""Why a key cannot act now, in one line for the player: a function from the action asked for
and the round's state to a reason (the widgets only show it).

``why_not`` is asked only for an action the decision does not allow; the first reason that
applies wins, from the table's rules (no surrender here) to the hand (three cards) to the chips.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from blackjack_tui.engine.actions import Decision
from blackjack_tui.engine.hand import Hand
from blackjack_tui.engine.money import money_str

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round

LABELS = {
    "hit": "Hit", "stand": "Stand", "double": "Double", "split": "Split",
    "surrender": "Surrender", "insurance": "Insurance", "no-insurance": "No insurance",
    "even-money": "Even money", "no-even-money": "No even money",
    "join": "Join", "no-join": "Stay out",
}


def why_not(action: str, rnd: Round | None, decision: Decision | None) -> str:
    """Why ``action`` (an engine action name: ``double``, ``surrender`` …) cannot be taken."""
    label = LABELS.get(action, action)
    if rnd is None or decision is None:
        return "Wait for the cards"
    kind = str(decision.kind)
    if action in ("no-insurance", "no-even-money", "no-join"):
        return "Nothing is asked now: n answers insurance, even money or a join"
    if action in ("insurance", "even-money"):
        if rnd.rules.insurance == "none":
            return "No insurance at this table"
        return f"{label} is asked only when the dealer shows an ace"
    if action == "join":
        return "Join is asked only when a box you bet behind splits or doubles"
    if kind != "play":
        return f"{label} is not possible now: answer the question first"
    hand = rnd.hand_in_play()
    if hand is None:
        return f"{label} is not possible now"
    reason = {"surrender": _surrender, "double": _double, "split": _split}.get(
        action, lambda _r, _h, _d: None)(rnd, hand, decision)
    if reason is None and action in ("double", "split"):
        stake = hand.wagers[0].stake
        if rnd.stack(decision.seat) < stake:
            reason = f"{label} needs another {money_str(stake)}: not enough chips"
    if reason is None and action == "hit":
        reason = "A split ace takes one card only" if hand.split_aces \
            else f"No more cards on {hand.total}"
    return reason or f"{label} is not possible now"


def _surrender(rnd: Round, hand: Hand, _decision: Decision) -> str | None:
    if rnd.rules.surrender == "none":
        return "No surrender at this table"
    if hand.from_split or len(hand.cards) != 2:
        return "Surrender only on the first two cards"
    return None


def _double(rnd: Round, hand: Hand, _decision: Decision) -> str | None:
    rules = rnd.rules
    if len(hand.cards) != 2:
        return "Double only on the first two cards"
    if hand.from_split and not rules.double_after_split:
        return "No double after a split at this table"
    if rules.double_on != "any":
        return f"Double only on {rules.double_on.replace('-', '–')} at this table"
    return None


def _split(rnd: Round, hand: Hand, decision: Decision) -> str | None:
    rules = rnd.rules
    if len(hand.cards) != 2:
        return "Split only the first two cards"
    if hand.split_aces and not rules.resplit_aces:
        return "Split aces are not split again"
    if rules.max_split_hands == 1:
        return "No split at this table"
    if len(rnd.box(decision.box).hands) >= rules.max_split_hands:
        return f"A box splits into at most {rules.max_split_hands} hands here"
    first, second = hand.cards
    if rules.split_by == "rank" and first.rank != second.rank:
        return "Split only two cards of the same rank here"
    if first.value != second.value:
        return "Split only a pair"
    return None
