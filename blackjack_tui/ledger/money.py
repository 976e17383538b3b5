"""Money in the ledger: Decimal only, never float, never rounded; read and written as text."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from blackjack_tui.engine.money import MAX_DIGITS

_NUMBER = re.compile(r"^[+\-\u2212]?(\d+([.,]\d*)?|[.,]\d+)$")


def is_money(text: str) -> bool:
    """True when ``text`` reads as an amount (``5``, ``-7.50``, ``+2,5``)."""
    return bool(_NUMBER.match(text.strip()))


def parse_money(text: str) -> Decimal:
    """An amount from what a player typed; a decimal comma is accepted (the sheet is Danish)."""
    raw = text.strip().replace("\u2212", "-").replace(",", ".")
    if not _NUMBER.match(raw):
        raise ValueError(f"{text.strip()!r} is not an amount")
    try:
        value = Decimal(raw)
    except InvalidOperation:  # pragma: no cover - the pattern already excludes these
        raise ValueError(f"{text.strip()!r} is not an amount") from None
    if value and value.adjusted() >= MAX_DIGITS:
        raise ValueError(f"{text.strip()[:20]!r} is beyond any table's money (at most "
                         f"{MAX_DIGITS} digits)")
    return value + 0  # drops a "-0"


def fmt_money(amount: Decimal, *, sign: bool = False) -> str:
    """``5``, ``7.50``, ``7.875``: whole amounts bare, cents when there are any; ``+`` if asked."""
    if amount == amount.to_integral_value():
        text = str(int(amount))
    else:
        exponent = amount.normalize().as_tuple().exponent
        places = max(2, -exponent if isinstance(exponent, int) else 2)
        text = f"{amount:.{places}f}"
    if sign and amount > 0:
        text = "+" + text
    return text
