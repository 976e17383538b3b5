"""The drill menu and the count drills, driven with Pilot at 80×24 (keys, and the mouse)."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Input, Label, OptionList, Static

from blackjack_tui.controller.training import DRILLS
from blackjack_tui.controller.training.tags import count_words
from blackjack_tui.engine.money import money_str
from blackjack_tui.ui.screens.drill import DrillScreen
from blackjack_tui.ui.screens.training.drills import (
    BetRampScreen,
    DeckScreen,
    PairsScreen,
    RunningCountScreen,
    TrueCountScreen,
)
from blackjack_tui.ui.screens.training.menu import DrillMenu
from blackjack_tui.ui.screens.training.progress import ProgressScreen
from tests.ui.conftest import settle
from tests.ui.test_table_play import shown


async def pause_until(pilot, ready: Callable[[], bool], limit: int = 400) -> None:
    for _ in range(limit):
        if ready():
            return
        await pilot.pause(0.02)
    raise AssertionError("never came")


async def click_pair(pilot, selector: str, tally, asked: int) -> None:
    """Click a pairs button and wait for the answer to be scored, then out the button's press
    effect (0.2 s, Textual's Button), which takes no second click: a player's clicks are never
    closer, and the same net can come twice in a row."""
    assert await pilot.click(selector)
    await pause_until(pilot, lambda: tally.asked == asked)
    await pilot.pause(0.3)


async def type_answer(pilot, text: str) -> None:
    await pilot.press(*text, "enter")


async def open_menu(pilot, app) -> DrillMenu:
    await settle(pilot, app)
    await pilot.press("g")
    menu = app.screen
    assert isinstance(menu, DrillMenu)
    return menu


async def test_menu_lists_every_drill_and_opens_each_by_its_number(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await open_menu(pilot, app)
        options = menu.query_one(OptionList)
        assert options.option_count == len(DRILLS) + 1  # and the progress
        region = menu.query_one(OptionList).region
        assert region.right <= 80 and region.bottom <= 24
        screens = [DrillScreen, DrillScreen, RunningCountScreen, TrueCountScreen, DeckScreen,
                   BetRampScreen, PairsScreen]
        for number, kind in enumerate(screens, start=1):
            await pilot.press(str(number))
            assert isinstance(app.screen, kind), number
            await pilot.press("escape")
            assert app.screen is menu
        await pilot.press("p")
        assert isinstance(app.screen, ProgressScreen)
        await pilot.press("escape", "escape")
        assert not isinstance(app.screen, DrillMenu)


async def test_running_count_full_run_with_keys(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_menu(pilot, app)
        await pilot.press("3")
        screen = app.screen
        assert isinstance(screen, RunningCountScreen)
        drill = screen.running
        await pilot.press("v", "v", "v")  # from a deck: shoe, missing, round
        assert drill.mode == "round"
        await pilot.press("minus")
        assert drill.seconds == 0.75
        run = drill.run
        answer = screen.query_one("#quiz-answer", Input)
        assert answer.disabled
        while not drill.done:
            await pilot.press("space")
        await pause_until(pilot, lambda: not answer.disabled and answer.has_focus)
        assert "All dealt" in shown(screen.query_one("#quiz-question", Static))
        await type_answer(pilot, f"{int(run.answer):+d}")
        assert "✓" in shown(screen.query_one("#quiz-feedback", Static))
        assert drill.tally.asked == 1 and drill.tally.right == 1
        assert (drill.run is not run and not drill.done) or drill.shown >= 1
        await pilot.press("v", "v", "v")  # deck, shoe, then the classic trick: a deck less one
        assert drill.mode == "missing"
        missing = drill.run.missing
        while not drill.done:
            await pilot.press("space")
        await pause_until(pilot, lambda: not answer.disabled)
        await type_answer(pilot, "+5")  # never a tag
        feedback = shown(screen.query_one("#quiz-feedback", Static))
        assert "✗" in feedback and f"missing card was {missing.text}" in feedback
        assert "1/2 right" in shown(screen.query_one("#quiz-score", Static))


async def test_true_count_deck_and_ramp_runs_with_keys(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_menu(pilot, app)
        await pilot.press("4")
        screen = app.screen
        assert isinstance(screen, TrueCountScreen)
        q = screen.drill.question
        asked = shown(screen.query_one("#quiz-question", Static))
        assert f"{count_words(q.running)} (Hi-Lo)" in asked  # the count, and whose
        await type_answer(pilot, f"{float(q.exact):.2f}")
        assert "✓" in shown(screen.query_one("#quiz-feedback", Static))
        await type_answer(pilot, "x")  # not a number: a notice, nothing scored
        assert "is a number" in shown(screen.query_one("#quiz-feedback", Static))
        assert screen.drill.tally.asked == 1
        await pilot.press("escape", "5")
        screen = app.screen
        assert isinstance(screen, DeckScreen)
        q = screen.drill.question
        await type_answer(pilot, str(float(q.expected)))
        assert screen.drill.tally.right == 1
        await pilot.press("escape", "6")
        screen = app.screen
        assert isinstance(screen, BetRampScreen)
        q = screen.drill.question
        await type_answer(pilot, str(q.units + 1))
        assert "✗" in shown(screen.query_one("#quiz-feedback", Static))
        await type_answer(pilot, str(screen.drill.question.units))
        assert (screen.drill.tally.asked, screen.drill.tally.right) == (2, 1)


async def test_pairs_drill_with_the_mouse(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await open_menu(pilot, app)
        options = menu.query_one(OptionList)
        await pilot.click(OptionList, offset=(4, 7))  # the 7th line: pairs
        # A click highlights, a second selects (or the first does both): wait for either
        # before clicking again, so that a slow machine never clicks twice on one screen.
        await pause_until(pilot, lambda: isinstance(app.screen, PairsScreen)
                          or options.highlighted == 6)
        if not isinstance(app.screen, PairsScreen):
            await pilot.click(OptionList, offset=(4, 7))
            await pause_until(pilot, lambda: isinstance(app.screen, PairsScreen))
        screen = app.screen
        assert isinstance(screen, PairsScreen), menu
        await pause_until(pilot, lambda: screen.query_one("#pair-0").region.width > 0)
        tally = screen.drill.tally
        for asked in range(1, 4):
            await click_pair(pilot, f"#pair-{screen.drill.net + 2}", tally, asked)
        assert (tally.asked, tally.right) == (3, 3)
        net = screen.drill.net
        assert await pilot.click(f"#pair-{(net + 3) % 5}")  # another answer
        await pause_until(pilot, lambda: tally.asked == 4)
        assert "✗" in shown(screen.query_one("#quiz-feedback", Static))


async def test_drills_keep_their_score_and_never_touch_the_bankroll(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await open_menu(pilot, app)
        store = app.game.store
        balance = store.balance()
        journal = store.conn.execute("SELECT count(*) FROM journal").fetchone()[0]
        rounds = store.conn.execute("SELECT count(*) FROM rounds").fetchone()[0]
        for key in ("7", "6", "5"):
            await pilot.press(key)
            screen = app.screen
            await type_answer(pilot, "1")
            await type_answer(pilot, "2")
            await pilot.press("escape")
            assert app.screen is menu
        rows, notices = store.drill_attempts()
        assert not notices
        assert [(r.drill, r.asked) for r in rows] == [("pairs", 2), ("bet-ramp", 2),
                                                      ("decks", 2)]
        assert all(r.correct <= r.asked and r.seconds >= 0 for r in rows)
        assert store.balance() == balance and money_str(balance)
        assert store.conn.execute("SELECT count(*) FROM journal").fetchone()[0] == journal
        assert store.conn.execute("SELECT count(*) FROM rounds").fetchone()[0] == rounds
        assert app.session.bankroll == balance
        assert not store.problems()
        await pilot.press("p")
        progress = app.screen
        assert isinstance(progress, ProgressScreen)
        table = progress.query_one("#progress-table", Static)
        assert progress.chosen == "decks"  # the first practised, in the menu's order
        await pilot.press("right")
        assert progress.chosen == "bet-ramp"
        del screen, table


KEY = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r",
       "insurance": "i", "no-insurance": "n"}


async def test_strategy_misses_are_kept_and_come_back_next_sitting(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await open_menu(pilot, app)
        await pilot.press("1")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pause_until(pilot, lambda: screen.drill is not None)
        drill = screen.drill
        await pilot.press(KEY[drill.question.answer])
        wrong = drill.question
        await pilot.press(KEY[next(a for a in wrong.legal if a != wrong.answer)])
        await pilot.press("a", "a", "a", "a")  # hard, soft, pairs: close calls
        assert drill.kind == "close"
        assert "close" in shown(screen.query_one("#drill-question", Static))
        await pilot.press(KEY[drill.question.answer])
        await pilot.press("escape")
        assert app.screen is menu
        rows, _ = app.game.store.drill_attempts()
        assert [(r.drill, r.asked, r.correct) for r in rows] == [("strategy", 3, 2)]
        missed = rows[0].missed
        assert len(missed) == 1 and missed[0].startswith(f"{wrong.cards[0].rank}")
        await pilot.press("1")
        again = app.screen
        assert isinstance(again, DrillScreen) and again.review == {missed[0]: 1}
        await pilot.press("escape")


async def test_index_drill_full_run_with_keys(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_menu(pilot, app)
        await pilot.press("2")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pause_until(pilot, lambda: screen.drill is not None
                          and screen.drill.kind == "counts", limit=3000)
        drill = screen.drill
        for _ in range(3):
            q = drill.question
            assert q.true_count is not None
            await pilot.press(KEY[q.answer])
        assert "True count" in shown(screen.query_one("#drill-question", Static))
        await pilot.press("escape")
        rows, _ = app.game.store.drill_attempts()
        assert [(r.drill, r.asked, r.correct) for r in rows] == [("indices", 3, 3)]


async def test_every_drill_fits_80_by_24_with_its_tallest_question(make_app):
    from textual.containers import Vertical

    from blackjack_tui.controller.training.decks import DeckQuestion
    from blackjack_tui.controller.training.true_count import TrueCountQuestion

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_menu(pilot, app)
        for number in range(1, len(DRILLS) + 1):
            await pilot.press(str(number))
            screen = app.screen
            drill = getattr(screen, "drill", None)
            if isinstance(screen, TrueCountScreen):  # the deepest shoe: the tallest tray
                drill.question = TrueCountQuestion(8, 3, -12)
            if isinstance(screen, DeckScreen):
                drill.question = DeckQuestion(8, 31, "discarded")
                await type_answer(pilot, "9.75")  # and a verdict of two lines
                drill.question = DeckQuestion(8, 31, "discarded")
            if hasattr(screen, "show"):
                screen.show()
            await pilot.pause()
            box = screen.query_one(Vertical)
            assert box.region.y >= 0 and box.region.bottom <= 24, number
            assert box.max_scroll_y == 0, f"drill {number} is cut at 80x24"
            await pilot.press("escape")


async def test_bet_ramp_takes_another_spread_and_refuses_a_bad_one(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_menu(pilot, app)
        await pilot.press("6")
        screen = app.screen
        assert isinstance(screen, BetRampScreen)
        spread = screen.query_one("#ramp-spread", Input)
        assert spread.value == "1:1,2:2,3:4,4:8,5:12"
        await pilot.press("tab")
        assert spread.has_focus
        spread.value = ""
        await type_answer(pilot, "2:1,4:x")
        assert "not TC:UNITS" in shown(screen.query_one("#quiz-feedback", Static))
        assert screen.drill.spread.top == 12  # unchanged
        spread.value = ""
        await type_answer(pilot, "0:1,2:4,4:10")
        assert screen.drill.spread.top == 10
        assert screen.query_one("#quiz-answer", Input).has_focus
        q = screen.drill.question
        await type_answer(pilot, str(q.units))
        assert screen.drill.tally.right == 1 and screen.drill.tally.asked == 1


async def running_drill_in(pilot, app, count: str, title: str):
    """The drill menu and its running-count drill, ``count`` chosen in Options; the drill's
    title names the system."""
    app.game.settings.count_system = count
    menu = await open_menu(pilot, app)
    await pilot.press("3")
    screen = app.screen
    assert isinstance(screen, RunningCountScreen)
    assert f"({title})" in str(screen.query_one(".pane-title", Label).render())
    return menu, screen


async def test_the_count_drills_count_in_the_system_chosen_in_options(make_app):
    # Omega II in Options: the running-count and pairs drills say so and score its tags
    # (typed in here from Carlson's table), the pairs with nine buttons, -4 to +4, in 80 columns.
    omega_ii = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 1, 8: 0, 9: -1, 10: -2}
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        menu, screen = await running_drill_in(pilot, app, "omega-ii", "Omega II")
        run = screen.drill.run
        assert run.answer == (omega_ii[run.missing.value] if run.missing is not None
                              else sum(omega_ii[c.value] for c in run.cards))
        await pilot.press("escape")
        assert app.screen is menu
        await pilot.press("7")
        screen = app.screen
        assert isinstance(screen, PairsScreen)
        buttons = list(screen.query("#pairs-buttons Button").results())
        assert [str(b.label) for b in buttons] == ["-4", "-3", "-2", "-1", "0", "+1", "+2",
                                                    "+3", "+4"]
        assert all(b.region.right <= 80 for b in buttons)
        tally = screen.drill.tally
        a, b = screen.drill.pair
        await click_pair(pilot, f"#pair-{omega_ii[a.value] + omega_ii[b.value] + 4}", tally, 1)
        assert tally.right == 1


# Wong Halves' tags typed in from Wong's table (Professional Blackjack), in halves.
HALVES = {1: -1.0, 2: 0.5, 3: 1.0, 4: 1.0, 5: 1.5, 6: 1.0, 7: 0.5, 8: 0.0, 9: -0.5, 10: -1.0}


def halves_words(value: float) -> str:
    return f"{value:+.1f}".replace(".0", "")


async def test_wong_halves_drills_count_in_halves_at_80_by_24(make_app):
    # Wong Halves in Options: the running count is typed in halves (-3.5) and scored exactly;
    # the pairs drill has a button for each half step, -2 to +3, inside 80 columns.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        menu, screen = await running_drill_in(pilot, app, "halves", "Wong Halves")
        drill = screen.drill
        drill.set_mode("round")
        screen.start_run()
        for asked in (1, 2):
            run = drill.run
            expected = (HALVES[run.missing.value] if run.missing is not None
                        else sum(HALVES[c.value] for c in run.cards))
            assert float(run.answer) == expected
            while not drill.done:
                await pilot.press("space")
            await pause_until(pilot, lambda: not screen.query_one("#quiz-answer").disabled
                              and screen.query_one("#quiz-answer").has_focus)
            assert "in halves" in shown(screen.query_one("#quiz-question", Static))
            await type_answer(pilot, halves_words(expected))
            await pause_until(pilot, lambda asked=asked: drill.tally.asked == asked)
        assert drill.tally.right == 2
        assert "✓" in shown(screen.query_one("#quiz-feedback", Static))
        await pilot.press("escape")
        assert app.screen is menu
        await pilot.press("7")
        screen = app.screen
        assert isinstance(screen, PairsScreen)
        buttons = list(screen.query("#pairs-buttons Button").results())
        assert [str(b.label) for b in buttons] == [
            "-2", "-1.5", "-1", "-0.5", "0", "+0.5", "+1", "+1.5", "+2", "+2.5", "+3"]
        await pause_until(pilot, lambda: buttons[-1].region.width > 0)
        assert all(b.region.right <= 80 and b.region.width >= 6 for b in buttons)
        assert "-2 … +3 by halves" in shown(screen.query(Static).last())
        tally = screen.drill.tally
        for asked in (1, 2, 3):
            a, b = screen.drill.pair
            net = HALVES[a.value] + HALVES[b.value]
            await click_pair(pilot, f"#pair-{int((net + 2) * 2)}", tally, asked)
        a, b = screen.drill.pair
        await type_answer(pilot, halves_words(HALVES[a.value] + HALVES[b.value]))
        await pause_until(pilot, lambda: tally.asked == 4)
        assert tally.right == 4
        await pilot.press("escape")
        rows, _ = app.game.store.drill_attempts()
        assert [(r.drill, r.asked, r.correct) for r in rows] == [("running-count", 2, 2),
                                                                 ("pairs", 4, 4)]


async def index_drill_in(make_app, count: str, capsys) -> tuple[str, str]:
    """Open the index drill with ``count`` chosen in Options, answer three questions right
    and one wrong, and return the question's text and the verdict's."""
    import json

    from blackjack_tui.analysis.indices import to_json
    from blackjack_tui.cli import main

    app = make_app()
    asked = None
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.game.settings.count_system = count
        await open_menu(pilot, app)
        await pilot.press("2")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pause_until(pilot, lambda: screen.drill is not None
                          and screen.drill.kind == "counts", limit=6000)
        drill = screen.drill
        # The very index plays `blackjack-tui strategy --indices --count NAME` prints here.
        assert drill.indices is not None and drill.indices.count == count
        asked, rules = drill.indices, app.game.session.rules.name
        for _ in range(3):
            q = drill.question
            assert q.index is not None and q.true_count is not None
            assert q.answer == q.index.play_at(q.true_count)
            assert abs(q.true_count - q.index.number) <= 3
            await pilot.press(KEY[q.answer])
        question = shown(screen.query_one("#drill-question", Static))
        q = drill.question
        await pilot.press(KEY[next(a for a in q.legal if a != q.answer)])
        verdict = shown(screen.query_one("#drill-feedback", Static))
        assert "✗" in verdict
        region = screen.query_one("#drill").region
        assert region.right <= 80 and region.bottom <= 24
        await pilot.press("escape")
        rows, _ = app.game.store.drill_attempts()
        assert [(r.drill, r.asked, r.correct) for r in rows] == [("indices", 4, 3)]
    # The very index plays `blackjack-tui strategy --indices --count NAME` prints for the table.
    capsys.readouterr()
    assert main(["strategy", "--rules", rules, "--indices", "--count", count, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["count"] == count and printed["indices"] == to_json(asked)
    return question, verdict


async def test_index_drill_asks_hi_opt_ii_indices_by_true_count(make_app, capsys):
    question, verdict = await index_drill_in(make_app, "hi-opt-ii", capsys)
    assert "index plays (Hi-Opt II true count)" in question
    assert "True count" in question and "running count" not in question
    assert "at true count" in verdict


async def test_index_drill_asks_ko_indices_by_running_count_and_says_so(make_app, capsys):
    question, verdict = await index_drill_in(make_app, "ko", capsys)
    assert "index plays (KO running count)" in question
    assert "KO plays by the running count" in question and "pivot +4" in question
    assert "Running count" in question and "True count" not in question
    assert "at running count" in verdict
