"""Options, game recall and the fair-shoe screen, used as a player would."""

from __future__ import annotations

from decimal import Decimal

from textual.widgets import DataTable, Select, Static, Switch

from blackjack_tui.engine.fair import FairShoe, verify_record
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine
from blackjack_tui.ui.widgets.table import Table
from tests.ui.conftest import press_settled, settle, stand_out
from tests.ui.test_table_play import shown

ROUND = ["TS", "7D", "9H", "8C", "TC"]


async def test_history_lists_rounds_newest_first_and_recalls_one_step_by_step(make_app):
    app = make_app([*ROUND, "5S", "6D", "9C", "4H", "TH"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter", "s", "space", "s")  # two rounds
        await pilot.press("y")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 2
        newest = [str(cell) for cell in table.get_row_at(0)]
        assert " 5♠  9♣ v  6♦  4♥ 10♥" in newest  # the second round comes first
        await pilot.press("enter")
        await pilot.pause()
        recall = app.screen
        assert "RECALL" in shown(recall.query_one("#recall-banner", Static))
        await pilot.press("right", "right")
        assert recall.query_one(Table).boxes[0].box_view.hands[0].cards[0].text == "5S"
        await pilot.press("end")
        assert "LOSE -1" in recall.query_one(Table).boxes[0].hand_text(1)  # 14 v 6+4+10
        await pilot.press("left", "left")  # back past the round-over and the settlement
        assert recall.query_one(Table).boxes[0].box_view.hands[0].outcome is None
        await pilot.press("escape", "escape")
        assert not app.session.round or app.session.round.over



async def recall_of_one_round(pilot, app):
    """Play one round (stand), open the history and recall it: the recall screen."""
    await settle(pilot, app)
    await press_settled(pilot, app, "enter", "s")
    await pilot.press("y")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    return app.screen

async def test_recall_says_each_step_in_words_not_event_names(make_app):
    app = make_app(ROUND)  # T+9 = 19 against 7 up, 8 in the hole: the dealer's 15 draws a ten
    async with app.run_test(size=(80, 24)) as pilot:
        recall = await recall_of_one_round(pilot, app)
        seen = []
        for _ in range(recall.recall.steps + 1):
            seen.append(shown(recall.query_one("#recall-step", Static)))
            await pilot.press("right")
        text = "\n".join(seen)
        assert "the bets are placed" in seen[0]
        assert "box 1 gets 10♠" in seen[1] and "the dealer's card: 7♦" in seen[2]
        assert "box 1 stands on 19" in text and "the dealer ends on 25 (bust)" in text
        assert "box 1: win" in text and "the round is over" in seen[-1]
        for raw in ("dealer-total", "round-over", "card ·", "settle"):
            assert raw not in text, raw
        assert all(len(line) <= 78 for line in seen)


async def test_recall_in_a_terminal_too_small_says_so_and_only_escape_acts(make_app):
    app = make_app(ROUND)
    async with app.run_test(size=(80, 24)) as pilot:
        recall = await recall_of_one_round(pilot, app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        notice = recall.query_one("#too-small", Static)
        assert notice.display and not recall.query_one("#recall-main").display
        assert "at least 80×24" in shown(notice) and "60×20" in shown(notice)
        await pilot.press("right", "end")
        assert recall.step == 0  # nothing moved behind the notice
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not notice.display
        await pilot.press("right")
        assert recall.step == 1
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not recall

async def test_options_change_the_cards_and_persist(make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(ROUND, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#four-colour", Switch).value = True
        app.screen.query_one("#speed", Select).value = "slow"
        await pilot.pause()
        await pilot.press("escape")
        assert app.card_style.four_colour
        assert app.screen.controller.pace == "slow"
    again = make_app(data_dir=data, speed=None)  # no --speed: the saved one holds
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.card_style.four_colour
        assert again.screen.controller.pace == "slow"


async def test_fair_shoes_commit_before_the_deal_and_verify_after_the_reveal(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#client-seed").value = "my-lucky-seed"
        app.screen.query_one("#fair-switch", Switch).value = True
        await pilot.pause()
        await pilot.press("escape")
        shoe = app.session.shoe
        assert isinstance(shoe, FairShoe)
        promised = shoe.next_commitment
        await pilot.press("enter")
        await settle(pilot, app)
        await stand_out(pilot, app)
        assert shoe.commitment == promised
        await pilot.press("f")
        await pilot.pause()
        assert promised in shown(app.screen.query_one("#fair-current", Static))
        await pilot.press("r")
        await pilot.pause()
        records, _ = app.game.fair_shoes()
        assert records[-1].commitment == promised
        assert records[-1].client_seed == "my-lucky-seed"
        verdict = verify_record(records[-1])
        assert verdict.fair and verdict.checked >= 4
        assert "fair" in shown(app.screen.query_one("#fair-retired", Static))
        assert app.session.bankroll != Decimal(0)


async def test_statistics_add_up_the_rounds_played(make_app):
    app = make_app([*ROUND, "5S", "6D", "9C", "4H", "TH"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter", "s", "space", "s")  # two rounds
        await pilot.press("w")
        await pilot.pause()
        figures = shown(app.screen.query_one("#stats-figures", Static))
        assert "Rounds" in figures and "Won" in figures
        summary = app.screen.summary
        assert (summary.rounds, summary.wins, summary.losses) == (2, 1, 1)
        assert summary.bankroll == [Decimal(1000), Decimal(1001), Decimal(1000)]
        await pilot.press("escape")
        assert app.screen is app.screen_stack[0]


async def test_computer_players_and_the_home_tournament_are_kept_between_runs(make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(data_dir=data, rules="home")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("a", "a")  # two computer players
        assert len(app.session.others) == 2
        await pilot.press("o")
        await pilot.pause()
        hands = app.screen.query_one("#home-hands")
        hands.value = "12"
        await hands.action_submit()
        await pilot.pause()
        await pilot.press("escape")
        assert app.session.home_hands == 12
    again = make_app(data_dir=data, rules="home")
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert len(again.session.others) == 2
        assert again.session.home_hands == 12
        await pilot.press("enter")  # the first deal starts the evening, as a tournament
        await settle(pilot, again)
        assert again.session.home is not None
        assert again.session.home.evening.settings.hands == 12


async def test_the_count_starts_again_when_the_fair_shoe_is_revealed_now(make_app):
    # r in the fair-shoe screen retires the shoe and shuffles it whole: the cards counted so far
    # are back in it, so the Hi-Lo count must start again, as at any shuffle.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#fair-switch", Switch).value = True
        await pilot.pause()
        await pilot.press("escape", "k")
        await press_settled(pilot, app, "enter")
        await stand_out(pilot, app)
        controller = app.screen.controller
        assert controller.count.seen >= 4
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("r", "escape")
        await pilot.pause()
        assert app.session.shoe.remaining == 312
        assert controller.count.seen == 0
        assert "Count +0" in shown(app.screen.query_one(AnalysisLine))


async def test_fair_shoes_switched_on_mid_round_are_refused_and_the_switch_says_so(make_app):
    # Mid-round the shoe cannot change: the notice says so and the switch goes back off, so
    # the dialog never shows fair shoes on while the table deals ordinary ones.
    app = make_app(ROUND)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        assert app.screen.decision is not None
        await pilot.press("o")
        await pilot.pause()
        switch = app.screen.query_one("#fair-switch", Switch)
        switch.value = True
        await pilot.pause()
        assert "between rounds" in " ".join(n.message for n in app._notifications)
        assert not app.game.settings.provably_fair
        assert switch.value is False


async def test_the_fair_shoe_screen_says_a_seeded_shoe_comes_from_the_seed(make_app):
    # With --seed (make_app gives seed 1) the shoe is shuffled from the seed, reproducibly: the
    # fair-shoe screen says so, not "from the operating system's randomness".
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("f")
        await pilot.pause()
        text = " ".join(shown(app.screen.query_one("#fair-current", Static)).split())
        assert "--seed 1" in text
        assert "operating system" not in text


async def test_the_fair_shoe_screen_lists_the_retired_shoes_newest_first(make_app):
    # The online table shuffles before every round: each round retires a fair shoe. The list is
    # titled newest first, and the newest (the highest shoe number) is on top.
    app = make_app(rules="online")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#fair-switch", Switch).value = True
        await pilot.pause()
        await pilot.press("escape")
        for key in ("enter", "space", "space"):
            await press_settled(pilot, app, key)
            await stand_out(pilot, app)
        await pilot.press("f")
        await pilot.pause()
        rows = [line.split("│")[1].strip() for line in
                shown(app.screen.query_one("#fair-retired", Static)).splitlines()
                if line.count("│") > 2]
        assert rows == ["2", "1"]


async def _export_two_rounds(pilot, app) -> None:
    await settle(pilot, app)
    await press_settled(pilot, app, "enter", "s", "space", "s")  # two rounds
    await pilot.press("y")
    await pilot.pause()
    await pilot.press("x")
    for _ in range(50):
        await pilot.pause(0.05)
        if not [w for w in app.workers if w.group == "history-export" and not w.is_finished]:
            return


async def test_history_exports_every_round_as_csv_and_json_in_the_data_folder(make_app, tmp_path):
    import csv
    import json

    app = make_app([*ROUND, "5S", "6D", "9C", "4H", "TH"])
    async with app.run_test(size=(80, 24)) as pilot:
        await _export_two_rounds(pilot, app)
    exports = tmp_path / "data" / "exports"
    [csv_path] = exports.glob("history-*.csv")
    [json_path] = exports.glob("history-*.json")
    rows = list(csv.DictReader(csv_path.read_text().splitlines()))
    assert [r["round"] for r in rows] == ["1", "2"]  # oldest first, as a ledger reads
    assert rows[1]["cards"] == "5S 9C" and rows[1]["dealer"] == "6D 4H TH"
    assert rows[1]["net"] == "-1" and rows[0]["bankroll_after"] == rows[1]["bankroll_before"]
    records = json.loads(json_path.read_text())
    assert [r["result"]["net"] for r in records] == [r["net"] for r in rows]


async def test_history_export_in_a_browser_is_two_downloads_not_files_on_the_server(
        make_app, tmp_path, monkeypatch):
    app = make_app([*ROUND, "5S", "6D", "9C", "4H", "TH"])
    delivered: list[tuple[str, str]] = []
    monkeypatch.setattr(type(app), "is_web", property(lambda self: True))
    monkeypatch.setattr(app, "deliver_text",
                        lambda text, save_filename=None, **kw: delivered.append(
                            (save_filename, text.read())))
    async with app.run_test(size=(80, 24)) as pilot:
        await _export_two_rounds(pilot, app)
    assert [name.rsplit(".", 1)[1] for name, _ in delivered] == ["csv", "json"]
    assert delivered[0][1].count("\n") == 3  # the header and two rounds
    assert not (tmp_path / "data" / "exports").exists()
