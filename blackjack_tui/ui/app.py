"""The Textual app: the table screen, the rules menu, help; the profile kept between runs."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC
from decimal import Decimal
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

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
        Binding("o", "settings", "Options"),
        Binding("y", "history", "History", show=False),
        Binding("f", "fair", "Fair shoe", show=False),
        Binding("w", "statistics", "Statistics", show=False),
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
    ]

    def __init__(self, options: PlayOptions | None = None, *, shoe: Shoe | None = None) -> None:
        """``shoe`` replaces the table's shoe (a stacked shoe in tests and screenshots)."""
        super().__init__()
        from blackjack_tui.engine.history import HandRecord
        from blackjack_tui.paths import data_dir, user_rules_file
        from blackjack_tui.rulesets import load_all
        from blackjack_tui.store import Store, StoreError

        self.options = options or PlayOptions()
        self.notices: list[str] = []
        self.rule_sets, errors = load_all(user_rules_file())
        self.notices += [str(e) for e in errors]
        self.store = Store(data_dir(self.options.data_dir), history_model=HandRecord)
        loaded = self.store.load_profile()
        self.profile = loaded.profile
        self.notices += loaded.notices
        self.resume_round: Round | None = None
        self.round_id: str | None = None
        self._round: Round | None = None
        self.unfinished: tuple[str, HandRecord, Decimal] | None = None
        try:
            recovery = self.store.recover(self.profile, self.rule_sets)
        except StoreError as err:
            self.notices.append(str(err))
        else:
            self.notices += recovery.notices
            if recovery.round is not None:
                self.resume_round = recovery.round
                self.round_id = recovery.round_id
                self._round = recovery.round
        settings = self.profile.settings
        if self.options.rules is not None and self.resume_round is None:
            settings.rules = self.options.rules
            settings.tier = None
        # --speed and --ascii hold for this run only; the Options screen changes the saved ones.
        self.speed: str = self.options.speed or settings.speed
        rules = self.rule_sets.get(settings.rules)
        if rules is None:
            self.notices.append(f"No rule set {settings.rules!r}; sitting at nordic")
            rules = self.rule_sets["nordic"]
            settings.rules = rules.name
        self.settings = settings
        self.session = Session(rules, self.profile.bankroll, tier=settings.tier,
                               seed=self.options.seed, fair=settings.provably_fair,
                               client_seed=settings.client_seed)
        if shoe is not None:
            self.session.shoe = shoe
        elif self.options.seed is None:
            from blackjack_tui.engine.fair import FairShoe

            saved = self.store.load_shoe(rules.decks)
            if saved is not None and isinstance(saved, FairShoe) == settings.provably_fair:
                self.session.shoe = saved
        self.session.last_bets = self.session.fit_bets(self.profile.last_bets)
        self.session.home_hands = settings.home_hands
        if settings.computer_players and self.resume_round is None:
            from blackjack_tui.controller.players import table_of

            stack = rules.ledger.starting_stack if rules.ledger else Decimal(500)
            self.session.set_others(table_of(settings.computer_players, stack))
        if self.resume_round is not None and self.resume_round.over:
            # Settled before the crash but not yet booked: book it now, once.
            self.session.resume(self.resume_round)
            self.session.finish_round()
            self.round_finished(self.resume_round)
            self.resume_round = None

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
        for notice in self.notices:
            self.notify(notice, severity="warning", timeout=12)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "quit" and self.screen.has_class("-too-small"):
            return False  # behind the "terminal too small" notice no key does anything
        return True

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

    # Persistence

    def save_profile(self) -> None:
        """Save settings and bets; the bankroll only between rounds (a round in flight is
        credited by the store when it is booked, exactly once)."""
        from blackjack_tui.store import StoreError

        profile = self.profile
        if self._round is None:
            profile.bankroll = self.session.own_bankroll
        profile.last_bets = list(self.session.last_bets)[:3]
        profile.settings.rules = self.session.rules.name
        profile.settings.tier = self.session.tier
        try:
            self.store.save_profile(profile)
        except StoreError as err:
            self.notify(f"{err}; playing on without saving", severity="error", timeout=10)

    def round_progress(self, rnd: Round) -> None:
        """After the deal and every decision: the round in flight is saved, so a crash resumes."""
        from blackjack_tui.store import StoreError, new_round_id

        if rnd is not self._round:
            self._round = rnd
            self.round_id = new_round_id()
        assert self.round_id is not None
        try:
            self.store.save_round(self.round_id, rnd)
        except StoreError as err:
            self.notify(f"{err}; this round is not being saved", severity="error", timeout=10)

    def round_finished(self, rnd: Round) -> None:
        """Book a settled round: statistics, the history record, the bankroll; then the shoe."""
        from datetime import datetime

        from blackjack_tui.engine.history import HandRecord

        stats = self.profile.statistics
        for box in rnd.boxes:
            for hand in box.hands:
                if hand.outcome is not None:
                    stats.add_hand(hand.outcome)
        stats.add_round(rnd.staked, rnd.net)
        if self.round_id is None:
            self.round_progress(rnd)
        assert self.round_id is not None
        top = max(b.number for b in rnd.boxes)
        placed = {b.number: b.bet for b in rnd.boxes}
        record = HandRecord.of(rnd, [placed.get(n) for n in range(1, top + 1)],
                               round_id=self.round_id,
                               time=datetime.now(UTC).isoformat(timespec="seconds"))
        self.unfinished = (self.round_id, record, self.session.booked_net(rnd))
        self._round = None
        self.round_id = None
        if self.book_unfinished():
            self.save_profile()

    def book_unfinished(self) -> bool:
        """Write the last round's record and credit it; False (and a notice) if the disk says no.
        No new round is dealt while this fails."""
        from blackjack_tui.store import StoreError

        if self.unfinished is None:
            return True
        round_id, record, net = self.unfinished
        try:
            self.store.finish_round(self.profile, round_id, record, net)
            self.store.save_shoe(self.session.shoe)
        except StoreError as err:
            self.notify(f"{err}; the round is kept and booked before the next deal",
                        severity="error", timeout=10)
            return False
        self.unfinished = None
        return True

    def check_broke(self) -> None:
        if not self.session.broke or self.session.home is not None:
            return  # the home game's ledger has its own bust-out and rebuy
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

    def set_speed(self, speed: str) -> None:
        self.settings.speed = speed  # type: ignore[assignment]
        self.speed = speed
        for screen in self.screen_stack:
            controller = getattr(screen, "controller", None)
            if controller is not None:
                controller.pace = speed
        self.save_profile()

    def set_fair(self, fair: bool, client_seed: str | None) -> str | None:
        """Provably fair shoes on or off (between rounds); returns a line for the player."""
        from blackjack_tui.engine.errors import EngineError
        from blackjack_tui.engine.fair import check_client_seed
        from blackjack_tui.store import StoreError

        if client_seed is not None:
            try:
                check_client_seed(client_seed)
            except EngineError as err:
                return str(err)
        if self.session.round is not None and not self.session.round.over:
            return "The shoe can change between rounds: finish this one first"
        old = self.session.set_fair(fair, client_seed)
        self.settings.provably_fair = fair
        self.settings.client_seed = client_seed
        try:
            for record in getattr(old, "take_retired", list)():
                self.store.shoes.append(record)
            self.store.save_shoe(self.session.shoe)
        except StoreError as err:
            return str(err)
        self.save_profile()
        return ("Provably fair shoes from now on: f shows the commitment" if fair
                else "Shoes are shuffled from the system's randomness again")

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
        self.push_screen(EveningsScreen(EveningStore.at(self.options.data_dir), rules))

    def action_rules_menu(self) -> None:
        from blackjack_tui.ui.screens.rules_menu import RulesMenu

        self.push_screen(RulesMenu())

    def action_help(self) -> None:
        from blackjack_tui.ui.screens.help import HelpScreen

        self.push_screen(HelpScreen())
