"""The single-deck 6:5 reference table: H17, peek, no double after split, no surrender."""

from __future__ import annotations

from decimal import Decimal

import pytest

from blackjack_tui.engine.actions import Action

from .scenario import deal, dealer, decision, play, results, rules

DOWNTOWN = rules("downtown-h17")


def test_downtown_h17_one_deck():
    assert (DOWNTOWN.decks, DOWNTOWN.shuffle) == (1, "cut-card")


def test_downtown_h17_dealer_hits_soft_17():
    rnd = play(DOWNTOWN, ["TS", "6H", "9D", "AC", "2S"], [10], ["stand"])
    assert dealer(rnd) == ["6H", "AC", "2S"]  # soft 17 hits: soft 19
    assert results(rnd) == [(1, 1, "push", 0)]


def test_downtown_h17_dealer_stands_on_hard_17():
    rnd = play(DOWNTOWN, ["TS", "7H", "9D", "TC"], [10], ["stand"])
    assert dealer(rnd) == ["7H", "TC"]
    assert results(rnd) == [(1, 1, "win", 10)]


@pytest.mark.parametrize(("bet", "wins"), [(10, 12), (25, 30), (5, 6), (7, Decimal("8.40"))])
def test_downtown_h17_blackjack_pays_6_to_5(bet, wins):
    rnd = play(DOWNTOWN, ["AS", "7H", "KD", "9C"], [bet])
    assert results(rnd) == [(1, 1, "blackjack", wins)]


def test_downtown_h17_double_any_two_but_not_after_a_split_and_no_surrender():
    rnd = deal(DOWNTOWN, ["9S", "7H", "7D", "TC"], [10])
    assert decision(rnd)[3] == ("hit", "stand", "double")  # 16 doubles; no surrender
    rnd = deal(DOWNTOWN, ["4S", "9H", "4D", "8C", "5C", "6C"], [10])
    rnd.apply(Action.parse("split"))
    assert decision(rnd)[3] == ("hit", "stand")  # 4+5 = 9 after a split: no double
