"""The evening: stacks, the bank's side, bust-outs, the rebuy, the end, the rotating bank,
corrections and undo with their history."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pydantic import ValidationError

from blackjack_tui.engine.rules import LedgerSettings
from blackjack_tui.ledger import Entry, Evening, LedgerError, Play, SheetResult, settle

D = Decimal


def evening(players=("Ann", "Bo", "Cy"), banker=None, **settings) -> Evening:
    base = {"starting_stack": D(100), "normal_bet": D(10), "rebuys": 1, "rotating_bank": False}
    base.update(settings)
    return Evening(name="test", players=players, first_banker=banker,
                   settings=LedgerSettings(**base))


def test_running_stacks_are_start_plus_entries_and_bank_is_minus_their_sum():
    ev = evening(banker="Cy")
    hands = [{"Ann": D(10), "Bo": D(-20)}, {"Ann": D("-7.5"), "Bo": D(0)},
             {"Ann": D(15), "Bo": D(-10)}]
    for hand in hands:
        row = ev.add_hand(hand)
        assert row.bank == -sum(hand.values())
        assert row.entries["Cy"] == row.bank
    stacks = ev.standings.stacks
    assert stacks["Ann"] == 100 + 10 - D("7.5") + 15
    assert stacks["Bo"] == 100 - 20 + 0 - 10
    assert stacks["Cy"] == 100 + sum(row.bank for row in ev.standings.rows)
    # Chips only move between the players: the table's total never changes.
    assert sum(stacks.values()) == 300


def test_house_bank_keeps_its_own_result():
    ev = evening(banker=None)
    ev.add_hand({"Ann": 10, "Bo": -5, "Cy": -20})
    assert ev.standings.house == 15
    assert ev.standings.rows[-1].banker is None


def test_every_player_in_the_hand_needs_an_entry():
    ev = evening(banker="Cy")
    with pytest.raises(LedgerError, match="no entry for Bo"):
        ev.add_hand({"Ann": 10})
    with pytest.raises(LedgerError, match="Cy holds the bank"):
        ev.add_hand({"Ann": 10, "Bo": 0, "Cy": 5})
    with pytest.raises(LedgerError, match="never a float"):
        ev.add_hand({"Ann": 0.1, "Bo": 0})
    assert ev.events == [] and ev.history == []


def test_bust_out_at_the_floor_without_rebuy():
    ev = evening(rebuys=0, floor=D(20))
    ev.add_hand({"Ann": -70, "Bo": 0, "Cy": 0})
    assert ev.standings.status["Ann"] == "in"  # 30 is above the floor
    ev.add_hand({"Ann": -10, "Bo": 0, "Cy": 0})  # 20: at the floor
    assert ev.standings.status["Ann"] == "out"
    assert ev.standings.in_hand == ("Bo", "Cy")
    with pytest.raises(LedgerError, match="Ann is out"):
        ev.add_hand({"Ann": 5, "Bo": 0, "Cy": 0})


def test_one_rebuy_and_no_second():
    ev = evening()
    ev.add_hand({"Ann": -100, "Bo": 0, "Cy": 0})
    assert ev.standings.pending_rebuys == ("Ann",)
    with pytest.raises(LedgerError, match="buy back in or leave"):
        ev.add_hand({"Ann": 0, "Bo": 0, "Cy": 0})
    row = ev.rebuy("Ann")
    assert row.kind == "rebuy" and ev.standings.stacks["Ann"] == 100
    assert ev.standings.rebuys_used["Ann"] == 1
    ev.add_hand({"Ann": -100, "Bo": 0, "Cy": 0})
    assert ev.standings.status["Ann"] == "out"  # no second rebuy: out at once
    assert ev.standings.pending_rebuys == ()
    with pytest.raises(LedgerError, match="not at the floor"):
        ev.rebuy("Ann")
    # Running stack: start + entries + rebuy.
    assert ev.standings.stacks["Ann"] == 100 - 100 + 100 - 100


def test_declining_the_rebuy_leaves_the_table():
    ev = evening()
    ev.add_hand({"Ann": -100, "Bo": 0, "Cy": 0})
    ev.retire("Ann")
    assert ev.standings.status["Ann"] == "out"
    assert [r.kind for r in ev.standings.rows] == ["hand", "retire"]


def test_last_stack_standing_wins():
    ev = evening(players=("Ann", "Bo"), banker="Bo", rebuys=0)
    ev.add_hand({"Ann": -60})
    assert not ev.standings.finished
    ev.add_hand({"Ann": -40})
    assert ev.standings.finished and ev.standings.ended_by == "last-stack"
    assert ev.standings.winners == ("Bo",)
    with pytest.raises(LedgerError, match="over"):
        ev.add_hand({"Ann": 0})


def test_last_stack_waits_for_the_rebuy_decision():
    ev = evening(players=("Ann", "Bo"), banker="Bo")
    ev.add_hand({"Ann": -100})
    assert not ev.standings.finished
    ev.retire("Ann")
    assert ev.standings.winners == ("Bo",)


def test_tournament_ends_after_n_hands_and_names_the_winner():
    ev = evening(hands=3)
    ev.add_hand({"Ann": 10, "Bo": -10, "Cy": 0})
    ev.add_hand({"Ann": -5, "Bo": 20, "Cy": 5})
    assert not ev.standings.finished and ev.standings.winners == ()
    ev.add_hand({"Ann": 0, "Bo": -5, "Cy": 30})
    assert ev.standings.finished and ev.standings.ended_by == "hands"
    assert ev.standings.winners == ("Cy",)  # 135 against 105 and 105


def test_tournament_tie_is_shared():
    ev = evening(hands=1)
    ev.add_hand({"Ann": 10, "Bo": 10, "Cy": 0})
    assert ev.standings.winners == ("Ann", "Bo")


def test_bank_rotates_to_a_natural_from_the_next_hand(home):
    ev = evening(players=("Ann", "Bo", "Cy", "Di"), banker="Ann", rotating_bank=True)
    natural = settle(Play(D(10), (SheetResult.NATURAL,)), home)
    row = ev.add_hand({"Bo": D(-10), "Cy": natural, "Di": D(10)})
    assert row.banker == "Ann" and row.entries["Ann"] == -15  # Ann paid this hand's bank
    assert ev.standings.banker == "Cy"
    assert ev.standings.in_hand == ("Ann", "Bo", "Di")
    row = ev.add_hand({"Ann": 10, "Bo": 10, "Di": -5})
    assert row.banker == "Cy" and row.entries["Cy"] == -15
    # Two naturals: the first going round the table from the banker takes it.
    ev.add_hand({"Ann": Entry(amount=D(15), natural=True), "Bo": D(0),
                 "Di": Entry(amount=D(15), natural=True)})
    assert ev.standings.banker == "Di"


def test_fixed_bank_stays_put_on_a_natural():
    ev = evening(banker="Ann", rotating_bank=False)
    ev.add_hand({"Bo": Entry(amount=D(15), natural=True), "Cy": 0})
    assert ev.standings.banker == "Ann"


def test_a_natural_that_did_not_win_passes_nothing():
    ev = evening(banker="Ann", rotating_bank=True)
    ev.add_hand({"Bo": Entry(amount=D(0), natural=True), "Cy": 0})  # both had blackjack
    assert ev.standings.banker == "Ann"


def test_house_bank_rotates_to_the_first_natural():
    ev = evening(banker=None, rotating_bank=True)
    ev.add_hand({"Ann": 0, "Bo": Entry(amount=D(15), natural=True), "Cy": 0})
    assert ev.standings.banker == "Bo"


def test_broke_banker_passes_the_bank_round_the_table():
    ev = evening(banker="Bo", rebuys=0)
    ev.add_hand({"Ann": 60, "Cy": 40})
    assert ev.standings.status["Bo"] == "out"
    assert ev.standings.banker == "Cy"


def test_correct_last_hand_keeps_the_history():
    ev = evening()
    ev.add_hand({"Ann": 10, "Bo": -10, "Cy": 0})
    ev.add_hand({"Ann": 5, "Bo": -5, "Cy": 0})
    ev.correct_last_hand({"Ann": 5, "Bo": 5, "Cy": 0})
    assert ev.standings.stacks["Bo"] == 95
    assert [c.action for c in ev.history] == ["hand", "hand", "correct"]
    change = ev.history[-1]
    assert change.hand == 2 and "Bo -5 -> +5" in change.text
    assert change.before.entries["Bo"].amount == -5
    assert change.after.entries["Bo"].amount == 5


def test_correction_that_lifts_a_player_off_the_floor_drops_the_rebuy():
    ev = evening()
    ev.add_hand({"Ann": -100, "Bo": 0, "Cy": 0})
    ev.rebuy("Ann")
    ev.correct_last_hand({"Ann": -10, "Bo": 0, "Cy": 0})
    assert ev.standings.stacks["Ann"] == 90
    assert ev.standings.rebuys_used["Ann"] == 0
    assert ev.history[-1].dropped[0].kind == "rebuy"


def test_undo_last_hand():
    ev = evening()
    ev.add_hand({"Ann": 10, "Bo": -10, "Cy": 0})
    ev.add_hand({"Ann": -110, "Bo": 0, "Cy": 0})
    ev.rebuy("Ann")
    undone = ev.undo_last_hand()
    assert undone.entries["Ann"].amount == -110
    assert ev.standings.hands == 1 and ev.standings.stacks["Ann"] == 110
    assert ev.standings.rebuys_used["Ann"] == 0
    assert [c.action for c in ev.history] == ["hand", "hand", "rebuy", "undo"]
    ev.undo_last_hand()
    with pytest.raises(LedgerError, match="no hand"):
        ev.undo_last_hand()
    assert ev.standings.stacks == {"Ann": 100, "Bo": 100, "Cy": 100}


def test_undo_reopens_a_finished_tournament():
    ev = evening(hands=1)
    ev.add_hand({"Ann": 10, "Bo": 0, "Cy": 0})
    ev.undo_last_hand()
    assert not ev.standings.finished


def test_close_early_names_the_biggest_stack():
    ev = evening()
    with pytest.raises(LedgerError):
        ev.close()
    ev.add_hand({"Ann": 10, "Bo": 20, "Cy": 0})
    ev.close()
    assert ev.standings.ended_by == "closed" and ev.standings.winners == ("Bo",)


def test_stack_series_for_the_chart():
    ev = evening()
    ev.add_hand({"Ann": -100, "Bo": 50, "Cy": 0})
    ev.rebuy("Ann")
    ev.add_hand({"Ann": 10, "Bo": 0, "Cy": 0})
    series = ev.standings.stack_series()
    assert series["Ann"] == [100, 100, 110]  # the rebuy shows at the hand it followed
    assert series["Bo"] == [100, 150, 150]


@pytest.mark.parametrize(
    ("players", "banker", "match"),
    [
        (("Ann",), None, "2 to 8 players"),
        (("Ann", "ann"), None, "two players"),
        (("Ann", "Bank"), None, "column"),
        (("Ann", "Bo"), "Cy", "not one of the players"),
        (("Ann", ""), None, "1 to 12"),
    ],
)
def test_table_checks(players, banker, match):
    with pytest.raises(ValidationError, match=match):
        Evening(name="x", players=players, first_banker=banker)


def test_starting_stack_above_the_floor():
    with pytest.raises(ValidationError, match="above the floor"):
        Evening(name="x", players=("A", "B"),
                settings=LedgerSettings(starting_stack=D(10), floor=D(10)))


def test_saved_events_are_checked_when_read():
    ev = evening(rebuys=0)
    ev.add_hand({"Ann": -100, "Bo": 0, "Cy": 0})
    data = ev.model_dump()
    data["events"].append({"kind": "hand", "entries": {"Ann": {"amount": "5"},
                                                        "Bo": {"amount": "0"},
                                                        "Cy": {"amount": "0"}}})
    with pytest.raises(ValidationError, match="do not add up: Ann is out"):
        Evening.model_validate(data)
