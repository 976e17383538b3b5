"""Issue 24: the table answers every key and tells the player everything (Pilot tests, each
named after what a player saw go wrong)."""

from __future__ import annotations

from blackjack_tui.ui.widgets.analysis_line import AnalysisLine
from tests.ui.conftest import choose_table, press_settled, settle, stand_out
from tests.ui.test_table_play import shown


async def test_a_change_of_table_deals_from_a_new_shoe_and_the_count_starts_with_it(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "k", "enter")
        await stand_out(pilot, app)
        old = app.session.shoe
        assert old.remaining < old.total and old.discards  # the Nordic shoe has dealt a round
        await choose_table(pilot, app, "swedish")  # six decks as well
        shoe = app.session.shoe
        assert shoe is not old
        assert shoe.remaining == shoe.total and not shoe.discards
        assert app.screen.controller.count_view().running == 0
        assert "Count +0" in shown(app.screen.query_one(AnalysisLine))
