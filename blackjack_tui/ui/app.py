"""The Textual app: the table screen, the rules menu, help; the profile kept between runs."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from blackjack_tui.controller.session import Session
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.ui.cards import CardStyle


@dataclass
class PlayOptions:
    rules: str | None = None
    seed: int | None = None
    data_dir: Path | None = None
    speed: str | None = None
    ascii: bool | None = None


class BlackjackApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "blackjack-tui"
    BINDINGS = [
        Binding("m", "rules_menu", "Rules"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
    ]

    def __init__(self, options: PlayOptions | None = None, *, shoe: Shoe | None = None) -> None:
        """``shoe`` replaces the table's shoe (a stacked shoe in tests and screenshots)."""
        super().__init__()
        from blackjack_tui.paths import data_dir, user_rules_file
        from blackjack_tui.rulesets import load_all
        from blackjack_tui.store.history import HandHistory
        from blackjack_tui.store.profile import ProfileStore

        self.options = options or PlayOptions()
        self.notices: list[str] = []
        self.rule_sets, errors = load_all(user_rules_file())
        self.notices += [str(e) for e in errors]
        folder = data_dir(self.options.data_dir)
        self.profile_store = ProfileStore(folder)
        self.history = HandHistory(folder)
        loaded = self.profile_store.load()
        self.profile = loaded.profile
        self.notices += loaded.notices
        settings = self.profile.settings
        if self.options.rules is not None:
            settings.rules = self.options.rules
            settings.tier = None
        if self.options.speed is not None:
            settings.speed = self.options.speed  # type: ignore[assignment]
        if self.options.ascii:
            settings.ascii_cards = True
        rules = self.rule_sets.get(settings.rules)
        if rules is None:
            self.notices.append(f"No rule set {settings.rules!r}; sitting at nordic")
            rules = self.rule_sets["nordic"]
            settings.rules = rules.name
        self.settings = settings
        self.session = Session(rules, self.profile.bankroll, tier=settings.tier,
                               seed=self.options.seed)
        if shoe is not None:
            self.session.shoe = shoe
        self.session.last_bets = self.session.fit_bets(self.profile.last_bets)
        self.resume_round: Round | None = None

    @property
    def card_style(self) -> CardStyle:
        return CardStyle(ascii=self.settings.ascii_cards, four_colour=self.settings.four_colour)

    def on_mount(self) -> None:
        from blackjack_tui.ui.screens.table_screen import TableScreen

        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.push_screen(TableScreen())
        for notice in self.notices:
            self.notify(notice, severity="warning", timeout=12)

    # Persistence

    def save_profile(self) -> None:
        from blackjack_tui.store.errors import StoreError

        profile = self.profile
        profile.bankroll = self.session.bankroll
        profile.last_bets = list(self.session.last_bets)
        profile.settings.rules = self.session.rules.name
        profile.settings.tier = self.session.tier
        try:
            self.profile_store.save(profile)
        except StoreError as err:
            self.notify(f"{err}; playing on without saving", severity="error", timeout=10)

    def round_progress(self, rnd: Round) -> None:
        """Called after the deal and every decision (the in-flight save hooks in here)."""

    def round_finished(self, rnd: Round) -> None:
        from datetime import datetime, timezone

        from blackjack_tui.engine.history import HandRecord
        from blackjack_tui.store.errors import StoreError

        stats = self.profile.statistics
        for box in rnd.boxes:
            for hand in box.hands:
                if hand.outcome is not None:
                    stats.add_hand(hand.outcome)
        stats.add_round(rnd.staked, rnd.net)
        record = HandRecord.of(rnd, self.session.last_bets,
                               time=datetime.now(timezone.utc).isoformat(timespec="seconds"))
        try:
            self.history.append(record.model_dump(mode="json"))
        except StoreError as err:
            self.notify(f"{err}; the round is not in the history", severity="error")
        self.save_profile()

    def check_broke(self) -> None:
        if not self.session.broke:
            return
        from blackjack_tui.ui.screens.confirm import Confirm

        fresh = Decimal(1000)

        def answer(yes: bool | None) -> None:
            if yes:
                self.session.rebuy(fresh)
                self.save_profile()
                screen = self.screen
                if hasattr(screen, "new_slip"):
                    screen.new_slip(first=True)

        self.push_screen(Confirm(f"You are out of chips. Start again with a fresh bankroll of "
                                 f"{fresh}?"), answer)

    # Menus

    def switch_rules(self, rules: Rules, tier: str | None) -> None:
        queued = self.session.switch_rules(rules, tier)
        self.settings.rules = rules.name
        self.settings.tier = tier
        if queued:
            self.notify(f"{rules.title or rules.name} from the next round", timeout=5)
        else:
            self.save_profile()

    def action_rules_menu(self) -> None:
        from blackjack_tui.ui.screens.rules_menu import RulesMenu

        self.push_screen(RulesMenu())

    def action_help(self) -> None:
        from blackjack_tui.ui.screens.help import HelpScreen

        self.push_screen(HelpScreen())
