"""An evening at the home table: who plays, what was agreed, and every hand's entries.

The evening is the saved record; :class:`~blackjack_tui.ledger.standings.Standings` is what it
adds up to. Hands are added with :meth:`Evening.add_hand` (one :class:`Entry` per player, typed or
from :func:`~blackjack_tui.ledger.outcomes.settle`); the last one can be corrected or undone, and
every change leaves a :class:`Change` in the history. No I/O here: the store saves evenings.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from blackjack_tui.engine.rules import LedgerSettings
from blackjack_tui.ledger.events import (
    Action,
    Change,
    Close,
    Entry,
    Event,
    HandPlayed,
    LedgerError,
    Rebuy,
    Retire,
    now,
)
from blackjack_tui.ledger.money import fmt_money, parse_money
from blackjack_tui.ledger.standings import Row, Standings

MAX_PLAYERS = 8
RESERVED_NAMES = {"bank", "house", "hand", "stack"}


def new_id(at: dt.datetime | None = None) -> str:
    """``20261129-2015-a3f9``: sorts by time, safe as a file name."""
    at = at or now()
    return f"{at:%Y%m%d-%H%M}-{secrets.token_hex(2)}"


def _as_entry(value: Entry | Decimal | int | str) -> Entry:
    if isinstance(value, Entry):
        return value
    if isinstance(value, float | bool):
        raise LedgerError("an entry is a Decimal, an int or text, never a float")
    try:
        return Entry(amount=parse_money(value) if isinstance(value, str) else value)
    except (ValueError, TypeError):
        raise LedgerError(f"{value!r} is not an amount") from None


class Evening(BaseModel):
    """One evening's ledger. Mutated only through its methods, which check every change."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["blackjack-tui.evening"] = "blackjack-tui.evening"
    version: Literal[1] = 1
    id: str = Field(default_factory=new_id, pattern=r"^[0-9a-z][0-9a-z-]{0,63}$")
    name: str = Field(min_length=1, max_length=60)
    created: dt.datetime = Field(default_factory=now)
    rules: str = "home"
    """The rule set whose payouts computed entries use (its name)."""
    settings: LedgerSettings = Field(default_factory=LedgerSettings)
    players: tuple[str, ...]
    """The players in seat order; the bank goes round the table in this order."""
    first_banker: str | None = None
    """Who holds the bank at the first hand; ``None``: the house (nobody at the table)."""
    events: list[Event] = Field(default_factory=list)
    history: list[Change] = Field(default_factory=list)

    _standings: Standings | None = PrivateAttr(default=None)

    @field_validator("players", mode="before")
    @classmethod
    def _clean_names(cls, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return tuple(str(name).strip() for name in value)
        return value

    @model_validator(mode="after")
    def _valid_table(self) -> Evening:
        if not 2 <= len(self.players) <= MAX_PLAYERS:
            raise ValueError(f"an evening needs 2 to {MAX_PLAYERS} players, "
                             f"not {len(self.players)}")
        seen: set[str] = set()
        for name in self.players:
            if not name or len(name) > 12:
                raise ValueError(f"a player's name is 1 to 12 characters, not {name!r}")
            if name.lower() in RESERVED_NAMES:
                raise ValueError(f"{name!r} names a column of the sheet; choose another name")
            if name.lower() in seen:
                raise ValueError(f"two players are called {name!r}")
            seen.add(name.lower())
        if self.first_banker is not None and self.first_banker not in self.players:
            raise ValueError(f"the bank holder {self.first_banker!r} is not one of the players")
        if self.settings.starting_stack <= self.settings.floor:
            raise ValueError(f"the starting stack ({fmt_money(self.settings.starting_stack)}) "
                             f"must be above the floor ({fmt_money(self.settings.floor)})")
        # Replaying the saved events checks them all, so a tampered file is refused whole.
        try:
            self._standings = Standings.replay(self.players, self.settings, self.first_banker,
                                               self.events)
        except LedgerError as err:
            raise ValueError(f"the saved hands do not add up: {err}") from None
        return self

    def __eq__(self, other: object) -> bool:
        # The cached standings are derived; two evenings are equal when their records are.
        if not isinstance(other, Evening):
            return NotImplemented
        return self.model_dump() == other.model_dump()

    __hash__ = None  # type: ignore[assignment]

    # Reading.

    @property
    def standings(self) -> Standings:
        if self._standings is None:
            self._standings = self._replay(self.events)
        return self._standings

    @property
    def updated(self) -> dt.datetime:
        return self.history[-1].at if self.history else self.created

    def hands(self) -> list[HandPlayed]:
        return [event for event in self.events if isinstance(event, HandPlayed)]

    def _replay(self, events: list[Event]) -> Standings:
        return Standings.replay(self.players, self.settings, self.first_banker, events)

    def _log(self, action: Action, text: str, **fields: Any) -> None:
        self.history.append(Change(action=action, text=text, **fields))

    # Changing. Each method checks first and changes nothing when it refuses.

    def add_hand(self, entries: Mapping[str, Entry | Decimal | int | str]) -> Row:
        """Add the next hand: an entry for every player in it (``standings.in_hand``).

        The bank's entry is minus their sum and goes to the banker's stack (or the house's).
        This is what the simulated home game calls with each seat's settled net for the round,
        ``Entry(amount=net, natural=won_with_a_natural)``.
        """
        event = HandPlayed(entries={p: _as_entry(v) for p, v in entries.items()})
        row = self.standings.apply(event)
        self.events.append(event)
        bank = f"bank ({row.banker or 'house'}) {fmt_money(row.bank or Decimal(0), sign=True)}"
        self._log("hand", f"hand {row.hand}: {_describe(event)}; {bank}", hand=row.hand,
                  after=event)
        return row

    def rebuy(self, player: str, amount: Decimal | None = None) -> Row:
        """``player``, at the floor with a rebuy left, buys back in (the starting stack)."""
        event = Rebuy(player=player, amount=amount or self.settings.starting_stack)
        row = self.standings.apply(event)
        self.events.append(event)
        self._log("rebuy", row.note, hand=row.hand)
        return row

    def retire(self, player: str) -> Row:
        """``player``, at the floor, does not buy back in and is out."""
        row = self.standings.apply(Retire(player=player))
        self.events.append(Retire(player=player))
        self._log("retire", row.note, hand=row.hand)
        return row

    def close(self) -> Row:
        """End the evening now; the biggest stack still in wins."""
        row = self.standings.apply(Close())
        self.events.append(Close())
        self._log("close", row.note, hand=row.hand)
        return row

    def _last_hand_index(self) -> int:
        for index in range(len(self.events) - 1, -1, -1):
            if isinstance(self.events[index], HandPlayed):
                return index
        raise LedgerError("no hand has been played yet")

    def undo_last_hand(self) -> HandPlayed:
        """Take back the last hand, with the rebuys and leavings that followed it."""
        index = self._last_hand_index()
        hand = self.events[index]
        assert isinstance(hand, HandPlayed)
        number = len(self.hands())
        dropped = tuple(e for e in self.events[index + 1:] if isinstance(e, Rebuy | Retire | Close))
        kept = self.events[:index]
        self._standings = self._replay(kept)
        self.events = kept
        self._log("undo", f"hand {number} undone", hand=number, before=hand, dropped=dropped)
        return hand

    def correct_last_hand(self, entries: Mapping[str, Entry | Decimal | int | str]) -> Row:
        """Replace the last hand's entries. Rebuys and leavings after it stay if they still
        make sense (the player is still at the floor), and are dropped otherwise."""
        index = self._last_hand_index()
        before = self.events[index]
        assert isinstance(before, HandPlayed)
        after = HandPlayed(entries={p: _as_entry(v) for p, v in entries.items()})
        standings = self._replay(self.events[:index])
        row = standings.apply(after)
        events: list[Event] = [*self.events[:index], after]
        dropped: list[Rebuy | Retire] = []
        for event in self.events[index + 1:]:
            try:
                standings.apply(event)
            except LedgerError:
                if isinstance(event, Rebuy | Retire):
                    dropped.append(event)
                    continue
                raise
            events.append(event)
        number = row.hand
        changes = _differences(before, after) or "no change"
        self.events = events
        self._standings = standings
        self._log("correct", f"hand {number} corrected: {changes}", hand=number, before=before,
                  after=after, dropped=tuple(dropped))
        return row


def _describe(hand: HandPlayed) -> str:
    return ", ".join(f"{p} {fmt_money(e.amount, sign=True)}" for p, e in hand.entries.items())


def _differences(before: HandPlayed, after: HandPlayed) -> str:
    parts = []
    for player in dict.fromkeys([*before.entries, *after.entries]):
        old = before.entries.get(player)
        new = after.entries.get(player)
        if old != new:
            old_text = fmt_money(old.amount, sign=True) if old else "none"
            new_text = fmt_money(new.amount, sign=True) if new else "none"
            parts.append(f"{player} {old_text} -> {new_text}")
    return ", ".join(parts)
