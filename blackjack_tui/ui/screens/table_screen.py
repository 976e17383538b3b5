"""The table: bets, the round, the settlement. Keys and clicks go to the controller only."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from blackjack_tui.controller.betting import BetSlip
from blackjack_tui.controller.controller import RoundController
from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.actions import Decision
from blackjack_tui.engine.errors import BetError
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.money import money_str
from blackjack_tui.rules_text import felt_line
from blackjack_tui.ui.screens import table_seats as behind
from blackjack_tui.ui.screens.table_analysis import TableAnalysis
from blackjack_tui.ui.widgets.action_bar import ActionBar
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine
from blackjack_tui.ui.widgets.bet_box import BetBox
from blackjack_tui.ui.widgets.key_bar import KeyBar
from blackjack_tui.ui.widgets.seat_strip import SeatStrip
from blackjack_tui.ui.widgets.status_bar import StatusBar
from blackjack_tui.ui.widgets.table import ShoeInfo, Table

if TYPE_CHECKING:
    from blackjack_tui.ui.app import BlackjackApp

MIN_WIDTH, MIN_HEIGHT = 80, 24
PLAY_KEYS = {"hit", "stand", "double", "split", "surrender", "insurance", "even_money", "no",
             "join"}
BET_KEYS = {"select_box", "add_chip", "remove_chip", "chip_down", "chip_up", "clear", "rebet",
            "rebet_deal", "deal", "players"}


def dealer_step(event: Event) -> bool:
    """The dealer's own cards move: the player's decisions are over for now."""
    return event.kind in ("reveal", "dealer-total") or (event.kind == "card" and event.box == 0)


def question(decision: Decision, split: bool) -> tuple[str, str]:
    """The message line for a decision: what is asked, and its style."""
    stake = money_str(decision.stake or Decimal(0))
    if decision.kind.startswith("join-"):
        what = "split" if decision.kind == "join-split" else "double"
        return (f"Box {decision.box} {what}s: join with {stake} behind? j join · n stay out",
                "-ask")
    if decision.behind:
        return f"Behind box {decision.box}: insurance or even money is your own choice", "-ask"
    if decision.kind == "insurance":
        return (f"Box {decision.box}: insurance against the dealer's ace? It costs {stake} and "
                f"pays 2:1", "-ask")
    if decision.kind == "even-money":
        return f"Box {decision.box}: blackjack against an ace. Take even money now?", "-ask"
    hand = f", hand {decision.hand}" if split else ""
    return f"Box {decision.box}{hand}: your move", "-play"


class TableScreen(TableAnalysis):
    """Keys (the footer shows those that apply now):

    | key | betting | key | in a round |
    |-----|---------|-----|------------|
    | 1 2 3 | choose a box | h s | hit, stand |
    | + - | add / take off a chip | d p r | double, split, surrender |
    | [ ] | smaller / larger chip | i e n | insurance, even money, no |
    | x | clear the box | | |
    | b / space | rebet / rebet and deal | | |
    | enter | deal | t | hint: the best play, every action's EV |
    | c k | coach on/off, card count on/off | g | strategy drill |
    | a | computer players 0-4 | 4-7 | a seat's box: + bets behind it |
    | j n | join a split/double behind, or stay out | l | the home game's ledger |
    """

    BINDINGS = [
        Binding("1", "select_box(1)", "Box 1", show=False),
        Binding("2", "select_box(2)", "Box 2", show=False),
        Binding("3", "select_box(3)", "Box 3", show=False),
        Binding("4", "select_box(4)", "Seat 1", show=False),
        Binding("5", "select_box(5)", "Seat 2", show=False),
        Binding("6", "select_box(6)", "Seat 3", show=False),
        Binding("7", "select_box(7)", "Seat 4", show=False),
        Binding("a", "players", "Players", show=False),
        Binding("l", "ledger", "Ledger", show=False),
        Binding("j", "join", "Join"),
        Binding("plus,equals_sign", "add_chip", "Add", key_display="+"),
        Binding("minus", "remove_chip", "Take", key_display="-"),
        Binding("left_square_bracket", "chip_down", "Chip", show=False),
        Binding("right_square_bracket", "chip_up", "Chip", show=False),
        Binding("x,backspace", "clear", "Clear", key_display="x"),
        Binding("b", "rebet", "Rebet"),
        Binding("space", "rebet_deal", "Again"),
        Binding("enter", "deal", "Deal"),
        Binding("h", "hit", "Hit"),
        Binding("s", "stand", "Stand"),
        Binding("d", "double", "Double"),
        Binding("p", "split", "Split"),
        Binding("r", "surrender", "Surrender"),
        Binding("i", "insurance", "Insurance"),
        Binding("e", "even_money", "Even money"),
        Binding("n", "no", "No"),
        Binding("t", "hint", "Hint"),
        Binding("c", "toggle_coach", "Coach", show=False),
        Binding("k", "toggle_count", "Count", show=False),
        Binding("g", "drill", "Drill", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.selected = 1
        self.chip_index = 0
        self.slip: BetSlip | None = None
        self.controller: RoundController | None = None
        self.last_view: TableView | None = None
        self.decision: Decision | None = None
        self.playing = False
        self._footer_keys: frozenset[str] = frozenset()
        self._slip_table: tuple[object, ...] = ()

    @property
    def game(self) -> BlackjackApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield StatusBar(id="status")
            yield Table(id="table")
            yield AnalysisLine(id="analysis")
            yield Static(id="message")
            yield ActionBar(id="actions")
            yield KeyBar()
        yield Static(id="too-small")

    def on_mount(self) -> None:
        game = self.game
        self.controller = RoundController(game.session, self, game.speed, keeper=game.game)
        self.setup_analysis()
        self.new_slip(first=True)
        self.on_resize()
        if game.resume_round is not None:
            self.play_round(None)

    def on_resize(self) -> None:
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        if self.controller is not None:
            self.controller.hold(small)  # the cards wait while the table cannot be seen
        self.refresh_bindings()
        if small:
            self.query_one("#too-small", Static).update(
                f"blackjack-tui needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
                f"This one is {self.size.width}×{self.size.height}: make it larger; "
                f"the table waits.")

    # ----------------------------------------------------------------- betting

    def on_screen_resume(self) -> None:
        """Back from a menu: the table may have changed (or a change may be queued)."""
        if self.playing:
            view = self.controller.view if self.controller else None
            staked = view.staked if view else Decimal(0)
            self.query_one(StatusBar).show(self.game.session, staked, None, live=True)
        elif self.slip is not None and self._slip_table != self._table_key():
            self.new_slip(keep=True)

    def _table_key(self) -> tuple[object, ...]:
        session = self.game.session
        return (session.rules.name, session.tier, session.bankroll)

    def new_slip(self, first: bool = False, keep: bool = False) -> None:
        """A fresh bet slip for the table as it is now (keeping bets that still fit)."""
        session = self.game.session
        self._slip_table = self._table_key()
        old = self.slip.as_list() if keep and self.slip is not None else []
        self.slip = BetSlip(session.rules.max_boxes, session.limits, session.bankroll)
        if old:
            self.slip.set(session.fit_bets(old))
        elif first and not session.last_bets:
            self.slip.set([session.limits[0]])
        self.selected = min(self.selected, session.rules.max_boxes)
        self.chip_index = min(self.chip_index, len(session.rules.chips) - 1)
        self.refresh_betting()

    @property
    def chip(self) -> Decimal:
        return self.game.session.rules.chips[self.chip_index]

    def refresh_betting(self, keep_result: bool = False) -> None:
        session = self.game.session
        assert self.slip is not None
        table = self.query_one(Table)
        table.show_rules_line(felt_line(session.rules, self.game.card_style.ascii))
        last = self.last_view if keep_result and not self.slip.bets else None
        table.show_betting(dict(self.slip.bets), session.rules.chips, session.describe_limits(),
                           self.selected, session.rules.max_boxes, last, self.game.card_style)
        table.show_shoe(self.shoe_info())
        table.show_seats(behind.seat_infos(session, self.selected))
        self.query_one(ActionBar).show_betting(session.rules.chips, bool(session.last_bets))
        self.query_one(StatusBar).show(session, self.slip.total, self.chip)
        self.refresh_analysis()

    def say(self, text: str, style: str = "") -> None:
        message = self.query_one("#message", Static)
        message.update(text)
        if set(message.classes) != set(style.split()):
            message.set_classes(style)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("-too-small"):
            return False  # nothing happens behind the "too small" notice
        if action in BET_KEYS:
            return not self.playing
        if action == "hint":
            return self.decision is not None and self.decision.kind == "play"
        if action in PLAY_KEYS:
            # The footer shows the keys once the question is asked; a key counts as soon as
            # the decision is awaited.
            return self.playing and action in (self._footer_keys | self._legal_keys())
        return True

    def _legal_keys(self) -> set[str]:
        decision = self.decision
        if decision is None:
            return set()
        keys = {a.replace("-", "_") for a in decision.actions}
        if "no_insurance" in keys or "no_even_money" in keys or "no_join" in keys:
            keys.add("no")
        return keys

    def _bet_changed(self, error: str | None) -> None:
        if error:
            self.say(error, "-warning")
        else:
            self.say("")
        self.refresh_betting()

    def action_select_box(self, number: int) -> None:
        if number > 3 and number - 3 <= len(self.game.session.others):
            self.selected = number  # a computer player's box: chips go behind it
            self.refresh_betting()
            return
        if number > self.game.session.rules.max_boxes:
            self.say(f"This table has {self.game.session.rules.max_boxes} box(es)", "-warning")
            return
        self.selected = number
        self.refresh_betting()

    def action_add_chip(self) -> None:
        assert self.slip is not None
        if self.selected > 3:
            self._bet_changed(behind.add(self.game.session, self.slip.as_list(), self.selected,
                                         self.chip))
            return
        self._bet_changed(self.slip.add(self.selected, self.chip))

    def action_remove_chip(self) -> None:
        assert self.slip is not None
        if self.selected > 3:
            self._bet_changed(behind.remove(self.game.session, self.selected, self.chip))
            return
        self._bet_changed(self.slip.remove(self.selected, self.chip))

    def action_chip_down(self) -> None:
        self.chip_index = max(0, self.chip_index - 1)
        self.refresh_betting()

    def action_chip_up(self) -> None:
        self.chip_index = min(len(self.game.session.rules.chips) - 1, self.chip_index + 1)
        self.refresh_betting()

    def action_clear(self) -> None:
        assert self.slip is not None
        if self.selected > 3:
            self.game.session.behind.pop(self.selected, None)
        self.slip.clear(self.selected)
        self._bet_changed(None)

    def action_rebet(self) -> bool:
        assert self.slip is not None
        if not self.game.session.last_bets:
            self._bet_changed("No earlier bets to repeat")
            return False
        error = self.slip.set(self.game.session.last_bets)
        self._bet_changed(error)
        return error is None

    def action_rebet_deal(self) -> None:
        if self.action_rebet():
            self.action_deal()

    def action_deal(self) -> None:
        if self.playing:
            return
        assert self.slip is not None
        if self.game.game.saving:
            self.say("The last step is not saved yet: the deal waits for the disk", "-warning")
            return
        if self.game.check_broke():
            return
        problem = self.game.game.before_deal()
        if self._slip_table != self._table_key():
            self.new_slip(keep=True)  # the home evening sat down: its stack, not the bankroll
        if problem is None and not behind.banking(self.game.session):
            problem = self.slip.problem()
        if problem is None:
            problem = self.game.session.check_bets(
                behind.bets_to_deal(self.game.session, self.slip.as_list()))
        if problem is not None:
            self.say(problem, "-warning")
            return
        self.play_round(behind.bets_to_deal(self.game.session, self.slip.as_list()))

    @on(BetBox.Selected)
    def _box_clicked(self, event: BetBox.Selected) -> None:
        if not self.playing:
            self.action_select_box(event.box.number)

    @on(ActionBar.AddChip)
    def _chip_clicked(self, event: ActionBar.AddChip) -> None:
        self.chip_index = event.index
        self.action_add_chip()

    @on(ActionBar.Clear)
    def _clear_clicked(self) -> None:
        self.action_clear()

    @on(ActionBar.Rebet)
    def _rebet_clicked(self) -> None:
        self.action_rebet()

    @on(ActionBar.Deal)
    def _deal_clicked(self) -> None:
        self.action_deal()

    @on(ActionBar.Decide)
    def _decide_clicked(self, event: ActionBar.Decide) -> None:
        if event.action == "insurance":
            self.action_insurance()  # the home game asks how much
        else:
            self.decide(event.action)

    # ----------------------------------------------------------------- the round

    @work(exclusive=True, group="round")
    async def play_round(self, bets: list[Decimal | None] | None) -> None:
        assert self.controller is not None
        self.playing = True
        self.say("")
        self.query_one(ActionBar).show_waiting()
        self.refresh_bindings()
        try:
            if bets is None:
                resumed = self.game.resume_round
                assert resumed is not None
                self.game.resume_round = None
                await self.controller.resume(resumed)
            else:
                await self.controller.play(bets)
        except BetError as err:
            self.say(str(err), "-warning")
            self.playing = False
            self.refresh_bindings()
            self.refresh_betting()
            return
        self.playing = False
        self._footer_keys = frozenset()
        self.refresh_bindings()
        self.last_view = self.controller.view
        session = self.game.session
        net = self.game.game.last_net
        sign = "+" if net > 0 else ""
        chips = "stack" if session.home is not None else "bankroll"
        ties = self.last_view.ties_lost() if self.last_view is not None else []
        if ties:
            rules = session.rules.dealer_wins_ties
            why = f" · {ties[0]} v {ties[0]}: ties at {rules[0]}–{rules[-1]} go to the bank"
        else:
            why = " · space: same bets again"
        self.say(f"Round {sign}{money_str(net)} · {chips} {money_str(session.bankroll)}{why}",
                 "-result")
        behind.after_round(self, self.game.session)
        assert self.slip is not None
        self.new_slip()
        self.refresh_betting(keep_result=True)
        self.game.check_broke()

    # Listener: called by the controller

    def show(self, view: TableView, event: Event | None) -> None:
        if not self.is_attached:
            return  # the app is closing; the round is kept by the in-flight save
        table = self.query_one(Table)
        table.show_round(view, self.game.card_style)
        table.show_shoe(self.shoe_info())
        self.query_one(StatusBar).show(self.game.session, view.staked, None, live=True)
        self.refresh_analysis()
        if event is not None and event.kind == "shuffle":
            self.say("Shuffling the shoe…", "-info")
        elif self.decision is None and event is not None and dealer_step(event):
            self._dealer_turn()

    def ask(self, decision: Decision | None) -> None:
        self.decision = decision
        if not self.is_attached:
            return
        bar = self.query_one(ActionBar)
        if decision is None:
            bar.show_waiting()
            return
        bar.show_decision(decision)
        self._set_footer_keys(frozenset(self._legal_keys()))
        self.say(*question(decision, self._split(decision.box)))

    def _set_footer_keys(self, keys: frozenset[str]) -> None:
        if keys != self._footer_keys:
            self._footer_keys = keys
            self.refresh_bindings()

    def _dealer_turn(self) -> None:
        """The dealer plays: no question, no play keys, no box in play."""
        self._set_footer_keys(frozenset())
        message = self.query_one("#message", Static)
        if message.has_class("-ask") or message.has_class("-play"):
            self.say("")

    def _split(self, box: int) -> bool:
        view = self.controller.view if self.controller else None
        return view is not None and len(view.box(box).hands) > 1

    def decide(self, action: str) -> None:
        assert self.controller is not None
        refusal = self.controller.decide(action)
        if refusal is not None:
            self.say(refusal, "-warning")

    def shoe_info(self) -> ShoeInfo:
        """The shoe and the tray as the cards shown so far tell (not ahead of the animation)."""
        shoe = self.game.session.shoe
        rules = self.game.session.rules
        cut = None if rules.shuffle == "every-round" else rules.penetration
        if self.controller is not None:
            remaining, discards = self.controller.shoe_counts()
        else:
            remaining, discards = shoe.remaining, len(shoe.discards)
        return ShoeInfo(remaining, shoe.total, discards, cut)

    def action_hit(self) -> None:
        self.decide("hit")

    def action_stand(self) -> None:
        self.decide("stand")

    def action_double(self) -> None:
        self.decide("double")

    def action_split(self) -> None:
        self.decide("split")

    def action_join(self) -> None:
        self.decide("join")

    def action_players(self) -> None:
        behind.cycle_players(self)

    def action_ledger(self) -> None:
        from blackjack_tui.ui.screens.home_ledger import HomeLedger

        self.app.push_screen(HomeLedger(self.game.session.home))

    @on(SeatStrip.Selected)
    def _seat_clicked(self, event: SeatStrip.Selected) -> None:
        if not self.playing:
            self.action_select_box(event.box)

    def action_surrender(self) -> None:
        self.decide("surrender")

    def action_even_money(self) -> None:
        self.decide("even-money")

    def action_no(self) -> None:
        decision = self.decision
        if decision is not None and decision.kind.startswith("join-"):
            self.decide("no-join")
        elif decision is not None and decision.kind == "even-money":
            self.decide("no-even-money")
        else:
            self.decide("no-insurance")

    def action_insurance(self) -> None:
        decision = self.decision
        if decision is not None and decision.kind == "insurance" and decision.any_amount:
            from blackjack_tui.ui.screens.insurance import InsuranceAmount

            def chosen(amount: Decimal | None) -> None:
                if amount is not None:
                    self.decide(f"insurance:{amount}")

            self.app.push_screen(InsuranceAmount(decision), chosen)
            return
        self.decide("insurance")
