"""Actions: each defined once (:data:`SPECS`), the typed intent that plays one (:class:`Action`),
and the decision the round asks for now (:class:`Decision`).

Every place that names an action reads it from :data:`SPECS`: the table's keys and their binding
ids, the action bar's buttons, the key bar and the help (from those bindings), the drill's answer
keys and the words in messages. Text forms (``hit``, ``insurance:12.50``) are read in one place,
:meth:`Action.parse`, at the edges that read text (replays, saved records, the command line).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from types import MappingProxyType
from typing import NamedTuple

from msgspec import Struct

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


class ActionSpec(Struct, frozen=True):
    """One action, defined once: its name, the key that plays it, its words, its binding.

    ``key`` plays it at the table and answers it in the drill. ``label`` names it in sentences
    ("No insurance is not possible now", the drill's answers); ``button`` is its word on the
    action bar and the key bar ("No"). ``binding`` is the table's action for its key, and the
    stem of that binding's id (``table.hit``, ``drill.hit``): the three refusals share the key
    ``n`` and one binding, ``no``, which refuses whatever is asked. ``help`` is the help's words
    for that binding, when they say more than the button.
    """

    name: ActionName
    key: str
    label: str
    button: str
    binding: str
    help: str | None = None


NO_WORDS = "no (insurance, even money, joining)"
SPECS: tuple[ActionSpec, ...] = (
    ActionSpec(A.HIT, "h", "Hit", "Hit", "hit"),
    ActionSpec(A.STAND, "s", "Stand", "Stand", "stand"),
    ActionSpec(A.DOUBLE, "d", "Double", "Double", "double"),
    ActionSpec(A.SPLIT, "p", "Split", "Split", "split"),
    ActionSpec(A.SURRENDER, "r", "Surrender", "Surrender", "surrender"),
    ActionSpec(A.INSURANCE, "i", "Insurance", "Insurance", "insurance"),
    ActionSpec(A.EVEN_MONEY, "e", "Even money", "Even money", "even_money"),
    ActionSpec(A.NO_INSURANCE, "n", "No insurance", "No", "no", NO_WORDS),
    ActionSpec(A.NO_EVEN_MONEY, "n", "No even money", "No", "no", NO_WORDS),
    ActionSpec(A.JOIN, "j", "Join", "Join", "join", "join a split or double behind"),
    ActionSpec(A.NO_JOIN, "n", "Stay out", "Stay out", "no", NO_WORDS),
)
"""Every action the round can ask for, in the order the table lists its keys (``h s d p r i e n``
and ``j``; a binding shared by several actions takes its place and its word from the first)."""
SPEC: MappingProxyType[ActionName, ActionSpec] = MappingProxyType(
    {spec.name: spec for spec in SPECS})
"""Each action's spec by its name."""


def label_of(name: str) -> str:
    """An action's words in a sentence (``No insurance``); an unknown word as it is."""
    spec = SPEC.get(name)  # type: ignore[call-overload]
    return spec.label if spec is not None else name


def whole_cents(amount: Decimal) -> bool:
    """Whether ``amount`` can be staked: a finite amount above zero, of at most
    :data:`MAX_DIGITS` digits, in whole cents (``1.50`` and ``1.500`` alike; not ``1.505``)."""
    return (amount.is_finite() and amount > 0 and amount.adjusted() < MAX_DIGITS
            and in_cents(amount))


class Action(NamedTuple):
    """The typed intent that plays one decision: ``name`` an :class:`ActionName`; ``amount`` only
    for insurance of a chosen amount (the home game). The UI posts it, the controller checks it
    against the :class:`Decision` and the round applies it; ``str()`` is its text form."""

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
        if not whole_cents(amount) or amount.adjusted() >= MAX_DIGITS:
            raise InvalidActionError(f"an insurance amount is positive, in whole cents, of at "
                                     f"most {MAX_DIGITS} digits: {text[:40]!r}")
        return cls(name, amount)

    def __str__(self) -> str:
        return str(self.name) if self.amount is None else f"{self.name}:{self.amount}"


BARE: Mapping[str, Action] = {str(name): Action(name) for name in ActionName}
"""Every action without an amount, by its exact text (or its :class:`ActionName`): an adapter that
speaks words (a strategy table, a benchmark) turns one into an action with a look-up."""
TEXT: Mapping[ActionName, str] = {name: str(name) for name in ActionName}
"""Each action's text, as the round's log keeps it. (These two are plain dictionaries, typed
read-only: a look-up on the hot path costs less than through a mapping proxy.)"""


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
        """Whether the :class:`Action` may be played now (text is refused, not read: a word is
        checked against :attr:`actions`, a text form parsed by :meth:`Action.parse`)."""
        if type(action) is not Action:
            raise InvalidActionError(f"a decision holds Actions, not {action!r}")
        if action.name not in self.actions:
            return False
        return self.allows_amount(action.amount)

    def allows_amount(self, amount: Decimal | None) -> bool:
        """Whether ``insurance:AMOUNT`` with this amount fits (``None``: the full stake)."""
        if amount is None:
            return True
        if self.stake is None or not whole_cents(amount):
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
