"""The Textual app: the table screen, the menus, help. Everything it shows comes from the game
(:class:`~blackjack_tui.controller.game.Game`), the table service opened before it starts."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from blackjack_tui.controller.game import Game, GameOptions
from blackjack_tui.controller.session import Session
from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.store import START_BANKROLL, Settings
from blackjack_tui.ui.cards import CardStyle

PlayOptions = GameOptions
"""What the command line asked for (``blackjack_tui.controller.game.GameOptions``)."""


class BlackjackApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "blackjack-tui"
    BINDINGS = [
        Binding("m", "rules_menu", "Rules"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("o", "settings", "Options"),
        Binding("y", "history", "History", show=False),
        Binding("f", "fair", "Fair shoe", show=False),
        Binding("w", "statistics", "Statistics", show=False),
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
    ]

    def __init__(self, options: PlayOptions | None = None, *, shoe: Shoe | None = None,
                 game: Game | None = None) -> None:
        """``game``: the table service, opened by the caller (the ``play`` command); without
        one the app opens it here (tests), taking the data folder's lock. ``shoe`` replaces
        the table's shoe (a stacked shoe in tests and screenshots)."""
        super().__init__()
        self.options = options or PlayOptions()
        self.game = game or Game.open(self.options, shoe=shoe)
        self.game.on_fault = self._fault
        self.game.on_notice = self._notice_from_thread

    # The game's state, as the screens read it

    @property
    def session(self) -> Session:
        return self.game.session

    @property
    def settings(self) -> Settings:
        return self.game.settings

    @property
    def rule_sets(self) -> dict[str, Rules]:
        return self.game.rule_sets

    @property
    def speed(self) -> str:
        return self.game.speed

    @property
    def resume_round(self) -> Round | None:
        return self.game.resume_round

    @resume_round.setter
    def resume_round(self, rnd: Round | None) -> None:
        self.game.resume_round = rnd

    @property
    def card_style(self) -> CardStyle:
        return CardStyle(ascii=bool(self.options.ascii) or self.settings.ascii_cards,
                         four_colour=self.settings.four_colour)

    PLAIN_KEYS = {"enter": "enter", "space": "space", "backspace": "bksp", "escape": "esc",
                  "left": "left", "right": "right", "up": "up", "down": "down",
                  "pageup": "pgup", "pagedown": "pgdn", "question_mark": "?", "plus": "+",
                  "minus": "-", "equals_sign": "=", "left_square_bracket": "[",
                  "right_square_bracket": "]"}

    def get_key_display(self, binding: Binding) -> str:
        """Key names in plain ASCII under ``--ascii`` (Textual draws ⏎ ␣ ⌫ otherwise)."""
        shown = super().get_key_display(binding)
        if not self.card_style.ascii or shown.isascii():
            return shown
        key = binding.key.split(",")[0].strip()
        return self.PLAIN_KEYS.get(key, key)

    def on_mount(self) -> None:
        from blackjack_tui.ui.screens.table_screen import TableScreen

        self.apply_ascii()
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.push_screen(TableScreen())
        self.show_notices()

    def show_notices(self) -> None:
        """Whatever the game has to say (at start: what it found; later: a resumed evening)."""
        for notice in self.game.take_notices():
            self.notify(notice, severity="warning", timeout=12)

    def on_unmount(self) -> None:
        self.game.close()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Behind the "terminal too small" notice no key does anything.
        return action == "quit" or not self.screen.has_class("-too-small")

    def apply_ascii(self) -> None:
        """Plain ASCII on the whole screen, or not, as the option and ``--ascii`` say."""
        from blackjack_tui.ui.ascii_filter import AsciiFilter

        on = self.card_style.ascii
        self._filters = [f for f in self._filters if not isinstance(f, AsciiFilter)]
        if on:
            self._filters.append(AsciiFilter())
        self.refresh(repaint=True)
        for screen in self.screen_stack:
            screen.refresh(repaint=True)
            screen.set_class(on, "-ascii")

    # Saving

    def save_profile(self) -> None:
        """Keep the settings and the last bets (the money is booked round by round)."""
        self.game.save_settings()

    def _fault(self, text: str | None) -> None:
        if text is not None:
            self.notify(text, severity="error", timeout=12)
        else:
            self.notify("Saved: the table goes on", timeout=4)

    def _notice_from_thread(self, text: str) -> None:
        self.call_from_thread(self.notify, text, severity="error", timeout=10)

    async def action_quit(self) -> None:
        """Quit at once, unless a step is still waiting for the disk: then ask first."""
        if not self.game.saving:
            self.exit()
            return
        from blackjack_tui.ui.screens.confirm import Confirm

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(Confirm("The disk has not taken the last step yet "
                                 f"({self.game.fault}). Quit anyway? Everything up to the last "
                                 "saved step is kept; the step waiting is played again."),
                         answer)

    def check_broke(self) -> bool:
        """Out of chips: offer a fresh bankroll (again at every deal until taken)."""
        if not self.game.broke:
            return False
        from blackjack_tui.ui.screens.confirm import Confirm

        fresh = money_str(START_BANKROLL)

        def answer(yes: bool | None) -> None:
            from blackjack_tui.ui.screens.table_screen import TableScreen

            screen = self.screen
            if yes:
                self.game.fresh_bankroll()
            if not isinstance(screen, TableScreen):
                return
            if yes:
                screen.new_slip(first=True)
                screen.say(f"A fresh bankroll of {fresh}: good luck", "-info")
            else:
                screen.say(f"Out of chips · enter takes a fresh bankroll of {fresh}",
                           "-warning")

        self.push_screen(Confirm(f"You are out of chips. Start again with a fresh bankroll of "
                                 f"{fresh}?"), answer)
        return True

    # Menus

    def switch_rules(self, rules: Rules, tier: str | None) -> None:
        if self.game.switch_rules(rules, tier):
            self.notify(f"{rules.title or rules.name} from the next round", timeout=5)
        self.show_notices()

    def set_speed(self, speed: str) -> None:
        self.settings.speed = speed  # type: ignore[assignment]
        self.game.speed = speed
        for screen in self.screen_stack:
            controller = getattr(screen, "controller", None)
            if controller is not None:
                controller.pace = speed
        self.save_profile()

    def set_fair(self, fair: bool, client_seed: str | None) -> str | None:
        """Provably fair shoes on or off (between rounds); returns a line for the player."""
        return self.game.set_fair(fair, client_seed)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Rules menu", "Switch tables and tiers; house edge and strategy",
                            self.action_rules_menu)
        yield SystemCommand("Options", "Speed, card style, theme, provably fair shoes",
                            self.action_settings)
        yield SystemCommand("History", "Recall the last rounds and replay them step by step",
                            self.action_history)
        yield SystemCommand("Statistics", "Wins, losses, money and the bankroll over time",
                            self.action_statistics)
        yield SystemCommand("Fair shoe", "The shoe's commitment; verify retired shoes",
                            self.action_fair)
        yield SystemCommand("Home-game scorekeeper", "Keep the money at a real table",
                            self.action_scorekeeper)
        yield SystemCommand("Help", "Keys and this table's rules", self.action_help)

    def action_statistics(self) -> None:
        from blackjack_tui.ui.screens.statistics import StatisticsScreen

        self.push_screen(StatisticsScreen())

    def action_settings(self) -> None:
        from blackjack_tui.ui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    def action_history(self) -> None:
        from blackjack_tui.ui.screens.history import HistoryScreen

        self.push_screen(HistoryScreen())

    def action_fair(self) -> None:
        from blackjack_tui.ui.screens.fair import FairScreen

        self.push_screen(FairScreen())

    def action_scorekeeper(self) -> None:
        from blackjack_tui.store.evenings import EveningStore
        from blackjack_tui.ui.ledger import EveningsScreen

        rules = self.rule_sets.get("home") or self.session.rules
        self.push_screen(EveningsScreen(EveningStore(self.game.store), rules))

    def action_rules_menu(self) -> None:
        from blackjack_tui.ui.screens.rules_menu import RulesMenu

        self.push_screen(RulesMenu())

    def action_help(self) -> None:
        from blackjack_tui.ui.screens.help import HelpScreen

        self.push_screen(HelpScreen())
