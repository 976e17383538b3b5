"""The player's profile: bankroll, settings, last bets, statistics; one versioned JSON file.

Loading never fails and never silently overwrites anything:

- no file: a fresh profile (first start);
- a file that cannot be read (cut short, not JSON, wrong version, invalid values) is moved aside
  to ``profile.json.broken-YYYYmmdd-HHMMSS`` and a fresh profile starts, with a one-line notice
  that says what happened and where the old file is;
- a file written by a *newer* blackjack-tui is left untouched: the session plays a fresh profile
  marked read-only, and every save of a read-only profile goes nowhere (:meth:`ProfileStore.save`
  returns ``False``). We chose "nowhere" over a second file so that two versions never disagree
  about which file holds the real bankroll.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from blackjack_tui.store.atomic import move_aside, write_atomic
from blackjack_tui.store.errors import RecordError, StoreError, os_error
from blackjack_tui.store.jsonio import dump_json, load_json, stamp

SCHEMA_VERSION = 1
PROFILE_NAME = "profile.json"
START_BANKROLL = Decimal(1000)

Amount = Annotated[Decimal, Field(ge=0, decimal_places=2, allow_inf_nan=False)]
Signed = Annotated[Decimal, Field(decimal_places=2, allow_inf_nan=False)]
Count = Annotated[int, Field(ge=0)]


class Settings(BaseModel):
    """What the player chose in the settings screen."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    rules: str = Field(default="nordic", min_length=1)
    """The rule set to sit down at."""
    tier: str | None = None
    """The table-limit tier within the rule set (``None``: the set's own limits)."""
    speed: Literal["instant", "fast", "normal", "slow"] = "normal"
    """How fast cards are dealt."""
    ascii_cards: bool = False
    """Draw cards in plain ASCII."""
    four_colour: bool = False
    """A four-colour deck (blue diamonds, green clubs)."""
    coach: bool = False
    """Coach mode: say when a decision differs from basic strategy."""
    count: bool = False
    """Show the Hi-Lo count under the felt."""
    theme: str = "textual-dark"
    """The Textual theme's name."""
    provably_fair: bool = False
    """Shuffle every shoe from a committed server seed that ``verify`` can check."""
    client_seed: str | None = Field(default=None, max_length=128)
    """The player's own client seed for provably fair shoes (``None``: a random one)."""
    computer_players: int = Field(default=0, ge=0, le=4)
    """Computer players seated at the table."""
    home_hands: int | None = Field(default=None, ge=1, le=10_000)
    """The home game as a tournament of this many hands (``None``: to the last stack)."""


class Statistics(BaseModel):
    """Running totals over every round played with this profile."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    rounds: Count = 0
    hands: Count = 0
    wins: Count = 0
    losses: Count = 0
    pushes: Count = 0
    blackjacks: Count = 0
    busts: Count = 0
    surrenders: Count = 0
    wagered: Amount = Decimal(0)
    """Everything staked (bets, doubles, splits, insurance)."""
    net: Signed = Decimal(0)
    """Won minus lost over all rounds."""
    biggest_win: Amount = Decimal(0)
    """The best net result of one round."""

    def add_hand(self, outcome: str) -> None:
        """Count one settled hand by its outcome (``win``, ``blackjack``, ``bust`` …)."""
        self.hands += 1
        if outcome in ("win", "blackjack", "even-money"):
            self.wins += 1
        elif outcome == "push":
            self.pushes += 1
        else:
            self.losses += 1
        if outcome in ("blackjack", "even-money"):
            self.blackjacks += 1
        elif outcome == "bust":
            self.busts += 1
        elif outcome == "surrender":
            self.surrenders += 1

    def add_round(self, staked: Decimal, net: Decimal) -> None:
        """Count one finished round: what was staked and its net result."""
        self.rounds += 1
        self.wagered += staked
        self.net += net
        if net > self.biggest_win:
            self.biggest_win = net


class Profile(BaseModel):
    """Everything about the player that outlives a session."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    version: int = SCHEMA_VERSION
    """The file's schema version; a newer one than :data:`SCHEMA_VERSION` is never overwritten."""
    bankroll: Amount = START_BANKROLL
    """Chips between rounds. While a round is in flight this stays the bankroll before it."""
    settings: Settings = Field(default_factory=Settings)
    last_bets: list[Amount | None] = Field(default_factory=list, max_length=3)
    """The last bet on each box, box 1 first (``None``: the box was empty)."""
    statistics: Statistics = Field(default_factory=Statistics)
    last_round_id: str | None = None
    """The last round whose result is in ``bankroll``: a round is never credited twice."""

    def to_json(self) -> bytes:
        return dump_json(self.model_dump(mode="json"), indent=2)


@dataclass
class ProfileLoad:
    """What :meth:`ProfileStore.load` found: the profile, whether it may be saved, and notices."""

    profile: Profile
    read_only: bool = False
    notices: list[str] = field(default_factory=list)


def parse_profile(raw: bytes) -> Profile:
    """A profile from a file's bytes; :class:`RecordError` says what is wrong.

    A newer version raises :class:`NewerVersionError` (a RecordError) so the caller can keep the
    file.
    """
    data = load_json(raw)
    if not isinstance(data, dict):
        raise RecordError("not a profile (expected a JSON object)")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("has no schema version")
    if version > SCHEMA_VERSION:
        raise NewerVersionError(version)
    if version < SCHEMA_VERSION:
        # No older schema exists yet; a migration goes here when version 2 arrives.
        raise RecordError(f"has schema version {version}, which this blackjack-tui cannot read")
    try:
        return Profile.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        more = f" (and {err.error_count() - 1} more)" if err.error_count() > 1 else ""
        raise RecordError(f"has an invalid value at {where}: {first['msg']}{more}") from None


class NewerVersionError(RecordError):
    def __init__(self, version: int) -> None:
        self.version = version
        super().__init__(f"was written by a newer blackjack-tui (schema {version}; "
                         f"this one reads {SCHEMA_VERSION})")


class ProfileStore:
    """The profile file in the data folder."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / PROFILE_NAME
        self.read_only = False

    def load(self) -> ProfileLoad:
        """The saved profile, or a fresh one with a notice saying why; never raises."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return ProfileLoad(Profile())
        except OSError as err:
            self.read_only = True
            return ProfileLoad(Profile(), True, [
                f"{os_error('read', self.path, err)}; "
                "playing a fresh profile that will not be saved"
            ])
        try:
            return ProfileLoad(parse_profile(raw))
        except NewerVersionError as err:
            self.read_only = True
            return ProfileLoad(Profile(), True, [
                f"{self.path} {err}; it is left untouched and this session will not be saved"
            ])
        except RecordError as err:
            return self._broken(str(err))

    def _broken(self, why: str) -> ProfileLoad:
        try:
            aside = move_aside(self.path, stamp())
        except StoreError as err:
            self.read_only = True
            return ProfileLoad(Profile(), True, [
                f"{self.path} {why}, and {err}; playing a fresh profile that will not be saved"
            ])
        return ProfileLoad(Profile(), False, [
            f"{self.path.name} {why}; it was moved to {aside} and a fresh profile was started"
        ])

    def save(self, profile: Profile) -> bool:
        """Save atomically; ``False`` if read-only (nothing written); StoreError on failure."""
        if self.read_only:
            return False
        write_atomic(self.path, profile.to_json())
        return True
