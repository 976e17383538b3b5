"""Issue 24, item 10's last part: the rules menu's first opening for a table of the player's own
(one not shipped worked out with the game) shows a progress bar while its house edge and chart,
then its index plays, are worked out (Pilot tests at 80×24).

The solves are stood in for by the shipped Nordic table's results, each held at a gate, so that
the test sees the bar at a known step (a real solve takes seconds)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from blackjack_tui.analysis import cache, indices
from blackjack_tui.analysis.shoe import full_shoe
from blackjack_tui.analysis.solve import solve
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.controller.game import Game
from blackjack_tui.controller.strategy import cached_only
from blackjack_tui.rulesets import load_all
from blackjack_tui.ui.app import BlackjackApp, PlayOptions
from blackjack_tui.ui.screens.rules_menu import RulesMenu
from blackjack_tui.ui.widgets.work_progress import WorkProgress
from tests.ui.conftest import settle


class Gate:
    """Holds the worker's thread at each step until the test lets it go on."""

    def __init__(self) -> None:
        self.go = threading.Semaphore(0)
        self.steps = 0

    def wait(self) -> None:
        assert self.go.acquire(timeout=30), "the test never let the step go"
        self.steps += 1


async def wait_until(pilot, condition, limit: int = 400) -> None:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError("never happened")


@pytest.fixture
def own_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    sets = load_all()[0]
    nordic = sets["nordic"]
    mine = nordic.model_copy(update={"name": "mine", "title": "My own table", "decks": 5})
    assert cached_only(mine) is None  # not shipped, not in the cache: worked out on opening
    shipped = cached_only(nordic)
    assert shipped is not None
    solution = solve(TableMath.from_rules(nordic), full_shoe(6))
    gate = Gate()

    def analyse(rules):  # type: ignore[no-untyped-def]
        gate.wait()
        return shipped

    def one_solve(table, shoe, *args):  # type: ignore[no-untyped-def]
        gate.wait()
        return solution

    monkeypatch.setattr(cache, "analyse", analyse)
    monkeypatch.setattr(indices, "solve", one_solve)
    game = Game.open(PlayOptions(rules="mine", seed=1, data_dir=tmp_path / "data",
                                 speed="instant"), rule_sets={"nordic": nordic, "mine": mine})
    return BlackjackApp(game.options, game=game), gate


async def test_the_first_opening_for_an_own_table_shows_a_progress_bar(own_table):
    app, gate = own_table
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, RulesMenu)
        bar = app.screen.query_one(WorkProgress)
        await wait_until(pilot, lambda: bar.working)
        what, done, total = bar.shown
        assert "edge" in what and total is None  # one solve: a moving bar
        assert bar.region.height == 1 and bar.region.width > 20  # in view at 80x24
        gate.go.release()  # the edge is known
        await wait_until(pilot, lambda: "mine" in app.screen.found)
        assert not bar.working
        await pilot.press("c")  # the chart: its index plays, seventeen solves
        for _ in range(5):
            gate.go.release()
        await wait_until(pilot, lambda: bar.working and bar.shown[1] >= 5)
        what, done, total = bar.shown
        assert "index plays" in what and total == indices.STEPS and 5 <= done < total
        for _ in range(indices.STEPS - 5):
            gate.go.release()
        await wait_until(pilot, lambda: "mine" in app.screen.indices)
        assert not bar.working
        assert gate.steps == 1 + indices.STEPS


async def test_a_shipped_table_opens_with_no_progress_bar(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("m")
        await pilot.pause()
        assert not app.screen.query_one(WorkProgress).working
        assert not app.screen.working
