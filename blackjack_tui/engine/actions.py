"""Actions (``hit``, ``insurance:12.50`` …) and the decision the round asks for now."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal

from blackjack_tui.engine.errors import InvalidActionError

PLAY_ACTIONS = ("hit", "stand", "double", "split", "surrender")
INSURANCE_ACTIONS = ("insurance", "no-insurance")
EVEN_MONEY_ACTIONS = ("even-money", "no-even-money")
JOIN_ACTIONS = ("join", "no-join")
"""The player behind a box, when its holder splits or doubles: put up an equal bet, or not."""
ACTION_NAMES = PLAY_ACTIONS + INSURANCE_ACTIONS + EVEN_MONEY_ACTIONS + JOIN_ACTIONS

DecisionKind = Literal["play", "insurance", "even-money", "join-split", "join-double"]


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``name`` from :data:`ACTION_NAMES`; ``amount`` only for
    ``insurance:AMOUNT``."""

    name: str
    amount: Decimal | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse ``hit``, ``insurance`` or ``insurance:AMOUNT``; :class:`InvalidActionError` if
        not."""
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is a word like 'hit', not {text!r}")
        name, sep, rest = text.strip().lower().partition(":")
        if name not in ACTION_NAMES:
            raise InvalidActionError(
                f"{text!r} is not an action; actions are {', '.join(ACTION_NAMES)}"
            )
        if not sep:
            return cls(name)
        if name != "insurance":
            raise InvalidActionError(f"only insurance takes an amount, not {text!r}")
        try:
            amount = Decimal(rest)
        except InvalidOperation:
            raise InvalidActionError(f"{rest!r} in {text!r} is not an amount") from None
        if not amount.is_finite() or amount <= 0 or amount.as_tuple().exponent < -2:  # type: ignore[operator]
            raise InvalidActionError(f"an insurance amount is positive, in whole cents: {text!r}")
        return cls(name, amount)

    def __str__(self) -> str:
        return self.name if self.amount is None else f"{self.name}:{self.amount}"


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now and what they may do.

    ``box`` and ``hand`` are 1-based (box 1 is the leftmost; a split box's hands count left to
    right). For insurance, ``stake`` is the full stake and ``any_amount`` says whether a smaller
    ``insurance:AMOUNT`` is allowed (the home game: any amount up to half the bet); for a join,
    ``stake`` is what joining costs. ``seat`` is who decides: 0 the player, 1.. a computer seat.
    ``behind`` marks the player's decisions for his bet behind another seat's box (a join, or his
    own insurance or even money).
    """

    kind: DecisionKind
    box: int
    hand: int
    actions: tuple[str, ...]
    stake: Decimal | None = None
    any_amount: bool = False
    seat: int = 0
    behind: bool = False

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except InvalidActionError:
                return False
        if not isinstance(action, Action) or action.name not in self.actions:
            return False
        if action.amount is None:
            return True
        assert self.stake is not None
        if self.any_amount:
            return action.amount <= self.stake
        return action.amount == self.stake

    def describe(self) -> str:
        """``box 2 hand 1: hit, stand, double`` — for error messages."""
        legal = list(self.actions)
        if self.any_amount and self.stake is not None:
            legal = [f"insurance:AMOUNT (up to {self.stake})" if a == "insurance" else a
                     for a in legal]
        where = f"box {self.box}" + (f" hand {self.hand}" if self.kind == "play" else "")
        if self.behind:
            where += " behind"
        return f"{where} {self.kind}: {', '.join(legal)}"
