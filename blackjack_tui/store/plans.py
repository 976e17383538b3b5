"""Counting plans: the player's choice (kept in the settings) and each plan's simulated figures,
cached in ``<data dir>/plans/KEY.json`` so a plan seen once shows at once.

``KEY`` is a hash of the table's rules and of the parts of the plan that change the simulation
(count, spread, wong rules, penetration, indices, rounds): the unit in money, the bankroll and
the rounds an hour only scale the figures, so changing them finds the same file. A file that
cannot be read, or that holds something else, is ignored (the plan is simulated again and the
file rewritten); files are written whole or not at all (:func:`.atomic.write_atomic`). A file
of the version before insurance was taken by its index is read as it is, unless its plan plays
the indices (:data:`EARLIER`).
"""

# Annotations are evaluated here (no ``from __future__ import annotations``): Pydantic would
# otherwise compile each field's annotation from its string when the model is built, at every
# start (2.5 ms for the rules alone). Names defined later are quoted.

import hashlib
import json
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from blackjack_tui.store.atomic import write_atomic
from blackjack_tui.store.errors import StoreError
from blackjack_tui.store.jsonio import dump_json, load_json

if TYPE_CHECKING:
    from blackjack_tui.analysis.counting import CountEstimate
    from blackjack_tui.engine.rules import Rules

# The analysis (and numpy behind it) is imported when a plan is read, not when the settings
# module is: a player without a plan never pays for it at start.

PLANS = "plans"
VERSION = 2
"""Version 2 (insurance taken by its index) keeps :class:`.CountEstimate` with its CPU time."""
EARLIER = 1
"""Files of version 1 are read as they are, but a plan with indices: its figures were simulated
with insurance always declined, and it is simulated again."""
PRESETS: dict[str, tuple[str, int | None, int | None]] = {
    "flat": ("0:1", None, None),
    "1-4": ("1:1,2:2,3:3,4:4", None, None),
    "1-8": ("1:1,2:2,3:4,4:6,5:8", None, None),
    "1-12": ("1:1,2:2,3:4,4:8,5:12", None, None),
    "wonging": ("1:1,2:2,3:4,4:8", 1, -1),
}
"""The editor's spreads: (spread, wong in, wong out). Wonging plays from a true count of +1 and
leaves the shoe at -1 or less."""


class PlanChoice(BaseModel):
    """How the player counts and bets (``None`` fields: the table's own value)."""

    # defer_build: validated as a part of the settings at start; its own validator is built
    # when the plan screen first makes one.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    count: str = "hi-lo"
    """The count system (one of :data:`.counting.COUNTS`)."""
    spread: str = PRESETS["1-12"][0]
    """Units by true count, ``TC:UNITS,...`` (the ``sim`` command's ``--spread``)."""
    wong_in: int | None = Field(default=None, ge=-20, le=20)
    wong_out: int | None = Field(default=None, ge=-20, le=20)
    penetration: float | None = Field(default=None, gt=0.2, le=0.95)
    """The share of the shoe dealt before the shuffle (``None``: the table's)."""
    indices: bool = True
    """Play the indices computed for the rules (else basic strategy at every count)."""
    unit: Decimal | None = None
    """One unit in money (``None``: the table minimum): above 0, whole cents, at most 12 digits
    (checked by a validator: Pydantic 2.7, the floor, takes no digit bounds on an optional
    Decimal)."""
    bankroll: int = Field(default=1000, ge=1, le=10_000_000)
    """The bankroll in units."""
    hands_per_hour: int = Field(default=100, ge=1, le=1000)

    @field_validator("count")
    @classmethod
    def _known(cls, value: str) -> str:
        from blackjack_tui.engine.count_systems import system

        return system(value).name  # (an alias, "hilo" say, kept as the system's name)

    @field_validator("unit")
    @classmethod
    def _unit(cls, value: Decimal | None) -> Decimal | None:
        if value is None:
            return None
        if not value.is_finite() or value <= 0:
            raise ValueError(f"the unit {value} must be above 0")
        if value != value.quantize(Decimal("0.01")) or value.adjusted() >= 10:
            raise ValueError(f"the unit {value} must be whole cents, at most 12 digits")
        return value

    @field_validator("spread")
    @classmethod
    def _spread(cls, value: str) -> str:
        from blackjack_tui.analysis.counting import Spread

        return Spread.parse(value).text()

    @model_validator(mode="after")
    def _wong(self) -> "PlanChoice":
        if self.wong_in is not None and self.wong_out is not None \
                and self.wong_in <= self.wong_out:
            raise ValueError(f"wong in ({self.wong_in}) must be above wong out "
                             f"({self.wong_out})")
        return self

    def simulated(self, rules: "Rules", rounds: int) -> dict[str, object]:
        """What the simulation depends on, for the key and the file."""
        return {"rules": rules.model_dump(mode="json"), "count": self.count,
                "spread": self.spread, "wong_in": self.wong_in, "wong_out": self.wong_out,
                "penetration": self.penetration, "indices": self.indices, "rounds": rounds}


def plan_key(rules: "Rules", choice: "PlanChoice", rounds: int) -> str:
    """The cache file's name: a hash of the rules and the simulated part of the plan."""
    text = json.dumps(choice.simulated(rules, rounds), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def plan_seed(key: str) -> int:
    """The simulation's seed: fixed by the key, so a plan's figures are the same every time."""
    return int(key[:8], 16)


def plan_file(folder: Path, key: str) -> Path:
    return folder / PLANS / f"{key}.json"


def load_plan(folder: Path, key: str) -> "tuple[CountEstimate | None, str | None]":
    """The cached estimate, or ``None`` and why not (``None`` too when there is no file)."""
    from blackjack_tui.analysis.counting import CountEstimate

    path = plan_file(folder, key)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as err:
        return None, f"the plan's saved figures could not be read ({err.strerror})"
    try:
        data = load_json(raw)
        if not isinstance(data, dict) or data.get("version") not in (VERSION, EARLIER) \
                or data.get("key") != key:
            raise ValueError("not this plan's file")
        estimate = CountEstimate.from_dict(data["estimate"])
    except (StoreError, ValueError, TypeError, KeyError, OverflowError) as err:
        return None, f"the plan's saved figures were damaged, simulated again ({str(err)[:60]})"
    plan = data.get("plan")
    if data["version"] == EARLIER and (not isinstance(plan, dict) or plan.get("indices") is not
                                       False):
        return None, "the plan's saved figures declined insurance; simulated again, insured " \
            "by its index"
    return estimate, None


def save_plan(folder: Path, key: str, rules: "Rules", choice: "PlanChoice", rounds: int,
              estimate: "CountEstimate") -> None:
    """Write the plan's file whole (StoreError on a refusal of the disk)."""
    data = {"version": VERSION, "key": key, "ruleset": rules.name,
            "plan": json.loads(json.dumps(choice.simulated(rules, rounds), default=str)),
            "estimate": estimate.as_dict()}
    write_atomic(plan_file(folder, key), dump_json(data, indent=1))
