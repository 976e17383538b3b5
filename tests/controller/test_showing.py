"""What the controller shows between two questions: each step once, and the table as it is when
the question comes (no picture drawn twice in one moment, none left out)."""

from __future__ import annotations

import asyncio
from decimal import Decimal

from blackjack_tui.controller.controller import RoundController
from blackjack_tui.controller.session import Session
from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.rulesets import load_all

RULES, _ = load_all()


class Recorder:
    """Each show as (event kind or None, the box and hand in play, each hand's label); and how
    many steps the controller said would follow each at once."""

    def __init__(self) -> None:
        self.shown: list[tuple[str | None, tuple[int, int] | None, tuple[str, ...]]] = []
        self.following: list[int] = []
        self.controller: RoundController | None = None
        self.asked = 0

    def show(self, view: TableView, event: Event | None) -> None:
        labels = tuple(("done " if h.done else "") + h.label()
                       for b in view.boxes for h in b.hands)
        self.shown.append((event.kind if event is not None else None, view.active, labels))
        if self.controller is not None:
            self.following.append(self.controller.following)

    def ask(self, decision: object) -> None:
        if decision is not None:
            self.asked += 1


async def asked(controller: RoundController, listener: Recorder, times: int,
                pause: float = 0) -> None:
    for _ in range(200):
        if listener.asked >= times and controller.decision is not None:
            return
        await asyncio.sleep(pause)
    raise AssertionError("no question came")


def table(cards: list[str], boxes: int,
          pace: str = "instant") -> tuple[RoundController, Recorder, list[Decimal | None]]:
    session = Session(RULES["nordic"], Decimal(1000), seed=1)
    session.shoe = Shoe.stacked(cards)
    listener = Recorder()
    controller = RoundController(session, listener, pace)
    listener.controller = controller
    return controller, listener, [Decimal(10)] * boxes


async def test_a_hits_card_is_shown_once_before_the_next_question() -> None:
    # One box: 2 and 3 against a ten (7 in the hole); the hit draws a 4: 9, and play goes on.
    controller, listener, bets = table(["2S", "TD", "3H", "7C", "4D"], 1)
    task = asyncio.create_task(controller.play(bets))
    await asked(controller, listener, 1)
    before = len(listener.shown)
    controller.decide(Action.parse("hit"))
    await asked(controller, listener, 2)
    assert listener.shown[before:] == [("card", (1, 1), ("9",))]
    controller.decide(Action.parse("stand"))
    await task


async def test_a_stand_that_moves_play_to_the_next_box_shows_that_box_in_play() -> None:
    # Two boxes: T+6 and T+7 against a 9 up (8 in the hole); box 1 stands, box 2 is asked.
    controller, listener, bets = table(["TS", "TH", "9D", "6C", "7S", "8H"], 2)
    task = asyncio.create_task(controller.play(bets))
    await asked(controller, listener, 1)
    controller.decide(Action.parse("stand"))
    await asked(controller, listener, 2)
    _kind, active, labels = listener.shown[-1]
    assert active == (2, 1) and labels[0].startswith("done")
    controller.decide(Action.parse("stand"))
    await task


async def test_a_hand_that_hits_to_21_is_shown_done_when_the_next_box_is_asked() -> None:
    # Two boxes: 4+A (5/15) and T+7 against a 9 up; box 1 hits a 6: 21, which stands by itself.
    controller, listener, bets = table(["4S", "TH", "9D", "AC", "7S", "8H", "6D"], 2)
    task = asyncio.create_task(controller.play(bets))
    await asked(controller, listener, 1)
    controller.decide(Action.parse("hit"))
    await asked(controller, listener, 2)
    _kind, active, labels = listener.shown[-1]
    assert active == (2, 1) and labels[0] == "done 11/21"  # done: the table shows 21
    controller.decide(Action.parse("stand"))
    await task


async def test_at_the_instant_pace_a_listener_is_told_which_steps_follow_at_once() -> None:
    """A hit that ends the hand at the instant pace: its card, the dealer's turn and the
    settlement come in one go; each step says how many more follow at once, down to 0 at the
    last (the one a listener that draws needs to draw: no frame can show the others)."""
    # T+6 against a 9 (7 in the hole); the hit draws a 5: 21, the dealer draws a 2 to 18.
    controller, listener, bets = table(["TS", "9D", "6H", "7C", "5D", "2C"], 1)
    task = asyncio.create_task(controller.play(bets))
    await asked(controller, listener, 1)
    before = len(listener.shown)
    controller.decide(Action.parse("hit"))
    await task
    steps = listener.following[before:]
    kinds = [kind for kind, _, _ in listener.shown[before:]]
    assert "card" in kinds and "reveal" in kinds and "settle" in kinds
    # n-1, n-2 … 0 for the decision's n steps, then 0: the table as the round leaves it
    assert steps == [*range(len(steps) - 2, -1, -1), 0]
    assert controller.following == 0


async def test_at_a_pace_every_step_is_drawn() -> None:
    """At a pace each step shows for a moment: none follows another at once."""
    controller, listener, bets = table(["TS", "9D", "6H", "7C", "5D", "2C"], 1, pace="fast")
    task = asyncio.create_task(controller.play(bets))
    await asked(controller, listener, 1, pause=0.02)
    before = len(listener.shown)
    controller.decide(Action.parse("hit"))
    await task
    assert len(listener.shown) - before > 3
    assert set(listener.following[before:]) == {0}
