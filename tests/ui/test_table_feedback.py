"""Issue 24: the table answers every key and tells the player everything (Pilot tests, each
named after what a player saw go wrong)."""

from __future__ import annotations

from blackjack_tui.engine.money import money_str
from blackjack_tui.ui.screens.confirm import Confirm
from blackjack_tui.ui.screens.home_ledger import HomeLedger
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine
from tests.money import check_money
from tests.ui.conftest import choose_table, press_settled, settle, stand_out
from tests.ui.test_home_evening_play import HOME_ROUND
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


def ledger_note(app) -> str:
    return shown(app.screen.query_one("#home-ledger-note"))


async def test_one_a_too_many_asks_before_closing_the_home_evening_and_shows_its_standings(
        make_app):
    app = make_app(HOME_ROUND, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter", "s")
        evening = app.session.home.id
        await press_settled(pilot, app, "a")
        assert isinstance(app.screen, Confirm)  # asked first
        await press_settled(pilot, app, "n")
        assert app.session.home.id == evening and [o.name for o in app.session.others] == [
            "Astrid"]
        await press_settled(pilot, app, "a", "y")
        assert isinstance(app.screen, HomeLedger)  # the final standings
        assert "Closed after hand 1" in ledger_note(app) and "wins" in ledger_note(app)
        await press_settled(pilot, app, "escape")
        assert app.session.home is None or app.session.home.id != evening
        await press_settled(pilot, app, "l")  # still readable from the ledger key
        assert "Closed after hand 1" in ledger_note(app)
        check_money(app.game)


async def test_a_paused_evening_says_where_it_is_and_comes_back_with_who_sits_and_the_next_hand(
        make_app):
    app = make_app(HOME_ROUND, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter", "s")
        stack = app.session.bankroll
        await choose_table(pilot, app, "nordic")
        await press_settled(pilot, app, "l")
        note = ledger_note(app)
        assert f"Paused after hand 1, your stack {money_str(stack)}" in note
        assert "Danish home game" in note and "resume" in note
        await press_settled(pilot, app, "escape", "a")  # Astrid, Bo at the casino table
        await choose_table(pilot, app, "home")
        back = shown(app.screen.query_one("#message"))
        # Who really sits, and the hand that comes next (not the casino table's players).
        assert "Astrid" in back and "hand 2 next" in back and "Bo" not in back, back
        await choose_table(pilot, app, "nordic")
        shows = len(app.session.others)
        await press_settled(pilot, app, "a")  # counts on from the players this table shows
        assert len(app.session.others) == shows + 1
        check_money(app.game)
