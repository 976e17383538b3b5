"""Options: dealing speed, how cards are drawn, the theme, provably fair shoes. Saved at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, Static, Switch

if TYPE_CHECKING:
    from blackjack_tui.ui.app import BlackjackApp

SPEEDS = [("Instant", "instant"), ("Fast", "fast"), ("Normal", "normal"), ("Slow", "slow")]


class SettingsScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,o", "close", "Close")]

    @property
    def game(self) -> BlackjackApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        settings = self.game.settings
        themes = sorted(self.game.available_themes)
        with Vertical(id="settings"):
            yield Label("Options", classes="pane-title")
            with Horizontal(classes="setting"):
                yield Label("Dealing speed")
                yield Select(SPEEDS, value=settings.speed, allow_blank=False, id="speed")
            with Horizontal(classes="setting"):
                yield Label("Plain ASCII cards")
                yield Switch(value=settings.ascii_cards, id="ascii")
            with Horizontal(classes="setting"):
                yield Label("Four-colour deck")
                yield Switch(value=settings.four_colour, id="four-colour")
            with Horizontal(classes="setting"):
                yield Label("Theme")
                yield Select([(t, t) for t in themes], value=self.game.theme, allow_blank=False,
                             id="theme")
            with Horizontal(classes="setting"):
                yield Label("Home game: hands")
                yield Input(value=str(settings.home_hands or ""),
                            placeholder="to the last stack (or a number)", id="home-hands")
            with Horizontal(classes="setting"):
                yield Label("Provably fair shoes")
                yield Switch(value=settings.provably_fair, id="fair-switch")
            with Horizontal(classes="setting"):
                yield Label("Client seed")
                yield Input(value=settings.client_seed or "", placeholder="random (enter sets)",
                            id="client-seed")
            yield Static(Text("Four colours: clubs green, diamonds blue. Fair shoes start with "
                              "the next shoe; f shows the commitment. escape closes.",
                              style="dim"), id="settings-note")

    @on(Select.Changed, "#speed")
    def _speed(self, event: Select.Changed) -> None:
        self.game.set_speed(str(event.value))

    @on(Switch.Changed, "#ascii")
    def _ascii(self, event: Switch.Changed) -> None:
        self.game.settings.ascii_cards = event.value
        self.game.apply_ascii()
        self.game.save_profile()

    @on(Switch.Changed, "#four-colour")
    def _four(self, event: Switch.Changed) -> None:
        self.game.settings.four_colour = event.value
        self.game.save_profile()

    @on(Select.Changed, "#theme")
    def _theme(self, event: Select.Changed) -> None:
        self.game.theme = str(event.value)
        self.game.settings.theme = str(event.value)
        self.game.save_profile()

    @on(Input.Submitted, "#home-hands")
    def _home_hands(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text and not (text.isdigit() and 1 <= int(text) <= 10_000):
            self.notify("A number of hands from 1 to 10000, or blank for last stack standing")
            return
        hands = int(text) if text else None
        self.game.settings.home_hands = hands
        self.game.session.home_hands = hands
        self.game.save_profile()
        self.notify("The next home evening is a tournament of "
                    f"{hands} hands" if hands else "The next home evening plays to the last stack",
                    timeout=5)

    @on(Switch.Changed, "#fair-switch")
    def _fair(self, event: Switch.Changed) -> None:
        self._apply_fair()

    @on(Input.Submitted, "#client-seed")
    def _seed(self, event: Input.Submitted) -> None:
        self._apply_fair()

    def _apply_fair(self) -> None:
        seed = self.query_one("#client-seed", Input).value.strip() or None
        fair = self.query_one("#fair-switch", Switch).value
        message = self.game.set_fair(fair, seed)
        if message:
            self.notify(message, timeout=6)

    def action_close(self) -> None:
        self.dismiss(None)
