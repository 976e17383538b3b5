"""The other seats at the table: computer players with their own chips, and bets behind a box.

Boxes 1 to 3 are the player's. Computer seat ``k`` (1 to 4) plays one box, numbered ``3 + k``
(:func:`seat_box`), so the player's box numbers never change when others sit down. The boxes are
dealt in seat order: ``player_seat`` of the computer seats sit to the player's left (dealt first),
the rest to the right.

Playing behind (the Swedish "bakomspel"): the player may put a bet behind a computer seat's box. The
box maximum covers the holder's bet and the bet behind together; the bet behind has no minimum of
its own. The player behind decides nothing for the box; he only chooses whether to join a split or
a double (an equal bet), and his own insurance or even money.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from msgspec import Struct

from blackjack_tui.engine.money import to_money

SEAT_BOX_BASE = 3
MAX_SEATS = 4


def seat_box(seat: int) -> int:
    """The box number computer seat ``seat`` (1-based) plays."""
    return SEAT_BOX_BASE + seat


class SeatBet(Struct, frozen=True):
    """A computer seat sitting down for a round: its name, its chips and its bet (``None``: it
    sits the round out, as the home game's banker does)."""

    name: str
    bankroll: object
    bet: object | None = None


class Seat:
    """A computer seat during a round: its chips before the round and now."""

    __slots__ = ("bankroll", "bankroll_start", "name", "number")

    def __init__(self, number: int, name: str, bankroll: Decimal) -> None:
        self.number = number
        self.name = name
        self.bankroll_start = bankroll
        self.bankroll = bankroll

    @property
    def net(self) -> Decimal:
        """The seat's gain (negative: loss) so far this round."""
        return self.bankroll - self.bankroll_start

    @property
    def box(self) -> int:
        return seat_box(self.number)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bankroll_start": str(self.bankroll_start),
                "bankroll": str(self.bankroll)}

    @classmethod
    def from_dict(cls, number: int, data: dict[str, Any]) -> Seat:
        seat = cls(number, str(data["name"]), to_money(str(data["bankroll_start"])))
        seat.bankroll = to_money(str(data["bankroll"]))
        return seat


class Seating:
    """The round's seats and their chips: the player (seat 0) and the computer seats (1..).

    Every chip a round moves goes through here: a bet, a double or a split taken from a seat,
    a settled wager or insurance paid back to it.
    """

    __slots__ = ("others", "player", "player_seat", "purses")

    def __init__(self, player: Seat, others: list[Seat], player_seat: int) -> None:
        self.player = player
        self.others = others
        """The computer seats, seat 1 first."""
        self.player_seat = player_seat
        """How many of the computer seats sit to the player's left (are dealt first)."""
        self.purses = [player, *others]
        """Every seat by its number: 0 the player, 1.. the computer seats."""

    def chips(self, seat: int) -> Decimal:
        """The chips seat ``seat`` has in front of it now."""
        return self.purses[seat].bankroll

    def take(self, seat: int, amount: Decimal) -> None:
        """Seat ``seat`` puts ``amount`` on the table."""
        self.purses[seat].bankroll -= amount

    def pay(self, seat: int, amount: Decimal) -> None:
        """Seat ``seat`` gets ``amount`` back from the table (its stake and what it won)."""
        self.purses[seat].bankroll += amount

    @property
    def player_net(self) -> Decimal:
        """The player's gain (negative: loss) so far this round."""
        player = self.player
        return player.bankroll - player.bankroll_start
