"""Where features meet, played through the app as a player would (issue 10's reproductions):
the home game and a quit mid-hand, leaving the home table, a rebuy said no to, a fair shoe when the
table changes. After each, every chip adds up (:func:`tests.money.check_money`)."""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.engine.fair import FairShoe
from blackjack_tui.store import BANKROLL, Line, Store
from blackjack_tui.ui.widgets.table import Table
from tests.money import check_money
from tests.store.helpers import open_game
from tests.ui.conftest import choose_table, press_settled, settle, stand_out
from tests.ui.test_table_play import message

# The one-deck home table peeks. You (box 1) sit left of Astrid (box 4): the deal is box 1,
# box 4, the up card, box 1, box 4, the hole card. You T+8 = 18 against a 9; Astrid 7+T = 17
# stands; the dealer 9+7 = 16 draws the 5: 21.
HOME_ROUND = ["TH", "7S", "9C", "8D", "TS", "7D", "5C"]


def with_bankroll(data, amount: int) -> None:
    game = open_game(data)
    game.store.post([Line(BANKROLL, "import", Decimal(amount) - game.store.balance())])
    game.close()


async def test_a_quit_mid_hand_at_the_home_table_leaves_the_bankroll_whole(make_app, tmp_path):
    data = tmp_path / "data"
    with_bankroll(data, 20000)
    app = make_app(HOME_ROUND, rules="home", data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter")
        assert app.screen.decision is not None and app.screen.decision.box == 1
        assert app.session.round.bankroll == app.session.home.evening.settings.starting_stack - 1
        check_money(app.game)
    # ctrl+q (or a killed terminal) mid-hand: the next start is the same hand, same evening.
    again = make_app(rules="home", data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.screen.decision is not None and again.session.home is not None
        await press_settled(pilot, again, "s")
        assert again.session.round.over
        assert again.game.bankroll == Decimal(20000)
        assert again.game.store.balance(BANKROLL) == Decimal(20000)
        assert again.session.bankroll == again.session.home.standings.stacks["You"]
        check_money(again.game)


async def test_leaving_the_home_table_pauses_the_evening_and_the_bankroll_comes_back(
        make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(HOME_ROUND, rules="home", data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter", "s")
        evening = app.session.home
        assert evening is not None and evening.standings.hands == 1
        stack = app.session.bankroll
        await choose_table(pilot, app, "nordic")
        assert app.session.home is None and app.session.bankroll == Decimal(1000)
        status = str(app.screen.query_one("#status").render())
        assert "Bankroll 1000" in status
        assert app.screen.slip.bankroll == Decimal(1000)
        app.session.shoe = FairShoe(6)  # a fresh shoe for the Nordic round
        await press_settled(pilot, app, "space")
        await stand_out(pilot, app)
        assert evening.standings.hands == 1  # the Nordic round is not hand 2 of the evening
        check_money(app.game)
        await press_settled(pilot, app, "a")
        assert app.screen.slip.bankroll == app.game.bankroll
        await choose_table(pilot, app, "home")  # the evening comes back with its own players
        assert app.session.home is not None and app.session.home.id == evening.id
        assert [o.name for o in app.session.others] == ["Astrid"]
        assert app.session.bankroll == stack
        check_money(app.game)


async def test_saying_no_to_a_fresh_bankroll_is_asked_again_at_the_next_deal(make_app, tmp_path):
    data = tmp_path / "data"
    with_bankroll(data, 1)
    # Nordic, one box of 1 against a dealer 20: lost, and broke.
    app = make_app(["TS", "TD", "6C", "KH"], data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter", "s")
        assert app.game.broke
        assert type(app.screen).__name__ == "Confirm"
        await pilot.press("n")  # no thanks
        await pilot.pause()
        message = str(app.screen_stack[-1].query_one("#message").render())
        assert "enter takes a fresh bankroll" in message
        await pilot.press("enter")  # asked again, not a dead end
        await pilot.pause()
        assert type(app.screen).__name__ == "Confirm"
        await pilot.press("y")
        await pilot.pause()
        assert app.game.bankroll == Decimal(1000) and not app.game.broke
        summary = app.game.store.statistics()
        assert summary.net == Decimal(-1) and summary.fresh == 1  # not counted as winnings
        check_money(app.game)


async def test_a_fair_shoe_that_has_dealt_is_revealed_when_the_table_changes(make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(data_dir=data, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.game.set_fair(True, "mine") is not None
        shoe = app.session.shoe
        await press_settled(pilot, app, "enter")
        await stand_out(pilot, app)
        commitment = shoe.commitment
        await choose_table(pilot, app, "home")  # one deck: the six-deck shoe leaves play
        records, _ = app.game.fair_shoes()
        assert [r.commitment for r in records] == [commitment] and records[0].revealed
    rows = Store(data).fair_shoes()[0]
    assert rows[0].commitment == commitment


async def test_a_start_with_seed_says_it_and_reveals_the_fair_shoe_in_play(make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.game.set_fair(True, None)
        await press_settled(pilot, app, "enter")
        await stand_out(pilot, app)
        commitment = app.session.shoe.commitment
    again = make_app(data_dir=data)  # make_app starts with --seed 1
    assert any("--seed 1" in n and "revealed" in n for n in again.game.notices)
    assert again.game.fair_shoes()[0][0].commitment == commitment
    assert not isinstance(again.session.shoe, FairShoe)  # the seed is not silently ignored
    assert again.settings.provably_fair  # the setting is kept for the next run
    again.game.close()


async def test_while_the_disk_refuses_the_table_waits_and_quitting_asks_first(make_app, tmp_path):
    app = make_app(["TS", "9D", "6C", "8H"], data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        app.game.retry_seconds = 0.05
        app.game.store.conn.execute("PRAGMA query_only = ON")  # the disk goes read-only
        shown = app.screen.controller.view
        await pilot.press("s")
        for _ in range(50):
            await pilot.pause(0.02)
            if app.game.saving:
                break
        assert app.game.saving and "read-only" in app.game.fault
        assert None in shown.dealer  # the hole card is still face down: nothing unsaved shown
        assert not app.game.store.is_booked(app.game.round_id)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert type(app.screen).__name__ == "Confirm" and app.is_running
        await pilot.press("n")
        app.game.store.conn.execute("PRAGMA query_only = OFF")  # room again
        await settle(pilot, app)
        assert app.session.round.over and not app.game.saving
        assert app.game.store.balance() == Decimal(999)  # the table minimum, lost once
        check_money(app.game)


async def test_a_change_of_table_queued_in_a_home_hand_says_the_hand_in_its_own_money(make_app):
    # A home evening with Astrid; mid-hand the Nordic table is chosen (from the next round). The
    # hand ends at home: its line said "Round -1 · bankroll 1000" (the home stack's loss beside
    # the bankroll), and the strip put the new table's players (500 each) beside the home hand's
    # cards and results.
    app = make_app(HOME_ROUND * 3, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter")
        assert app.screen.decision is not None
        await choose_table(pilot, app, "nordic")
        await stand_out(pilot, app)
        await settle(pilot, app)
        assert app.session.rules.name == "nordic" and app.session.home is None
        line = message(app)
        assert line.startswith("Round -1 at Danish home game · Nordic multi-hand: bankroll ")
        strip = app.screen.query_one(Table).seats
        assert not strip.display or "bet 5" not in strip.plain
