"""The Textual app: the table screen, the menus, help. Everything they show comes from the game
(:class:`~blackjack_tui.controller.game.Game`, the table service opened before the app starts),
handed to each screen when it is made; the screens never reach back into the app."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from blackjack_tui.controller.game import Game, GameOptions
from blackjack_tui.ui.cards import CardStyle, card_style_of
from blackjack_tui.ui.messages import CardsChanged

if TYPE_CHECKING:
    from textual.filter import LineFilter
    from textual.notifications import SeverityLevel
    from textual.theme import Theme

    from blackjack_tui.controller.session import Session
    from blackjack_tui.engine.rules import Rules
    from blackjack_tui.store import Settings

PlayOptions = GameOptions
"""What the command line asked for (``blackjack_tui.controller.game.GameOptions``)."""

APP_BINDINGS: list[BindingType] = [
    Binding("m", "rules_menu", "Rules", id="app.rules_menu"),
    Binding("question_mark,f1", "help", "Help", key_display="?", id="app.help"),
    Binding("o", "settings", "Options", id="app.settings"),
    Binding("y", "history", "History", show=False, id="app.history"),
    Binding("f", "fair", "Fair shoe", show=False, id="app.fair"),
    Binding("w", "statistics", "Statistics", show=False, id="app.statistics"),
    Binding("ctrl+q", "quit", "Quit", priority=True, show=False, id="app.quit"),
]


class BlackjackApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "blackjack-tui"
    BINDINGS = APP_BINDINGS

    def __init__(self, options: PlayOptions | None = None, *, game: Game | None = None,
                 first_frame: Callable[[], None] | None = None, drill: str | None = None) -> None:
        """``game``: the table service, opened by the caller (the ``play`` command); without
        one the app opens it here (tests), taking the data folder's lock (``options.stacked``
        stacks its first shoe, in tests and screenshots). ``first_frame`` is called once the
        first screen has been drawn (the ``play`` command's start ends there). ``drill``: open
        the drill menu over the table (``menu``), or one drill by its name (``train``)."""
        super().__init__()
        from blackjack_tui.ui.min_contrast import MinimumContrast

        # After Textual's own filters (named colours and dim made real): a floor under contrast,
        # and plain ASCII when asked for (:meth:`get_line_filters` gives them to every widget).
        self._game_filters: list[LineFilter] = [MinimumContrast()]
        self.options = options or PlayOptions()
        self.game = game or Game.open(self.options)
        self.game.on_fault = self._fault
        self.game.on_notice = self._notice_from_thread
        self._first_frame = first_frame
        self._drill = drill

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [*super().get_line_filters(), *self._game_filters]

    # The game's state, for tests and scripts (the screens are handed the game itself)

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
    def card_style(self) -> CardStyle:
        return card_style_of(self.game)

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

    def get_default_screen(self) -> Screen[Any]:
        """The table is the first screen (no blank screen composed and drawn before it)."""
        from blackjack_tui.ui.screens.table_screen import TableScreen

        return TableScreen(self.game)

    def on_mount(self) -> None:
        if self.is_web:  # keys that a browser does not take for itself, and "click first"
            from blackjack_tui.ui.web import web_keys

            web_keys(self)
        self.apply_ascii()
        if self.settings.theme in self.available_themes and self.theme != self.settings.theme:
            self.theme = self.settings.theme
        # A theme picked anywhere (Options or the command palette) is kept like any setting.
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self._drill is not None:
            self.call_after_refresh(self.open_drill, self._drill)
        if self._first_frame is not None:
            self.call_after_refresh(self._first_frame)  # after the table's first frame
        from blackjack_tui.ui.terminal_watch import watch

        watch(self)  # quit when the terminal has gone without a hang-up (the module says why)

    def open_drill(self, name: str) -> None:
        """The drill menu over the table, and the drill ``name`` over it (``menu``: none)."""
        from blackjack_tui.ui.screens.training.menu import DrillMenu, drill_screen

        menu = DrillMenu(self.game, self.card_style)
        self.push_screen(menu)
        if name != "menu":
            self.push_screen(drill_screen(name, self.game, self.card_style, menu.keep))

    def _theme_changed(self, theme: Theme) -> None:
        if self.game.settings.theme != theme.name:
            self.game.settings.theme = theme.name
            self.game.save_settings()

    def on_unmount(self) -> None:
        self.game.close()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Behind the "terminal too small" notice no key does anything.
        return action == "quit" or not self.screen.has_class("-too-small")

    def on_cards_changed(self, message: CardsChanged) -> None:
        self.apply_ascii()

    def apply_ascii(self) -> None:
        """Plain ASCII on the whole screen, or not, as the option and ``--ascii`` say."""
        from blackjack_tui.ui.ascii_filter import AsciiFilter

        on = self.card_style.ascii
        if on == any(isinstance(f, AsciiFilter) for f in self._game_filters):
            return  # as it is (at the first frame: no repaint before there is anything to paint)
        self._game_filters = [f for f in self._game_filters if not isinstance(f, AsciiFilter)]
        if on:
            self._game_filters.append(AsciiFilter())
        self.refresh(repaint=True)
        for screen in self.screen_stack:
            screen.refresh(repaint=True)
            screen.set_class(on, "-ascii")

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """At the table a notice goes to the coach line under the felt: a toast would cover the
        cards, a question or a result. Elsewhere (menus, dialogs) it is a toast."""
        from blackjack_tui.ui.screens.table_screen import TableScreen

        screen = self.screen if self.screen_stack else None
        if isinstance(screen, TableScreen) and screen.is_mounted:
            screen.tell(f"{title}: {message}" if title else message, severity, timeout)
            return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # Saving

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

    # Menus

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

        self.push_screen(StatisticsScreen(self.game))

    def action_settings(self) -> None:
        from blackjack_tui.ui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen(self.game, sorted(self.available_themes)))

    def action_history(self) -> None:
        from blackjack_tui.ui.screens.history import HistoryScreen

        self.push_screen(HistoryScreen(self.game, self.card_style))

    def action_fair(self) -> None:
        from blackjack_tui.ui.screens.fair import FairScreen

        self.push_screen(FairScreen(self.game))

    def action_scorekeeper(self) -> None:
        from blackjack_tui.store.evenings import EveningStore
        from blackjack_tui.ui.ledger import EveningsScreen

        rules = self.rule_sets.get("home") or self.session.rules
        self.push_screen(EveningsScreen(EveningStore(self.game.store), rules))

    def action_rules_menu(self) -> None:
        from blackjack_tui.ui.screens.rules_menu import RulesMenu

        self.push_screen(RulesMenu(self.game))

    def action_help(self) -> None:
        from blackjack_tui.ui.screens.help import HelpScreen

        self.push_screen(HelpScreen(self.session.rules, [("Anywhere", APP_BINDINGS)]))
