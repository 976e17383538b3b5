"""Exact money: ``Decimal`` amounts, never floats, never rounded."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

ZERO = Decimal(0)
CENT = Decimal("0.01")
MAX_DIGITS = 12
"""Amounts have at most this many digits before the point: more is a mistake or damage."""


def to_money(value: object) -> Decimal:
    """An amount from an int, a Decimal or a decimal string; floats are refused (inexact)."""
    if isinstance(value, (bool, float)):
        raise ValueError(f"amounts are exact: give {value!r} as a string or whole number")
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int | str):
        try:
            amount = Decimal(value)
        except InvalidOperation:
            raise ValueError(f"{value!r} is not an amount") from None
    else:
        raise ValueError(f"{value!r} is not an amount")
    if not amount.is_finite():
        raise ValueError(f"{value!r} is not an amount")
    if amount and amount.adjusted() >= MAX_DIGITS:
        raise ValueError(f"{str(value)[:20]!r} is beyond any table's money "
                         f"(at most {MAX_DIGITS} digits)")
    return amount


def in_cents(amount: Decimal) -> bool:
    """A bet or an insurance stake is whole cents: 1.005 is not (its blackjack paid 1.5075).
    ``amount`` must be within :data:`MAX_DIGITS` (``%`` is exact there)."""
    return not amount % CENT


def cents_problem(amount: Decimal) -> str | None:
    """``a bet is in whole cents, not 1.005``, or ``None`` for whole cents."""
    return None if in_cents(amount) else f"a bet is in whole cents, not {amount}"


def times(amount: Decimal, ratio: Fraction) -> Decimal:
    """``amount × ratio``, exact: the rules allow only ratios whose denominators divide a power
    of 10."""
    return amount * ratio.numerator / ratio.denominator


def money_str(amount: Decimal) -> str:
    """``20`` for whole amounts, ``37.50`` otherwise (more places only if the amount has them)."""
    try:
        if amount == amount.to_integral_value():
            return str(amount.quantize(Decimal(1)))
        if amount.as_tuple().exponent >= -2:  # type: ignore[operator]
            return str(amount.quantize(Decimal("0.01")))
    except InvalidOperation:  # beyond the context's precision: only ever in an error message
        return format(amount, "e")
    return str(amount.normalize())


def signed(amount: Decimal) -> str:
    """A result as the table writes it: ``+25``, ``-10``, ``0``."""
    return ("+" if amount > 0 else "") + money_str(amount)
