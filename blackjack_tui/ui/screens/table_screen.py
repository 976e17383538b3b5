"""The table: bets, the round, the settlement. Keys and clicks go to the controller only.

The screen is a composition of widgets drawn from two models: the :class:`Betting` between rounds
(the box and chip in hand, the bet slip, bets behind) and the round controller's
:class:`~blackjack_tui.controller.view.TableView` during one (:mod:`.table_round`). Every widget is
handed plain values and redraws only when they differ from what it shows.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from blackjack_tui.controller.betting import BetSlip, Betting
from blackjack_tui.controller.controller import RoundController
from blackjack_tui.controller.game import Game
from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.actions import SPEC
from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.vocabulary import ActionName
from blackjack_tui.rules_text import felt_line
from blackjack_tui.store import START_BANKROLL
from blackjack_tui.ui.cards import CardStyle, card_style_of
from blackjack_tui.ui.screens.table_analysis import TableAnalysis
from blackjack_tui.ui.screens.table_counting import TableCounting
from blackjack_tui.ui.screens.table_evening import TableEvening
from blackjack_tui.ui.screens.table_round import PLAY_KEYS, TableRound, action_binding
from blackjack_tui.ui.too_small import is_too_small, too_small_words
from blackjack_tui.ui.widgets.action_bar import ActionBar
from blackjack_tui.ui.widgets.bet_box import BetBox
from blackjack_tui.ui.widgets.kept import KeptStatic
from blackjack_tui.ui.widgets.key_bar import KeyBar
from blackjack_tui.ui.widgets.seat_strip import SeatStrip, seats_of
from blackjack_tui.ui.widgets.status_bar import Status, StatusBar
from blackjack_tui.ui.widgets.table import Table

# Actions the action bar offers as buttons, with their keys, whenever they can be taken.
ON_THE_ACTION_BAR = frozenset({"clear", "rebet", "deal"}) | PLAY_KEYS
BET_KEYS = {"select_box", "add_chip", "remove_chip", "chip_down", "chip_up", "clear", "rebet",
            "rebet_deal", "deal", "players"}


class TableScreen(TableEvening, TableRound, TableAnalysis, TableCounting):
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
    | u | the counting plan | v | the count for a moment (while k hides it) |
    """

    SHOWN_ELSEWHERE = ON_THE_ACTION_BAR
    BINDINGS = [
        Binding("1", "select_box(1)", "Box 1", show=False, id="table.box_1"),
        Binding("2", "select_box(2)", "Box 2", show=False, id="table.box_2"),
        Binding("3", "select_box(3)", "Box 3", show=False, id="table.box_3"),
        Binding("4", "select_box(4)", "Seat 1", show=False, id="table.seat_1"),
        Binding("5", "select_box(5)", "Seat 2", show=False, id="table.seat_2"),
        Binding("6", "select_box(6)", "Seat 3", show=False, id="table.seat_3"),
        Binding("7", "select_box(7)", "Seat 4", show=False, id="table.seat_4"),
        Binding("a", "players", "Players", show=False, id="table.players"),
        Binding("l", "ledger", "Ledger", show=False, id="table.ledger"),
        action_binding(SPEC[ActionName.JOIN]),
        Binding("plus,equals_sign", "add_chip", "Add", key_display="+", id="table.add_chip"),
        Binding("minus", "remove_chip", "Take", key_display="-", id="table.remove_chip"),
        Binding("left_square_bracket", "chip_down", "Chip", show=False, id="table.chip_down"),
        Binding("right_square_bracket", "chip_up", "Chip", show=False, id="table.chip_up"),
        Binding("x,backspace", "clear", "Clear", key_display="x", id="table.clear"),
        Binding("b", "rebet", "Rebet", id="table.rebet"),
        Binding("space", "rebet_deal", "Again", id="table.rebet_deal"),
        Binding("enter", "deal", "Deal", id="table.deal"),
        *TableRound.ROUND_BINDINGS,
        Binding("t", "hint", "Hint", id="table.hint"),
        Binding("c", "toggle_coach", "Coach", show=False, id="table.coach"),
        Binding("k", "toggle_count", "Count", show=False, id="table.count"),
        Binding("g", "drill", "Drill", show=False, id="table.drill"),
        Binding("u", "plan", "Plan", show=False, id="table.plan"),
        Binding("v", "reveal_count", "Reveal count", show=False, id="table.reveal_count"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.betting = Betting(game.session)
        self.controller: RoundController | None = None
        self._style_key: tuple[object, ...] = ()
        self._style = CardStyle()
        self.setup_round()
        self._seen_table: tuple[object, ...] = ()
        """The table as the felt last drew it between rounds (:meth:`table_now`)."""
        self._small_notice: Static | None = None
        """What the table says when the terminal is too small (made the first time it is)."""

    @property
    def slip(self) -> BetSlip:
        return self.betting.slip

    def compose(self) -> ComposeResult:
        # The screen's own children, in no container of their own: one widget fewer to compose,
        # style, lay out and paint at the first frame (the "too small" notice hides them).
        # The coach line and the "too small" notice are made when first needed (one widget
        # each fewer at the first frame): :meth:`refresh_analysis`, :meth:`on_resize`.
        yield StatusBar(id="status")
        yield Table(id="table", largest=self.game.options.card_size)
        yield KeptStatic(id="message")
        yield ActionBar(id="actions", ascii_only=self.card_style.ascii)
        yield KeyBar(elsewhere=self.SHOWN_ELSEWHERE)

    def on_mount(self) -> None:
        game = self.game
        self.table = self.query_one(Table)
        self.status = self.query_one(StatusBar)
        self.actions = self.query_one(ActionBar)
        self.message = self.query_one("#message", Static)
        self.controller = RoundController(game.session, self, game.speed, keeper=game)
        self.setup_counting()
        self.setup_analysis()
        if game.resume_round is None:
            self._last_round_at_start()
        self.draw_betting()
        self.on_resize()
        self.show_notices()
        if game.resume_round is not None:
            self.play_round(None)

    @property
    def card_style(self) -> CardStyle:
        settings, ascii_option = self.game.settings, self.game.options.ascii
        key = (settings.ascii_cards, settings.four_colour, ascii_option)
        if key != self._style_key:
            self._style_key, self._style = key, card_style_of(self.game)
        return self._style

    def show_notices(self) -> None:
        """Whatever the game has to say (at start: what it found; later: a resumed evening)."""
        for notice in self.game.take_notices():
            self.tell(notice, severity="warning", timeout=12)

    def on_resize(self) -> None:
        small = is_too_small(self.size.width, self.size.height)
        self.set_class(small, "-too-small")
        if self.controller is not None:
            self.controller.hold(small)  # the cards wait while the table cannot be seen
        self.refresh_bindings()
        self.refresh_analysis()  # (the session's tally shows from a height on)
        if small:
            if self._small_notice is None:
                self._small_notice = Static(id="too-small")
                self.mount(self._small_notice)
            self._small_notice.update(
                too_small_words(self.size.width, self.size.height, "the table waits"))

    def on_screen_resume(self) -> None:
        """Back from a menu: the table, the pace or the cards' style may have changed."""
        if self.controller is not None:
            self.controller.pace = self.game.speed
        if not self.playing and self.table_now() != self._seen_table:
            self._new_table_line()
        self.show_notices()
        if self.playing:
            self.draw_status(live=True)
            if self.controller is not None and self.controller.view is not None:
                self.table.show_round(self.controller.view, self.card_style)
        else:
            if self.betting.stale:
                self.betting.renew(keep=True)
            self.draw_betting()
        self.refresh_analysis()  # (the count system may have changed in Options)

    # ----------------------------------------------------------------- drawing

    def draw_status(self, live: bool = False) -> None:
        session = self.game.session
        rules = session.rules
        if live:
            view = self.controller.view if self.controller else None
            stake = view.staked if view is not None else self.slip.total
            chips = session.round.bankroll if session.round else session.bankroll
        else:  # the bets on the slip and the bets behind computer players' boxes
            stake = sum(session.behind.values(), self.slip.total)
            chips = session.bankroll
        pending = session.pending[0] if session.pending is not None else None
        self.status.show(Status(
            "Stack" if session.home is not None else "Bankroll", chips, rules.title or rules.name,
            session.tier, session.describe_limits(), stake,
            None if live else self.betting.chip,
            (pending.title or pending.name) if pending is not None else None,
            self.card_style.ascii))

    def draw_betting(self) -> None:
        """Between rounds: the last round stays on the felt until a bet is placed."""
        session, betting = self.game.session, self.betting
        style = self.card_style
        if self.last_view is not None and self.last_table != self.table_now():
            # Another table (or other players): the last round and its line leave the felt.
            self.last_view = None
            if self.message.has_class("-result"):
                title = session.rules.title or session.rules.name
                again = "space places the same bets again" if session.last_bets \
                    else "place your bets"
                self.say(f"{title}: {again}", "-info")
        self.table.show_rules_line(felt_line(session.rules, style.ascii))
        last = self.last_view if not betting.touched and not self.slip.bets else None
        if last is not None:
            self.table.show_round(last, style, selected=betting.selected)
        else:
            self.table.show_betting(dict(self.slip.bets), session.rules.chips,
                                    session.describe_limits(), betting.selected,
                                    session.rules.max_boxes, style, plan=self.plan_box_words())
        self.table.show_shoe(self.shoe_info())
        # The seats are this table's players: the last round's seats only where it was played.
        self.draw_seats(last if self.dealt_elsewhere is None else None)
        if betting.banking:  # holding the home bank: he bets nothing, enter deals the others
            self.actions.show_betting((), False)
        else:
            self.actions.show_betting(session.rules.chips, bool(session.last_bets))
        self.draw_status()
        self.refresh_analysis()
        self._seen_table = self.table_now()

    def draw_seats(self, view: TableView | None, live: bool = False) -> None:
        """The computer players; in a round (``live``) each stack as the cards shown so far
        leave it (a bet is off the stack, a result on it, as in the player's own header), the
        bank's holder excepted (his stack moves with the whole table's, at the end)."""
        session = self.game.session
        home = session.home
        banker = home.banker if home is not None else None
        stacks = []
        for other in session.others:
            shown = view.seat_stack(other.name) if live and view is not None else None
            stacks.append((other.name, other.stack if shown is None or other.name == banker
                           else shown))
        seats = seats_of(stacks, session.behind, self.betting.selected, session.sitting_out,
                         banker)
        self.table.show_seats(seats, view)

    def say(self, text: str, style: str = "") -> None:
        message = self.message
        if str(message.content) != text:
            message.update(text, layout=False)
        if set(message.classes) != set(style.split()):
            message.set_classes(style)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("-too-small"):
            return False  # nothing happens behind the "too small" notice
        if action in BET_KEYS:
            return not self.playing
        return self.check_round_action(action)

    # ----------------------------------------------------------------- betting

    def _bet_changed(self, error: str | None) -> None:
        self.say(error or "", "-warning" if error else "")
        self.draw_betting()

    def action_select_box(self, number: int) -> None:
        error = self.betting.select(number)
        if error:
            self.say(error, "-warning")
            return
        self.draw_betting()

    def action_add_chip(self) -> None:
        self._bet_changed(self.betting.add())

    def action_remove_chip(self) -> None:
        self._bet_changed(self.betting.remove())

    def action_chip_down(self) -> None:
        self.betting.step_chip(-1)
        self.draw_betting()

    def action_chip_up(self) -> None:
        self.betting.step_chip(1)
        self.draw_betting()

    def action_clear(self) -> None:
        self.betting.clear()
        self._bet_changed(None)

    def action_rebet(self) -> bool:
        error = self.betting.rebet()
        self._bet_changed(error)
        return error is None

    def action_rebet_deal(self) -> None:
        """Space: the bets on the table, else the last ones again, dealt. (The banker has
        nothing to rebet: space deals the others all the same.)"""
        if self.betting.banking or self.slip.bets or self.action_rebet():
            self.action_deal()

    def action_deal(self) -> None:
        if self.playing:
            return
        game = self.game
        if game.saving:
            self.say("The last step is not saved yet: the deal waits for the disk", "-warning")
            return
        if self.check_broke():
            return
        problem = game.before_deal()
        if self.betting.stale:
            self.betting.renew(keep=True)  # the home evening sat down: its stack, not the bankroll
        betting = self.betting
        if problem is None and not self.slip.bets and not betting.touched \
                and not betting.banking and game.session.last_bets:
            # Enter after a round (the felt still shows it): the same bets again, as the lit
            # Deal button promises; a slip the player cleared himself is his to fill.
            problem = betting.rebet()
            self.draw_betting()
        bets, not_now = self.betting.to_deal()
        problem = problem or not_now
        if problem is not None:
            self.say(problem, "-warning")
            return
        self.deal_checked(bets, lambda: self.play_round(bets))

    def check_broke(self) -> bool:
        """Out of chips: offer a fresh bankroll (again at every deal until taken)."""
        if not self.game.broke:
            return False
        from blackjack_tui.ui.screens.confirm import Confirm

        fresh = money_str(START_BANKROLL)

        def answer(yes: bool | None) -> None:
            if yes:
                self.game.fresh_bankroll()
                self.betting.renew(first=True)
                self.say(f"A fresh bankroll of {fresh}: good luck", "-info")
                self.draw_betting()
            else:
                self.say(f"Out of chips · enter takes a fresh bankroll of {fresh}", "-warning")

        self.app.push_screen(Confirm(f"You are out of chips. Start again with a fresh bankroll "
                                     f"of {fresh}?"), answer)
        return True

    @on(BetBox.Selected)
    def _box_clicked(self, event: BetBox.Selected) -> None:
        if not self.playing:
            self.action_select_box(event.box.number)

    @on(SeatStrip.Selected)
    def _seat_clicked(self, event: SeatStrip.Selected) -> None:
        if not self.playing:
            self.action_select_box(event.box)

    @on(ActionBar.AddChip)
    def _chip_clicked(self, event: ActionBar.AddChip) -> None:
        self.betting.pick_chip(event.index)
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
        if event.action.name is ActionName.INSURANCE:
            self.action_insurance()  # the home game asks how much
        else:
            self.decide(event.action)
