"""The Swedish casino sheet (README §2), point by point, on stacked shoes.

No hole card: with one box the shoe deals box, up card, box, then the box's hits, then the bank's
second card (after any insurance question) and its draws.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from blackjack_tui.engine import BetError, IllegalActionError, Round, Shoe
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.cards import parse_cards
from blackjack_tui.engine.hand import Hand

from .scenario import D, box_of, cards_of, deal, dealer, decision, kinds, play, results, rules

SWEDISH = rules("swedish")


# Bets ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bet", [19, "19.99", 71])
def test_swedish_bets_outside_20_to_70_are_refused(bet):
    with pytest.raises(BetError, match="20 to 70"):
        Round(SWEDISH, Shoe.seeded(6, 1), bets=[bet], bankroll=1000)


def test_swedish_bets_between_20_and_70_in_one_or_more_boxes():
    rnd = Round(SWEDISH, Shoe.seeded(6, 1), bets=[20, 45, 70], bankroll=1000)
    assert [b.bet for b in rnd.boxes] == [20, 45, 70]
    with pytest.raises(BetError):
        Round(SWEDISH, Shoe.seeded(6, 1), bets=[20, 20, 20, 20], bankroll=1000)


# Dealing and the order of play -----------------------------------------------------------------


def test_swedish_deal_players_two_cards_bank_one():
    rnd = Round(SWEDISH, Shoe.stacked(["2S", "3H", "4D", "5C", "6S"]), bets=[20, 20],
                bankroll=1000)
    events = rnd.deal()
    assert [(e.kind, e.box, e.card.text) for e in events] == [
        ("card", 1, "2S"), ("card", 2, "3H"), ("card", 0, "4D"), ("card", 1, "5C"),
        ("card", 2, "6S")]
    assert dealer(rnd) == ["4D"] and "hole" not in kinds(events)
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand", "double"))


def test_swedish_play_from_the_left_every_box_asked_before_the_bank_draws():
    rnd = deal(SWEDISH, ["TS", "9S", "7H", "6D", "8D", "3C", "KH"], [20, 20])
    assert decision(rnd)[:2] == ("play", 1)
    rnd.apply(Action.parse("hit"))  # 16 + 3 = 19
    rnd.apply(Action.parse("stand"))
    assert decision(rnd)[:2] == ("play", 2)
    assert dealer(rnd) == ["7H"]  # the bank has not drawn yet
    rnd.apply(Action.parse("stand"))
    assert rnd.over and dealer(rnd) == ["7H", "KH"]
    # Bank 17: box 1's 19 wins; box 2's 17 is a tie at 17, which the bank wins.
    assert results(rnd) == [(1, 1, "win", 20), (2, 1, "lose", -20)]


# The bank ----------------------------------------------------------------------------------------


def test_swedish_bank_draws_on_16_and_stands_on_17():
    rnd = play(SWEDISH, ["TS", "6H", "9D", "TC", "AS"], [20], ["stand"])
    assert dealer(rnd) == ["6H", "TC", "AS"]  # 16 draws: hard 17
    assert results(rnd) == [(1, 1, "win", 20)]


def test_swedish_bank_stands_on_soft_17():
    rnd = play(SWEDISH, ["TS", "6H", "9D", "AC"], [20], ["stand"])
    assert dealer(rnd) == ["6H", "AC"]
    assert results(rnd) == [(1, 1, "win", 20)]


def test_swedish_bank_counts_ace_as_11_when_that_makes_17_to_21():
    rnd = play(SWEDISH, ["TS", "4H", "9D", "AC", "3C"], [20], ["stand"])
    assert dealer(rnd) == ["4H", "AC", "3C"]  # 5/15 draws, then 8/18 stands
    assert results(rnd) == [(1, 1, "win", 20)]  # 19 against 18


def test_swedish_bank_bust_every_player_still_in_wins_their_bet():
    rnd = play(SWEDISH, ["TS", "9S", "6H", "5D", "9D", "KS", "TC", "8C"], [20, 20],
               ["hit", "stand"])
    assert dealer(rnd) == ["6H", "TC", "8C"]
    assert results(rnd) == [(1, 1, "bust", -20), (2, 1, "win", 20)]
    assert rnd.bankroll == 1000


# Ties ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("total", [17, 18, 19])
def test_swedish_tie_at_17_18_or_19_goes_to_dealer(total):
    second = str(total - 10)
    rnd = play(SWEDISH, ["TS", "TH", second + "S", second + "H"], [20], ["stand"])
    assert results(rnd) == [(1, 1, "lose", -20)]
    assert rnd.bankroll == 980


def test_swedish_tie_at_18_goes_to_dealer():
    rnd = play(SWEDISH, ["9S", "TH", "9D", "8C"], [40], ["stand"])
    assert results(rnd) == [(1, 1, "lose", -40)]
    assert rnd.bankroll == 960


def test_swedish_tie_at_20_pushes():
    rnd = play(SWEDISH, ["TS", "TH", "KS", "QH"], [20], ["stand"])
    assert results(rnd) == [(1, 1, "push", 0)]
    assert rnd.bankroll == 1000


def test_swedish_tie_at_21_pushes():
    # The sheet's example 7 + 4 + Q = 21, against a bank that draws to 21.
    rnd = play(SWEDISH, ["7S", "TH", "4D", "QC", "5C", "6S"], [20], ["hit"])
    assert dealer(rnd) == ["TH", "5C", "6S"]
    assert results(rnd) == [(1, 1, "push", 0)]


def test_swedish_blackjack_against_bank_blackjack_pushes():
    rnd = play(SWEDISH, ["AS", "TH", "KD", "AC"], [20])
    assert results(rnd) == [(1, 1, "push", 0)]
    assert rnd.bankroll == 1000


def test_swedish_higher_total_wins_lower_total_loses():
    rnd = play(SWEDISH, ["TS", "TD", "9H", "9S", "7D", "9C"], [20, 20], ["stand", "stand"])
    assert results(rnd) == [(1, 1, "win", 20), (2, 1, "lose", -20)]  # 19 and 17 against 18


# Card values and 21 -------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "label"), [
    (["5S", "JH"], "15"), (["7S", "4H", "QD"], "21"), (["5S", "5H", "AD"], "11/21"),
])
def test_swedish_card_value_examples(cards, label):
    assert Hand(parse_cards(cards), D(20)).label() == label


def test_swedish_soft_21_may_hit_then_a_ten_makes_hard_21_which_may_not():
    rnd = deal(SWEDISH, ["5S", "9H", "5D", "AC", "TC", "8S"], [20])
    rnd.apply(Action.parse("hit"))  # 5 + 5 + A = 11/21
    assert box_of(rnd).hands[0].label() == "11/21"
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand"))
    rnd.apply(Action.parse("hit"))  # + T = hard 21: no more decisions
    assert box_of(rnd).hands[0].label() == "21"
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "win", 20)]  # bank 9 + 8 = 17


def test_swedish_hard_21_may_never_take_a_card():
    rnd = play(SWEDISH, ["7S", "9H", "4D", "QC", "8S"], [20], ["hit"])
    assert cards_of(rnd) == ["7S", "4D", "QC"]
    assert results(rnd) == [(1, 1, "win", 20)]


# Blackjack and even money -------------------------------------------------------------------------


@pytest.mark.parametrize(("bet", "wins"), [(20, 30), (40, 60)])
def test_swedish_blackjack_pays_one_and_a_half_times_the_bet(bet, wins):
    rnd = play(SWEDISH, ["AS", "7H", "KD"], [bet])
    assert results(rnd) == [(1, 1, "blackjack", wins)]
    assert rnd.bankroll == 1000 + wins


def test_swedish_even_money_and_insurance_asked_together_at_the_bank_turn_box_by_box():
    rnd = deal(SWEDISH, ["AS", "TS", "AH", "KD", "7D", "6C"], [20, 20])
    assert decision(rnd)[:2] == ("play", 2)  # box 1's blackjack plays no decision; no question yet
    rnd.apply(Action.parse("stand"))
    assert decision(rnd) == ("even-money", 1, 1, ("even-money", "no-even-money"))
    rnd.apply(Action.parse("even-money"))
    assert decision(rnd)[:2] == ("insurance", 2)
    assert dealer(rnd) == ["AH"]
    rnd.apply(Action.parse("no-insurance"))
    assert rnd.over and dealer(rnd) == ["AH", "6C"]  # soft 17 stands
    assert results(rnd) == [(1, 1, "even-money", 20), (2, 1, "lose", -20)]  # tie at 17
    assert rnd.bankroll == 1000


def test_swedish_even_money_declined_bank_blackjack_player_keeps_the_bet():
    rnd = play(SWEDISH, ["AS", "AH", "KD", "TC"], [20], ["no-even-money"])
    assert results(rnd) == [(1, 1, "push", 0)]
    assert rnd.bankroll == 1000


def test_swedish_even_money_declined_no_bank_blackjack_pays_3_to_2():
    rnd = play(SWEDISH, ["AS", "AH", "KD", "5C"], [20], ["no-even-money"])
    assert dealer(rnd) == ["AH", "5C"]  # only a blackjack is waiting: the bank draws no more
    assert results(rnd) == [(1, 1, "blackjack", 30)]


def test_swedish_even_money_taken_pays_the_bet_once():
    rnd = play(SWEDISH, ["AS", "AH", "KD"], [40], ["even-money"])
    assert results(rnd) == [(1, 1, "even-money", 40)]
    assert rnd.bankroll == 1040


def test_swedish_blackjack_may_not_be_insured():
    rnd = deal(SWEDISH, ["AS", "AH", "KD", "5C"], [20])
    assert decision(rnd)[3] == ("even-money", "no-even-money")
    before = rnd.to_dict()
    with pytest.raises(IllegalActionError):
        rnd.apply(Action.parse("insurance"))
    assert rnd.to_dict() == before


# Insurance ---------------------------------------------------------------------------------------


def test_swedish_insurance_asked_at_dealer_turn_not_after_deal():
    rnd = deal(SWEDISH, ["TS", "AH", "7D", "KC"], [20])
    assert decision(rnd)[0] == "play"
    rnd.apply(Action.parse("stand"))
    d = rnd.legal_actions()
    assert (d.kind, d.box, d.actions, d.stake) == ("insurance", 1, ("insurance", "no-insurance"),
                                                    10)
    assert dealer(rnd) == ["AH"]  # asked before the bank's second card
    rnd.apply(Action.parse("insurance"))
    assert rnd.over and dealer(rnd) == ["AH", "KC"]


def test_swedish_insured_box_keeps_insurance_and_bet_when_bank_gets_blackjack():
    rnd = play(SWEDISH, ["TS", "AH", "7D", "KC"], [20], ["stand", "insurance"])
    assert results(rnd) == [(1, 1, "lose", -20)]
    assert box_of(rnd).insurance_net == 20
    assert rnd.bankroll == 1000


def test_swedish_insurance_lost_when_no_ten_comes_and_bank_plays_on_to_17():
    rnd = play(SWEDISH, ["TS", "AH", "8D", "5C", "9C", "2S"], [20], ["stand", "insurance"])
    assert dealer(rnd) == ["AH", "5C", "9C", "2S"]  # 6/16, 15, 17
    assert box_of(rnd).insurance_net == -10
    assert results(rnd) == [(1, 1, "win", 20)]
    assert rnd.bankroll == 1010


def test_swedish_insurance_on_a_doubled_box_is_half_the_total_bet():
    rnd = deal(SWEDISH, ["5S", "AH", "4D", "TC", "KC"], [20])
    rnd.apply(Action.parse("double"))  # 9 + T = 19
    assert rnd.legal_actions().stake == 20
    rnd.apply(Action.parse("insurance"))
    assert rnd.over
    assert results(rnd) == [(1, 1, "lose", -40)]
    assert box_of(rnd).insurance_net == 40
    assert rnd.bankroll == 1000


def test_swedish_insurance_on_a_split_box_is_half_the_total_bet():
    rnd = deal(SWEDISH, ["8S", "AH", "8D", "TC", "9C", "6S"], [20])
    rnd.apply(Action.parse("split"))
    rnd.apply(Action.parse("stand"))
    rnd.apply(Action.parse("stand"))
    assert rnd.legal_actions().stake == 20
    rnd.apply(Action.parse("no-insurance"))
    assert rnd.over and rnd.shoe.remaining == 0  # bank A+6 stands
    assert results(rnd) == [(1, 1, "win", 20), (1, 2, "lose", -20)]  # 18 wins, 17 ties: bank


def test_swedish_bust_box_not_asked_insurance():
    rnd = deal(SWEDISH, ["TS", "9S", "AH", "6D", "9D", "KC", "8C"], [20, 20])
    rnd.apply(Action.parse("hit"))  # box 1 busts
    rnd.apply(Action.parse("stand"))
    assert decision(rnd)[:2] == ("insurance", 2)
    rnd.apply(Action.parse("no-insurance"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "bust", -20), (2, 1, "lose", -20)]  # 18 against A+8


def test_swedish_all_boxes_bust_no_insurance_question():
    rnd = deal(SWEDISH, ["TS", "AH", "6D", "KC"], [20])
    rnd.apply(Action.parse("hit"))
    assert rnd.over and rnd.legal_actions() is None
    assert results(rnd) == [(1, 1, "bust", -20)]


# Doubling ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "second", "may_double"), [
    ("4S", "2D", False), ("4S", "3D", True), ("5S", "6D", True), ("7S", "5D", False),
    ("AS", "6D", True),   # ace as 1: 7
    ("AS", "5D", False),  # ace as 1: 6
    ("AS", "8D", True),   # ace as 1: 9 (not 19)
])
def test_swedish_double_on_7_to_11_with_the_ace_as_one(first, second, may_double):
    rnd = deal(SWEDISH, [first, "9H", second], [20])
    assert ("double" in decision(rnd)[3]) is may_double


def test_swedish_seven_ace_doubled_then_three_is_11_not_21():
    rnd = deal(SWEDISH, ["7S", "9H", "AD", "3C", "8S"], [20])
    assert box_of(rnd).hands[0].label() == "8/18"
    rnd.apply(Action.parse("double"))
    hand = box_of(rnd).hands[0]
    assert cards_of(rnd) == ["7S", "AD", "3C"] and hand.total == 11
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "lose", -40)]  # 11 against 17
    assert rnd.bankroll == 960


def test_swedish_double_takes_one_card_and_an_equal_bet():
    rnd = play(SWEDISH, ["5S", "9H", "5D", "2C", "8S"], [30], ["double"])
    assert cards_of(rnd) == ["5S", "5D", "2C"]  # 12, and no more cards
    assert box_of(rnd).hands[0].stake == 60
    assert results(rnd) == [(1, 1, "lose", -60)]


# Splitting ---------------------------------------------------------------------------------------


def test_swedish_split_two_cards_of_equal_value():
    rnd = play(SWEDISH, ["KS", "9H", "TD", "9C", "TC", "8S"], [20], ["split", "stand", "stand"])
    assert cards_of(rnd, 1, 1) == ["KS", "9C"] and cards_of(rnd, 1, 2) == ["TD", "TC"]
    assert results(rnd) == [(1, 1, "win", 20), (1, 2, "win", 20)]  # 19 and 20 against 17


def test_swedish_split_hand_can_never_be_doubled():
    rnd = deal(SWEDISH, ["4S", "9H", "4D", "5C", "6C", "8S"], [20])
    rnd.apply(Action.parse("split"))
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand"))  # 9: no double after a split
    rnd.apply(Action.parse("stand"))
    assert decision(rnd) == ("play", 1, 2, ("hit", "stand"))  # 10
    rnd.apply(Action.parse("stand"))
    assert rnd.over and results(rnd) == [(1, 1, "lose", -20), (1, 2, "lose", -20)]


def test_swedish_split_aces_one_card_each():
    rnd = deal(SWEDISH, ["AS", "9H", "AD", "5C", "9C", "8S"], [20])
    rnd.apply(Action.parse("split"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "lose", -20), (1, 2, "win", 20)]  # 16 and 20 against 17


def test_swedish_split_aces_resplit_when_a_new_ace_comes():
    rnd = deal(SWEDISH, ["AS", "9H", "AD", "AC", "9C", "7C", "8D", "8S"], [20])
    rnd.apply(Action.parse("split"))
    assert cards_of(rnd, 1, 1) == ["AS", "AC"]
    assert decision(rnd) == ("play", 1, 1, ("stand", "split"))  # no hit: still one card each
    rnd.apply(Action.parse("split"))
    assert [cards_of(rnd, 1, i) for i in (1, 2, 3)] == [["AS", "7C"], ["AC", "8D"], ["AD", "9C"]]
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "win", 20), (1, 2, "win", 20), (1, 3, "win", 20)]
    assert rnd.bankroll == 1060


def test_swedish_ten_on_split_ace_is_21_not_blackjack():
    rnd = play(SWEDISH, ["AS", "9H", "AD", "KC", "5C", "8S"], [20], ["split"])
    assert results(rnd) == [(1, 1, "win", 20), (1, 2, "lose", -20)]  # 21 pays 1:1


def test_swedish_split_21_loses_to_bank_blackjack_with_every_split_bet():
    rnd = play(SWEDISH, ["AS", "TH", "AD", "KC", "5C", "AH"], [20], ["split"])
    assert dealer(rnd) == ["TH", "AH"]
    assert results(rnd) == [(1, 1, "lose", -20), (1, 2, "lose", -20)]
    assert rnd.bankroll == 960


def test_swedish_lost_no_hole_card_round_loses_the_double_too():
    rnd = play(SWEDISH, ["5S", "TH", "5D", "9C", "AH"], [20], ["double"])
    assert results(rnd) == [(1, 1, "lose", -40)]
    assert rnd.bankroll == 960


def test_swedish_other_pairs_resplit_to_four_hands():
    # The sheet names only aces; the rule set lets every pair split on to four hands.
    rnd = deal(SWEDISH, ["8S", "9H", "8D", "8C", "2C", "8H", "3S", "8S", "9S", "8D"], [20])
    rnd.apply(Action.parse("split"))
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand", "split"))
    rnd.apply(Action.parse("split"))
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand", "split"))
    rnd.apply(Action.parse("split"))
    assert len(box_of(rnd).hands) == 4
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand"))  # 8+8 but four hands already
    for _ in range(4):
        rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0
    # 16, 17 (a tie at 17), 11, 10 against the bank's 17: all lose.
    assert [r[2:] for r in results(rnd)] == [("lose", -20)] * 4
    assert rnd.bankroll == 920


def test_swedish_money_is_never_rounded():
    rnd = play(SWEDISH, ["AS", "7H", "KD"], [25])
    assert results(rnd) == [(1, 1, "blackjack", Decimal("37.50"))]
    rnd = deal(SWEDISH, ["TS", "AH", "7D"], [25])
    rnd.apply(Action.parse("stand"))
    assert rnd.legal_actions().stake == Decimal("12.50")
