"""Everything fits 80×24 without a cut: the table at every house, a full table of computer
players with bets behind them, the dialogs, Options, history and statistics."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from textual.widgets import DataTable

from blackjack_tui.ui.widgets.status_bar import StatusBar
from blackjack_tui.ui.widgets.table import Table
from tests.ui.conftest import choose_table, press_settled, settle
from tests.ui.fits import cuts, screen_text

SIZE = (80, 24)
TABLES = ["nordic", "swedish", "home", "online", "vegas-strip", "atlantic-city", "downtown-h17"]
ROUND = ["TS", "7D", "9H", "8C", "TC"]


def words(app) -> str:  # type: ignore[no-untyped-def]
    """The screen's text as one line (a wrapped sentence reads whole)."""
    return " ".join(" ".join(line.split()) for line in screen_text(app))


@pytest.mark.parametrize("rules", TABLES)
async def test_every_table_fits_with_the_chip_in_hand_in_view(make_app, rules):
    app = make_app(rules=rules)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        status = app.screen.query_one(StatusBar).plain
        assert "Chip ●" in status and "Stake" in status and "Bankroll" in status
        assert cuts(app) == []


async def test_a_split_box_settled_fits(make_app):
    # Three boxes against a ten: box 1 splits eights and doubles the left hand.
    app = make_app(["8S", "5H", "TD", "TC", "8D", "6C", "9S", "7H", "3H", "KC", "9D", "QH", "5S"])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "right_square_bracket", "plus", "2", "plus", "3", "plus",
                            "plus", "enter", "p", "d", "s", "d", "s")
        assert app.session.round.over
        assert cuts(app) == []


async def test_four_computer_players_and_bets_behind_fit_with_their_results(make_app):
    app = make_app(rules="swedish")
    app.session.shoe.rng = random.Random(11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "a", "a", "a", "4", "plus", "5", "plus", "plus",
                            "1")
        await press_settled(pilot, app, "enter")
        for _ in range(10):
            if app.session.round.over:
                break
            decision = app.screen.decision
            await press_settled(pilot, app, "s" if decision and "stand" in decision.actions
                                else "n")
        assert app.session.round.over
        strip = app.screen.query_one(Table).seats
        shown = strip.plain
        assert all(o.name in shown for o in app.session.others)
        assert "you 5" in shown and "you 10" in shown  # the bets behind, with their results
        assert cuts(app) == []


async def test_options_fit(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        text = words(app)
        for label in ("Dealing speed", "Plain ASCII cards", "Four-colour deck", "Theme",
                      "Home game: hands", "Provably fair shoes", "Client seed",
                      "escape closes."):
            assert label in text
        assert cuts(app) == []


async def test_the_broke_dialog_fits(make_app):
    from blackjack_tui.store import BANKROLL, Line

    app = make_app(ROUND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = app.game
        game.store.post([Line(BANKROLL, "fresh", Decimal(-1000), "a test: out of chips")])
        game.session.bankroll = Decimal(0)
        await pilot.press("enter")
        await pilot.pause()
        assert "You are out of chips. Start again with a fresh bankroll of 1000?" in words(app)
        assert "Yes [y]" in words(app) and "No [n]" in words(app)
        assert cuts(app) == []


async def test_the_insurance_amount_box_fits_and_leaves_the_cards_in_view(make_app):
    app = make_app(["9S", "AH", "8D", "7C", "TS", "5D"], rules="home")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        assert app.screen.decision.kind == "insurance"
        await pilot.press("i")
        await pilot.pause()
        text = words(app)
        assert "insure how much? Up to 0.50 · enter confirms · escape goes back" in text
        assert "A♥" in text and "9♠" in text  # the dealer's ace and the hand stay in sight
        assert cuts(app) == []


async def test_history_shows_each_rounds_result_whole(make_app):
    app = make_app([*ROUND, "5S", "6D", "9C", "4H", "TH"])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter", "s", "space", "s")
        await pilot.press("y")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        shown = table.scrollable_content_region.width
        names = [str(c.label) for c in table.columns.values()]
        right = 0
        for column in table.columns.values():
            right += column.get_render_width(table)
            if str(column.label) in ("net", "bankroll"):
                assert right <= shown, f"{column.label} ends at {right} of {shown}"
        assert names.index("net") < names.index("cards")
        text = words(app)
        assert "1000 → 1001" in text and "1001 → 1000" in text
        assert cuts(app) == []


async def test_statistics_fit(make_app):
    app = make_app([*ROUND, "5S", "6D", "9C", "4H", "TH"])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter", "s", "space", "s")
        await pilot.press("w")
        for _ in range(50):
            await pilot.pause()
            if "Adding up" not in words(app):
                break
        text = words(app)
        for label in ("Rounds", "Hands", "Won", "Pushed", "Lost", "Blackjacks", "Doubles won",
                      "Split hands won", "Net", "Biggest win", "Biggest loss"):
            assert label in text
        assert cuts(app) == []


async def test_the_table_still_fits_after_switching_tables(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await choose_table(pilot, app, "online")
        assert cuts(app) == []


# Swedish (no hole card, resplits to four): box 1's eights split to four hands of four cards;
# boxes 2 and 3 stand on 16 and 20; the dealer 6, 7 (hole-less), 4: 17.
FOUR_HANDS = ["8S", "9H", "TD", "6C", "8H", "7S", "QH", "8D", "8C", "2S", "2H", "3S", "2C", "3H",
              "2D", "3C", "2S", "4H", "2D", "2C", "3D", "2H", "9S", "7D", "4C"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_four_split_hands_fit_and_keep_drawn_cards_where_there_is_room(make_app, size):
    app = make_app(FOUR_HANDS, rules="swedish")
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        app.screen.slip.set([Decimal(20), Decimal(20), Decimal(20)])
        await press_settled(pilot, app, "enter")
        for _ in range(30):
            decision = app.screen.decision
            if decision is None:
                break
            cards = len(app.screen.controller.view.box(decision.box).hands[decision.hand - 1].cards)
            key = ("p" if "split" in decision.actions else "h" if cards < 4 else "s") \
                if decision.box == 1 else "s"
            await press_settled(pilot, app, key)
        box = app.screen.query_one(Table).boxes[0]
        assert app.session.round.over and len(box.hands) == 4
        assert cuts(app) == []
        drawn = all("╭" in box.hand_text(n) for n in range(1, 5))
        # At 120x40 the box has room for two rows of two drawn hands; at 80x24 tiles must do.
        assert drawn == (size == (120, 40))
