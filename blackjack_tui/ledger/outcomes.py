"""A hand's outcome at the real table, turned into the player's entry under the house rules.

The sheet's own arithmetic: a win is +bet, a loss -bet, a push 0, a natural pays the rule set's
``blackjack_pays`` (3:2), a doubled hand wins or loses twice the bet, each split hand carries the
original bet, a bust loses even if the bank busts later. Insurance is a side bet of up to half the
bet: it pays 2:1 when the bank has blackjack (an insured losing hand nets 0), and is lost on top of
the main result otherwise.

What each result pays is the engine's: a :class:`SheetResult` is an engine
:class:`~blackjack_tui.engine.vocabulary.Outcome` (a doubled one staked twice), paid by the rules'
kernel (:func:`~blackjack_tui.engine.kernel.payout_factor`, :func:`~.kernel.insurance_net`).
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum

from msgspec import Struct

from blackjack_tui.engine import kernel
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.table_rules import insurance_stake
from blackjack_tui.engine.vocabulary import Outcome
from blackjack_tui.ledger.events import Entry, LedgerError
from blackjack_tui.ledger.money import fmt_money


class SheetResult(StrEnum):
    """How one hand ended against the bank, as the scorekeeper writes it (its values are the
    words the sheet shows)."""

    WIN = "win"
    LOSS = "loss"
    PUSH = "push"
    NATURAL = "natural"
    DOUBLE_WIN = "double win"
    DOUBLE_LOSS = "double loss"
    BUST = "bust"


# The codes typed at the keyboard (see notation.py).
CODES: dict[str, SheetResult] = {
    "w": SheetResult.WIN,
    "l": SheetResult.LOSS,
    "p": SheetResult.PUSH,
    "n": SheetResult.NATURAL,
    "dw": SheetResult.DOUBLE_WIN,
    "dl": SheetResult.DOUBLE_LOSS,
    "b": SheetResult.BUST,
}
SHORT: dict[SheetResult, str] = {outcome: code for code, outcome in CODES.items()}

_WINS = (SheetResult.WIN, SheetResult.NATURAL, SheetResult.DOUBLE_WIN)


class Play(Struct, frozen=True):
    """What one player did in one hand: the bet, each hand's outcome (two after a split),
    the insurance stake and whether the bank had blackjack."""

    bet: Decimal
    hands: tuple[SheetResult, ...]
    insurance: Decimal = Decimal(0)
    bank_blackjack: bool = False


AS_OUTCOME: dict[SheetResult, tuple[Outcome, int]] = {
    SheetResult.WIN: (Outcome.WIN, 1),
    SheetResult.LOSS: (Outcome.LOSE, 1),
    SheetResult.PUSH: (Outcome.PUSH, 1),
    SheetResult.NATURAL: (Outcome.BLACKJACK, 1),
    SheetResult.DOUBLE_WIN: (Outcome.WIN, 2),
    SheetResult.DOUBLE_LOSS: (Outcome.LOSE, 2),
    SheetResult.BUST: (Outcome.BUST, 1),
}
"""Each sheet result as the engine's outcome and how many bets it stakes (a double: two)."""


def _factor(result: SheetResult, rules: Rules) -> Decimal:
    """What ``result`` wins per unit of the bet (negative: loses), as the kernel pays it."""
    outcome, bets = AS_OUTCOME[result]
    factor = kernel.payout_factor(outcome, kernel.blackjack_pays(rules)) * bets
    return Decimal(factor.numerator) / Decimal(factor.denominator)


def check(play: Play, rules: Rules) -> None:
    """Raise :class:`LedgerError` when ``play`` could not have happened under ``rules``."""
    if play.bet <= 0:
        raise LedgerError(f"a bet must be above 0, not {fmt_money(play.bet)}")
    if not play.hands:
        raise LedgerError("a hand needs an outcome")
    if len(play.hands) > rules.max_split_hands:
        raise LedgerError(f"{rules.title or rules.name} allows at most {rules.max_split_hands} "
                          f"hands from a split, not {len(play.hands)}")
    if len(play.hands) > 1 and SheetResult.NATURAL in play.hands:
        raise LedgerError("a ten on a split ace is an ordinary 21 and pays 1:1: enter it as a win")
    if play.insurance < 0:
        raise LedgerError("insurance cannot be negative")
    if play.insurance > 0:
        if rules.insurance == "none":
            raise LedgerError(f"{rules.title or rules.name} offers no insurance")
        most = insurance_stake(rules, play.bet)
        if play.insurance > most:
            raise LedgerError(f"insurance is at most half the bet ({fmt_money(most)}), "
                              f"not {fmt_money(play.insurance)}")
    if play.bank_blackjack and any(outcome in _WINS for outcome in play.hands):
        raise LedgerError("the bank had blackjack, so the hand lost (or pushed with a natural)")


def settle(play: Play, rules: Rules) -> Entry:
    """The entry for ``play``: the player's net change for the hand, with how it came about."""
    check(play, rules)
    amount = sum((play.bet * _factor(outcome, rules) for outcome in play.hands), Decimal(0))
    parts = [" / ".join(str(outcome) for outcome in play.hands)]
    if len(play.hands) > 1:
        parts[0] = "split " + parts[0]
    if play.insurance > 0:
        amount += kernel.insurance_net(play.insurance, play.bank_blackjack)
        if play.bank_blackjack:
            parts.append(f"insurance {fmt_money(play.insurance)} won")
        else:
            parts.append(f"insurance {fmt_money(play.insurance)} lost")
    elif play.bank_blackjack:
        parts.append("bank blackjack")
    parts.append(f"bet {fmt_money(play.bet)}")
    natural = SheetResult.NATURAL in play.hands
    return Entry(amount=amount + 0, natural=natural, how=", ".join(parts))
