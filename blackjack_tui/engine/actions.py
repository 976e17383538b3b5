"""Actions (``hit``, ``insurance:12.50`` …) and the decision the round asks for now."""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import NamedTuple

from blackjack_tui.engine.errors import InvalidActionError
from blackjack_tui.engine.money import CENT, MAX_DIGITS, in_cents
from blackjack_tui.engine.vocabulary import ActionName, DecisionKind

A = ActionName
PLAY_ACTIONS = (A.HIT, A.STAND, A.DOUBLE, A.SPLIT, A.SURRENDER)
INSURANCE_ACTIONS = (A.INSURANCE, A.NO_INSURANCE)
EVEN_MONEY_ACTIONS = (A.EVEN_MONEY, A.NO_EVEN_MONEY)
JOIN_ACTIONS = (A.JOIN, A.NO_JOIN)
"""The player behind a box, when its holder splits or doubles: put up an equal bet, or not."""
ACTION_NAMES = PLAY_ACTIONS + INSURANCE_ACTIONS + EVEN_MONEY_ACTIONS + JOIN_ACTIONS


class Action(NamedTuple):
    """One decision: ``name`` an :class:`ActionName`; ``amount`` only for ``insurance:AMOUNT``."""

    name: ActionName
    amount: Decimal | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse ``hit``, ``insurance`` or ``insurance:AMOUNT``; InvalidActionError if not."""
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is a word like 'hit', not {text!r}")
        bare = BARE.get(text)
        if bare is not None:
            return bare
        word, sep, rest = text.strip().lower().partition(":")
        try:
            name = ActionName(word)
        except ValueError:
            raise InvalidActionError(
                f"{text!r} is not an action; actions are {', '.join(ACTION_NAMES)}"
            ) from None
        if not sep:
            return BARE[name]
        if name is not ActionName.INSURANCE:
            raise InvalidActionError(f"only insurance takes an amount, not {text!r}")
        try:
            amount = Decimal(rest)
        except InvalidOperation:
            raise InvalidActionError(f"{rest!r} in {text!r} is not an amount") from None
        if not amount.is_finite() or amount <= 0 or amount.adjusted() >= MAX_DIGITS or \
                not in_cents(amount):
            raise InvalidActionError(f"an insurance amount is positive, in whole cents, of at "
                                     f"most {MAX_DIGITS} digits: {text[:40]!r}")
        return cls(name, amount)

    def __str__(self) -> str:
        return str(self.name) if self.amount is None else f"{self.name}:{self.amount}"


BARE: dict[str, Action] = {str(name): Action(name) for name in ActionName}
"""Every action without an amount, by its exact text: parsing one costs a dictionary look-up."""


class Decision(NamedTuple):
    """Who must decide now and what they may do: a small immutable value the round builds once.

    ``box`` and ``hand`` are 1-based (box 1 is the leftmost; a split box's hands count left to
    right). For insurance, ``stake`` is the most that may be staked now and ``any_amount`` says
    whether a smaller ``insurance:AMOUNT`` is allowed (the home game: any amount up to half the
    bet, never more than the seat's chips); for a join, ``stake`` is what joining costs. ``seat``
    is who decides: 0 the player, 1.. a computer seat. ``behind`` marks the player's decisions for
    his bet behind another seat's box (a join, or his own insurance or even money).
    """

    kind: DecisionKind
    box: int
    hand: int
    actions: tuple[ActionName, ...]
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
        return self.allows_amount(action.amount)

    def allows_amount(self, amount: Decimal | None) -> bool:
        """Whether ``insurance:AMOUNT`` with this amount fits (``None``: the full stake)."""
        if amount is None:
            return True
        if self.stake is None:
            return False
        if self.any_amount:
            return amount <= self.stake
        return amount == self.stake

    @property
    def most_typed(self) -> Decimal | None:
        """The most an ``insurance:AMOUNT`` may name: the stake rounded down to whole cents,
        as a typed amount must be (half of 9.99 is offered as 4.99: 4.995 was offered, then
        refused). The stake itself stays what the rules make it: ``insurance`` alone takes it
        whole, as rounds recorded before have it."""
        stake = self.stake
        if stake is None or in_cents(stake):
            return stake
        return stake.quantize(CENT, ROUND_DOWN)

    def describe(self) -> str:
        """``box 2 hand 1: hit, stand, double`` — for error messages."""
        legal = [str(a) for a in self.actions]
        if self.any_amount and self.stake is not None:
            legal = [f"insurance:AMOUNT (up to {self.most_typed})" if a == "insurance" else a
                     for a in legal]
        where = f"box {self.box}" + (f" hand {self.hand}" if self.kind == "play" else "")
        if self.behind:
            where += " behind"
        return f"{where} {self.kind}: {', '.join(legal)}"
