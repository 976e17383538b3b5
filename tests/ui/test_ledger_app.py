"""The scorekeeper driven from the keyboard, as at the table: set up an evening, enter hands,
answer a rebuy, correct and undo, end it, and find it again unchanged after a restart."""

from __future__ import annotations

from decimal import Decimal

import pytest

from blackjack_tui.engine.rules import LedgerSettings
from blackjack_tui.ledger import Evening
from blackjack_tui.rulesets import load_all
from blackjack_tui.store import Store
from blackjack_tui.store.evenings import EveningStore
from blackjack_tui.ui.ledger import EveningsScreen, LedgerApp, StandingsScreen
from blackjack_tui.ui.ledger.dialogs import AskDialog, WinnerDialog
from blackjack_tui.ui.ledger.setup import SetupScreen

SIZE = (80, 24)


@pytest.fixture
def rules():
    return load_all()[0]["home"]


@pytest.fixture
def store(tmp_path):
    return EveningStore(Store(tmp_path))


async def type_text(pilot, text: str) -> None:
    for char in text:
        await pilot.press("space" if char == " " else char)


async def enter(pilot, *entries: str) -> None:
    """Type each entry and press enter, one player after the other."""
    for text in entries:
        await type_text(pilot, text)
        await pilot.press("enter")
        await pilot.pause()


async def new_evening(pilot, players: str, *, bank: str | None = None,
                      hands: str | None = None) -> None:
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    await type_text(pilot, players)
    if hands is not None:
        pilot.app.screen.query_one("#hands").focus()
        await type_text(pilot, hands)
    if bank is not None:
        pilot.app.screen.query_one("#bank").focus()
        await pilot.press("ctrl+u")
        await type_text(pilot, bank)
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, StandingsScreen)


async def test_an_evening_entered_from_the_keyboard_and_resumed_after_a_restart(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, EveningsScreen)
        await new_evening(pilot, "Ann, Bo, Cy", bank="Cy")
        screen = app.screen
        # Hand 1: Ann doubles and wins, Bo insures and the bank has blackjack.
        await enter(pilot, "dw", "l i bj")
        # Hand 2: Ann splits (win, loss), Bo busts.
        await enter(pilot, "w/l", "b")
        # Hand 3: typed nets, a decimal comma, and a bet other than the normal one.
        await enter(pilot, "-7,5", "w @20")
        evening = screen.evening
        stacks = evening.standings.stacks
        assert stacks == {"Ann": Decimal("102.5"), "Bo": Decimal(115), "Cy": Decimal("82.5")}
        assert [row.bank for row in evening.standings.rows] == [-10, 5, Decimal("-12.5")]
        saved = store.load_evening(evening.id).model_dump_json()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EveningsScreen)

    # A new app on the same folder: the evening is listed and opens as it was left.
    assert store.load_evening(evening.id).model_dump_json() == saved
    again = LedgerApp(store, rules)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, StandingsScreen)
        assert screen.evening == evening
        assert screen.evening.standings.stacks == stacks
        table = screen.query_one("#sheet")
        assert table.row_count == 1 + 3 + 1  # stacks, three hands, the hand being entered
        await pilot.press("escape", "escape")
    assert store.load_evening(evening.id).model_dump_json() == saved


async def test_a_typo_is_refused_and_the_same_player_is_asked_again(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await new_evening(pilot, "Ann, Bo")
        screen = app.screen
        await enter(pilot, "x")
        hint = screen.query_one("#hint")
        assert "'x' is not an outcome" in str(hint.render())
        assert hint.has_class("-error")
        assert screen._current == "Ann"
        await pilot.press("ctrl+u")
        await enter(pilot, "w", "l")
        assert screen.evening.standings.hands == 1


async def test_up_goes_back_to_the_previous_player(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await new_evening(pilot, "Ann, Bo, Cy")
        screen = app.screen
        await enter(pilot, "w")
        await pilot.press("up")
        assert screen._current == "Ann"
        assert screen.query_one("#entry").value == "w"
        await pilot.press("backspace")
        await enter(pilot, "n", "p", "l")
        hand = screen.evening.hands()[-1]
        assert [e.amount for e in hand.entries.values()] == [Decimal("7.5"), 0, -5]


async def test_rebuy_prompt_then_out_on_the_second_bust(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await new_evening(pilot, "Ann, Bo, Cy", bank="Cy")
        screen = app.screen
        await enter(pilot, "-100", "0")
        assert isinstance(app.screen, AskDialog)
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen
        assert screen.evening.standings.rebuys_used["Ann"] == 1
        assert screen.evening.standings.stacks["Ann"] == 100
        await enter(pilot, "-100", "0")
        await pilot.pause()
        # No second rebuy: no question, Ann is out and only Bo plays against the bank.
        assert app.screen is screen
        assert screen.evening.standings.status["Ann"] == "out"
        assert screen.evening.standings.in_hand == ("Bo",)
        saved = store.load_evening(screen.evening.id)
        assert saved.standings.status["Ann"] == "out"


async def test_declined_rebuy_ends_a_two_player_evening_with_the_winner(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await new_evening(pilot, "Ann, Bo", bank="Bo")
        await enter(pilot, "-100")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, WinnerDialog)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StandingsScreen)
        assert screen.evening.standings.winners == ("Bo",)
        assert "winner Bo" in str(screen.query_one("#ledger-title").render())


async def test_tournament_ends_after_the_agreed_hands(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await new_evening(pilot, "Ann, Bo", hands="2")
        await enter(pilot, "w", "l", "dw", "p")
        await pilot.pause()
        assert isinstance(app.screen, WinnerDialog)
        await pilot.press("enter")
        await pilot.pause()
        standings = app.screen.evening.standings
        assert standings.ended_by == "hands" and standings.winners == ("Ann",)


async def test_correct_and_undo_the_last_hand(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await new_evening(pilot, "Ann, Bo")
        screen = app.screen
        await enter(pilot, "w", "l", "dl", "w")
        await pilot.press("ctrl+r")
        assert screen.query_one("#entry").value == "dl"
        await pilot.press("ctrl+u")
        await enter(pilot, "l", "")  # Bo's entry is kept by pressing enter on it
        await pilot.pause()
        evening = screen.evening
        assert [e.amount for e in evening.hands()[-1].entries.values()] == [-5, 5]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert evening.standings.hands == 1
        assert [c.action for c in evening.history] == ["hand", "hand", "correct", "undo"]
        assert store.load_evening(evening.id) == evening


async def test_chart_and_history_open_and_close(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await new_evening(pilot, "Ann, Bo")
        screen = app.screen
        await enter(pilot, "w", "l")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert type(app.screen).__name__ == "ChartScreen"
        await pilot.press("escape")
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert type(app.screen).__name__ == "HistoryScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_export_from_the_sheet(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await new_evening(pilot, "Ann, Bo")
        await enter(pilot, "w", "l")
        await pilot.press("ctrl+s")
        await pilot.pause()
        evening = app.screen.evening
    csv_text = (store.root / "exports" / f"{evening.id}.csv").read_text()
    assert csv_text.splitlines()[1].startswith("1,hand,1,house,5,-5,0")


async def test_setup_mistakes_are_shown_not_raised(store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_text(pilot, "Ann")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "2 to 8 players" in str(app.screen.query_one("#setup-error").render())


async def test_list_shows_kept_evenings(store, rules):
    done = Evening(name="Last week", players=("Ann", "Bo"), first_banker="Bo",
                   settings=LedgerSettings(starting_stack=Decimal(10), rebuys=0))
    done.add_hand({"Ann": -10})
    store.save_evening(done)
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen.query_one("#evenings")
        assert table.row_count == 1
        assert "won by Bo" in str(table.get_row_at(0)[3])
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_after_taking_back_the_last_hand_of_an_ended_evening_typing_enters_the_hand(
        store, rules):
    app = LedgerApp(store, rules)
    async with app.run_test(size=SIZE) as pilot:
        await new_evening(pilot, "Ann, Bo", bank="Bo")
        await enter(pilot, "-100")
        await pilot.press("n")  # no rebuy: Ann is out, the evening is over
        await pilot.pause()
        await pilot.press("enter")  # the winner, back to the sheet
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StandingsScreen) and screen.evening.standings.finished
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not screen.evening.standings.finished
        # The entry is back and has the keys: "w" is Ann's win, not a key for the app (in the
        # table's app, w opened the statistics).
        await enter(pilot, "w")
        assert isinstance(app.screen, StandingsScreen)
        assert screen.evening.standings.stacks["Ann"] == 105
