"""One object for the app: the data folder's profile, history, round in flight, shoe and shoes.

The order of writes makes every chip count once, whatever moment the process dies at:

1. While a round is played, :meth:`Store.save_round` after every step. The profile's bankroll on
   disk stays the bankroll *before* the round.
2. When it is over, :meth:`Store.finish_round`: append the history record (skipped if the history
   already has this round id), then save the profile with the round's net added and
   ``last_round_id`` set, then clear the in-flight file.
3. On start, :meth:`Store.recover`: an in-flight round whose id is the profile's
   ``last_round_id`` was already credited, so the file is only cleared; one that can be played
   on is handed back to resume (if it is already over, finish it with step 2); one that cannot
   (rule set gone or changed, file damaged) is settled best for the player and credited once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from blackjack_tui.engine.errors import EngineError
from blackjack_tui.engine.fair import FairShoe, ShoeRecord
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.paths import data_dir
from blackjack_tui.store.atomic import move_aside, write_atomic
from blackjack_tui.store.errors import RecordError, StoreError
from blackjack_tui.store.history import HandHistory, HistoryRead
from blackjack_tui.store.inflight import (
    InflightStore,
    decode,
    rng_state,
    settle_unfinished,
    shoe_from_state,
    unfinishable,
)
from blackjack_tui.store.jsonio import dump_json, load_json, stamp
from blackjack_tui.store.profile import Profile, ProfileLoad, ProfileStore
from blackjack_tui.store.shoes import ShoeLog

SHOE_NAME = "shoe.json"


@dataclass
class Recovery:
    """What :meth:`Store.recover` found: a round to resume (or none) and notices for the player."""

    round: Round | None = None
    round_id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)


class Store:
    """The player's files in ``data_dir`` (``--data-dir``, else the platform's user data folder)."""

    def __init__(self, folder: str | Path | None = None, *,
                 history_model: type[BaseModel] | None = None) -> None:
        self.folder = data_dir(folder)
        self.profile_file = ProfileStore(self.folder)
        self.history = HandHistory(self.folder, history_model)
        self.inflight = InflightStore(self.folder)
        self.shoes = ShoeLog(self.folder)
        self.shoe_path = self.folder / SHOE_NAME

    @property
    def read_only(self) -> bool:
        """True when the profile on disk belongs to a newer version or cannot be replaced."""
        return self.profile_file.read_only

    def _set_read_only(self) -> None:
        for part in (self.profile_file, self.history, self.inflight, self.shoes):
            part.read_only = True

    # ------------------------------------------------------------------ the profile

    def load_profile(self) -> ProfileLoad:
        """The profile (never raises). When read-only, nothing this session does is saved."""
        loaded = self.profile_file.load()
        if loaded.read_only:
            self._set_read_only()
        return loaded

    def save_profile(self, profile: Profile) -> bool:
        """Save atomically; ``False`` when read-only; :class:`StoreError` on failure."""
        return self.profile_file.save(profile)

    # ------------------------------------------------------------------ a round

    def save_round(self, round_id: str, rnd: Round, extra: dict[str, Any] | None = None) -> bool:
        """Save the round in progress; call after every decision and every card."""
        return self.inflight.save(round_id, rnd, extra)

    def finish_round(self, profile: Profile, round_id: str, record: dict[str, Any] | BaseModel,
                     net: Decimal) -> None:
        """Record a finished round and credit its ``net``, exactly once (see the module doc).

        ``profile`` is changed in place (bankroll, ``last_round_id``); update its statistics
        before calling. :class:`StoreError` if a write fails: the round stays in flight on disk
        and a later call (or the next start) finishes it without counting it twice.
        """
        if profile.last_round_id == round_id:
            self.inflight.clear()
            return
        if not self.history.has_round(round_id):
            self.history.append(record, round_id)
        # The profile may have been reset under the round; a bankroll is never negative.
        profile.bankroll = max(profile.bankroll + net, Decimal(0))
        profile.last_round_id = round_id
        self.save_profile(profile)
        self.inflight.clear()

    def recover(self, profile: Profile, rule_sets: Mapping[str, Rules]) -> Recovery:
        """Deal with a round left in flight by a crash; call once at start, before any new round.

        Returns the round to resume (``recovery.round``), or none, with notices. A round that
        cannot be finished is settled best for the player: ``profile`` is credited and saved here.
        Never raises except :class:`StoreError` when a needed write fails.
        """
        if self.read_only:
            return Recovery()
        try:
            found = self.inflight.read()
        except RecordError as err:
            aside = move_aside(self.inflight.path, stamp())
            return Recovery(notices=[
                f"The unfinished round could not be read ({err}); it was moved to {aside}. "
                "Your bets were returned (any winnings in it could not be read)."])
        except StoreError as err:
            return Recovery(notices=[f"{err}; the unfinished round is left as it was"])
        if found is None:
            return Recovery()
        data, raw = found
        saved_id = data.get("round_id") if isinstance(data, dict) else None
        # A damaged file may have lost its id: its bytes stand in, so it is credited only once.
        round_id = saved_id if isinstance(saved_id, str) else \
            "sha256:" + hashlib.sha256(raw).hexdigest()
        if profile.last_round_id == round_id:
            self.inflight.clear()
            return Recovery()
        if self.history.has_round(round_id):
            # Recorded, then the process died before the profile was credited: credit it now.
            try:
                recorded = decode(data).round
            except (RecordError, EngineError):
                recorded = None
            if recorded is not None and recorded.over:
                profile.bankroll = max(profile.bankroll + recorded.net, Decimal(0))
                profile.last_round_id = round_id
                self.save_profile(profile)
                self.inflight.clear()
                return Recovery()
        why: str | None
        try:
            why = unfinishable(data, dict(rule_sets))
            if why is None:
                restored = decode(data)
                return Recovery(restored.round, restored.round_id, restored.extra)
        except (RecordError, EngineError) as err:
            why = f"the saved round is damaged: {err}"
        settlement = settle_unfinished(data, why)
        profile.bankroll += settlement.net
        profile.last_round_id = round_id
        self.save_profile(profile)
        if why.startswith("the saved round is damaged"):
            aside = move_aside(self.inflight.path, stamp())
            return Recovery(notices=[f"{settlement.notice} The file was moved to {aside}."])
        self.inflight.clear()
        return Recovery(notices=[settlement.notice])

    # ------------------------------------------------------------------ the shoe between rounds

    def save_shoe(self, shoe: Shoe) -> bool:
        """Keep the shoe between rounds (and sessions), and any fair shoes it retired."""
        if self.read_only:
            return False
        if isinstance(shoe, FairShoe):
            for record in shoe.take_retired():
                self.shoes.append(record)
        write_atomic(self.shoe_path, dump_json({"shoe": shoe.to_dict(), "rng": rng_state(shoe)}))
        return True

    def load_shoe(self, decks: int | None = None) -> Shoe | None:
        """The saved shoe, if there is one with ``decks`` decks; otherwise ``None``.

        A saved fair shoe that will not be used (other deck count) is retired so that its seed is
        revealed in ``shoes.jsonl``.
        """
        try:
            raw = self.shoe_path.read_bytes()
            data = load_json(raw)
            shoe = shoe_from_state(data["shoe"], data.get("rng"))
        except (OSError, RecordError, EngineError, KeyError, TypeError):
            return None
        if decks is not None and shoe.decks != decks:
            if isinstance(shoe, FairShoe) and shoe.retire() is not None:
                self.save_shoe(shoe)
            return None
        return shoe

    def retire_shoe(self, shoe: Shoe) -> ShoeRecord | None:
        """Reveal a fair shoe now (the player asked; it is reshuffled before the next card)."""
        if not isinstance(shoe, FairShoe):
            return None
        record = shoe.retire()
        if record is not None:
            shoe.shuffle()
            self.save_shoe(shoe)
        return record

    # ------------------------------------------------------------------ reading

    def recent_rounds(self, limit: int | None = 100) -> HistoryRead:
        """The last rounds, newest first, with notices about damaged lines."""
        return self.history.read_recent(limit)
