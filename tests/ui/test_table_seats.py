"""Computer players, the bet behind and the home game's ledger, driven by keys and the mouse."""

from __future__ import annotations

from decimal import Decimal

from textual.widgets import DataTable

from blackjack_tui.ui.screens.history import RecallScreen
from blackjack_tui.ui.screens.home_ledger import HomeLedger
from blackjack_tui.ui.widgets.table import Table

from .conftest import press_settled, settle, stand_out
from .test_table_play import shown


async def test_players_key_seats_computer_players_and_a_bet_behind_by_key(make_app) -> None:
    app = make_app(rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "a")
        assert [o.name for o in app.session.others] == ["Astrid", "Bo"]
        strip = app.screen.query_one(Table).seats
        assert strip.display and len(strip.seats) == 2
        await pilot.press("4", "right_square_bracket", "plus")  # chip 10 behind Astrid's box 4
        assert app.session.behind == {4: Decimal(10)}
        for _ in range(5):
            await pilot.press("plus")  # 20 + 50 would pass the box maximum of 70
        assert app.session.behind == {4: Decimal(50)}
        assert "box maximum" in str(app.screen.query_one("#message").render())


async def test_a_click_on_a_seat_selects_its_box_for_a_bet_behind(make_app) -> None:
    app = make_app(rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "a")
        felt = app.screen.query_one(Table)
        strip = felt.seats
        await pilot.click(Table, offset=felt.where(strip, strip.size.width - 5))
        assert app.screen.betting.selected == 5  # Bo's box
        await pilot.press("plus")
        assert app.session.behind == {5: Decimal(5)}


# Home table with one computer player: box 1 (you), box 4 (Astrid), up, box 1, box 4, hole:
# your 18 and Astrid's 17 against the dealer's 19.
HOME_WITH_ASTRID = ["TH", "TS", "9C", "8D", "7S", "TD"]


async def deal_home_with_astrid(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Seat Astrid at the home table and deal: the table waits for your decision."""
    await pilot.press("a")
    await pilot.press("enter")
    await settle(pilot, app)


async def test_the_home_game_ledger_screen_shows_a_row_per_round(make_app) -> None:
    app = make_app(HOME_WITH_ASTRID, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await deal_home_with_astrid(pilot, app)
        await pilot.press("s")  # 18 against 19
        await settle(pilot, app)
        home = app.session.home
        assert home is not None and home.standings.hands == 1
        assert home.standings.rows[0].entries == {"You": Decimal(-1), "Astrid": Decimal(-5)}
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, HomeLedger)
        table = app.screen.query_one(DataTable)
        text = " ".join(str(c) for row in range(table.row_count) for c in table.get_row_at(row))
        assert "-5" in text and "Astrid" in " ".join(str(c.label) for c in table.columns.values())
        await pilot.press("escape")
        assert not isinstance(app.screen, HomeLedger)


async def test_the_stake_in_the_header_counts_the_bets_behind_before_the_deal(make_app) -> None:
    # 20 in box 1 (the first start's minimum) and 5 behind Astrid: the header says 25 before the
    # deal, as it does once the cards are out.
    app = make_app(rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("a", "4", "plus")
        await settle(pilot, app)
        assert app.session.behind == {4: Decimal(5)}
        assert "Stake 25" in str(app.screen.query_one("#status").render())


async def test_history_shows_the_bets_behind_beside_the_stakes(make_app) -> None:
    # 20 in box 1 and 5 behind Astrid: the history's stakes say both, so the net (which counts
    # the bet behind) can be read against them.
    app = make_app(rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("a", "4", "plus")
        await press_settled(pilot, app, "enter")
        await stand_out(pilot, app)
        await pilot.press("y")
        await pilot.pause()
        row = [str(cell) for cell in app.screen.query_one(DataTable).get_row_at(0)]
        assert "20 +5 behind" in row


async def test_recall_shows_the_computer_players_and_the_bet_behind(make_app) -> None:
    # Swedish, Astrid in box 4 and 5 behind her: the recalled round shows her seat, her cards
    # and the bet behind with its result, as the table did (the net in the banner counts it).
    app = make_app(rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("a", "4", "plus")
        await press_settled(pilot, app, "enter")
        await stand_out(pilot, app)
        table_strip = shown(app.screen.query_one(Table).seats)
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RecallScreen)
        strip = app.screen.query_one(Table).seats
        assert strip.display and [s.name for s in strip.seats] == ["Astrid"]
        assert shown(strip).splitlines() == ["4 Astrid 500", "", "bet 20", "you 5"]  # no cards yet
        await pilot.press("end")
        await pilot.pause()
        recalled = shown(strip)
        assert "you 5 " in recalled
        # The end of the recall is the table at the end of the round (less the stacks, which
        # the recall shows as they were when the round began).
        assert recalled.splitlines()[1:] == table_strip.splitlines()[1:]


async def test_recall_of_a_home_evening_round_names_the_stack_not_the_bankroll(make_app) -> None:
    # A home evening is played with its stack (the header says Stack): its recall says so too,
    # not "bankroll 100 → 99" beside a bankroll of 1000.
    cards = ["TH", "TS", "9C", "8D", "7S", "TD"]
    app = make_app(cards, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await press_settled(pilot, app, "enter", "s")
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        banner = shown(app.screen.query_one("#recall-banner"))
        assert "stack 100 → 99" in banner and "bankroll" not in banner


async def test_history_lists_your_decisions_not_the_computer_players(make_app) -> None:
    # Swedish, Astrid in box 4 (dealt after you): you stand on 18; Astrid hits her 16 against
    # the 7 and stands on 18. The round's decisions were stand, hit, stand; yours was stand.
    cards = ["TH", "TS", "7C", "8D", "6H", "2C", "TC"]
    app = make_app(cards, rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("a")
        await press_settled(pilot, app, "enter", "s")
        assert app.session.round is not None and app.session.round.over
        await pilot.press("y")
        await pilot.pause()
        row = [str(cell) for cell in app.screen.query_one(DataTable).get_row_at(0)]
        assert row[-1] == "stand"


async def test_a_computer_players_stack_leaves_his_bet_off_while_it_is_on_the_table(make_app):
    # Home table, Astrid beside you: her 5 is on the table while you decide, so her stack in the
    # strip reads 95, as your own header counts your stake off your stack (it read 100 until the
    # round was booked, and a bust showed "bet 20 -20" beside an untouched stack).
    app = make_app(HOME_WITH_ASTRID, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await deal_home_with_astrid(pilot, app)
        strip = app.screen.query_one(Table).seats
        assert app.screen.decision is not None
        assert [(s.name, s.stack) for s in strip.seats] == [("Astrid", Decimal(95))]
        assert "Astrid 95" in strip.plain
        await pilot.press("s")  # 18 and Astrid's 17 against 19: both lose
        await settle(pilot, app)
        assert [s.stack for s in strip.seats] == [app.session.others[0].stack] == [Decimal(95)]
