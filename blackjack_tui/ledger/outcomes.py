"""A hand's outcome at the real table, turned into the player's entry under the house rules.

The sheet's own arithmetic: a win is +bet, a loss -bet, a push 0, a natural pays the rule set's
``blackjack_pays`` (3:2), a doubled hand wins or loses twice the bet, each split hand carries the
original bet, a bust loses even if the bank busts later. Insurance is a side bet of up to half the
bet: it pays 2:1 when the bank has blackjack (an insured losing hand nets 0), and is lost on top of
the main result otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.table_rules import insurance_stake
from blackjack_tui.ledger.events import Entry, LedgerError
from blackjack_tui.ledger.money import fmt_money


class Outcome(StrEnum):
    """How one hand ended against the bank."""

    WIN = "win"
    LOSS = "loss"
    PUSH = "push"
    NATURAL = "natural"
    DOUBLE_WIN = "double win"
    DOUBLE_LOSS = "double loss"
    BUST = "bust"


# The codes typed at the keyboard (see notation.py).
CODES: dict[str, Outcome] = {
    "w": Outcome.WIN,
    "l": Outcome.LOSS,
    "p": Outcome.PUSH,
    "n": Outcome.NATURAL,
    "dw": Outcome.DOUBLE_WIN,
    "dl": Outcome.DOUBLE_LOSS,
    "b": Outcome.BUST,
}
SHORT: dict[Outcome, str] = {outcome: code for code, outcome in CODES.items()}

_WINS = (Outcome.WIN, Outcome.NATURAL, Outcome.DOUBLE_WIN)


@dataclass(frozen=True, slots=True)
class Play:
    """What one player did in one hand: the bet, each hand's outcome (two after a split),
    the insurance stake and whether the bank had blackjack."""

    bet: Decimal
    hands: tuple[Outcome, ...]
    insurance: Decimal = field(default=Decimal(0))
    bank_blackjack: bool = False


def _factor(outcome: Outcome, rules: Rules) -> Decimal:
    if outcome is Outcome.NATURAL:
        ratio = rules.blackjack_ratio
        return Decimal(ratio.numerator) / Decimal(ratio.denominator)
    return {
        Outcome.WIN: Decimal(1),
        Outcome.LOSS: Decimal(-1),
        Outcome.PUSH: Decimal(0),
        Outcome.DOUBLE_WIN: Decimal(2),
        Outcome.DOUBLE_LOSS: Decimal(-2),
        Outcome.BUST: Decimal(-1),
    }[outcome]


def check(play: Play, rules: Rules) -> None:
    """Raise :class:`LedgerError` when ``play`` could not have happened under ``rules``."""
    if play.bet <= 0:
        raise LedgerError(f"a bet must be above 0, not {fmt_money(play.bet)}")
    if not play.hands:
        raise LedgerError("a hand needs an outcome")
    if len(play.hands) > rules.max_split_hands:
        raise LedgerError(f"{rules.title or rules.name} allows at most {rules.max_split_hands} "
                          f"hands from a split, not {len(play.hands)}")
    if len(play.hands) > 1 and Outcome.NATURAL in play.hands:
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
        if play.bank_blackjack:
            amount += 2 * play.insurance
            parts.append(f"insurance {fmt_money(play.insurance)} won")
        else:
            amount -= play.insurance
            parts.append(f"insurance {fmt_money(play.insurance)} lost")
    elif play.bank_blackjack:
        parts.append("bank blackjack")
    parts.append(f"bet {fmt_money(play.bet)}")
    natural = Outcome.NATURAL in play.hands
    return Entry(amount=amount + 0, natural=natural, how=", ".join(parts))
