"""The counting plan screen at 80×24: opened with u at the table and in the rules menu, worked
out in a thread with a progress bar, stopped with escape, kept per plan, made the player's plan
with ctrl+s; bad input shown as one line."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, ProgressBar, Static

from blackjack_tui.controller import plan as plans
from blackjack_tui.store.plans import PLANS
from blackjack_tui.ui.app import BlackjackApp
from blackjack_tui.ui.screens.plan import PlanScreen
from blackjack_tui.ui.screens.rules_menu import RulesMenu
from blackjack_tui.ui.widgets.line_chart import LineChart
from tests.ui.fits import screen_text

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def few_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plans, "ROUNDS", 20_000)  # one chunk: a fraction of a second


async def shown(pilot: Pilot[None], screen: PlanScreen, seconds: float = 90) -> None:
    """Wait for the figures (the simulation is a fraction of a second; the rules menu's own
    threads and a loaded machine make it longer)."""
    for _ in range(int(seconds / 0.05)):
        await pilot.pause(0.05)
        if screen.shown is not None and not screen.running:
            return
    raise AssertionError("the plan was never shown")


def text(screen: PlanScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


async def test_u_at_the_table_works_the_plan_out_and_charts_its_bands(
        make_app: Callable[..., BlackjackApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        screen = app.screen
        assert isinstance(screen, PlanScreen)
        await shown(pilot, screen)
        figures = text(screen, "#plan-figures")
        for words in ("Win", "units/100 rounds", "SD", "average bet", "N0", "SCORE", "DI",
                      "risk of ruin", "5% risk of ruin"):
            assert words in figures
        assert all(len(line) <= 78 for line in figures.splitlines())
        assert screen.query_one(ProgressBar).percentage == 1
        chart = screen.query_one(LineChart)
        assert chart.region.height >= 5 and chart.region.bottom <= 23  # above the footer
        assert "percentiles" in str(chart.render())
        assert "simulated" in text(screen, "#plan-state")
        assert list((app.game.store.folder / PLANS).glob("*.json"))
        await pilot.press("escape")
        assert not isinstance(app.screen, PlanScreen)
        await pilot.press("u")  # the same plan again: kept, shown at once
        await pilot.pause()
        assert isinstance(app.screen, PlanScreen)
        assert app.screen.shown is not None and app.screen.shown.cached
        assert "kept" in text(app.screen, "#plan-state")


async def test_escape_stops_the_simulation_and_keeps_the_screen(
        make_app: Callable[..., BlackjackApp], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plans, "ROUNDS", 2_000_000)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        screen = app.screen
        assert isinstance(screen, PlanScreen) and screen.running
        await pilot.press("escape")
        assert app.screen is screen
        assert "stopped" in text(screen, "#plan-state")
        for _ in range(200):
            await pilot.pause(0.02)
            if not screen.running:
                break
        assert not screen.running and screen.shown is None
        assert not list((app.game.store.folder / PLANS).glob("*.json"))
        await pilot.press("escape")
        assert not isinstance(app.screen, PlanScreen)


@pytest.mark.parametrize(("field", "value", "words"), [
    ("#spread", "3:4,1:1", "spread out of order at 1:1"),
    ("#unit", "900", "the unit 900 is above the table maximum"),
])
async def test_bad_input_in_the_editor_is_one_line(
        make_app: Callable[..., BlackjackApp], field: str, value: str, words: str) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        screen = app.screen
        assert isinstance(screen, PlanScreen)
        await shown(pilot, screen)
        before = screen.shown
        screen.query_one(field, Input).value = value
        screen.query_one(field, Input).focus()
        await pilot.press("enter")
        error = text(screen, "#plan-error")
        assert words in error and "\n" not in error
        assert screen.query_one("#plan-error").region.height == 1
        assert screen.shown is before  # the last good plan's figures stay


async def test_a_preset_fills_the_spread_and_ctrl_s_makes_it_the_players_plan(
        make_app: Callable[..., BlackjackApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        screen = app.screen
        assert isinstance(screen, PlanScreen)
        await shown(pilot, screen)
        screen.query_one("#preset").value = "wonging"
        await pilot.pause()
        assert screen.query_one("#spread", Input).value == "1:1,2:2,3:4,4:8"
        assert screen.query_one("#wong-in", Input).value == "1"
        await shown(pilot, screen)
        await pilot.press("ctrl+s")
        plan = app.game.settings.plan
        assert plan is not None and plan.spread == "1:1,2:2,3:4,4:8" and plan.wong_in == 1
        await pilot.press("ctrl+n")
        assert app.game.settings.plan is None


async def test_u_in_the_rules_menu_plans_for_the_highlighted_table(
        make_app: Callable[..., BlackjackApp], warm_cache: None) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        names = list(app.rule_sets)
        # A table whose limits hold the default 1-12 spread, and one whose do not.
        fits = next(n for n in names if n != "nordic"
                    and app.rule_sets[n].limits().high >= 12 * app.rule_sets[n].limits().low)
        narrow = next(n for n in names
                      if app.rule_sets[n].limits().high < 12 * app.rule_sets[n].limits().low)
        for name in (fits, narrow):
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, RulesMenu)
            app.screen.query_one("OptionList").highlighted = names.index(name)
            await pilot.pause()
            await pilot.press("u")
            screen = app.screen
            assert isinstance(screen, PlanScreen)
            assert screen.rules.name == name
            title = app.rule_sets[name].title or name
            assert title in str(screen.query_one("#plan-title", Static).content)
            if name == fits:
                await shown(pilot, screen)
            else:
                await pilot.pause()
                assert "above the table maximum" in text(screen, "#plan-error")
                assert not screen.running and screen.shown is None
            await pilot.press("escape")  # the plan, then the menu
            await pilot.press("escape")


async def test_a_damaged_plan_file_is_simulated_again_and_said_in_one_line(
        make_app: Callable[..., BlackjackApp]) -> None:
    from blackjack_tui.store.plans import PlanChoice, plan_file, plan_key

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        key = plan_key(app.session.rules, PlanChoice(), plans.ROUNDS)
        path = plan_file(app.game.store.folder, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b'{"version": 1, "key": "' + key.encode() + b'", "estimate": {"ev"')
        await pilot.press("u")
        screen = app.screen
        assert isinstance(screen, PlanScreen)
        await shown(pilot, screen)
        assert screen.shown is not None and not screen.shown.cached
        error = text(screen, "#plan-error")
        assert "damaged" in error and "simulated again" in error and "\n" not in error
        assert "Win" in text(screen, "#plan-figures")
        assert path.read_text().startswith("{")
        assert '"estimate"' in path.read_text() and path.read_text().rstrip().endswith("}")


async def test_a_new_plan_counts_in_the_system_chosen_in_options(
        make_app: Callable[..., BlackjackApp]) -> None:
    from textual.widgets import Select

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.game.settings.count_system = "zen"
        await pilot.press("u")
        screen = app.screen
        assert isinstance(screen, PlanScreen)
        assert screen.query_one("#count", Select).value == "zen"
        await pilot.pause()
        assert "Count Zen " in "\n".join(screen_text(app))  # by its name, as in Options
        await shown(pilot, screen)
        assert screen.choice is not None and screen.choice.count == "zen"  # simulated in Zen
