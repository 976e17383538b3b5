"""Issue 24, item 8: forms show their focus (Pilot tests at 80×24).

In Options and the scorekeeper's new-evening form the focused control's row is marked in dark and
light themes, a placeholder is dimmed italic and reads "e.g. …", switches say on or off, and the
scorekeeper uses the game's key bar (whole words at 80 columns) and the game's theme.
"""

from __future__ import annotations

import pytest
from textual.widget import Widget
from textual.widgets import Footer, Input, Switch

from blackjack_tui.rulesets import load_all
from blackjack_tui.store import Store
from blackjack_tui.store.evenings import EveningStore
from blackjack_tui.ui.ledger import LedgerApp, StandingsScreen
from blackjack_tui.ui.ledger.setup import SetupScreen
from blackjack_tui.ui.screens.settings import SettingsScreen
from blackjack_tui.ui.widgets.form_focus import SwitchWord
from blackjack_tui.ui.widgets.key_bar import KeyBar
from tests.ui.conftest import settle

SIZE = (80, 24)
THEMES = ("textual-dark", "textual-light")


@pytest.fixture
def ledger_app(tmp_path):
    def make(theme: str | None = None) -> LedgerApp:
        return LedgerApp(EveningStore(Store(tmp_path / "ledger")), load_all()[0]["home"], theme)

    return make


def marked(rows: list[Widget]) -> list[int]:
    """The rows drawn as holding the focus (a thick bar at their left)."""
    return [i for i, row in enumerate(rows) if row.styles.border_left[0] == "thick"]


def label_colour(row: Widget) -> object:
    return row.query_one("Label").styles.color


async def test_options_marks_the_focused_row_in_dark_and_light_themes(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for theme in THEMES:
            app.theme = theme
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            rows = list(app.screen.query(".setting"))
            assert marked(rows) == [0], theme  # the speed, focused first
            await pilot.press("tab")
            await pilot.pause()
            assert marked(rows) == [1], theme  # the mark follows the focus
            assert app.focused is not None and app.focused in rows[1].children
            assert label_colour(rows[1]) != label_colour(rows[2])
            assert rows[1].query_one("Label").styles.text_style.bold
            await pilot.press("escape")
            await pilot.pause()


async def test_switches_in_options_say_on_or_off(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        switch = app.screen.query_one("#ascii", Switch)
        word = switch.parent.query_one(SwitchWord)  # type: ignore[union-attr]
        assert str(word.render()) == "off"
        switch.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert switch.value and str(word.render()) == "on"
        assert len(app.screen.query(SwitchWord)) == len(app.screen.query(Switch)) == 3


async def test_the_new_evening_form_marks_its_focus_and_dims_its_placeholders(ledger_app):
    for theme in THEMES:
        app = ledger_app(theme)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.theme == theme  # the game's theme, not Textual's default
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            rows = list(app.screen.query(".field"))
            players = app.screen.query_one("#players", Input)
            assert players.placeholder == "e.g. Ann, Bo, Cy"
            style = players.get_component_rich_style("input--placeholder")
            assert style.italic
            assert marked(rows) == [1], theme  # the players, focused first
            await pilot.press("tab")
            await pilot.pause()
            assert marked(rows) == [2], theme
            assert label_colour(rows[2]) != label_colour(rows[3])


def check_key_bar(screen: object) -> None:
    assert not screen.query(Footer)  # type: ignore[attr-defined]
    bar = screen.query_one(KeyBar)  # type: ignore[attr-defined]
    text = str(bar.render())
    assert bar.keys and len(text) <= SIZE[0]
    for active in screen.active_bindings.values():  # type: ignore[attr-defined]
        if active.binding.show and active.binding.action in bar.keys:
            assert active.binding.description in text  # whole words, never cut


async def test_the_scorekeepers_key_bar_is_the_games_and_keeps_words_whole_at_80_columns(
        ledger_app):
    app = ledger_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        check_key_bar(app.screen)  # the evenings
        await pilot.press("n")
        await pilot.pause()
        check_key_bar(app.screen)  # the new evening's form
        for char in "Ann,Bo":
            await pilot.press(char)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        check_key_bar(app.screen)
