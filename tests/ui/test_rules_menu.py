"""The rules menu at the smallest size: names and labels whole, the page keys page the rules."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll
from textual.widgets import OptionList

from blackjack_tui.ui.screens.rules_menu import RulesMenu
from tests.ui.conftest import settle


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BLACKJACK_TUI_CACHE_DIR", str(tmp_path / "analysis"))



async def test_titles_and_labels_are_whole_and_the_page_keys_page_the_rules(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("m")
        menu = app.screen
        assert isinstance(menu, RulesMenu)
        options = menu.query_one(OptionList)
        await pilot.pause()
        # Every table's title on one line of the list (no wrap), with room to spare.
        lines = {strip.text.rstrip() for strip in options.render_lines(options.region.reset_offset)}
        for rules in app.rule_sets.values():
            title = rules.title or rules.name
            assert any(title in line for line in lines), (title, sorted(lines))
        # The online table, whose title is the longest, is named whole.
        assert any("Six-deck online (888-style)" in line for line in lines)
        # The rules of the highlighted table: every topic whole.
        names = list(app.rule_sets)
        options.highlighted = names.index("online")
        await pilot.pause()
        table = menu.query_one("#rules-table")
        text = "\n".join(s.text for s in table.render_lines(table.region.reset_offset))
        for topic in ("Blackjack pays", "Double after split", "Insure a blackjack"):
            assert topic in text
        # pgdn scrolls the rules and leaves the list where it was.
        scroll = menu.query_one("#rules-scroll", VerticalScroll)
        before = scroll.scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        down = scroll.scroll_y
        assert down > before
        assert options.highlighted == names.index("online")
        await pilot.press("pageup")
        await pilot.pause()
        assert scroll.scroll_y < down
        assert options.highlighted == names.index("online")


def test_a_tiered_table_gives_its_bets_by_the_tier_not_the_first_tiers_limits():
    from blackjack_tui.rules_text import describe
    from blackjack_tui.rulesets import load_all

    tables = load_all()[0]
    online = dict(describe(tables["online"]))
    assert online["Bets"] == "per box by the tier you sit at (below), up to 1 box"
    assert online["Tier High Roller"] == "25 to 1000"
    nordic = dict(describe(tables["nordic"]))
    assert nordic["Bets"].startswith(f"{tables['nordic'].min_bet} to ")
