"""The game's settings and the shoe it keeps between runs: this run's overrides kept apart from
the player's own choices, the settings saved off the table's path, provably fair shoes switched
and revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blackjack_tui.controller.booking import shoe_state
from blackjack_tui.controller.state import GameState
from blackjack_tui.engine.fair import FairShoe, ShoeRecord
from blackjack_tui.store.errors import StoreError

if TYPE_CHECKING:
    from blackjack_tui.store.settings import Settings


class Choices(GameState):
    """The settings and the shoe (a part of :class:`~blackjack_tui.controller.game.Game`)."""

    def override(self, field: str, value: object) -> None:
        """A setting for this run only (config.toml, the environment): in force now, never
        saved over the player's own choice unless the player changes it in Options."""
        self.overridden[field] = (getattr(self.settings, field), value)
        setattr(self.settings, field, value)

    def settings_to_keep(self) -> Settings:
        """The settings as the player chose them: this run's overrides left out, where the player
        has not changed them since."""
        settings = self.settings.model_copy()
        for field, (saved, value) in self.overridden.items():
            if getattr(settings, field) == value:
                setattr(settings, field, saved)
        return settings

    def save_settings(self) -> None:
        """Keep the settings and the last bets (queued: the table does not wait for it)."""
        settings = self.settings_to_keep()
        bets = list(self.session.last_bets)[:3]
        self.disk.later("the settings", lambda: self.store.save_settings(settings, bets))

    def _save_shoe_now(self) -> None:
        retired = self.session.take_retired()
        self.store.save_shoe(shoe_state(self.session), retired)

    def set_fair(self, fair: bool, client_seed: str | None) -> str | None:
        """Provably fair shoes on or off (between rounds); returns a line for the player."""
        from blackjack_tui.engine.errors import EngineError
        from blackjack_tui.engine.fair import check_client_seed

        if client_seed is not None:
            try:
                check_client_seed(client_seed)
            except EngineError as err:
                return str(err)
        if not self.session.round_over:
            return "The shoe can change between rounds: finish this one first"
        self.session.set_fair(fair, client_seed)
        self.settings.provably_fair = fair
        self.settings.client_seed = client_seed
        try:
            self._save_shoe_now()
        except StoreError as err:
            return str(err)
        self.save_settings()
        return ("Provably fair from the next shoe, shuffled now: f shows its commitment" if fair
                else "Shoes are shuffled from the system's randomness again")

    def retire_shoe(self) -> ShoeRecord | None:
        """Reveal the fair shoe in play now (it is reshuffled before the next card)."""
        shoe = self.session.shoe
        if not isinstance(shoe, FairShoe):
            return None
        record = shoe.retire()
        if record is not None:
            shoe.shuffle()
            self._save_shoe_now()
        return record
