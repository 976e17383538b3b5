"""Money on a box, owned by seats: a :class:`Wager` on a hand, a :class:`Position` at a box.

The holder's bet and the player's bet behind a box are the same kinds of object, told apart
only by ``behind`` and the seat that owns them; the round settles every one of them alike.
"""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.engine.vocabulary import Outcome


class Wager:
    """One seat's money on one hand: ``stake`` and, once settled, ``outcome`` and ``net`` (what
    it won, negative when lost: the seat gets back ``stake + net``). ``behind`` marks the player's
    bet behind another seat's box."""

    __slots__ = ("behind", "net", "outcome", "seat", "stake")

    def __init__(self, seat: int, stake: Decimal, behind: bool = False) -> None:
        self.seat = seat
        self.stake = stake
        self.behind = behind
        self.outcome: Outcome | None = None
        self.net: Decimal | None = None


class Position:
    """One seat's place at a box: its original ``bet``, its ``insurance`` (``None`` until asked,
    ``0`` when declined) and ``insurance_net`` once settled, and whether it took even money."""

    __slots__ = ("behind", "bet", "even_money", "insurance", "insurance_net", "seat")

    def __init__(self, seat: int, bet: Decimal, behind: bool = False) -> None:
        self.seat = seat
        self.bet = bet
        self.behind = behind
        self.insurance: Decimal | None = None
        self.insurance_net: Decimal | None = None
        self.even_money = False


def read_insurance(position: Position, stake: object, net: object, even_money: object) -> None:
    """Fill a saved position's insurance and even money (from a saved round)."""
    position.insurance = _dec(stake)
    position.insurance_net = _dec(net)
    position.even_money = bool(even_money)


def read_wager(seat: int, stake: object, outcome: object, net: object,
               behind: bool = False) -> Wager:
    """A wager from a saved round."""
    wager = Wager(seat, Decimal(str(stake)), behind)
    wager.outcome = None if outcome is None else Outcome(str(outcome))
    wager.net = _dec(net)
    return wager


def _dec(text: object) -> Decimal | None:
    return None if text is None else Decimal(str(text))
