"""The Nordic online multi-hand sheet (README §1), point by point, on stacked shoes.

Deal order with one box and a hole card: box, up card, box, hole card, then hits, then the
dealer's draws. With two boxes: box 1, box 2, up card, box 1, box 2, hole card.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from blackjack_tui.engine import BetError, IllegalActionError, Round, Shoe
from blackjack_tui.engine import table_rules as tr
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.cards import parse_cards
from blackjack_tui.engine.hand import Box, Hand

from .scenario import D, box_of, cards_of, deal, dealer, decision, kinds, play, results, rules

NORDIC = rules("nordic")


# Bets -----------------------------------------------------------------------------------------


def test_nordic_up_to_three_boxes():
    rnd = Round(NORDIC, Shoe.seeded(6, 1), bets=[10, 10, 10], bankroll=1000)
    assert [b.number for b in rnd.boxes] == [1, 2, 3]
    assert rnd.bankroll == 970
    with pytest.raises(BetError, match="3 box"):
        Round(NORDIC, Shoe.seeded(6, 1), bets=[10, 10, 10, 10], bankroll=1000)


@pytest.mark.parametrize("bet", ["0.99", 501])
def test_nordic_bet_outside_min_and_max_is_refused(bet):
    with pytest.raises(BetError, match="box 1"):
        Round(NORDIC, Shoe.seeded(6, 1), bets=[bet], bankroll=1000)


@pytest.mark.parametrize("bet", [1, 500])
def test_nordic_bet_at_min_and_max_is_taken(bet):
    rnd = Round(NORDIC, Shoe.seeded(6, 1), bets=[bet], bankroll=1000)
    assert rnd.bankroll == 1000 - bet


def test_nordic_each_box_has_its_own_bet():
    rnd = deal(NORDIC, ["2S", "3H", "4D", "5C", "6S", "7H"], [10, 25])
    assert [b.bet for b in rnd.boxes] == [10, 25]
    assert rnd.bankroll == 965


# The deal and the peek -------------------------------------------------------------------------


def test_nordic_deal_order_two_cards_each_dealer_one_face_down():
    rnd = Round(NORDIC, Shoe.stacked(["2S", "3H", "4D", "5C", "6S", "7H"]), bets=[10, 10],
                bankroll=1000)
    events = rnd.deal()
    assert [(e.kind, e.box, e.hand, e.card.text) for e in events] == [
        ("card", 1, 1, "2S"), ("card", 2, 1, "3H"), ("card", 0, 0, "4D"),
        ("card", 1, 1, "5C"), ("card", 2, 1, "6S"), ("hole", 0, 0, "7H"),
    ]
    assert rnd.hole_hidden
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand", "double"))


def test_nordic_peek_on_ten_dealer_blackjack_ends_round_at_once():
    rnd = Round(NORDIC, Shoe.stacked(["9S", "KH", "9D", "AC"]), bets=[20], bankroll=1000)
    events = rnd.deal()
    assert rnd.over and rnd.legal_actions() is None
    assert "peek" in kinds(events) and "reveal" in kinds(events)
    assert "insurance" not in kinds(events)  # a ten up: no insurance
    assert results(rnd) == [(1, 1, "lose", -20)]
    assert rnd.bankroll == 980


def test_nordic_blackjack_pushes_dealer_blackjack():
    rnd = play(NORDIC, ["AS", "9S", "KH", "KD", "9D", "AC"], [20, 20])
    assert results(rnd) == [(1, 1, "push", 0), (2, 1, "lose", -20)]
    assert rnd.bankroll == 980


def test_nordic_peek_on_ten_without_blackjack_play_goes_on():
    rnd = deal(NORDIC, ["9S", "KH", "9D", "7C"], [20])
    assert rnd.log[-1].kind == "peek" and rnd.log[-1].outcome == "none"
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand", "double", "split"))
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "win", 20)]
    assert rnd.bankroll == 1020


def test_nordic_peek_on_ace_dealer_blackjack_ends_round_after_insurance():
    rnd = deal(NORDIC, ["9S", "AH", "9D", "KC"], [20])
    assert decision(rnd)[0] == "insurance"
    rnd.apply(Action.parse("no-insurance"))
    assert rnd.over and dealer(rnd) == ["AH", "KC"]
    assert results(rnd) == [(1, 1, "lose", -20)]
    assert rnd.bankroll == 980


# Insurance and even money ----------------------------------------------------------------------


def test_nordic_insurance_offered_each_box_in_turn():
    rnd = deal(NORDIC, ["9S", "8S", "7S", "AH", "9D", "8D", "7D", "6C"], [10, 20, 30])
    first = rnd.legal_actions()
    assert (first.kind, first.box, first.stake) == ("insurance", 1, D(5))
    rnd.apply(Action.parse("insurance"))
    second = rnd.legal_actions()
    assert (second.kind, second.box, second.stake) == ("insurance", 2, D(10))
    rnd.apply(Action.parse("no-insurance"))
    third = rnd.legal_actions()
    assert (third.kind, third.box, third.stake) == ("insurance", 3, D(15))
    rnd.apply(Action.parse("insurance"))
    # No dealer blackjack (A+6): both insurances lost, then the boxes play.
    assert decision(rnd)[:3] == ("play", 1, 1)
    for _ in range(3):
        rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0  # the dealer stands on soft 17: no draw
    assert [b.insurance_net for b in rnd.boxes] == [-5, None, -15]
    assert rnd.boxes[1].insurance == 0
    assert results(rnd) == [(1, 1, "win", 10), (2, 1, "lose", -20), (3, 1, "lose", -30)]
    assert rnd.bankroll == 1000 + 10 - 20 - 30 - 5 - 15


def test_nordic_insurance_costs_half_the_bet_and_pays_2_to_1():
    rnd = deal(NORDIC, ["9S", "AH", "9D", "KC"], [20])
    assert rnd.legal_actions().stake == 10
    rnd.apply(Action.parse("insurance"))
    assert rnd.over
    box = rnd.boxes[0]
    assert (box.insurance, box.insurance_net) == (10, 20)
    assert results(rnd) == [(1, 1, "lose", -20)]
    assert rnd.bankroll == 1000


def test_nordic_insurance_is_exactly_half_not_any_amount():
    rnd = deal(NORDIC, ["9S", "AH", "9D", "KC"], [20])
    with pytest.raises(IllegalActionError):
        rnd.apply(Action.parse("insurance:5"))
    rnd.apply(Action.parse("insurance:10"))
    assert rnd.boxes[0].insurance == 10


def test_nordic_insurance_lost_when_dealer_has_no_blackjack():
    rnd = deal(NORDIC, ["TS", "AH", "TD", "7C"], [20])
    rnd.apply(Action.parse("insurance"))
    assert rnd.boxes[0].insurance_net == -10
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0  # soft 18 stands
    assert results(rnd) == [(1, 1, "win", 20)]
    assert rnd.bankroll == 1010


def test_nordic_even_money_offered_to_blackjack_against_ace():
    rnd = deal(NORDIC, ["AS", "TS", "AH", "KD", "8D", "5C", "2C"], [20, 20])
    assert decision(rnd) == ("even-money", 1, 1, ("even-money", "no-even-money"))
    with pytest.raises(IllegalActionError):
        rnd.apply(Action.parse("insurance"))  # a blackjack is not insured
    rnd.apply(Action.parse("even-money"))
    assert results(rnd)[0] == (1, 1, "even-money", 20)
    assert decision(rnd)[:2] == ("insurance", 2)
    rnd.apply(Action.parse("no-insurance"))
    rnd.apply(Action.parse("stand"))
    # The dealer: A+5 (soft 16) draws 2 -> soft 18; box 2's 18 pushes.
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "even-money", 20), (2, 1, "push", 0)]
    assert rnd.bankroll == 1020


def test_nordic_blackjack_declining_even_money_pushes_dealer_blackjack():
    rnd = play(NORDIC, ["AS", "AH", "KD", "TC"], [20], ["no-even-money"])
    assert results(rnd) == [(1, 1, "push", 0)]
    assert rnd.bankroll == 1000


def test_nordic_blackjack_declining_even_money_is_paid_3_to_2_when_dealer_has_none():
    rnd = play(NORDIC, ["AS", "AH", "KD", "9C"], [20], ["no-even-money"])
    assert results(rnd) == [(1, 1, "blackjack", 30)]
    assert rnd.bankroll == 1030


# Play -------------------------------------------------------------------------------------------


def test_nordic_bust_loses_whatever_the_dealer_has_and_play_moves_on_at_once():
    rnd = deal(NORDIC, ["TS", "9S", "6H", "5D", "9D", "TC", "KS", "8C"], [20, 20])
    events = rnd.apply(Action.parse("hit"))  # 15 + K = 25
    assert ("settle", 1, "bust") in [(e.kind, e.box, e.outcome) for e in events]
    assert decision(rnd)[:2] == ("play", 2)
    rnd.apply(Action.parse("stand"))
    assert dealer(rnd) == ["6H", "TC", "8C"]  # 16 draws 8: the dealer busts
    assert results(rnd) == [(1, 1, "bust", -20), (2, 1, "win", 20)]
    assert rnd.bankroll == 1000


def test_nordic_hit_until_stand():
    rnd = play(NORDIC, ["2S", "TH", "3D", "7C", "4S", "5S"], [20], ["hit", "hit", "stand"])
    assert cards_of(rnd) == ["2S", "3D", "4S", "5S"]  # 14 stands
    assert results(rnd) == [(1, 1, "lose", -20)]  # dealer 17


def test_nordic_double_on_any_two_cards():
    rnd = deal(NORDIC, ["9S", "6H", "7D", "TC", "4S", "5C"], [20])
    assert "double" in decision(rnd)[3]  # 16 may double
    rnd.apply(Action.parse("double"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert cards_of(rnd) == ["9S", "7D", "4S"]
    assert box_of(rnd).hands[0].stake == 40
    assert results(rnd) == [(1, 1, "lose", -40)]  # 20 against 21
    assert rnd.bankroll == 960


def test_nordic_double_gets_exactly_one_card_then_next_hand():
    rnd = deal(NORDIC, ["5S", "4S", "9H", "6D", "7D", "8C", "2S"], [20, 20])
    rnd.apply(Action.parse("double"))  # 11 draws a 2: 13, and no more cards
    assert cards_of(rnd, 1) == ["5S", "6D", "2S"]
    assert decision(rnd)[:2] == ("play", 2)
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0  # dealer 17
    assert results(rnd) == [(1, 1, "lose", -40), (2, 1, "lose", -20)]


def test_nordic_soft_21_stands_by_itself():
    rnd = deal(NORDIC, ["5S", "9H", "5D", "8C", "AS"], [20])
    rnd.apply(Action.parse("hit"))  # 5+5+A = soft 21: no more decisions
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "win", 20)]


def test_nordic_hard_21_takes_no_more_cards():
    rnd = deal(NORDIC, ["7S", "9H", "4D", "8C", "TS"], [20])
    rnd.apply(Action.parse("hit"))
    assert rnd.over and results(rnd) == [(1, 1, "win", 20)]


# Splitting --------------------------------------------------------------------------------------


def test_nordic_split_two_cards_of_equal_value_each_hand_dealt_at_once_left_first():
    rnd = deal(NORDIC, ["KS", "7H", "TD", "TC", "9S", "8S"], [20])
    assert "split" in decision(rnd)[3]  # K and T: equal value
    events = rnd.apply(Action.parse("split"))
    assert [(e.kind, e.box, e.hand, e.card and e.card.text) for e in events] == [
        ("split", 1, 1, None), ("card", 1, 1, "9S"), ("card", 1, 2, "8S")]
    assert rnd.bankroll == 960  # the new hand's bet equals the original
    rnd.apply(Action.parse("stand"))
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "win", 20), (1, 2, "win", 20)]
    assert rnd.bankroll == 1040


def test_nordic_split_once_no_resplit_and_double_after_split():
    rnd = deal(NORDIC, ["8S", "7H", "8D", "TC", "8H", "3S", "9C"], [20])
    rnd.apply(Action.parse("split"))
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand", "double"))  # 8+8: no resplit
    rnd.apply(Action.parse("stand"))
    assert decision(rnd) == ("play", 1, 2, ("hit", "stand", "double"))
    rnd.apply(Action.parse("double"))  # 11 + 9 = 20
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "lose", -20), (1, 2, "win", 40)]
    assert rnd.bankroll == 1020


def test_nordic_split_aces_one_card_each_then_next_ordinary_hand():
    rnd = deal(NORDIC, ["AS", "9S", "7H", "AD", "9D", "TC", "5H", "KH"], [20, 20])
    rnd.apply(Action.parse("split"))
    assert cards_of(rnd, 1, 1) == ["AS", "5H"] and cards_of(rnd, 1, 2) == ["AD", "KH"]
    assert decision(rnd)[:3] == ("play", 2, 1)  # no decision for either ace
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0
    # A+K after a split is 21, not a blackjack: it pays 1:1.
    assert results(rnd) == [(1, 1, "lose", -20), (1, 2, "win", 20), (2, 1, "win", 20)]
    assert rnd.bankroll == 1020


def test_nordic_split_21_is_not_blackjack_and_loses_to_dealer_blackjack():
    # With the peek a dealer blackjack ends the round before anyone can split, so the sheet's
    # case is checked on the settlement rule the round uses.
    box = Box(1, D(20))
    hand = Hand(parse_cards(["AS", "KD"]), D(20), from_split=True, split_aces=True)
    box.hands = [hand, Hand(parse_cards(["AH", "5C"]), D(20), from_split=True, split_aces=True)]
    assert not hand.is_blackjack
    assert tr.against_blackjack(NORDIC, box, 0, hand) == ("lose", -20)
    assert tr.compare(NORDIC, hand, 20) == ("win", 20)  # 1:1, not 3:2


def test_nordic_split_21_pushes_a_dealer_21_of_three_cards():
    rnd = play(NORDIC, ["AS", "6H", "AD", "5C", "TH", "5D", "KS"], [20], ["split"])
    # Dealer 6+5 = 11 draws K: 21. Split hands: A+T = 21, A+5 = 16.
    assert results(rnd) == [(1, 1, "push", 0), (1, 2, "lose", -20)]


# The dealer -------------------------------------------------------------------------------------


def test_nordic_dealer_stands_on_soft_17():
    rnd = play(NORDIC, ["TS", "6H", "8D", "AC"], [20], ["stand"])
    assert dealer(rnd) == ["6H", "AC"]
    assert results(rnd) == [(1, 1, "win", 20)]


def test_nordic_dealer_draws_until_at_least_17():
    rnd = play(NORDIC, ["TS", "5H", "8D", "9C", "2S", "AH"], [20], ["stand"])
    assert dealer(rnd) == ["5H", "9C", "2S", "AH"]  # 14, 16, hard 17
    assert results(rnd) == [(1, 1, "win", 20)]
    assert rnd.bankroll == 1020


# Scoring and settlement -------------------------------------------------------------------------


def test_nordic_blackjack_pays_3_to_2():
    rnd = play(NORDIC, ["AS", "7H", "KD", "9C"], [20])
    assert results(rnd) == [(1, 1, "blackjack", 30)]
    assert rnd.bankroll == 1030
    rnd = play(NORDIC, ["AS", "7H", "KD", "9C"], [40])
    assert results(rnd) == [(1, 1, "blackjack", 60)]


def test_nordic_blackjack_beats_a_21_of_more_than_two_cards():
    rnd = play(NORDIC, ["AS", "5S", "7H", "KD", "6D", "4C", "TH", "TC"], [20, 20], ["hit"])
    assert dealer(rnd) == ["7H", "4C", "TC"]  # a three-card 21
    assert results(rnd) == [(1, 1, "blackjack", 30), (2, 1, "push", 0)]
    assert rnd.bankroll == 1030


def test_nordic_higher_total_wins_equal_totals_push():
    rnd = play(NORDIC, ["TS", "TH", "TD", "9C", "8S", "7S", "9S", "9H"], [20, 20, 20],
               ["stand", "stand", "stand"])
    assert dealer(rnd) == ["9C", "9H"]
    assert results(rnd) == [(1, 1, "push", 0), (2, 1, "lose", -20), (3, 1, "win", 20)]
    assert rnd.bankroll == 1000


def test_nordic_money_is_never_rounded():
    rnd = play(NORDIC, ["AS", "7H", "KD", "9C"], [5])
    assert results(rnd) == [(1, 1, "blackjack", Decimal("7.50"))]
    rnd = deal(NORDIC, ["9S", "AH", "9D", "KC"], [25])
    assert rnd.legal_actions().stake == Decimal("12.50")
    rnd.apply(Action.parse("insurance"))
    assert rnd.bankroll == 1000  # -25 on the hand, +25 on the insurance


def test_nordic_six_decks_cut_card():
    assert (NORDIC.decks, NORDIC.shuffle) == (6, "cut-card")
    shoe = Shoe.seeded(NORDIC.decks, 3)
    assert shoe.total == 312
    for _ in range(233):  # 233/312 < 0.75
        shoe.draw()
    assert not shoe.needs_shuffle(False, NORDIC.penetration)
    shoe.draw()  # 234/312 = 0.75
    assert shoe.needs_shuffle(False, NORDIC.penetration)
