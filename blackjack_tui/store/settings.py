"""The player's settings, one row per field, read field by field.

A setting that cannot be read (a typo, a flipped bit, a key this version does not know) falls back
to its default with a one-line notice; it never touches money, which lives in the journal.
"""

# Annotations are evaluated here (no ``from __future__ import annotations``): Pydantic would
# otherwise compile each field's annotation from its string when the model is built, at every
# start (2.5 ms for the rules alone). Names defined later are quoted.

import json
import sqlite3
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from blackjack_tui.engine.count_systems import DEFAULT, system
from blackjack_tui.engine.seats import MAX_SEATS, seat_box
from blackjack_tui.store.db import MAX_DIGITS, money_text, read_money
from blackjack_tui.store.errors import RecordError
from blackjack_tui.store.plans import PlanChoice

Speed = Literal["instant", "fast", "normal", "slow"]
CountChecks = Literal["never", "sometimes", "often"]
SEAT_BOXES = (seat_box(1), seat_box(MAX_SEATS))


class Settings(BaseModel):
    """What the player chose: the table, the pace, the look, the coach and the count."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    rules: str = Field(default="nordic", min_length=1, max_length=64)
    """The rule set to sit down at."""
    tier: str | None = Field(default=None, max_length=64)
    """The table-limit tier within the rule set (``None``: the set's own limits)."""
    speed: Speed = "normal"
    """How fast cards are dealt."""
    ascii_cards: bool = Field(default=False, strict=True)
    """Draw the screen in plain ASCII."""
    four_colour: bool = Field(default=False, strict=True)
    """A four-colour deck (blue diamonds, green clubs)."""
    coach: bool = Field(default=False, strict=True)
    """Coach mode: say when a decision differs from the best play."""
    count: bool = Field(default=False, strict=True)
    """Show the card count."""
    count_system: str = Field(default=DEFAULT, max_length=32)
    """The count system the count overlay counts with (a name of
    :mod:`blackjack_tui.engine.count_systems`; an alias is kept as the system's name)."""
    plan: PlanChoice | None = None
    """The player's counting plan (the plan screen, ``u``): the bet it asks for at the table."""
    count_checks: CountChecks = "never"
    """How often the table asks the running or the true count before a deal."""
    theme: str = Field(default="textual-dark", max_length=64)
    """The Textual theme's name."""
    provably_fair: bool = Field(default=False, strict=True)
    """Shuffle every shoe from a committed server seed that ``verify`` can check."""
    client_seed: str | None = Field(default=None, max_length=128)
    """The player's own client seed for provably fair shoes (``None``: a random one)."""
    computer_players: int = Field(default=0, ge=0, le=4, strict=True)
    """Computer players seated at the table."""
    home_hands: int | None = Field(default=None, ge=1, le=10_000, strict=True)
    """The home game as a tournament of this many hands (``None``: to the last stack)."""
    bets_behind: dict[int, Decimal] = Field(default_factory=dict)
    """The player's bets behind computer players' boxes (box 4-7: amount) as the last round
    booked at a casino table left them; they stand for the next round, as within a session."""

    @field_validator("count_system")
    @classmethod
    def _count_system(cls, value: str) -> str:
        return system(value).name  # ValueError names the known systems

    @field_validator("bets_behind")
    @classmethod
    def _behind_boxes(cls, value: dict[int, Decimal]) -> dict[int, Decimal]:
        for box, amount in value.items():
            if not SEAT_BOXES[0] <= box <= SEAT_BOXES[1]:
                raise ValueError(f"box {box} is not a computer player's")
            if not amount.is_finite() or amount <= 0 or amount.adjusted() >= MAX_DIGITS:
                raise ValueError(f"{amount} is not a bet")
        return value


LAST_BETS = "last_bets"


def _field_value(key: str, value: Any) -> Any:
    """``value`` checked as setting ``key``; ValidationError when it is not one."""
    return getattr(Settings.model_validate({key: value}), key)


def load_settings(conn: sqlite3.Connection) -> tuple[Settings, list[Decimal | None], list[str]]:
    """The settings and the last bets, each field on its own; notices for what was set aside."""
    values: dict[str, Any] = {}
    notices: list[str] = []
    last_bets: list[Decimal | None] = []
    for key, text in conn.execute("SELECT key, value FROM settings ORDER BY key"):
        try:
            value = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            notices.append(f"The setting {key!r} could not be read; it is back to its default")
            continue
        if key == LAST_BETS:
            try:
                last_bets = parse_bets(value)
            except RecordError as err:
                notices.append(f"The last bets could not be read ({err}); they are cleared")
            continue
        if key not in Settings.model_fields:
            notices.append(f"The setting {key!r} is not one this version knows; it is ignored")
            continue
        try:
            values[key] = _field_value(key, value)
        except ValidationError as err:
            default = Settings.model_fields[key].default
            notices.append(f"The setting {key!r} = {str(value)[:30]!r} is not valid "
                           f"({err.errors()[0]['msg']}); it is back to {default!r}")
    return Settings(**values), last_bets, notices


def parse_bets(value: Any) -> list[Decimal | None]:
    """Saved last bets: a list of up to 3 amounts or nulls."""
    if not isinstance(value, list) or len(value) > 3:
        raise RecordError("not a list of up to three bets")
    bets: list[Decimal | None] = []
    for item in value:
        if item is None:
            bets.append(None)
            continue
        amount = read_money(item, "a bet")
        if amount <= 0 or amount.adjusted() >= MAX_DIGITS:
            raise RecordError(f"{item!r} is not a bet")
        bets.append(amount)
    return bets


def settings_rows(settings: Settings, last_bets: list[Decimal | None]) -> list[tuple[str, str]]:
    """Every field as a ``(key, JSON)`` row, the last bets among them."""
    rows = [(key, json.dumps(value)) for key, value in settings.model_dump(mode="json").items()]
    bets = [None if b is None else money_text(b) for b in last_bets[:3]]
    rows.append((LAST_BETS, json.dumps(bets)))
    return rows


def save_settings(conn: sqlite3.Connection, settings: Settings,
                  last_bets: list[Decimal | None]) -> None:
    """Write every field (inside the caller's transaction)."""
    conn.executemany("INSERT INTO settings (key, value) VALUES (?, ?) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                     settings_rows(settings, last_bets))
