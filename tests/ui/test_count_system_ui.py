"""The count system chosen in Options, as the player sees it on the count line at 80×24."""

from __future__ import annotations

from textual.widgets import Select

from blackjack_tui import config
from blackjack_tui.commands.play import with_config
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine
from tests.ui.conftest import press_settled, settle, stand_out
from tests.ui.test_table_play import shown

ROUND = ["TS", "7D", "9H", "8C", "TC"]
# The tags as the books print them (A, 2 ... T), typed here rather than read from the game.
ZEN = {1: -1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 1, 8: 0, 9: 0, 10: -2}
OMEGA_II = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 1, 8: 0, 9: -1, 10: -2}
KO = {1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 0, 9: 0, 10: -1}
HI_LO = {1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, 10: -1}


async def _choose(pilot, app, name: str) -> None:
    await pilot.press("o")
    await pilot.pause()
    app.screen.query_one("#count-system", Select).value = name
    await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()


async def test_switching_the_count_system_in_options_changes_the_count_line(make_app):
    app = make_app([*ROUND, "5S", "6D", "9C", "4H", "TH"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("k")
        await press_settled(pilot, app, "enter")
        await stand_out(pilot, app)
        controller = app.screen.controller
        seen = controller.count.cards
        assert sorted(c.text for c in seen) == sorted(ROUND)  # every card shown, counted once
        values = [c.value for c in seen]
        line = app.screen.query_one(AnalysisLine)
        hi_lo = sum(HI_LO[v] for v in values)
        assert f"Count {hi_lo:+d}  true" in shown(line)

        await _choose(pilot, app, "zen")
        zen = sum(ZEN[v] for v in values)
        assert zen != hi_lo
        text = shown(line)
        assert f"Zen {zen:+d}  true" in text and "Count" not in text
        assert app.game.settings.count_system == "zen"

        await _choose(pilot, app, "omega-ii")  # the aces on the side: none of 5/13 expected
        text = shown(line)
        assert f"Omega II {sum(OMEGA_II[v] for v in values):+d}  true" in text
        assert "aces 0/0.4" in text

        await _choose(pilot, app, "ko")  # by the running count, from 4 - 4 x 6 decks
        text = shown(line)
        assert f"KO {-20 + sum(KO[v] for v in values):+d}  pivot +4" in text
        assert "true" not in text

        # The next round is counted in KO as it is dealt; the line fits the screen's width.
        await press_settled(pilot, app, "enter")
        await stand_out(pilot, app)
        values = [c.value for c in controller.count.cards]
        assert len(values) > len(ROUND)
        assert f"KO {-20 + sum(KO[v] for v in values):+d}  pivot +4" in shown(line)
        assert line.region.width <= 80 and line.region.height >= 1


def test_the_count_system_comes_from_the_file_and_the_environment(tmp_path):
    none = tmp_path / "none.toml"
    found = config.load(none, environ={"BLACKJACK_TUI_COUNT_SYSTEM": "Wong Halves"})
    assert found.get("count_system") == "halves"
    bad = config.load(none, environ={"BLACKJACK_TUI_COUNT_SYSTEM": "nope"})
    assert bad.problems and "is not one of hi-lo, ko" in bad.problems[0]
    file = tmp_path / "config.toml"
    file.write_text('count_system = "omega-ii"\n')
    assert config.load(file, environ={}).get("count_system") == "omega-ii"
    assert config.SETTINGS_FIELD["count_system"] == "count_system"  # over the saved setting


async def test_the_configured_count_system_counts_at_the_table(make_app, tmp_path):
    app = make_app(ROUND)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        # What ``play`` does with the config in force (here the environment's).
        with_config(app.game, config.load(tmp_path / "none.toml",
                                          environ={"BLACKJACK_TUI_COUNT_SYSTEM": "zen"}))
        await pilot.press("k")
        await press_settled(pilot, app, "enter")
        await stand_out(pilot, app)
        values = [c.value for c in app.screen.controller.count.cards]
        assert f"Zen {sum(ZEN[v] for v in values):+d}" in shown(app.screen.query_one(AnalysisLine))
