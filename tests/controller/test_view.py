"""The table as shown, rebuilt from the engine's events: totals and labels come from the engine."""

from __future__ import annotations

import pytest

from blackjack_tui.controller.recall import Recall
from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.history import HandRecord
from tests.engine.scenario import play, rules

SWEDISH = rules("swedish")
HELD = rules("swedish", double_ace_as_one="held")


def shown(rnd) -> TableView:
    view = TableView.for_round(rnd)
    for event in rnd.log:
        view.apply(event)
    return view


@pytest.mark.parametrize(("table", "label"), [(SWEDISH, "10"), (HELD, "10/20")])
def test_a_doubled_hand_shows_the_total_the_rules_count(table, label):
    # 5+4 doubled, an ace drawn: 10 where every ace counts 1, 20 where only the held ones do.
    rnd = play(table, ["5S", "TH", "4D", "AC", "7S"], [20], ["double"])
    view = shown(rnd)
    assert view.hand(1, 1).label() == label == rnd.boxes[0].hands[0].label()
    assert view.hand(1, 1).totals() == rnd.boxes[0].hands[0].totals()


def test_recall_shows_the_held_reading_too():
    rnd = play(HELD, ["5S", "TH", "4D", "AC", "7S"], [20], ["double"])
    recall = Recall(HandRecord.of(rnd, [20]))
    assert recall.view_at(recall.steps).hand(1, 1).label() == "10/20"


def test_the_dealer_blackjack_shows_once_both_cards_are_up():
    rnd = play(rules("nordic"), ["9S", "AH", "9D", "KC"], [10], ["no-insurance"])
    view = TableView.for_round(rnd)
    for event in rnd.log:
        if event.kind == "reveal":
            assert not view.dealer_blackjack  # the hole card is still face down
        view.apply(event)
    assert view.dealer_blackjack and view.over
    assert view.dealer_label() == "21"
