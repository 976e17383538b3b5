"""The table screen's round: the worker that plays it, the controller's listener (``show`` each
step, ``ask`` each decision), the decision keys and the result line. Mixed into the table screen.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from textual import work
from textual.binding import Binding
from textual.screen import Screen

from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.actions import SPEC, SPECS, Action, ActionSpec, Decision
from blackjack_tui.engine.errors import BetError
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.money import money_str, signed
from blackjack_tui.engine.seats import SEAT_BOX_BASE
from blackjack_tui.engine.vocabulary import ActionName
from blackjack_tui.ui.widgets.kept import KeptLines
from blackjack_tui.ui.widgets.table import ShoeInfo

if TYPE_CHECKING:
    from textual.widgets import Static

    from blackjack_tui.controller.betting import Betting
    from blackjack_tui.controller.controller import RoundController
    from blackjack_tui.controller.game import Game
    from blackjack_tui.controller.tally import SessionTally
    from blackjack_tui.ui.cards import CardStyle
    from blackjack_tui.ui.widgets.action_bar import ActionBar
    from blackjack_tui.ui.widgets.table import Table


def action_binding(spec: ActionSpec) -> Binding:
    """The table's key for an action, from its one definition: id ``table.<binding>``."""
    return Binding(spec.key, spec.binding, spec.button, id=f"table.{spec.binding}")


KEYED: dict[str, ActionSpec] = {
    binding: next(spec for spec in SPECS if spec.binding == binding)
    for binding in dict.fromkeys(spec.binding for spec in SPECS)}
"""Each of the table's action bindings by its name, in order, from the first action that has it
(the refusals share ``no``, worded as the first of them: "No")."""
PLAY_KEYS = frozenset(KEYED)
"""The table's actions that answer the decision asked now."""


def dealer_step(event: Event) -> bool:
    """The dealer's own cards move: the player's decisions are over for now."""
    return event.kind in ("reveal", "dealer-total") or (event.kind == "card" and event.box == 0)


def question(decision: Decision, split: bool) -> tuple[str, str]:
    """The message line for a decision: what is asked, and its style."""
    stake = money_str(decision.stake or Decimal(0))
    if decision.kind.startswith("join-"):
        what = "split" if decision.kind == "join-split" else "double"
        join, stay = SPEC[ActionName.JOIN], SPEC[ActionName.NO_JOIN]
        return (f"Box {decision.box} {what}s: join with {stake} behind? "
                f"{join.key} {join.label.lower()} · {stay.key} {stay.label.lower()}", "-ask")
    if decision.behind:
        return f"Behind box {decision.box}: insurance or even money is your own choice", "-ask"
    if decision.kind == "insurance":
        return (f"Box {decision.box}: insurance against the dealer's ace? It costs {stake} and "
                f"pays 2:1", "-ask")
    if decision.kind == "even-money":
        return f"Box {decision.box}: blackjack against an ace. Take even money now?", "-ask"
    hand = f", hand {decision.hand}" if split else ""
    return f"Box {decision.box}{hand}: your move", "-play"


REFUSAL_SECONDS = 4.0
ELSEWHERE_WIDTH = 76  # the round's line after a change of table, whole at 80 columns


class TableRound(KeptLines, Screen[None]):
    """Keys ``h s d p r i e n j`` while a decision waits."""

    # The round's own decisions (joining a bet behind is listed with the seats' keys).
    ROUND_BINDINGS = [action_binding(spec) for name, spec in KEYED.items() if name != "join"]
    SHOWN_ELSEWHERE: frozenset[str] = frozenset()
    """Actions the key bar leaves out (the screen shows them on its buttons)."""

    game: Game
    betting: Betting
    controller: RoundController | None
    table: Table
    actions: ActionBar
    message: Static
    session_tally: SessionTally

    if TYPE_CHECKING:
        @property
        def card_style(self) -> CardStyle: ...

        def say(self, text: str, style: str = "") -> None: ...

        def draw_betting(self) -> None: ...

        def draw_status(self, live: bool = False) -> None: ...

        def draw_seats(self, view: TableView | None, live: bool = False) -> None: ...

        def refresh_analysis(self) -> None: ...

        def show_hint(self, quiet: bool = False) -> None: ...

        def check_broke(self) -> bool: ...

        def tell(self, text: str, severity: str = "information",
                 timeout: float | None = None, *, alone: bool = False) -> None: ...

    def setup_round(self) -> None:
        self.last_view: TableView | None = None
        self.last_table: tuple[object, ...] = ()
        """The table the last round was played at (:meth:`table_now` when it ended)."""
        self.dealt_elsewhere: str | None = None
        """The title of the table the last round was dealt at, when a change of table queued
        during it took effect at its end (``None`` when it ended where it was dealt)."""
        self.decision: Decision | None = None
        self.playing = False
        self._footer_keys: frozenset[str] = frozenset()
        self._bar_shows: tuple[frozenset[str], bool] | None = None
        self._dealer_held = False  # a step of the dealer's not drawn yet (more came at once)

    def check_round_action(self, action: str) -> bool:
        if action == "hint":
            return self.decision is not None and self.decision.kind == "play"
        if action in PLAY_KEYS:
            # The footer shows the keys once the question is asked; a key counts as soon as
            # the decision is awaited.
            # A key that cannot act while a decision waits still runs: the line says why.
            return self.playing and (self.decision is not None or action in (
                self._footer_keys | self._legal_keys()))
        return True

    def _legal_keys(self) -> set[str]:
        decision = self.decision
        if decision is None:
            return set()
        return {SPEC[a].binding for a in decision.actions}

    @work(exclusive=True, group="round")
    async def play_round(self, bets: list[Decimal | None] | None) -> None:
        assert self.controller is not None
        self.playing = True
        self.say("")
        self.actions.show_waiting()
        self.refresh_bindings()
        self.controller.pace = self.game.speed
        try:
            if bets is None:
                resumed = self.game.resume_round
                assert resumed is not None
                self.game.resume_round = None
                played = await self.controller.resume(resumed)
            else:
                played = await self.controller.play(bets)
        except BetError as err:
            self.say(str(err), "-warning")
            self.playing = False
            self.refresh_bindings()
            self.draw_betting()
            return
        self.playing = False
        self._footer_keys = frozenset()
        if played.player_boxes():
            self.session_tally.add(played)
        self.refresh_bindings()
        self.last_view = self.controller.view
        self.last_table = self.table_now()
        dealt_at = played.rules  # (a change of table queued in the round applies at its end)
        self.dealt_elsewhere = (dealt_at.title or dealt_at.name) \
            if dealt_at.name != self.game.session.rules.name else None
        self.say(*self._result_line())
        self.betting.renew()
        self.draw_betting()
        self.check_broke()

    def table_now(self) -> tuple[object, ...]:
        """What makes the table another one for the felt: its rules, tier, home game, players."""
        session = self.game.session
        return (session.rules.name, session.tier, session.home is not None,
                tuple(other.name for other in session.others))

    def _result_line(self) -> tuple[str, str]:
        session = self.game.session
        home = session.home
        if home is not None and home.over:
            return home.over_words("l: the ledger"), "-result"
        if home is not None and home.player_banks:
            s = home.standings
            return (f"Hand {s.hands}: you hold the bank; enter deals the others "
                    f"(stack {money_str(s.stacks[home.player])})", "-result")
        net = self.game.last_net
        result = "even" if net == 0 else signed(net)
        chips = "stack" if home is not None else "bankroll"
        view = self.last_view
        ties = view.ties_lost() if view is not None else []
        if view is not None and ties:  # by the rules the round was played under
            bank = view.dealer_wins_ties
            why = f" · {ties[0]} v {ties[0]}: ties at {bank[0]}–{bank[-1]} go to the bank"
        elif session.last_bets:
            why = " · space: same bets again"
        else:  # another table now, where the last bets do not fit
            why = f" · {session.rules.title or session.rules.name}: place your bets"
        rebuy = self.game.last_rebuy if home is not None else Decimal(0)
        rebought = f" · bought back in for {money_str(rebuy)}" if rebuy else ""
        if self.dealt_elsewhere is not None:  # played there; the money here is another's
            here = session.rules.title or session.rules.name
            money = f"{chips} {money_str(session.bankroll)}"
            tie = why if ties else ""
            line = f"Round {result} at {self.dealt_elsewhere}{tie} · {here}: {money}"
            if len(line) > ELSEWHERE_WIDTH:  # (the header names this table too)
                line = f"Round {result} at {self.dealt_elsewhere}{tie}"
            return line, "-result"
        return f"Round {result}{rebought} · {chips} {money_str(session.bankroll)}{why}", \
            "-result"

    # Listener: called by the controller

    def show(self, view: TableView, event: Event | None) -> None:
        if not self.is_attached:
            return  # the app is closing; the round is kept by the in-flight save
        dealer = event is not None and dealer_step(event)
        if self.controller is not None and self.controller.following:
            # More steps follow this one at once (the instant pace): no frame can show it, so
            # only the last is drawn (a hit that ends the hand: one picture, not one a step).
            self._dealer_held = self._dealer_held or dealer
            return
        dealer, self._dealer_held = dealer or self._dealer_held, False
        with self.app.batch_update():
            if view.active is None or view.active[0] > SEAT_BOX_BASE:
                self.actions.show_waiting(now=True)  # the dealer or a computer player plays
            # Once over, the round stays on the felt with the box chosen for the next bets
            # marked, as the betting draws it next (the box is not drawn twice).
            self.table.show_round(view, self.card_style,
                                  selected=self.betting.selected if view.over else 0)
            self.table.show_shoe(self.shoe_info())
            self.draw_seats(view, live=True)
            self.draw_status(live=True)
            self.refresh_analysis()
            if event is not None and event.kind == "shuffle":
                self.say("Shuffling the shoe…", "-info")
            elif self.decision is None and dealer:
                self._dealer_turn(view.over)

    def ask(self, decision: Decision | None) -> None:
        self.decision = decision
        if not self.is_attached:
            return
        if decision is None:
            # The buttons stay until the next question (or the dealer's turn): while the step
            # is saved they would only blink off and on again.
            return
        self.actions.show_decision(decision)
        self._set_footer_keys(frozenset(self._legal_keys()))
        self.say(*question(decision, self._split(decision.box)))
        if self.game.options.hint:  # config.toml's hint = on: the hint instead of the question
            self.show_hint(quiet=True)

    def _set_footer_keys(self, keys: frozenset[str]) -> None:
        if keys == self._footer_keys:
            return
        self._footer_keys = keys
        # The key bar is worked out again (from every binding of the screen) only if what it
        # shows can change: a play key it leaves to the buttons does not, the hint may.
        shows = (keys - self.SHOWN_ELSEWHERE, self.check_round_action("hint"))
        if shows != self._bar_shows:
            self.refresh_bindings()
            self._bar_shows = shows

    def refresh_bindings(self) -> None:
        self._bar_shows = None  # (any other refresh: the next question's keys are shown anew)
        super().refresh_bindings()

    def _dealer_turn(self, over: bool = False) -> None:
        """The dealer plays: no question, no play keys, no box in play (``over``: the round is
        over too; at the instant pace the betting's keys, bar and result line come at once, in
        the same frame, so nothing is cleared first)."""
        if over and self.controller is not None and not self.controller.paced:
            return
        self._set_footer_keys(frozenset())
        self.actions.show_waiting(now=True)
        message = self.message
        if message.has_class("-ask") or message.has_class("-play"):
            self.say("")

    def _split(self, box: int) -> bool:
        view = self.controller.view if self.controller else None
        return view is not None and len(view.box(box).hands) > 1

    def decide(self, action: Action) -> None:
        assert self.controller is not None
        refusal = self.controller.decide(action)
        if refusal is not None:
            # On the coach line, for a few seconds: the question stays in view.
            self.tell(refusal, "warning", REFUSAL_SECONDS, alone=True)

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
        self.decide(Action(ActionName.HIT))

    def action_stand(self) -> None:
        self.decide(Action(ActionName.STAND))

    def action_double(self) -> None:
        self.decide(Action(ActionName.DOUBLE))

    def action_split(self) -> None:
        self.decide(Action(ActionName.SPLIT))

    def action_join(self) -> None:
        self.decide(Action(ActionName.JOIN))

    def action_surrender(self) -> None:
        self.decide(Action(ActionName.SURRENDER))

    def action_even_money(self) -> None:
        self.decide(Action(ActionName.EVEN_MONEY))

    def action_no(self) -> None:
        """``n`` refuses whatever is asked: insurance, even money, or joining behind."""
        decision = self.decision
        refusals = [a for a in decision.actions if SPEC[a].binding == "no"] if decision else []
        self.decide(Action(refusals[0] if refusals else ActionName.NO_INSURANCE))

    def action_insurance(self) -> None:
        decision = self.decision
        if decision is not None and decision.kind == "insurance" and decision.any_amount:
            from blackjack_tui.ui.screens.insurance import InsuranceAmount

            def chosen(amount: Decimal | None) -> None:
                if amount is not None:
                    self.decide(Action(ActionName.INSURANCE, amount))

            self.app.push_screen(InsuranceAmount(decision), chosen)
            return
        self.decide(Action(ActionName.INSURANCE))
