"""Counting at the table at 80×24: the plan's bet at the box and on the coach line while the count
shows, bets off the plan scored, the count hidden for practice and revealed with v, and count
checks before a deal (never touching the bankroll)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from textual.widgets import Input, Select

from blackjack_tui.store.plans import PlanChoice
from blackjack_tui.ui.app import BlackjackApp
from blackjack_tui.ui.screens import table_counting
from blackjack_tui.ui.screens.count_check import CountCheck
from blackjack_tui.ui.screens.settings import SettingsScreen
from blackjack_tui.ui.screens.table_screen import TableScreen
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine
from blackjack_tui.ui.widgets.table import Table

from .conftest import press_settled, settle, stand_out

SIZE = (80, 24)
PLAN = PlanChoice(spread="0:2,2:4,4:8")


class Always(random.Random):
    def random(self) -> float:
        return 0.0


def box_text(app: BlackjackApp) -> str:
    felt = app.screen.query_one(Table)
    box = felt.boxes[0]
    return "\n".join(felt.pane_line(box, y).text for y in range(box.size.height))


def line(app: BlackjackApp) -> str:
    found = app.screen.query(AnalysisLine)  # (made when it first shows something)
    return str(found.first().content) if found else ""


def table(app: BlackjackApp) -> TableScreen:
    screen = app.screen_stack[0]
    assert isinstance(screen, TableScreen)
    return screen


async def test_the_plans_bet_shows_with_the_count_and_a_bet_off_it_is_scored(
        make_app: Callable[..., BlackjackApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.game.settings.plan = PLAN
        await press_settled(pilot, app, "k")  # the count on
        tc = int(table(app).plan_bet()[0])  # type: ignore[index]
        assert tc == 0  # a fresh shoe
        assert "plan 2" in box_text(app)
        assert "Plan 2 at TC +0" in line(app)
        await press_settled(pilot, app, "x", "plus", "enter")  # 1 on the box: the plan bets 2
        screen = table(app)
        assert (screen.bet_tally.rounds, screen.bet_tally.off) == (1, 1)
        assert "Bet 1 at true count +0: the plan bets 2" in line(app)  # a note for a while
        await stand_out(pilot, app)
        screen._clear_note()  # (the note's time is up)
        await settle(pilot, app)
        assert "Plan 2 at TC" in line(app) and "off plan 1/1, cost 0" in line(app)


async def test_the_count_hidden_for_practice_hides_the_plans_bet_until_v(
        make_app: Callable[..., BlackjackApp], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_counting, "REVEAL_SECONDS", 0.3)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.game.settings.plan = PLAN
        await press_settled(pilot, app, "plus", "minus")  # the box drawn afresh
        assert not table(app).counting
        assert "plan hidden · v shows" in box_text(app)
        assert "Count" not in line(app) and "Plan 2" not in line(app)
        await press_settled(pilot, app, "v")
        assert "Count +0" in line(app) and "Plan 2 at TC +0" in line(app)
        assert "plan 2" in box_text(app)
        await pilot.pause(0.6)
        assert "Count" not in line(app)
        assert "plan hidden · v shows" in box_text(app)


async def test_a_count_check_before_the_deal_is_scored_and_never_touches_the_bankroll(
        make_app: Callable[..., BlackjackApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.game.settings.count_checks = "often"
        table(app).count_checks.rng = Always()
        await press_settled(pilot, app, "plus", "enter")  # no card seen yet: no check
        assert not isinstance(app.screen, CountCheck)
        await stand_out(pilot, app)
        running = table(app).controller.count_view().running  # type: ignore[union-attr]
        bankroll = app.session.bankroll
        await pilot.press("enter")  # the same bet again: a check first
        await pilot.pause()
        check = app.screen
        assert isinstance(check, CountCheck)
        assert check.question.running == running
        assert app.session.bankroll == bankroll  # the question takes no money
        assert app.session.round is None or app.session.round.over  # and deals no card
        answer = str(running) if check.question.kind == "running" else \
            str(check.question.true_count)
        check.query_one(Input).value = answer
        await press_settled(pilot, app, "enter")
        screen = table(app)
        assert (screen.count_checks.asked, screen.count_checks.right) == (1, 1)
        assert "Right" in line(app) and "checks 1/1" in line(app)
        assert app.session.round is not None  # and the deal went on
        await stand_out(pilot, app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CountCheck)
        await press_settled(pilot, app, "escape")
        assert (screen.count_checks.asked, screen.count_checks.right) == (2, 1)
        assert "Skipped" in line(app)
        await stand_out(pilot, app)
        # Each check kept with the drills, off the frame: the progress screen's count-checks.
        app.game.drain()
        rows, notices = app.game.store.drill_attempts("count-checks")
        assert not notices
        assert [(r.asked, r.correct) for r in rows] == [(1, 1), (1, 0)]
        assert rows[1].missed and not rows[0].missed


async def test_count_checks_are_an_option_that_fits_80x24(
        make_app: Callable[..., BlackjackApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        select = app.screen.query_one("#count-checks", Select)
        assert select.region.bottom <= 24 and select.region.height == 1
        select.value = "sometimes"
        await pilot.pause()
        assert app.game.settings.count_checks == "sometimes"
