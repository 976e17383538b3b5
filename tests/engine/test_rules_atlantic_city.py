"""The Atlantic City reference table: eight decks, S17, peek, late surrender, DAS, 3:2."""

from __future__ import annotations

import pytest

from blackjack_tui.engine import BetError, Round, Shoe
from blackjack_tui.engine.actions import Action

from .scenario import deal, dealer, decision, play, results, rules

AC = rules("atlantic-city")


def test_atlantic_city_eight_decks():
    assert AC.decks == 8
    assert Shoe.seeded(AC.decks, 1).total == 416


@pytest.mark.parametrize(("bet", "ok"), [(9, False), (10, True), (2000, True), (2001, False)])
def test_atlantic_city_bet_limits_10_to_2000(bet, ok):
    if ok:
        assert Round(AC, Shoe.seeded(8, 1), bets=[bet], bankroll=5000).boxes[0].bet == bet
    else:
        with pytest.raises(BetError):
            Round(AC, Shoe.seeded(8, 1), bets=[bet], bankroll=5000)


def test_atlantic_city_dealer_stands_on_soft_17():
    rnd = play(AC, ["TS", "6H", "7D", "AC"], [20], ["stand"])
    assert dealer(rnd) == ["6H", "AC"]
    assert results(rnd) == [(1, 1, "push", 0)]


def test_atlantic_city_late_surrender_after_the_peek():
    rnd = deal(AC, ["TS", "TH", "6D", "7C"], [30])
    assert rnd.log[-1].kind == "peek"
    assert decision(rnd)[3] == ("hit", "stand", "double", "surrender")
    rnd.apply(Action.parse("surrender"))
    assert results(rnd) == [(1, 1, "surrender", -15)]
    assert rnd.bankroll == 985


def test_atlantic_city_double_after_split():
    rnd = play(AC, ["6S", "TH", "6D", "7C", "5C", "4S", "TD"], [20],
               ["split", "double", "stand"])
    # 6+5 doubles to 21; 6+4 = 10 stands; dealer T+7 = 17.
    assert results(rnd) == [(1, 1, "win", 40), (1, 2, "lose", -20)]
    assert rnd.bankroll == 1020
