"""The Las Vegas Strip reference table: S17, peek, late surrender, resplit to four, 3:2."""

from __future__ import annotations

import pytest

from blackjack_tui.engine import BetError, Round, Shoe
from blackjack_tui.engine.actions import Action

from .scenario import cards_of, deal, dealer, decision, play, results, rules

VEGAS = rules("vegas-strip")


def test_vegas_strip_four_decks_cut_card():
    assert (VEGAS.decks, VEGAS.shuffle) == (4, "cut-card")
    assert Shoe.seeded(VEGAS.decks, 1).total == 208


@pytest.mark.parametrize(("bet", "ok"), [(4, False), (5, True), (1000, True), (1001, False)])
def test_vegas_strip_bet_limits_5_to_1000(bet, ok):
    if ok:
        assert Round(VEGAS, Shoe.seeded(4, 1), bets=[bet], bankroll=5000).boxes[0].bet == bet
    else:
        with pytest.raises(BetError):
            Round(VEGAS, Shoe.seeded(4, 1), bets=[bet], bankroll=5000)


def test_vegas_strip_dealer_stands_on_soft_17():
    rnd = play(VEGAS, ["TS", "6H", "8D", "AC"], [20], ["stand"])
    assert dealer(rnd) == ["6H", "AC"]
    assert results(rnd) == [(1, 1, "win", 20)]


def test_vegas_strip_late_surrender_gives_up_half_the_bet():
    rnd = deal(VEGAS, ["TS", "9H", "6D", "8C"], [20])
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand", "double", "surrender"))
    rnd.apply(Action.parse("surrender"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "surrender", -10)]
    assert rnd.bankroll == 990


def test_vegas_strip_surrender_comes_only_after_the_peek():
    # A dealer blackjack under a ten ends the round first: the whole bet is lost.
    rnd = play(VEGAS, ["TS", "KH", "6D", "AC"], [20])
    assert results(rnd) == [(1, 1, "lose", -20)]
    # Under an ace: insurance first, then the peek, then surrender is offered.
    rnd = deal(VEGAS, ["TS", "AH", "6D", "8C"], [20])
    assert decision(rnd)[0] == "insurance"
    rnd.apply(Action.parse("no-insurance"))
    assert "surrender" in decision(rnd)[3]
    rnd.apply(Action.parse("surrender"))
    assert results(rnd) == [(1, 1, "surrender", -10)]


def test_vegas_strip_no_surrender_after_a_hit_or_a_split():
    rnd = deal(VEGAS, ["5S", "9H", "6D", "8C", "2S"], [20])
    rnd.apply(Action.parse("hit"))
    assert decision(rnd)[3] == ("hit", "stand")
    rnd = deal(VEGAS, ["8S", "9H", "8D", "8C", "2S", "3S"], [20])
    rnd.apply(Action.parse("split"))
    assert decision(rnd)[3] == ("hit", "stand", "double")  # double after split, no surrender


def test_vegas_strip_resplit_to_four_hands():
    rnd = deal(VEGAS, ["8S", "7H", "8D", "TC", "8C", "8H", "2S", "3S", "4S", "8S"], [20])
    rnd.apply(Action.parse("split"))       # 8+8 | 8+8
    rnd.apply(Action.parse("split"))       # 8+2 | 8+3 | 8+8
    rnd.apply(Action.parse("stand"))
    rnd.apply(Action.parse("stand"))
    assert decision(rnd) == ("play", 1, 3, ("hit", "stand", "double", "split"))
    rnd.apply(Action.parse("split"))       # 8+2 | 8+3 | 8+4 | 8+8
    rnd.apply(Action.parse("stand"))
    assert decision(rnd) == ("play", 1, 4, ("hit", "stand", "double"))  # four: no more
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert [r[2:] for r in results(rnd)] == [("lose", -20)] * 4  # 10, 11, 12, 16 against 17
    assert rnd.bankroll == 920


def test_vegas_strip_no_resplit_of_aces_one_card_each():
    rnd = play(VEGAS, ["AS", "7H", "AD", "TC", "AC", "5S"], [20], ["split"])
    assert cards_of(rnd, 1, 1) == ["AS", "AC"]  # a new ace: still no decision
    assert results(rnd) == [(1, 1, "lose", -20), (1, 2, "lose", -20)]  # 12 and 16 against 17


def test_vegas_strip_blackjack_pays_3_to_2():
    rnd = play(VEGAS, ["AS", "7H", "KD", "9C"], [10])
    assert results(rnd) == [(1, 1, "blackjack", 15)]
