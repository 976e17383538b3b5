"""Helpers for the rule-set scenario tests: the shipped rule sets and a stacked-shoe round.

Every scenario deals from a stacked shoe that holds exactly the cards the round should use, so a
round that draws one card too many fails with ShoeEmptyError and one that draws too few fails the
``exhausted`` check.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from blackjack_tui.engine import Decision, Round, Rules, Shoe
from blackjack_tui.engine.actions import Action
from blackjack_tui.rulesets import load_all

_SHIPPED, _ERRORS = load_all()
assert not _ERRORS, _ERRORS

D = Decimal


def rules(name: str, **changes: Any) -> Rules:
    """A shipped rule set, optionally with some fields changed (validated again)."""
    base = _SHIPPED[name]
    if not changes:
        return base
    return Rules.model_validate({**base.model_dump(), **changes})


def deal(rule_set: Rules, cards: Sequence[str], bets: Sequence[object], bankroll: object = 1000,
         **kwargs: Any) -> Round:
    """A dealt round on a stacked shoe of ``cards`` (top first)."""
    rnd = Round(rule_set, Shoe.stacked(list(cards)), bets=list(bets), bankroll=bankroll, **kwargs)
    rnd.deal()
    return rnd


def play(rule_set: Rules, cards: Sequence[str], bets: Sequence[object],
         actions: Sequence[str] = (), bankroll: object = 1000, **kwargs: Any) -> Round:
    """Deal, apply ``actions`` in order, and check the round ended with every card used."""
    rnd = deal(rule_set, cards, bets, bankroll, **kwargs)
    for action in actions:
        rnd.apply(Action.parse(action))
    assert rnd.over, f"round not over; still waiting for {rnd.legal_actions()}"
    assert rnd.shoe.remaining == 0, f"{rnd.shoe.remaining} stacked card(s) left undealt"
    return rnd


def decision(rnd: Round) -> tuple[str, int, int, tuple[str, ...]]:
    """The decision due now as ``(kind, box, hand, actions)``."""
    d = rnd.legal_actions()
    assert isinstance(d, Decision), "no decision is due"
    return d.kind, d.box, d.hand, d.actions


def results(rnd: Round) -> list[tuple[int, int, str | None, Decimal | None]]:
    """Every hand as ``(box, hand, outcome, net)``, in box order, split hands left to right."""
    return [(box.number, i + 1, hand.outcome, hand.net)
            for box in rnd.boxes for i, hand in enumerate(box.hands)]


def box_of(rnd: Round, number: int = 1) -> Any:
    """The box numbered ``number`` (1 = leftmost)."""
    return next(b for b in rnd.boxes if b.number == number)


def cards_of(rnd: Round, box: int = 1, hand: int = 1) -> list[str]:
    return [c.text for c in box_of(rnd, box).hands[hand - 1].cards]


def dealer(rnd: Round) -> list[str]:
    return [c.text for c in rnd.dealer.cards]


def kinds(events: Sequence[Any]) -> list[str]:
    return [e.kind for e in events]
