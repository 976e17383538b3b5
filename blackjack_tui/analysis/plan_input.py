"""A counting plan's bets and shoe as a player types them, checked once for both places that
read them: the ``sim`` command's options (:mod:`blackjack_tui.commands._counting`) and the plan
screen's editor (:mod:`blackjack_tui.controller.plan`).

Each mistake is a :class:`ValueError` whose message is one line, worded the same for both: the
command prints it and exits 2, the screen shows it under the editor.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from blackjack_tui.analysis.counting import Spread
from blackjack_tui.engine.count_systems import system

LOWEST_PENETRATION = Decimal("0.2")
DEEPEST_PENETRATION = Decimal("0.95")


def number(text: str, what: str) -> Decimal:
    """``text`` as a finite number (a trailing ``%`` is dropped); ``what`` names it."""
    try:
        value = Decimal(text.strip().rstrip("%").strip())
    except InvalidOperation:
        raise ValueError(f"{what} must be a number, not {text.strip()!r}") from None
    if not value.is_finite():
        raise ValueError(f"{what} must be a number, not {text.strip()!r}")
    return value


def count_name(text: str) -> str:
    """The count system's own name (an alias as ``hilo`` read as ``hi-lo``)."""
    return system(text).name


def bets(spread: str, unit: str | None, low: Decimal, high: Decimal) -> tuple[Spread, Decimal]:
    """The spread and one unit in money (blank: the table minimum ``low``), checked against the
    table's limits: the unit above 0, not below the minimum nor above the maximum, and the
    spread's top bet within the maximum."""
    parsed = Spread.parse(spread)  # its own one-line reasons: "spread out of order at ..."
    money = low if unit is None or not unit.strip() else number(unit, "the unit")
    if money <= 0:
        raise ValueError(f"the unit {money} must be above 0")
    if money > high:
        raise ValueError(f"the unit {money} is above the table maximum {high}")
    if parsed.top * money > high:
        raise ValueError(f"the spread's top bet, {parsed.top} units of {money}, is above the "
                         f"table maximum {high}")
    if money < low:
        raise ValueError(f"the unit {money} is below the table minimum {low}")
    return parsed, money


def penetration(text: str | None) -> float | None:
    """The share of the shoe dealt (a fraction, or a percentage above 1 or with ``%``), above
    20 % and at most 95 %; blank: ``None`` (the table's own)."""
    if text is None or not text.strip():
        return None
    value = number(text, "the penetration")
    if value > 1 or text.strip().endswith("%"):
        value /= 100
    if not LOWEST_PENETRATION < value <= DEEPEST_PENETRATION:
        raise ValueError(f"the penetration {text.strip()} is outside 20%-95% (above 0.2, at "
                         "most 0.95)")
    return float(value)
