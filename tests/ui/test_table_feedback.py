"""Issue 24: the table answers every key and tells the player everything (Pilot tests, each
named after what a player saw go wrong)."""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.engine.money import money_str
from blackjack_tui.ui.screens.confirm import Confirm
from blackjack_tui.ui.screens.home_ledger import HomeLedger
from blackjack_tui.ui.widgets.action_bar import ActionBar
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine
from blackjack_tui.ui.widgets.table import Table
from tests.money import check_money
from tests.ui.conftest import choose_table, press_settled, settle, stand_out
from tests.ui.test_home_evening_play import HOME_ROUND, YOUR_NATURAL
from tests.ui.test_table_play import message, shown


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
        assert "Closed after hand 1" in ledger_note(app) and " win" in ledger_note(app)
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


async def test_a_round_the_dealer_finished_while_the_player_was_away_is_shown_at_the_restart(
        make_app, tmp_path):
    data = tmp_path / "data"
    # You T+9 = 19 stand; the dealer 7+8 draws the ten and busts: +1.
    app = make_app(["TS", "7D", "9H", "8C", "TC"], data_dir=data, speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")
        for _ in range(400):  # the deal at the slow pace, until the hand waits for you
            await pilot.pause(0.02)
            if app.screen.decision is not None:
                break
        await pilot.press("s")
        await pilot.pause(0.1)
        assert app.screen.playing  # the dealer still draws: quit now
        assert app.game.store.recent(1)[0]  # (booked before it is shown)
    again = make_app(data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        line = shown(again.screen.query_one("#message"))
        assert "Last round +1" in line and "bankroll 1001" in line, line
        assert "WIN +1" in again.screen.query_one(Table).boxes[0].hand_text(1)


async def test_enter_after_a_round_deals_the_same_bets_again_as_the_lit_deal_button_says(
        make_app):
    app = make_app(["TS", "7D", "9H", "8C", "TC"] * 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "plus", "enter", "s")  # box 1: 2
        assert "bet-deal" in app.screen.query_one(ActionBar).shown
        await press_settled(pilot, app, "enter")
        assert app.screen.decision is not None  # dealt, not "Place a bet first"
        assert app.session.round.player_boxes()[0].bet == 2


async def test_space_in_the_first_round_deals_the_bets_on_the_table(make_app):
    app = make_app(["TS", "7D", "9H", "8C", "TC"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "plus", "space")  # box 1: the minimum and a chip
        assert app.screen.decision is not None, shown(app.screen.query_one("#message"))
        assert app.session.round.player_boxes()[0].bet == 2


async def test_space_after_a_hand_you_banked_repeats_your_last_bets(make_app):
    # Your natural brings you the bank; Astrid's T+7 then loses to the dealer's 9+T.
    app = make_app([*YOUR_NATURAL, "TS", "9C", "7S", "TD"], rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "a", "enter", "space")  # the hand you banked
        assert app.session.home.standings.hands == 2
        assert app.session.last_bets == [Decimal(1)]  # what space repeats once the bank goes


async def test_a_key_that_cannot_act_says_why_in_one_line(make_app):
    # You 5+3 = 8, hit a 2: 10 on three cards; the dealer 7+8 draws the ten and busts.
    app = make_app(["5S", "7D", "3H", "8C", "2C", "TC"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter", "r")
        line = app.screen.query_one(AnalysisLine)  # (made with its first note)
        assert shown(line).strip().endswith("No surrender at this table")  # nordic has none
        assert "your move" in message(app)  # the question stays in view
        await press_settled(pilot, app, "h", "d")
        assert shown(line).strip().endswith("Double only on the first two cards")
        assert len(app.session.round.box(1).hands[0].cards) == 3  # nothing changed
        await press_settled(pilot, app, "p")
        assert shown(line).strip().endswith("Split only the first two cards")
        await press_settled(pilot, app, "s")
        assert app.session.round.over


def test_the_reasons_come_from_the_round_not_the_widgets() -> None:
    from blackjack_tui.controller.refusals import why_not
    from blackjack_tui.engine.round import Round
    from blackjack_tui.engine.shoe import Shoe
    from tests.store.helpers import RULE_SETS

    online = RULE_SETS["online"]  # double on 9-11 only
    rnd = Round(online, Shoe.stacked(["5S", "7D", "2H", "8C"]), [Decimal(1)], Decimal(100))
    rnd.deal()
    decision = rnd.legal_actions()
    assert why_not("double", rnd, decision) == "Double only on 9–11 at this table"
    assert why_not("split", rnd, decision) == "Split only a pair"
    assert why_not("insurance", rnd, decision) == (
        "Insurance is asked only when the dealer shows an ace")


async def test_no_notice_covers_a_card_a_question_or_a_result_at_80_by_24(make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(["TS", "7D", "9H", "8C", "TC"], data_dir=data)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        app.notify("The disk said no. The table waits and tries again every 2 s.",
                   severity="error")
        app.screen.notify("A second notice at the same time")
        await pilot.pause()
        assert not list(app.screen.query("Toast"))
        line = shown(app.screen.query_one(AnalysisLine))
        assert "The disk said no" in line and "A second notice" in line
        assert "your move" in message(app)  # the question stays in view


async def test_history_shows_the_felt_s_suits_and_every_card_at_80_by_24(make_app):
    # Box 1: 8 8 split, the hands get 3 and 9 (11 and 17 stand); the dealer 7+10.
    app = make_app(["8S", "TC", "8D", "7H", "3H", "9D", "5C"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter", "p", "s", "s")
        assert app.session.round.over
        await pilot.press("y")
        for _ in range(50):
            await pilot.pause()
            if app.screen.query("#history-table") and getattr(app.screen, "rows", None):
                break
        await pilot.pause()
        cards = str(app.screen.query_one("#history-table").get_row_at(0)[-2])
        assert "10♣" in cards and "TC" not in cards  # the felt's suits, not codes
        detail = shown(app.screen.query_one("#history-detail"))
        for card in ("8♠", "3♥", "8♦", "9♦", "10♣", "7♥"):  # every card, the split's too
            assert card in detail, detail
        assert "split, stand, stand" in detail
        box = app.screen.query_one("#history-detail")
        assert box.region.right <= 80 and "…" not in detail


def test_statistics_counts_line_up_with_their_percentages() -> None:
    from rich.console import Console

    from blackjack_tui.store.reading import Summary
    from blackjack_tui.ui.screens.statistics import figures

    summary = Summary(rounds=120, hands=130, wins=7, pushes=13, losses=110)
    console = Console(width=40, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(figures(summary))
    lines = {line.split()[0]: line for line in console.export_text().splitlines() if line}
    ends = {name: lines[name].rstrip() for name in ("Won", "Pushed", "Lost")}
    assert len({len(text) for text in ends.values()}) == 1  # the shares end in one column
    counts = {name: text.rstrip().rsplit(" ", 1)[0].rstrip() for name, text in ends.items()}
    assert len({len(text) for text in counts.values()}) == 1, counts  # so do the counts


async def test_the_session_s_wins_losses_pushes_and_streak_stay_in_view(make_app):
    # Twice: you T+9 = 19 stand, the dealer 7+8 draws the ten and busts.
    app = make_app(["TS", "7D", "9H", "8C", "TC"] * 2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        line = app.screen.query_one(AnalysisLine)
        await press_settled(pilot, app, "enter", "s", "space", "s")
        assert "W 2 · L 0 · P 0 · BJ 0 · won 2 in a row" in shown(line)
        assert line.display


def test_the_hint_s_chance_that_a_hit_busts_counts_the_cards_in_view() -> None:
    from blackjack_tui.controller.tally import bust_chance
    from blackjack_tui.engine.round import Round
    from blackjack_tui.engine.shoe import Shoe
    from tests.store.helpers import RULE_SETS

    one_deck = RULE_SETS["downtown-h17"]
    # You T+6 = 16 against a 7 up, one deck: of the 49 cards you cannot see, every one from a
    # six up busts (less the six, the seven and the ten in view).
    rnd = Round(one_deck, Shoe.stacked(["TS", "7D", "6H", "8C"], decks=1), [Decimal(5)],
                Decimal(100))
    rnd.deal()
    busting = (4 - 1) + (4 - 1) + 4 + 4 + (16 - 1)  # sixes, sevens, eights, nines, tens
    assert bust_chance(rnd) == busting / 49


async def test_the_rules_menu_shows_every_edge_at_the_first_opening(make_app, tmp_path,
                                                                   monkeypatch):
    from blackjack_tui.analysis import cache
    from blackjack_tui.controller import strategy

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "empty-cache"))  # nothing worked out yet
    monkeypatch.setattr(strategy, "_READ", {})  # (nor read by an earlier test)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        # Every table's edge, chart and index plays were there at once: nothing to work out.
        assert not [w for w in app.workers if w.group.startswith("rules-")]
        assert set(app.screen.found) == set(app.screen.indices) == set(app.rule_sets)
        edge = str(app.screen.query_one("#rules-edge").render())
        assert "working it out" not in edge and "0.460%" in edge


async def test_help_gives_each_key_one_line_at_80_columns_and_no_rule_file_syntax(make_app):
    from rich.console import Console
    from textual.widgets import Static

    app = make_app(rules="swedish")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        width = app.screen.query_one("#help").content_region.width
        statics = list(app.screen.query_one("#help").query(Static))
        keys = statics[0].content
        console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(keys)
        lines = [line for line in console.export_text().splitlines() if line.strip()]
        assert len(lines) == keys.row_count + 1  # the title, then one line a key: none wraps
        everything = " ".join(shown(s) for s in statics)
        assert "double_ace_as_one" not in everything and '= "' not in everything


async def test_the_rules_menu_s_tier_change_is_in_view_at_80_by_24(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("m")
        await pilot.pause()
        app.screen.query_one("OptionList").highlighted = list(app.rule_sets).index("online")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        tier = app.screen.query_one("#rules-tier")
        assert "High Roller" in shown(tier)
        assert tier.region.height and tier.region.bottom <= 24  # on screen, not scrolled away
        edge = app.screen.query_one("#rules-edge")
        assert edge.region.height == 2  # two whole lines, no word left alone on a third


def test_the_hint_fits_80_columns_whole_and_keeps_the_chance_that_a_hit_busts() -> None:
    """Seen at 80×24: the hint with the bust chance was cut at the 80th column ("· a hit")."""
    from blackjack_tui.ui.screens.table_analysis import hint_line

    others = [("stand", -0.544), ("double", -0.751), ("surrender", -0.5)]
    line = hint_line("hit", -0.348, others, 0.38, None, 78)
    assert len(line) <= 78 and line.startswith("Best: Hit -0.348 · a hit busts 38%")
    assert not line.endswith("·") and "Stand -0.544" in line
    wide = hint_line("hit", -0.348, others, 0.38, "a note", 200)
    assert wide.endswith("a note (EV per unit bet)") and "Surrender -0.500" in wide
