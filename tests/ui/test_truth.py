"""The table shows the truth: what the player sees matches where the round really is."""

from __future__ import annotations

import asyncio
from decimal import Decimal

from textual import events
from textual.widgets import Static

from blackjack_tui.ui.widgets.action_bar import ActionBar
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine
from blackjack_tui.ui.widgets.key_bar import KeyBar
from blackjack_tui.ui.widgets.table import Table
from tests.ui.conftest import choose_table, press_settled, settle, stand_out
from tests.ui.test_table_play import message, shown

# One box: 9 and 7 against a six up and a ten in the hole; the dealer draws 5 then 10 and busts.
DEALER_DRAWS = ["9S", "6D", "7H", "TC", "5S", "TD"]


async def send_burst(app, *keys: str) -> None:  # type: ignore[no-untyped-def]
    """Keys queued at once, as a terminal delivers a fast burst (nothing waits in between)."""
    for key in keys:
        char = {"plus": "+", "minus": "-", "enter": "\r"}.get(key, key)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)


async def test_during_the_dealers_turn_no_box_is_active_and_no_play_key_is_offered(make_app):
    app = make_app(DEALER_DRAWS, speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        assert "your move" in message(app)
        table = app.screen
        await pilot.press("s")
        seen = []
        for _ in range(200):  # watch the dealer's turn as it is animated
            await asyncio.sleep(0.02)
            view = table.controller.view
            if view.over:
                break
            if len(view.dealer_cards) >= 2:  # the hole card is turned: the dealer plays
                offered = {b.action for _, b, enabled, _ in table.active_bindings.values()
                           if enabled}
                buttons = [n for n in table.query_one(ActionBar).shown if n.startswith("act-")]
                seen.append((view.active, "your move" in message(app),
                             (set(table.query_one(KeyBar).keys) | offered | set(buttons))
                             & {"hit", "stand", "double", "act-hit", "act-stand"}))
        assert seen, "the dealer's turn was never seen"
        assert all(active is None and not asked and not keys for active, asked, keys in seen)


async def test_shoe_and_tray_counters_move_with_the_cards_shown(make_app):
    app = make_app(DEALER_DRAWS, speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        table = app.screen
        await pilot.press("s")
        counts = []
        for _ in range(200):
            await asyncio.sleep(0.02)
            view = table.controller.view
            info = table.query_one(Table).shoe.info
            shown_cards = len(view.dealer) + sum(len(h.cards) for b in view.boxes
                                                       for h in b.hands)
            counts.append((info.remaining, shown_cards, table.query_one(Table).tray.count,
                           view.over))
            if view.over:
                break
        for remaining, cards, discards, over in counts:
            if not over:
                # Every card drawn so far is on the felt; none is counted before it is shown.
                assert remaining + cards == len(DEALER_DRAWS)
                assert discards == 0
        await settle(pilot, app)
        assert table.query_one(Table).tray.count == len(app.session.shoe.discards) == 5


async def test_keys_behind_the_too_small_notice_do_nothing_and_the_deal_waits(make_app):
    app = make_app(DEALER_DRAWS, speed="fast")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("plus", "enter", "m", "o")
        assert app.screen.slip.bets == {1: Decimal(1)}
        assert not app.screen.playing
        assert type(app.screen).__name__ == "TableScreen"
        await pilot.resize_terminal(80, 24)
        await press_settled(pilot, app, "enter")
        assert app.screen.decision is not None
        await pilot.press("s")
        await pilot.resize_terminal(60, 20)  # the dealer's turn waits behind the notice
        await pilot.pause(0.5)
        assert not app.screen.controller.view.over
        await pilot.resize_terminal(80, 24)
        await settle(pilot, app)
        assert app.session.round.over


async def test_a_burst_of_keys_is_applied_in_order(make_app):
    app = make_app(DEALER_DRAWS * 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await send_burst(app, "2", "plus", "3", "plus", "enter")
        await settle(pilot, app)
        await pilot.pause()
        await settle(pilot, app)
        assert app.session.round is not None
        assert [b.bet for b in app.session.round.boxes] == [Decimal(1), Decimal(1), Decimal(1)]


async def test_a_swedish_tie_at_17_to_19_says_why_it_lost(make_app):
    # Swedish: no hole card. Box 1: 10+8 = 18; the dealer: 9, then 9 = 18. The tie goes to the bank.
    app = make_app(["TS", "9D", "8H", "9C"], rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.screen.slip.set([Decimal(20)])
        await press_settled(pilot, app, "enter")
        await press_settled(pilot, app, "s")
        assert app.session.round.over
        assert "18 v 18: ties at 17–19 go to the bank" in message(app)


async def test_the_count_resets_with_a_new_table_and_its_setting_is_kept(make_app, tmp_path):
    data = tmp_path / "kept"
    app = make_app(DEALER_DRAWS, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "k", "enter", "s")
        assert app.screen.controller.count.seen > 0
        await choose_table(pilot, app, "vegas-strip")
        assert app.screen.controller.count.seen == 0
        assert app.settings.count
    again = make_app(data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.screen.counting


async def test_the_coach_judges_insurance_and_even_money(make_app):
    cards = ["9S", "AC", "7H", "TD"]  # 9+7 against an ace up: insurance asked; the hole is a ten
    app = make_app(cards)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "c", "enter")
        assert app.screen.decision.kind == "insurance"
        before = app.screen.tally.decisions
        await press_settled(pilot, app, "i")
        assert app.screen.tally.decisions == before + 1


async def test_coach_notes_go_to_the_coach_line_and_no_toast_covers_the_cards(make_app):
    app = make_app(DEALER_DRAWS)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "c", "enter", "h")  # hitting 16 against a 6: a mistake
        await pilot.pause(0.3)
        assert not list(app.screen.query("Toast"))  # nothing over the felt
        line = app.screen.query_one(AnalysisLine)
        assert "best Stand" in shown(line)
        message_row = app.screen.query_one("#message", Static).region.y
        table = app.screen.query_one("#table")
        assert table.region.bottom <= line.region.y < message_row  # a row of its own


async def test_a_finished_hand_looks_the_same_after_a_resume(make_app, tmp_path):
    # Box 1: 8 8 split (the hands get 3 and 9); the left doubles, draws 5 (16); the right waits.
    cards = ["8S", "TC", "8D", "7H", "3H", "9D", "5C"]
    data = tmp_path / "crash"
    app = make_app(cards, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter", "p", "d")
        before = app.screen.query_one(Table).boxes[0].hand_text(1)
        assert "16" in before and "DBL" in before
    again = make_app(data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.screen.query_one(Table).boxes[0].hand_text(1) == before


async def test_buttons_post_their_own_intent(make_app):
    app = make_app(DEALER_DRAWS)
    posted = []
    async with app.run_test(size=(80, 24), message_hook=posted.append) as pilot:
        await settle(pilot, app)
        bar = app.screen.query_one(ActionBar)
        await pilot.click(ActionBar, offset=bar.offset_of("bet-deal"))
        await settle(pilot, app)
    assert any(isinstance(m, ActionBar.Deal) for m in posted)


async def test_a_soft_hand_shows_both_totals_while_it_can_draw_and_its_total_once_done(make_app):
    # A♠ 7♦ (soft 18) against a ten; the dealer has 17.
    app = make_app(["AS", "TD", "7D", "7C"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        box = app.screen.query_one(Table).boxes[0]
        assert "8/18" in box.hand_text(1)
        await press_settled(pilot, app, "s")
        assert app.session.round.over
        assert "18" in box.hand_text(1) and "8/18" not in box.hand_text(1)


async def test_after_a_change_of_table_the_felt_and_the_message_are_the_new_tables(make_app):
    # A home round with a computer player, then Nordic from the rules menu: the home round's
    # cards and its "stack 99" line must not stay on the Nordic felt.
    app = make_app(["TH", "7S", "9C", "8D", "TS", "7D", "5C"], rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter", "s")
        assert "stack" in message(app)
        await choose_table(pilot, app, "nordic")
        assert "stack" not in message(app) and "Round" not in message(app)
        assert "Nordic multi-hand: space places the same bets again" in message(app)
        box = app.screen.query_one(Table).boxes[0]
        assert "limits 1–500" in box.plain and "LOSE" not in box.plain
        assert "9♣" not in app.screen.query_one(Table).dealer.plain
        # Computer players changed (a): the last round leaves the felt too.
        await press_settled(pilot, app, "space")
        await stand_out(pilot, app)
        assert "Round" in message(app)
        await press_settled(pilot, app, "a")
        assert "Computer players" in message(app)
        assert "limits 1–500" in app.screen.query_one(Table).boxes[0].plain


async def test_a_tie_lost_with_a_change_of_table_pending_still_says_why_and_never_offers_a_rebet(
        make_app):
    # The Swedish tie of 18 v 18, with Nordic chosen in the rules menu mid-round: the table
    # changes when the round ends. The line still explains the tie, by the Swedish rules it was
    # played under (it read Nordic's, which have no such ties, and the table stopped): the tie's
    # reason takes the place of the rebet hint.
    app = make_app(["TS", "9D", "8H", "9C"], rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.screen.slip.set([Decimal(20)])
        await press_settled(pilot, app, "enter")
        await choose_table(pilot, app, "nordic")
        assert app.session.rules.name == "swedish" and app.session.pending is not None
        await press_settled(pilot, app, "s")
        assert app.session.rules.name == "nordic"
        line = message(app)
        assert "18 v 18: ties at 17–19 go to the bank" in line
        assert "same bets again" not in line


async def test_the_rebet_hint_is_offered_only_when_there_are_bets_to_repeat(make_app):
    app = make_app(["TS", "7D", "9H", "8C", "TC"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter", "s")
        assert "space: same bets again" in message(app)
        await choose_table(pilot, app, "swedish")
        await press_settled(pilot, app, "space")
        assert "No earlier bets to repeat" in message(app)


async def test_a_burst_of_keys_in_the_rules_menu_sits_at_the_table_the_arrows_reached(make_app):
    # Down, down, enter in one burst: the enter (a priority binding of the menu) came before the
    # list's highlight messages and sat the player at the table highlighted before the arrows.
    app = make_app(DEALER_DRAWS * 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "m")
        names = list(app.game.rule_sets)
        start = names.index(app.session.rules.name)
        await send_burst(app, "down", "down", "enter")
        await settle(pilot, app)
        await pilot.pause(0.2)
        assert app.session.rules.name == names[start + 2]


async def test_a_burst_of_keys_in_the_rules_menu_changes_the_tier_of_the_table_reached(make_app):
    app = make_app(DEALER_DRAWS * 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "m")
        menu = app.screen
        names = list(app.game.rule_sets)
        tiered = next(i for i, n in enumerate(names) if app.game.rule_sets[n].tiers)
        here = names.index(app.session.rules.name)
        keys = ["down" if tiered > here else "up"] * abs(tiered - here)
        await send_burst(app, *keys, "t")
        await pilot.pause(0.2)
        assert menu.tier_index == {names[tiered]: 1}


async def test_a_hand_that_hits_to_a_soft_21_shows_21_once_it_is_done(make_app, tmp_path):
    # Two boxes: 4♥ A♣ and 10♣ 9♦ against a jack. Box 1 hits a 6: soft 21, which stands by itself
    # at the Nordic table (no stand event), so the play moves on to box 2. It showed 11/21.
    cards = ["4H", "TC", "JH", "AC", "9D", "7C", "6H", "5C"]
    data = tmp_path / "soft21"
    app = make_app(cards, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.screen.slip.set([Decimal(1), Decimal(1)])
        await press_settled(pilot, app, "enter", "h")
        assert app.screen.decision is not None and app.screen.decision.box == 2
        shown = app.screen.query_one(Table).boxes[0].hand_text(1)
        assert "21" in shown and "11/21" not in shown
    again = make_app(data_dir=data)  # and after a resume
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.screen.query_one(Table).boxes[0].hand_text(1) == shown


async def test_a_soft_21_that_may_still_hit_shows_both_totals(make_app):
    # Swedish: a soft 21 may take another card, so 5 5 A shows 11/21 while it is asked.
    app = make_app(["5S", "9H", "5D", "AC", "TC", "8S"], rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.screen.slip.set([Decimal(20)])
        await press_settled(pilot, app, "enter", "h")
        assert app.screen.decision is not None
        assert "11/21" in app.screen.query_one(Table).boxes[0].hand_text(1)


async def test_the_last_hand_hit_to_a_soft_21_shows_21_during_the_dealers_turn(make_app):
    # One box: 4♥ A♣ against a 6 (hole 10); the hit's 6 makes a soft 21; the dealer draws slowly.
    app = make_app(["4H", "6D", "AC", "TC", "6H", "2S", "9C"], speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        await pilot.press("h")
        table = app.screen
        seen = []
        for _ in range(300):
            await asyncio.sleep(0.02)
            view = table.controller.view
            if len(view.dealer_cards) >= 2 and not view.over:
                seen.append(table.query_one(Table).boxes[0].hand_text(1))
            if view.over:
                break
        assert seen, "the dealer's turn was never seen"
        assert all("11/21" not in text and "21" in text for text in seen)


async def test_a_round_resumed_after_a_quit_is_the_one_space_repeats(make_app, tmp_path):
    # The first round ever, two boxes (20 and 30 at the Nordic table), quit mid-hand. After the
    # resume the round ends, and space places its bets again: it said "No earlier bets to
    # repeat", as the bets are kept with the settings only when a round is booked.
    data = tmp_path / "quit"
    app = make_app(["TS", "9D", "6H", "8C", "7D", "TC", "5S"] * 3, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.screen.slip.set([Decimal(20), Decimal(30)])
        await press_settled(pilot, app, "enter")
        assert app.screen.decision is not None
    again = make_app(data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        await press_settled(pilot, again, "s", "s")
        assert again.session.round.over
        assert "space: same bets again" in message(again)
        await press_settled(pilot, again, "space")
        assert [b.bet for b in again.session.round.boxes] == [Decimal(20), Decimal(30)]
