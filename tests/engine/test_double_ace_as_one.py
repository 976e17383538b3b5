"""``double_ace_as_one``: the Swedish double, where an ace counts 1 (issue 14, first bullet).

The sheet: "Vid dubbling med ess så räknas alltid ess som 1", with its example 7+A = 8/18,
doubled, a 3 drawn: 11. Two readings: ``"all"`` (every ace of the doubled hand counts 1, also one
drawn on the double: 5+4 doubled, an ace drawn, is 10) and ``"held"`` (only the aces held when the
hand doubles; the drawn card counts as usual: that hand is 20). The shipped Swedish table keeps
``"all"``. Swedish deals no hole card: box, up card, box, the double's card, the bank's second.
"""

from __future__ import annotations

import json

import pytest

from blackjack_tui.engine import Round
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.history import HandRecord

from .scenario import box_of, cards_of, deal, play, results, rules

SWEDISH = rules("swedish")
HELD = rules("swedish", double_ace_as_one="held")
READINGS = {"all": SWEDISH, "held": HELD}


def test_the_shipped_swedish_table_reads_all():
    assert SWEDISH.double_ace_as_one == "all"


@pytest.mark.parametrize("reading", ["all", "held"])
def test_the_sheets_example_seven_ace_doubled_a_three_drawn_is_11_under_both_readings(reading):
    # 7+A counts 8 for the double test (7-11); doubled, a 3: 11 against the bank's 19.
    rnd = play(READINGS[reading], ["7S", "TH", "AD", "3C", "9S"], [20], ["double"])
    hand = box_of(rnd).hands[0]
    assert cards_of(rnd) == ["7S", "AD", "3C"]
    assert (hand.total, hand.soft, hand.label()) == (11, False, "11")
    assert results(rnd) == [(1, 1, "lose", -40)]
    settle = next(e for e in rnd.log if e.kind == "settle")
    assert settle.total == 11


def test_all_counts_an_ace_drawn_on_the_double_as_one():
    rnd = play(SWEDISH, ["5S", "TH", "4D", "AC", "7S"], [20], ["double"])
    hand = box_of(rnd).hands[0]
    assert (hand.total, hand.label()) == (10, "10")
    assert results(rnd) == [(1, 1, "lose", -40)]  # 10 against the bank's 17


def test_held_counts_an_ace_drawn_on_the_double_as_usual():
    rnd = play(HELD, ["5S", "TH", "4D", "AC", "7S"], [20], ["double"])
    hand = box_of(rnd).hands[0]
    assert (hand.total, hand.soft, hand.label()) == (20, True, "10/20")
    assert results(rnd) == [(1, 1, "win", 40)]  # 20 against the bank's 17


def test_held_keeps_the_held_ace_at_one_when_the_drawn_card_is_an_ace_too():
    # A+6 doubles on 7 (the ace as 1); the drawn ace may count 11: 1 + 6 + 11 = 18.
    rnd = play(HELD, ["AS", "TH", "6D", "AC", "7S"], [20], ["double"])
    hand = box_of(rnd).hands[0]
    assert (hand.total, hand.label()) == (18, "8/18")
    assert results(rnd) == [(1, 1, "win", 40)]


def test_held_round_trips_through_a_saved_round_mid_play():
    # Box 1 doubles 5+4 and draws an ace (20); box 2 still has to play when the round is saved.
    rnd = deal(HELD, ["5S", "9H", "TH", "4D", "8C", "AC", "7S"], [20, 20])
    rnd.apply(Action.parse("double"))
    data = json.loads(json.dumps(rnd.to_dict()))
    assert data["boxes"][0]["hands"][0]["aces_low"] == "held"
    restored = Round.from_dict(data)
    assert restored == rnd
    assert box_of(restored).hands[0].total == 20
    restored.apply(Action.parse("stand"))
    rnd.apply(Action.parse("stand"))
    assert restored.over and restored == rnd
    assert results(restored) == [(1, 1, "win", 40), (2, 1, "lose", -20)]


def test_all_still_saves_aces_low_as_true():
    rnd = play(SWEDISH, ["5S", "TH", "4D", "AC", "7S"], [20], ["double"])
    assert rnd.to_dict()["boxes"][0]["hands"][0]["aces_low"] is True


@pytest.mark.parametrize("reading", ["all", "held"])
def test_a_hand_history_record_replays_under_either_reading(reading):
    rnd = play(READINGS[reading], ["5S", "TH", "4D", "AC", "7S"], [20], ["double"])
    record = HandRecord.model_validate_json(HandRecord.of(rnd, [20]).model_dump_json())
    assert record.rules.double_ace_as_one == reading
    again = record.replay()
    assert again.to_dict()["boxes"] == rnd.to_dict()["boxes"]
    assert again.log == rnd.log
    assert HandRecord.of(again, [20]).result == record.result
