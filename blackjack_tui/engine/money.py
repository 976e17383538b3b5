"""Exact money: ``Decimal`` amounts, never floats, never rounded."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

ZERO = Decimal(0)


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
    return amount


def times(amount: Decimal, ratio: Fraction) -> Decimal:
    """``amount × ratio``, exact: the rules only allow ratios whose denominators divide a power of
    10."""
    return amount * ratio.numerator / ratio.denominator


def money_str(amount: Decimal) -> str:
    """``20`` for whole amounts, ``37.50`` otherwise (more places only if the amount has them)."""
    if amount == amount.to_integral_value():
        return str(amount.quantize(Decimal(1)))
    if amount.as_tuple().exponent >= -2:  # type: ignore[operator]
        return str(amount.quantize(Decimal("0.01")))
    return str(amount.normalize())
