"""The analysis at the table, by keyboard: hint, coach, count, drill, and the rules menu's edges."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from blackjack_tui.engine.actions import label_of
from blackjack_tui.ui.screens.drill import DrillScreen
from blackjack_tui.ui.screens.rules_menu import RulesMenu
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine
from blackjack_tui.ui.widgets.strategy_chart import StrategyChart
from tests.ui.conftest import settle
from tests.ui.test_table_play import message, shown

# Box 10+6 against a 6 up (hole 9), then a 10 for a hit and a 5 for the dealer.
SIXTEEN_V_SIX = ["TS", "6D", "6H", "9C", "TC", "5D"]
KEY = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r"}


@pytest.fixture(autouse=True, scope="module")
def _cache(tmp_path_factory):
    # One analysis cache for the module: each rule set is worked out once.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BLACKJACK_TUI_CACHE_DIR", str(tmp_path_factory.mktemp("analysis")))
        yield


async def _pause_until(pilot, condition, limit: int = 200) -> None:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError("it never happened")


async def test_hint_shows_the_best_play_with_every_actions_ev(make_app):
    app = make_app(SIXTEEN_V_SIX)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("t")  # no hand to advise on while betting: the key is off
        assert "Best" not in message(app)
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("t")
        text = message(app)
        assert "Best: Stand" in text
        assert "Hit -" in text and "Double -" in text


async def test_coach_tallies_a_wrong_play_and_its_cost(make_app):
    app = make_app(SIXTEEN_V_SIX)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert not app.screen.query(AnalysisLine)  # neither count nor coach yet: no line
        await pilot.press("c")
        line = app.screen.query_one(AnalysisLine)
        assert app.settings.coach and line.display
        assert "0 decisions · 0 mistakes" in shown(line)
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("h")  # 16 against a 6: standing is the play
        await settle(pilot, app)
        tally = app.screen.tally
        assert (tally.decisions, tally.mistakes) == (1, 1) and tally.cost > 0
        assert f"1 decision · 1 mistake · cost {tally.cost}" in shown(line)
        await pilot.press("c")
        assert not app.settings.coach and not line.display


async def test_drill_scores_an_answer_and_counts_errors_by_kind(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("g", "1")  # the drill menu: the strategy drill
        drill_screen = app.screen
        assert isinstance(drill_screen, DrillScreen)
        await _pause_until(pilot, lambda: drill_screen.drill is not None)
        drill = drill_screen.drill
        await pilot.press(KEY[drill.question.answer])
        wrong = drill.question
        await pilot.press(KEY[next(a for a in wrong.legal if a != wrong.answer)])
        assert (drill.score.asked, drill.score.right) == (2, 1)
        assert drill.score.errors[wrong.kind] == 1
        score = shown(drill_screen.query_one("#drill-score", Static))
        assert "1/2" in score and f"{wrong.kind} 1/" in score
        assert "the chart says" in shown(drill_screen.query_one("#drill-feedback", Static))
        await pilot.press("a")  # hard totals only
        assert drill.kind == "hard" and drill.question.kind == "hard"
        await pilot.press("escape")
        assert not isinstance(app.screen, DrillScreen)


async def test_count_updates_with_the_cards_and_resets_at_the_shuffle(make_app):
    app = make_app(rules="online")  # a fresh shuffle before every round
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("k")
        line = app.screen.query_one(AnalysisLine)
        assert line.display and "Count +0" in shown(line)
        controller = app.screen.controller
        for _ in range(2):
            await pilot.press("enter")
            await settle(pilot, app)
            while app.screen.decision is not None:
                await pilot.press("s" if app.screen.decision.kind == "play" else "n")
                await settle(pilot, app)
            rnd = app.session.round
            # Only this round's cards: the shuffle before it started the count again.
            assert controller.count.seen == len(rnd.table_cards())
            assert f"Count {controller.count.running:+d}" in shown(line)
        await pilot.press("k")
        assert not line.display


async def test_rules_menu_shows_house_edges_and_the_chart(make_app):
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await pilot.press("m")
        menu = app.screen
        assert isinstance(menu, RulesMenu)
        await _pause_until(pilot, lambda: "nordic" in menu.edges)
        options = menu.query_one(OptionList)
        label = str(options.get_option("nordic").prompt)
        assert f"{menu.edges['nordic']:.2f}%" in label
        assert 0.3 < menu.edges["nordic"] < 0.6
        # A set not in the cache yet shows "…" until the thread has worked it out.
        await _pause_until(pilot, lambda: "swedish" in menu.edges)
        assert f"{menu.edges['swedish']:.2f}%" in str(options.get_option("swedish").prompt)
        await pilot.press("c")
        chart = menu.query_one(StrategyChart)
        assert chart.display and chart.codes is not None
        text = shown(chart)
        assert "Hard totals" in text and "Pairs" in text and "A,A" in text
        await pilot.press("c")
        assert not menu.query_one(StrategyChart).display


async def test_drill_names_the_key_that_answers_each_play(make_app):
    # A pair can be split: the line of plays says "Split (p)", the key that splits ("s" stands).
    app = make_app(rules="vegas-strip")  # late surrender too: "Surrender (r)"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("g", "1")  # the drill menu: the strategy drill
        drill_screen = app.screen
        await _pause_until(pilot, lambda: drill_screen.drill is not None)
        await pilot.press("a", "a", "a")  # all, hard, soft: pairs
        drill = drill_screen.drill
        assert drill.kind == "pairs"
        question = shown(drill_screen.query_one("#drill-question", Static))
        assert "Split (p)" in question and "Stand (s)" in question
        assert "Surrender (r)" in question or "surrender" not in drill.question.legal
        for action in drill.question.legal:
            assert f"{label_of(action)} ({KEY[action]})" in question
