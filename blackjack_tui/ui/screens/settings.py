"""Options: dealing speed, how cards are drawn, the count system, the theme, provably fair shoes.
Saved at once.

One line per option (compact selects, switches and inputs), so the whole dialog fits 80×24.
"""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, Static, Switch

from blackjack_tui.controller.count import COUNT_TITLES
from blackjack_tui.controller.game import Game
from blackjack_tui.store.settings import CountChecks, Speed
from blackjack_tui.ui.messages import CardsChanged
from blackjack_tui.ui.screens.pane_title import PANE_TITLE_CSS
from blackjack_tui.ui.widgets.form_focus import FORM_CSS, SwitchWord

CHECKS = [("Never", "never"), ("Sometimes (1 deal in 8)", "sometimes"),
          ("Often (1 deal in 3)", "often")]
SPEEDS = [("Instant", "instant"), ("Fast", "fast"), ("Normal", "normal"), ("Slow", "slow")]
COUNTS = [(title, name) for name, title in COUNT_TITLES.items()]


class SettingsScreen(ModalScreen[None]):
    DEFAULT_CSS = FORM_CSS + PANE_TITLE_CSS + """
    SettingsScreen { align: center middle; background: $background; }
    /* One line per option, so the whole dialog fits 80x24. */
    #settings {
        width: 72; max-width: 100%; height: auto; max-height: 100%;
        border: round $text-accent; background: $surface; padding: 0 1;
    }
    #settings .setting { height: 1; margin-bottom: 1; }
    #settings .setting Label.form-label { width: 22; }
    #settings .setting Select, #settings .setting Input { width: 1fr; max-width: 44; }
    #settings Switch { border: none; height: 1; width: 8; padding: 0; background: $surface; }
    #settings Switch:focus { border: none; background-tint: $foreground 10%; }
    /* The switch's knob in the text's colours: readable against its track on every theme. */
    #settings Switch > .switch--slider { color: $text-muted; background: $panel; }
    #settings Switch.-on > .switch--slider { color: $text-success; background: $success-muted; }
    #settings-note { height: auto; color: $text-muted; }
    """

    BINDINGS = [Binding("escape,o", "close", "Close", id="settings.close")]

    def __init__(self, game: Game, themes: list[str]) -> None:
        super().__init__()
        self.game = game
        self.themes = themes

    def compose(self) -> ComposeResult:
        settings = self.game.settings
        with Vertical(id="settings"):
            yield Label("Options", classes="pane-title")
            with Horizontal(classes="setting form-row"):
                yield Label("Dealing speed", classes="form-label")
                yield Select(SPEEDS, value=self.game.speed, allow_blank=False, id="speed",
                             compact=True)
            with Horizontal(classes="setting form-row"):
                yield Label("Plain ASCII cards", classes="form-label")
                switch = Switch(value=settings.ascii_cards, id="ascii")
                yield switch
                yield SwitchWord(switch)
            with Horizontal(classes="setting form-row"):
                yield Label("Four-colour deck", classes="form-label")
                switch = Switch(value=settings.four_colour, id="four-colour")
                yield switch
                yield SwitchWord(switch)
            with Horizontal(classes="setting form-row"):
                yield Label("Count system", classes="form-label")
                yield Select(COUNTS, value=settings.count_system, allow_blank=False,
                             id="count-system", compact=True)
            with Horizontal(classes="setting form-row"):
                yield Label("Theme", classes="form-label")
                yield Select([(t, t) for t in self.themes], value=self.app.theme,
                             allow_blank=False, id="theme", compact=True)
            with Horizontal(classes="setting form-row"):
                yield Label("Home game: hands", classes="form-label")
                yield Input(value=str(settings.home_hands or ""),
                            placeholder="to the last stack (or a number)", id="home-hands",
                            compact=True)
            with Horizontal(classes="setting form-row"):
                yield Label("Provably fair shoes", classes="form-label")
                switch = Switch(value=settings.provably_fair, id="fair-switch")
                yield switch
                yield SwitchWord(switch)
            with Horizontal(classes="setting form-row"):
                yield Label("Client seed", classes="form-label")
                yield Input(value=settings.client_seed or "", placeholder="random (enter sets)",
                            id="client-seed", compact=True)
            with Horizontal(classes="setting form-row"):
                yield Label("Count checks", classes="form-label")
                yield Select(CHECKS, value=settings.count_checks, allow_blank=False,
                             id="count-checks", compact=True)
            yield Static(Text("Four colours: clubs green, diamonds blue. "
                              "Provably fair from the next shoe, shuffled now; f shows its "
                              "commitment. escape closes."),
                         id="settings-note")

    @on(Select.Changed, "#speed")
    def _speed(self, event: Select.Changed) -> None:
        speed = cast(Speed, str(event.value))
        self.game.settings.speed = speed
        self.game.speed = speed  # the table takes the new pace when it is shown again
        self.game.save_settings()

    @on(Select.Changed, "#count-checks")
    def _checks(self, event: Select.Changed) -> None:
        self.game.settings.count_checks = cast(CountChecks, str(event.value))
        self.game.save_settings()

    @on(Switch.Changed, "#ascii")
    def _ascii(self, event: Switch.Changed) -> None:
        self.game.settings.ascii_cards = event.value
        self.game.save_settings()
        self.post_message(CardsChanged())

    @on(Switch.Changed, "#four-colour")
    def _four(self, event: Switch.Changed) -> None:
        self.game.settings.four_colour = event.value
        self.game.save_settings()
        self.post_message(CardsChanged())

    @on(Select.Changed, "#count-system")
    def _count_system(self, event: Select.Changed) -> None:
        self.game.settings.count_system = str(event.value)
        self.game.save_settings()  # the table's count overlay recounts in it when shown again

    @on(Select.Changed, "#theme")
    def _theme(self, event: Select.Changed) -> None:
        self.app.theme = str(event.value)  # the app keeps the theme, however it was picked

    @on(Input.Submitted, "#home-hands")
    def _home_hands(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text and not (text.isdigit() and 1 <= int(text) <= 10_000):
            self.notify("A number of hands from 1 to 10000, or blank for last stack standing")
            return
        hands = int(text) if text else None
        self.game.settings.home_hands = hands
        self.game.session.home_hands = hands
        self.game.save_settings()
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
        switch = self.query_one("#fair-switch", Switch)
        if switch.value != self.game.settings.provably_fair:  # refused: as the table deals
            with self.prevent(Switch.Changed):
                switch.value = self.game.settings.provably_fair

    def action_close(self) -> None:
        self.dismiss(None)
