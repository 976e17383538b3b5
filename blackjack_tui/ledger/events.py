"""What happens during an evening, as saved: hands (one entry per player), rebuys, retirements,
an early close, and the history of every change made to them."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class LedgerError(ValueError):
    """What the ledger cannot accept now, worded for the table (``Bob is out``)."""


def _no_float(value: Any) -> Any:
    if isinstance(value, float):
        raise ValueError("money is a Decimal or text, never a float")
    return value


class Entry(BaseModel):
    """One player's change to the stack in one hand (negative: paid to the bank)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    amount: Decimal = Field(allow_inf_nan=False)
    """The net change: +5 for a won 5 bet, -10 for a lost double, 0 for a push."""
    natural: bool = False
    """The hand was won with a natural: a rotating bank passes to this player."""
    how: str = ""
    """How the entry was computed (``double win, bet 5``); empty when the amount was typed."""
    text: str = ""
    """What was typed, so a correction starts from it."""

    @field_validator("amount", mode="before")
    @classmethod
    def _decimal(cls, value: Any) -> Any:
        return _no_float(value)


class HandPlayed(BaseModel):
    """One hand: an entry for every player in it; the bank's entry is minus their sum."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["hand"] = "hand"
    entries: dict[str, Entry]


class Rebuy(BaseModel):
    """A player at the floor buys back in."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["rebuy"] = "rebuy"
    player: str
    amount: Decimal = Field(gt=0, allow_inf_nan=False)

    @field_validator("amount", mode="before")
    @classmethod
    def _decimal(cls, value: Any) -> Any:
        return _no_float(value)


class Retire(BaseModel):
    """A player at the floor who does not (or may not) buy back in leaves the table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["retire"] = "retire"
    player: str


class Close(BaseModel):
    """The group stops before the end it agreed on; the biggest stack wins."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["close"] = "close"


Event = Annotated[HandPlayed | Rebuy | Retire | Close, Field(discriminator="kind")]

Action = Literal["hand", "correct", "undo", "rebuy", "retire", "close"]


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


class Change(BaseModel):
    """One line of the evening's history: nothing is changed without leaving one."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    at: dt.datetime = Field(default_factory=now)
    action: Action
    hand: int | None = None
    """The hand it concerns (1-based), if any."""
    text: str
    """The change in words: ``hand 4 corrected: Bob -5 -> +5``."""
    before: HandPlayed | None = None
    after: HandPlayed | None = None
    dropped: tuple[Annotated[Rebuy | Retire | Close, Field(discriminator="kind")], ...] = ()
    """Rebuys, leavings and an early close an undo or a correction took away with the hand."""
