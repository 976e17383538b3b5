"""Whole rounds at the table, played by keyboard and by mouse, with stacked shoes."""

from __future__ import annotations

from decimal import Decimal

from rich.console import Console
from textual.widgets import Static

from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.ui.widgets.action_bar import ActionBar
from blackjack_tui.ui.widgets.drawn import Drawn
from blackjack_tui.ui.widgets.pane import Pane
from blackjack_tui.ui.widgets.status_bar import StatusBar
from blackjack_tui.ui.widgets.table import Table
from tests.ui.conftest import choose_table, press_settled, settle


def shown(widget: object) -> str:
    """The plain text a widget draws."""
    if isinstance(widget, Drawn | Pane):
        return widget.plain
    content = getattr(widget, "content", None)  # a Static: what it was given
    renderable = content if content is not None else widget.render()  # type: ignore[attr-defined]
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def message(app) -> str:  # type: ignore[no-untyped-def]
    return shown(app.screen.query_one("#message", Static))


async def test_first_start_box_one_holds_the_minimum_and_enter_deals(make_app):
    app = make_app(["TS", "7D", "9H", "8C", "TC"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.screen.slip.bets == {1: Decimal(1)}
        await press_settled(pilot, app, "enter")
        box = app.screen.query_one(Table).boxes[0]
        assert "19" in box.hand_text(1)
        await press_settled(pilot, app, "s")
        assert "WIN +1" in box.hand_text(1)
        assert app.session.bankroll == Decimal(1001)
        assert "Bankroll 1001" in shown(app.screen.query_one(StatusBar))
        assert "Round +1" in message(app)


async def test_three_boxes_split_double_insurance_and_even_money_by_keyboard(make_app):
    cards = ["8S", "5H", "TD", "AC", "8D", "6C", "AS", "9S", "3H", "TC", "9D", "KH"]
    app = make_app(cards)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        # Box 1 holds the minimum 1; a 5 chip makes it 6. Box 2: 5. Box 3: 10.
        await pilot.press("right_square_bracket", "plus", "2", "plus", "3", "plus", "plus")
        assert app.screen.slip.bets == {1: Decimal(6), 2: Decimal(5), 3: Decimal(10)}
        await press_settled(pilot, app, "enter")
        decision = app.screen.decision
        assert (decision.kind, decision.box, decision.stake) == ("insurance", 1, Decimal(3))
        await press_settled(pilot, app, "i")
        await press_settled(pilot, app, "n")
        assert app.screen.decision.kind == "even-money"
        await press_settled(pilot, app, "e")
        # Box 1: 8+8 splits; the left hand (8+3) doubles; the right (8+10) stands.
        assert app.screen.decision.actions == ("hit", "stand", "double", "split")
        await press_settled(pilot, app, "p")
        await press_settled(pilot, app, "d")
        await press_settled(pilot, app, "s")
        # Box 2: 5+6 doubles to 21.
        await press_settled(pilot, app, "d")
        view = app.screen.controller.view
        assert view.over
        left, right = view.box(1).hands
        assert (left.outcome, left.net, left.stake) == ("push", Decimal(0), Decimal(12))
        assert (right.outcome, right.net) == ("lose", Decimal(-6))
        assert (view.box(2).hands[0].outcome, view.box(2).hands[0].net) == ("win", Decimal(10))
        assert (view.box(3).hands[0].outcome, view.box(3).hands[0].net) == ("even-money",
                                                                            Decimal(10))
        assert view.box(1).insurance_net == Decimal(-3)
        assert app.session.bankroll == Decimal(1011)
        box_one = app.screen.query_one(Table).boxes[0]
        assert "PUSH 0" in box_one.hand_text(1)
        assert "LOSE -6" in box_one.hand_text(2)
        assert "Round +11" in message(app)


async def test_illegal_and_early_keys_change_nothing(make_app):
    app = make_app(["9S", "7D", "5H", "8C", "TC"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("h")  # no round yet: hit does nothing
        assert not app.screen.playing
        await press_settled(pilot, app, "enter")
        before = app.session.round.to_dict()
        for key in ("p", "r", "i", "e", "n"):  # 9+5 is no pair; no surrender, no ace up
            await pilot.press(key)
            await pilot.pause()
        assert app.session.round.to_dict() == before
        assert app.screen.decision is not None
        await press_settled(pilot, app, "s")
        assert app.session.round.over


async def test_a_round_played_with_the_mouse(make_app):
    app = make_app(["TS", "7D", "9H", "8C", "TC"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("x")  # box 1 emptied
        felt = app.screen.query_one(Table)
        await pilot.click(Table, offset=felt.where(felt.boxes[1], 1, 1))
        bar = app.screen.query_one(ActionBar)
        await pilot.click(ActionBar, offset=bar.offset_of("chip-1"))
        assert app.screen.slip.bets == {2: Decimal(5)}
        await pilot.click(ActionBar, offset=bar.offset_of("bet-deal"))
        await settle(pilot, app)
        await pilot.click(ActionBar, offset=bar.offset_of("act-stand"))
        await settle(pilot, app)
        assert app.session.round.over
        assert app.session.bankroll == Decimal(1005)


async def test_a_bet_over_the_box_maximum_is_refused_and_nothing_changes(make_app):
    app = make_app([])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press(*["right_square_bracket"] * 3)  # the 100 chip
        await pilot.press(*["plus"] * 4)
        assert app.screen.slip.bets == {1: Decimal(401)}
        await pilot.press("plus")
        assert app.screen.slip.bets == {1: Decimal(401)}
        assert "at most 500" in message(app)


async def test_switching_rules_changes_what_is_legal(make_app):
    app = make_app(["5S", "7D", "3H", "8C", "TC"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        assert "double" in app.screen.decision.actions  # nordic: double on any two (8)
        await press_settled(pilot, app, "s")
        await choose_table(pilot, app, "online")
        assert app.session.rules.name == "online"
        app.session.shoe = Shoe.stacked(["5S", "7D", "3H", "8C", "TC"])
        app.screen.betting.renew()
        await pilot.press("b", "enter")
        await settle(pilot, app)
        assert app.screen.decision.actions == ("hit", "stand")  # online: double on 9-11 only


async def test_rules_chosen_during_a_round_wait_for_the_next_round(make_app):
    app = make_app(["TS", "7D", "9H", "8C", "TC"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        await choose_table(pilot, app, "swedish")
        assert app.session.rules.name == "nordic"
        assert "next: Swedish" in shown(app.screen.query_one(StatusBar))
        await press_settled(pilot, app, "s")
        assert app.session.rules.name == "swedish"


async def test_bankroll_and_rules_persist_between_runs(make_app, tmp_path):
    data = tmp_path / "profile"
    app = make_app(["TS", "7D", "9H", "8C", "TC"], data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        await press_settled(pilot, app, "s")
    again = make_app(data_dir=data, rules="nordic")
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.session.bankroll == Decimal(1001)
        assert again.session.last_bets == [Decimal(1)]


async def test_a_small_terminal_gets_a_message_and_resizing_keeps_the_round(make_app):
    app = make_app(["TS", "7D", "9H", "8C", "TC"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert app.screen.has_class("-too-small")
        assert "80×24" in shown(app.screen.query_one("#too-small", Static))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.has_class("-too-small")
        await press_settled(pilot, app, "s")
        assert app.session.bankroll == Decimal(1001)


async def test_a_round_that_nets_nothing_says_even_not_round_0(make_app):
    # 10+8 against the dealer's 10+8: a push, the round's net is nothing.
    app = make_app(["TS", "TD", "8H", "8C"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        await press_settled(pilot, app, "s")
        assert "PUSH" in app.screen.query_one(Table).boxes[0].hand_text(1)
        assert message(app).startswith("Round even · bankroll 1000")
