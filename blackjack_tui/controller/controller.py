"""The async round controller: the bridge between the pure engine and the UI.

``RoundController.play(bets)`` runs one round as a coroutine: it asks the engine for the legal
actions, waits for the player's choice (``decide``), applies it, and hands the engine's events to
the listener one at a time, paced as animation. The engine never waits; the UI never calls it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

from blackjack_tui.controller.coach import Coach, Verdict
from blackjack_tui.controller.count import CountView, HiLoCount
from blackjack_tui.controller.players import computer_action
from blackjack_tui.controller.refusals import why_not
from blackjack_tui.controller.session import Session
from blackjack_tui.controller.strategy import Advice, advise, chart_of, insurance_advice
from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.actions import Action, Decision
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import PLAYING
from blackjack_tui.engine.vocabulary import EventKind

if TYPE_CHECKING:
    from blackjack_tui.analysis.strategy import Chart
    from blackjack_tui.engine.round import Round

PACES = ("instant", "fast", "normal", "slow")
# Seconds for one dealt card at each pace; other steps take a fraction of it.
CARD_SECONDS = {"instant": 0.0, "fast": 0.12, "normal": 0.32, "slow": 0.6}
STEP_WEIGHT = {"card": 1.0, "hole": 1.0, "reveal": 1.4, "split": 0.6, "double": 0.4,
               "settle": 0.35, "insurance-settled": 0.5, "peek": 1.0, "dealer-total": 0.6,
               "shuffle": 2.0}

DEALER_STEPS = ("reveal", "dealer-total", "settle", "round-over")


class Listener(Protocol):
    """What the UI implements to follow a round."""

    def show(self, view: TableView, event: Event | None) -> None:
        """Redraw: ``event`` is the step just shown (``None`` for a full redraw). While the
        controller's :attr:`~RoundController.following` is not 0, more steps come at once and
        no frame can show this one: a listener that draws may wait for the last."""

    def ask(self, decision: Decision | None) -> None:
        """A decision is now awaited (``None``: none is, keys do nothing)."""


class Keeper(Protocol):
    """What keeps the round safe (the game): saved before it is shown, booked once over."""

    async def persist(self, rnd: Round) -> None:
        """Save the round as it is now (book it, if it is over); returns once it is on disk."""

    def finished(self, rnd: Round) -> None:
        """The booked round's last step has been shown: the table moves on."""


class RoundController:
    def __init__(self, session: Session, listener: Listener, pace: str = "normal",
                 keeper: Keeper | None = None) -> None:
        self.session = session
        self.listener = listener
        self.pace = pace
        self.keeper = keeper
        self.view: TableView | None = None
        self.decision: Decision | None = None
        self._answer: asyncio.Future[Action] | None = None
        self.count = HiLoCount()
        self.coach: Coach | None = None
        """Coach mode: when set, every play is judged against the best play."""
        self.on_verdict: Callable[[Verdict], None] | None = None
        self._charts: dict[str, Chart | None] = {}
        self._shown_shoe: tuple[int, int] | None = None
        self._go = asyncio.Event()
        self._go.set()
        self._steps = 0  # events shown so far
        self.following = 0
        """How many steps follow the one being shown at once, with no pause between (at the
        instant pace, the rest of a decision's events): no frame can show this step, so a
        listener that draws may draw only the last (a listener that tells each step, each)."""
        self._as_shown: tuple[object, ...] | None = None  # :meth:`_showing` at the last step

    @property
    def paced(self) -> bool:
        """Whether the steps are shown at a pace (else at once: the instant pace)."""
        return CARD_SECONDS.get(self.pace, 0.0) > 0

    def hold(self, held: bool) -> None:
        """Hold the cards (the table cannot be seen, say) or let them move again."""
        if held:
            self._go.clear()
        else:
            self._go.set()

    # Driving a round

    async def play(self, bets: Sequence[Decimal | None]) -> Round:
        """Deal a round with these bets and play it to the end. BetError if the table refuses."""
        rnd, shuffled = self.session.start_round(bets)
        self.view = TableView.for_round(rnd)
        self._show_table()
        if shuffled:
            await self._show_step(Event(EventKind.SHUFFLE))
        self._mark_shoe()
        events = rnd.deal()
        await self._progress(rnd)
        await self._animate(events)
        return await self._play_out(rnd)

    async def resume(self, rnd: Round) -> Round:
        """Continue a round restored from a save: redraw it as it was, then play on."""
        self.session.resume(rnd)
        self.view = TableView.for_round(rnd)
        for event in rnd.log:
            self.view.apply(event)
            self.count.observe(event)
        self._show_table()
        return await self._play_out(rnd)

    async def _play_out(self, rnd: Round) -> Round:
        assert self.view is not None
        while (decision := rnd.legal_actions()) is not None:
            self._mark_done(rnd)
            self.view.active = (decision.box, decision.hand if decision.kind == "play" else 0)
            if decision.seat:
                action = await self._computer(rnd, decision)
            else:
                action = await self._wait_for(decision)
                self._judge(rnd, decision, action)
            self._mark_shoe()
            events = rnd.apply(action)
            await self._progress(rnd)
            await self._animate(events)
        if self.keeper is not None:
            self.keeper.finished(rnd)
        else:
            self.session.finish_round()
        self.view.active = None
        self._show_table()
        return rnd

    def _mark_done(self, rnd: Round) -> None:
        """The hands the round has no more decisions for, as the engine says (a hand that hit
        to 21 stands without a word: it shows ``21``, not ``11/21``). Called when the view has
        caught up with the round's events, before each decision."""
        assert self.view is not None
        for box in rnd.boxes:
            shown = self.view.box(box.number).hands
            for hand, view in zip(box.hands, shown, strict=False):
                if hand.state is not PLAYING:
                    view.done = True

    async def _computer(self, rnd: Round, decision: Decision) -> Action:
        """A computer seat's decision: basic strategy, shown at the pace of the dealer's play."""
        assert self.view is not None
        self._show_table()
        chart = await self._chart(rnd)
        delay = CARD_SECONDS.get(self.pace, 0.0) * 1.2
        if delay > 0:
            await asyncio.sleep(delay)
        if not self._go.is_set():
            await self._go.wait()
        return computer_action(rnd, decision, chart)

    async def _chart(self, rnd: Round) -> Chart | None:
        """The rule set's chart, worked out once in a thread (the simple strategy meanwhile)."""
        name = rnd.rules.name
        if name not in self._charts:
            self._charts[name] = None
            # A chart we cannot work out leaves the simple play.
            with contextlib.suppress(Exception):
                self._charts[name] = await asyncio.to_thread(chart_of, rnd.rules)
        return self._charts[name]

    async def _progress(self, rnd: Round) -> None:
        # Nothing of a step is shown before it is saved: every result the player sees counts.
        if self.keeper is not None:
            await self.keeper.persist(rnd)

    async def _wait_for(self, decision: Decision) -> Action:
        loop = asyncio.get_running_loop()
        self._answer = loop.create_future()
        self.decision = decision
        if self._as_shown != self._showing():  # (else the step's own picture is the table now)
            self.listener.show(self.view, None)  # type: ignore[arg-type]
        self.listener.ask(decision)
        try:
            return await self._answer
        finally:
            self.decision = None
            self._answer = None
            self.listener.ask(None)

    def _show_table(self) -> None:
        """Show the table as it is (not a step: the next question shows it again)."""
        assert self.view is not None
        self.listener.show(self.view, None)
        self._as_shown = None

    def _showing(self) -> tuple[object, ...]:
        """What a picture of the table depends on beyond the events shown: the step, the box
        and hand in play, and which hands are done (the controller sets those between steps)."""
        view = self.view
        assert view is not None
        return (self._steps, view.active,
                tuple(hand.done for box in view.boxes for hand in box.hands))

    async def _animate(self, events: list[Event]) -> None:
        at_once = not self.paced
        try:
            for number, event in enumerate(events, start=1):
                self.following = len(events) - number if at_once else 0
                await self._show_step(event)
        finally:
            self.following = 0
            self._shown_shoe = None

    def _mark_shoe(self) -> None:
        """Before the engine draws: the shoe as the player sees it until the cards are shown."""
        shoe = self.session.shoe
        self._shown_shoe = (shoe.remaining, len(shoe.discards))

    def _shoe_step(self, event: Event) -> None:
        shown = self._shown_shoe
        if shown is None:
            return
        if event.kind in ("card", "hole"):
            self._shown_shoe = (shown[0] - 1, shown[1])
        elif event.kind in ("round-over", "shuffle"):
            self._shown_shoe = None  # the cards go to the tray (or back into the shoe)

    def shoe_counts(self) -> tuple[int, int]:
        """Cards in the shoe and in the discard tray, as far as the cards shown so far tell."""
        if self._shown_shoe is not None:
            return self._shown_shoe
        shoe = self.session.shoe
        return shoe.remaining, len(shoe.discards)

    async def _show_step(self, event: Event) -> None:
        assert self.view is not None
        if not self._go.is_set():
            await self._go.wait()
        self.count.observe(event)
        self._shoe_step(event)
        self._steps += 1
        self.view.apply(event)
        if event.kind in DEALER_STEPS or (event.kind == "card" and event.box == 0):
            self.view.active = None  # the dealer plays: no box is in play
            if event.kind != "settle" and len(self.view.dealer) > 1:
                self.view.hands_done()  # his turn: no hand takes another card
        self.listener.show(self.view, event)
        self._as_shown = self._showing()
        delay = CARD_SECONDS.get(self.pace, 0.0) * STEP_WEIGHT.get(event.kind, 0.2)
        if delay > 0:
            await asyncio.sleep(delay)

    # Hints, the coach and the count

    def hint(self) -> Advice | None:
        """The best play for the hand that must decide now, with every legal action's EV."""
        rnd = self.session.round
        if self.decision is None or rnd is None:
            return None
        view = self.count_view()  # the index notes in the player's count system
        return advise(rnd, self.decision, view.true_count, view.system)

    def _judge(self, rnd: Round, decision: Decision, action: Action) -> None:
        if self.coach is None:
            return
        if decision.kind == "play":
            advice = advise(rnd, decision)
        else:
            advice = insurance_advice(rnd, decision)  # insurance and even money; else None
        if advice is None:
            return
        verdict = self.coach.judge(advice, action.name)
        if self.on_verdict is not None:
            self.on_verdict(verdict)

    def count_view(self) -> CountView:
        """The count of the cards shown so far, against the shoe as it is now."""
        shoe = self.session.shoe
        return self.count.view(shoe.remaining, shoe.total)

    # The player's side

    def decide(self, action: Action) -> str | None:
        """Offer the player's choice, a typed :class:`Action` (the UI posts one; no text crosses
        here). Returns why it was refused, or ``None`` when taken."""
        decision = self.decision
        if decision is None or self._answer is None or self._answer.done():
            return "Wait for the cards" if self.view and not self.view.over else "No round on"
        if action not in decision:
            if action.name in decision.actions and action.amount is not None:
                return f"Insurance is at most {decision.stake}"
            return why_not(action.name, self.session.round, decision)
        self._answer.set_result(action)
        return None
