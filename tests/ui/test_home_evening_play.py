"""An evening of the Danish home game played as a new player would, where its features meet: the
bank coming to you, a rebuy, a table change queued and a quit, the seat strip, the scorekeeper.
After each, every chip adds up (:func:`tests.money.check_money`)."""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.ui.widgets.action_bar import ActionBar
from blackjack_tui.ui.widgets.table import Table
from tests.money import check_money
from tests.ui.conftest import choose_table, press_settled, settle

# You (box 1) sit left of Astrid (box 4): the deal is box 1, box 4, the up card, box 1, box 4,
# the hole card. You A+K: a natural (the bank passes to you); Astrid 9+8 = 17 and the dealer
# 9+8 = 17 stand.
YOUR_NATURAL = ["AH", "9C", "9D", "KH", "8D", "8S"]
# You T+8 = 18 against a 9; Astrid 7+T = 17 stands; the dealer 9+7 draws the 5: 21.
HOME_ROUND = ["TH", "7S", "9C", "8D", "TS", "7D", "5C"]


def message(app) -> str:
    return str(app.screen.query_one("#message").render())


async def test_a_chip_placed_while_you_hold_the_bank_is_refused_not_dropped_at_the_deal(make_app):
    app = make_app(YOUR_NATURAL, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter")
        home = app.session.home
        assert home is not None and home.player_banks
        # The action bar offers only the deal: no chips, clear or rebet for the banker.
        assert app.screen.query_one(ActionBar).shown == ["bet-deal"]
        for key in ("plus", "b"):
            await press_settled(pilot, app, key)
            # The banker bets nothing: a chip is refused with the reason, never shown in box 1
            # and then silently left out of the deal.
            assert app.screen.slip.bets == {}, key
            assert "you hold the bank" in message(app).lower(), key
            assert "Stake 0" in str(app.screen.query_one("#status").render())
        check_money(app.game)


async def test_space_still_deals_the_others_while_you_hold_the_bank(make_app, tmp_path):
    data = tmp_path / "data"
    # After your natural, Astrid T+7 = 17 loses to the dealer's 9+T: you keep the bank.
    app = make_app([*YOUR_NATURAL, "TS", "9C", "7S", "TD"], rules="home", data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter")
        assert app.session.home.player_banks
        await press_settled(pilot, app, "space")
        home = app.session.home
        assert home.standings.hands == 2 and home.standings.rows[-1].banker == "You"
        assert home.player_banks
        check_money(app.game)
    # The next start, still holding the bank (and no bets of yours to repeat): no table minimum
    # is put in box 1 for you.
    again = make_app(rules=None, data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.session.home is not None and again.session.home.player_banks
        assert again.screen.slip.bets == {}
        check_money(again.game)


async def test_a_table_change_queued_mid_hand_survives_a_quit_and_restart(make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(HOME_ROUND, rules="home", data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter")
        assert app.screen.decision is not None
        await choose_table(pilot, app, "nordic")
        assert app.session.pending is not None and app.session.pending[0].name == "nordic"
        evening = app.session.home.id
    # ctrl+q mid-hand; the next start (no --rules) is the same hand, and the change still waits.
    again = make_app(rules=None, data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.session.home is not None and again.session.home.id == evening
        assert again.session.pending is not None and again.session.pending[0].name == "nordic"
        assert "next: Nordic" in str(again.screen.query_one("#status").render())
        await press_settled(pilot, again, "s")
        # The hand is over: the table is Nordic's, the evening paused, the bankroll back.
        assert again.session.rules.name == "nordic" and again.session.home is None
        assert again.session.bankroll == Decimal(1000)
        # The resumed hand's line says where it was played, not the bankroll's money alone.
        assert message(again).startswith("Round -1 at Danish home game")
        check_money(again.game)


async def test_the_banker_s_name_never_runs_into_the_next_seat_at_80_columns(make_app):
    # Four computer players: Astrid and Bo sit left of you. The deal: Astrid, Bo, you, Carla,
    # Dag, the up card, then the second cards and the hole card. Astrid A+K, a natural: the bank
    # passes to her with 107.50; every other hand stands on 17 or 18; the dealer 9+8 stands.
    cards = ["AS", "9C", "TH", "9D", "9H", "9S", "KS", "8C", "8H", "8D", "8S", "8C"]
    app = make_app(cards, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for _ in range(4):
            await pilot.press("a")
        await press_settled(pilot, app, "enter", "s")
        home = app.session.home
        assert home is not None and home.banker == "Astrid"
        felt = app.screen.query_one(Table)
        strip = felt.seats
        line = felt.pane_line(strip, 0).text
        per = strip.size.width // 4
        # "4 Astrid 107.50 BANK" would fill Astrid's column to the last cell and run into
        # "5 Bo": every seat's line keeps to its own column, a space before the next.
        for index, seat in enumerate(strip.seats):
            start = index * per
            assert seat.name in line[start:start + per], line
            assert index == 0 or line[start - 1] == " ", line
        assert "Astrid 107.50 BANK" in line
        check_money(app.game)


async def test_going_broke_at_home_says_you_bought_back_in(make_app):
    # You T+6 = 16 stand and lose your whole stack of 100 to the dealer's T+7; Astrid 9+8 stands.
    app = make_app(["TH", "9C", "TD", "6S", "8D", "7C"], rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "x", "right_square_bracket",
                            "right_square_bracket", "right_square_bracket")
        await press_settled(pilot, app, "plus", "plus", "plus", "plus", "enter", "s")
        home = app.session.home
        assert home.standings.rebuys_used["You"] == 1 and app.session.bankroll == 100
        # The stack was 0 and is 100 again: the line says why, not only "stack 100".
        line = message(app)
        assert line.startswith("Round -100") and "bought back in for 100" in line, line
        assert "stack 100" in line
        assert len(line) <= app.screen.query_one("#message").content_region.width
        check_money(app.game)


async def test_a_bet_over_your_home_stack_is_refused_in_the_stack_s_words(make_app):
    app = make_app(rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await press_settled(pilot, app, "a", "x", "right_square_bracket",
                            "right_square_bracket", "right_square_bracket")
        await press_settled(pilot, app, "plus", "plus", "plus", "plus", "2", "plus")
        assert app.screen.slip.bets == {1: 100}
        # The header says Stack: the refusal speaks of the stack, not of the bankroll.
        assert message(app) == "Only 0 left in your stack"


async def test_history_shows_your_own_decisions_not_the_computer_players(make_app, tmp_path,
                                                                          capsys, monkeypatch):
    from textual.widgets import DataTable

    from blackjack_tui.cli import main

    data = tmp_path / "data"
    # You T+8 stand (one decision); Astrid's 7+T stands too, and her "stand" is recorded
    # among the round's decisions for the replay.
    app = make_app(HOME_ROUND, rules="home", data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter", "s")
        [row], _ = app.game.store.recent(1)
        assert row.record["actions"] == ["stand", "stand"]
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert str(table.get_row_at(0)[-1]) == "stand"
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["history", "--data-dir", str(data)]) == 0
    out = capsys.readouterr().out
    assert "stand, stand" not in out and "│ stand " in out


async def test_the_paused_evening_comes_back_even_when_the_casino_table_had_no_players(
        make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(HOME_ROUND, rules="home", data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter", "s")
        evening, stack = app.session.home.id, app.session.bankroll
        await choose_table(pilot, app, "nordic")
        for _ in range(4):  # Astrid alone, then two, three, four players, then nobody
            await press_settled(pilot, app, "a")
        assert app.session.others == []
        await choose_table(pilot, app, "home")
        # The evening has its own players: it comes back with them, not a bankroll table
        # (and the next a would have started a new evening, leaving this one paused for good).
        assert app.session.home is not None and app.session.home.id == evening
        assert [o.name for o in app.session.others] == ["Astrid"]
        assert app.session.bankroll == stack
        assert "Stack" in str(app.screen.query_one("#status").render())
        check_money(app.game)
    # The same at the next start at the home table, with no computer players in the settings.
    again = make_app(rules="home", data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.session.home is not None and again.session.home.id == evening
        check_money(again.game)


async def test_after_the_evening_ends_a_chip_or_space_says_it_ended_not_that_the_stack_is_short(
        make_app):
    # Twice: you T+6 = 16 stand and lose 100 to the dealer's T+7 (the rebuy, then out).
    lose_all = ["TH", "9C", "TD", "6S", "8D", "7C"]
    app = make_app(lose_all * 2, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "x", "right_square_bracket",
                            "right_square_bracket", "right_square_bracket")
        await press_settled(pilot, app, "plus", "plus", "plus", "plus", "enter", "s")
        await press_settled(pilot, app, "space", "s")
        home = app.session.home
        assert home.over and home.standings.winners == ("Astrid",)
        for key in ("space", "plus"):
            await press_settled(pilot, app, key)
            assert app.screen.slip.bets == {}
            # Not "The last bets are more than your stack" / "Only 0 left": the evening is over.
            assert message(app) == "Astrid wins with the last stack · a: a new evening", key
        check_money(app.game)
