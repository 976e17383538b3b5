"""The six-deck online sheet (README §4, 888-style), point by point, on stacked shoes.

No hole card, one box: the shoe deals box, up card, box, then the box's cards, then the dealer's
second card and draws.
"""

from __future__ import annotations

import pytest

from blackjack_tui.engine import BetError, Round, Shoe
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.cards import parse_cards
from blackjack_tui.engine.hand import Hand
from blackjack_tui.engine.vocabulary import ActionName

from .scenario import box_of, cards_of, deal, dealer, decision, kinds, play, results, rules

ONLINE = rules("online")


# The table ----------------------------------------------------------------------------------------


def test_online_six_decks_shuffled_after_every_round():
    assert (ONLINE.decks, ONLINE.shuffle) == (6, "every-round")
    shoe = Shoe.seeded(ONLINE.decks, 9)
    every_round = ONLINE.shuffle == "every-round"
    assert shoe.total == 312 and not shoe.needs_shuffle(every_round, ONLINE.penetration)
    rnd = Round(ONLINE, shoe, bets=[10], bankroll=1000)
    rnd.deal()
    while (d := rnd.legal_actions()) is not None:
        rnd.apply(Action(ActionName.STAND if d.kind == "play" else d.actions[-1]))
    assert shoe.needs_shuffle(every_round, ONLINE.penetration)  # even after a few cards
    shoe.shuffle()
    assert shoe.remaining == 312 and not shoe.discards


def test_online_one_dealer_and_one_player_box():
    assert ONLINE.max_boxes == 1
    with pytest.raises(BetError, match="1 box"):
        Round(ONLINE, Shoe.seeded(6, 1), bets=[10, 10], bankroll=1000)


def test_online_chips_worth_1_5_25_100():
    assert ONLINE.chips == (1, 5, 25, 100)


@pytest.mark.parametrize(("tier", "low", "high"), [
    (None, 1, 200), ("Standard", 1, 200), ("High Roller", 25, 1000), ("VIP", 100, 5000),
])
def test_online_table_limits_per_tier(tier, low, high):
    for bet in (low, high):
        rnd = Round(ONLINE, Shoe.seeded(6, 1), bets=[bet], bankroll=10_000, tier=tier)
        assert rnd.boxes[0].bet == bet
    for bet in (low - 1 if low > 1 else "0.50", high + 1):
        with pytest.raises(BetError):
            Round(ONLINE, Shoe.seeded(6, 1), bets=[bet], bankroll=10_000, tier=tier)


def test_online_unknown_tier_is_a_bet_error_naming_the_tiers():
    with pytest.raises(BetError, match="VIP"):
        Round(ONLINE, Shoe.seeded(6, 1), bets=[10], bankroll=1000, tier="Gold")


# The deal -----------------------------------------------------------------------------------------


def test_online_player_two_cards_face_up_dealer_one():
    rnd = Round(ONLINE, Shoe.stacked(["9S", "7H", "7D"]), bets=[10], bankroll=1000)
    events = rnd.deal()
    assert [(e.kind, e.box) for e in events] == [("card", 1), ("card", 0), ("card", 1)]
    assert dealer(rnd) == ["7H"] and not rnd.hole_hidden


def test_online_only_the_options_that_apply_are_offered():
    assert decision(deal(ONLINE, ["9S", "7H", "7D"], [10]))[3] == ("hit", "stand")
    assert decision(deal(ONLINE, ["5S", "7H", "5D"], [10]))[3] == ("hit", "stand", "double",
                                                                   "split")


def test_online_any_number_of_cards_until_stand_or_bust():
    rnd = play(ONLINE, ["2S", "TH", "3D", "2C", "2D", "3C", "4S", "9S"], [20],
               ["hit", "hit", "hit", "hit", "hit"])
    assert cards_of(rnd) == ["2S", "3D", "2C", "2D", "3C", "4S", "9S"]  # 16 + 9 busts
    assert dealer(rnd) == ["TH"]  # nobody left: the dealer draws nothing
    assert results(rnd) == [(1, 1, "bust", -20)]


# Blackjack ----------------------------------------------------------------------------------------


def test_online_blackjack_paid_at_once_when_the_up_card_cannot_make_one():
    rnd = Round(ONLINE, Shoe.stacked(["AS", "7H", "KD"]), bets=[20], bankroll=1000)
    events = rnd.deal()
    assert ("settle", "blackjack") in [(e.kind, e.outcome) for e in events]
    assert rnd.over and dealer(rnd) == ["7H"]
    assert results(rnd) == [(1, 1, "blackjack", 30)]
    assert rnd.bankroll == 1030


def test_online_blackjack_ties_a_dealer_blackjack():
    rnd = play(ONLINE, ["AS", "TH", "KD", "AC"], [20])
    assert results(rnd) == [(1, 1, "push", 0)]
    assert rnd.bankroll == 1000


def test_online_blackjack_against_a_ten_is_paid_when_the_dealer_has_none():
    rnd = play(ONLINE, ["AS", "TH", "KD", "9C"], [20])
    assert results(rnd) == [(1, 1, "blackjack", 30)]


def test_online_even_money_offered_to_a_blackjack_against_an_ace():
    rnd = deal(ONLINE, ["AS", "AH", "KD"], [20])
    assert decision(rnd) == ("even-money", 1, 1, ("even-money", "no-even-money"))
    rnd.apply(Action.parse("even-money"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "even-money", 20)]


# Insurance ----------------------------------------------------------------------------------------


def test_online_insurance_half_the_bet_asked_right_after_the_deal():
    rnd = deal(ONLINE, ["TS", "AH", "9D", "KC"], [20])
    d = rnd.legal_actions()
    assert (d.kind, d.stake, d.any_amount) == ("insurance", 10, False)
    rnd.apply(Action.parse("insurance"))
    assert decision(rnd)[0] == "play"
    rnd.apply(Action.parse("stand"))
    assert dealer(rnd) == ["AH", "KC"]
    assert results(rnd) == [(1, 1, "lose", -20)]
    assert box_of(rnd).insurance_net == 20  # 2 to 1
    assert rnd.bankroll == 1000


def test_online_insurance_lost_when_no_ten_and_the_round_goes_on():
    rnd = play(ONLINE, ["TS", "AH", "9D", "7C"], [20], ["insurance", "stand"])
    assert box_of(rnd).insurance_net == -10
    assert results(rnd) == [(1, 1, "win", 20)]  # 19 against soft 18
    assert rnd.bankroll == 1010


def test_online_insured_hand_that_busts_still_sees_the_insurance_settled():
    rnd = play(ONLINE, ["TS", "AH", "6D", "KS", "KC"], [20], ["insurance", "hit"])
    assert dealer(rnd) == ["AH", "KC"]
    assert results(rnd) == [(1, 1, "bust", -20)]
    assert box_of(rnd).insurance_net == 20
    assert rnd.bankroll == 1000


# No hole card -------------------------------------------------------------------------------------


def test_online_all_bets_lost_to_dealer_blackjack_no_hole_card():
    rnd = deal(ONLINE, ["8S", "TH", "8D", "3C", "2C", "9S", "9D", "AH"], [20])
    rnd.apply(Action.parse("split"))
    rnd.apply(Action.parse("double"))  # 8+3 -> 20
    rnd.apply(Action.parse("double"))  # 8+2 -> 19
    assert rnd.over and dealer(rnd) == ["TH", "AH"]
    assert results(rnd) == [(1, 1, "lose", -40), (1, 2, "lose", -40)]
    assert rnd.bankroll == 920


# The dealer ---------------------------------------------------------------------------------------


def test_online_dealer_hits_16_or_less_and_stands_on_soft_17():
    rnd = play(ONLINE, ["TS", "6H", "9D", "AC"], [20], ["stand"])
    assert dealer(rnd) == ["6H", "AC"]
    rnd = play(ONLINE, ["TS", "6H", "9D", "TC", "AS"], [20], ["stand"])
    assert dealer(rnd) == ["6H", "TC", "AS"]
    assert results(rnd) == [(1, 1, "win", 20)]


def test_online_dealer_bust_pays_the_player_still_in():
    rnd = play(ONLINE, ["TS", "6H", "2D", "TC", "9C"], [20], ["stand"])
    assert dealer(rnd) == ["6H", "TC", "9C"]
    assert results(rnd) == [(1, 1, "win", 20)]


@pytest.mark.parametrize(("cards", "label"), [
    (["AS", "7H", "9D"], "17"), (["AS", "6H"], "7/17"),
])
def test_online_hard_and_soft_hands(cards, label):
    assert Hand(parse_cards(cards), 10).label() == label


def test_online_tie_the_bet_stays():
    rnd = play(ONLINE, ["TS", "9H", "8D", "9C"], [20], ["stand"])
    assert results(rnd) == [(1, 1, "push", 0)]
    assert rnd.bankroll == 1000


# Doubling -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "second", "may_double"), [
    ("4S", "4D", False), ("4S", "5D", True), ("4S", "6D", True), ("5S", "6D", True),
    ("6S", "6D", False), ("AS", "8D", False),  # A+8 is 19, not 9
])
def test_online_double_on_first_two_cards_worth_9_to_11(first, second, may_double):
    rnd = deal(ONLINE, [first, "7H", second], [20])
    assert ("double" in decision(rnd)[3]) is may_double


def test_online_double_gets_one_card_and_no_more():
    rnd = play(ONLINE, ["5S", "7H", "4D", "2C", "TC"], [20], ["double"])
    assert cards_of(rnd) == ["5S", "4D", "2C"]  # 11: still no more cards
    assert results(rnd) == [(1, 1, "lose", -40)]  # against 17


def test_online_double_after_a_split_on_any_total():
    rnd = deal(ONLINE, ["8S", "7H", "8D", "5C", "9C", "TS", "TD"], [20])
    rnd.apply(Action.parse("split"))
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand", "double"))  # 13
    rnd.apply(Action.parse("double"))  # 13 + T busts
    assert decision(rnd) == ("play", 1, 2, ("hit", "stand", "double"))  # 17
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert results(rnd) == [(1, 1, "bust", -40), (1, 2, "push", 0)]


# Splitting ----------------------------------------------------------------------------------------


def test_online_split_pairs_up_to_four_hands():
    rnd = deal(ONLINE, ["TS", "7H", "KD", "TC", "QC", "2S", "3S", "9S", "JC", "TD"], [20])
    rnd.apply(Action.parse("split"))  # T+T | K+Q
    assert "split" in decision(rnd)[3]
    rnd.apply(Action.parse("split"))  # T+2 | T+3 | K+Q
    rnd.apply(Action.parse("stand"))
    rnd.apply(Action.parse("stand"))
    assert decision(rnd) == ("play", 1, 3, ("hit", "stand", "double", "split"))
    rnd.apply(Action.parse("split"))  # T+2 | T+3 | K+9 | Q+J
    rnd.apply(Action.parse("stand"))
    assert decision(rnd) == ("play", 1, 4, ("hit", "stand", "double"))  # four hands: no more
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.shoe.remaining == 0
    assert [h.stake for h in box_of(rnd).hands] == [20] * 4
    assert results(rnd) == [(1, 1, "lose", -20), (1, 2, "lose", -20), (1, 3, "win", 20),
                            (1, 4, "win", 20)]


def test_online_split_aces_one_card_each_no_resplit():
    rnd = play(ONLINE, ["AS", "7H", "AD", "AC", "5C", "TD"], [20], ["split"])
    assert cards_of(rnd, 1, 1) == ["AS", "AC"] and cards_of(rnd, 1, 2) == ["AD", "5C"]
    assert results(rnd) == [(1, 1, "lose", -20), (1, 2, "lose", -20)]  # 12 and 16 against 17


def test_online_split_ace_ten_is_an_ordinary_21_that_ties_a_dealer_21():
    rnd = play(ONLINE, ["AS", "6H", "AD", "TC", "5C", "5D", "KS"], [20], ["split"])
    assert dealer(rnd) == ["6H", "5D", "KS"]
    assert results(rnd) == [(1, 1, "push", 0), (1, 2, "lose", -20)]


def test_online_blackjack_in_a_split_loses_to_the_dealer_blackjack():
    rnd = play(ONLINE, ["AS", "TH", "AD", "TC", "5C", "AH"], [20], ["split"])
    assert results(rnd) == [(1, 1, "lose", -20), (1, 2, "lose", -20)]
    assert "even-money" not in kinds(rnd.log)


def test_no_hole_card_original_bet_only_variant_returns_doubles_and_splits():
    # Not a shipped table: the Rules field the online set sets to "all", tried the other way.
    variant = rules("online", no_hole_card_loses="original")
    rnd = play(variant, ["8S", "TH", "8D", "3C", "2C", "9S", "9D", "AH"], [20],
               ["split", "double", "double"])
    # Only the box's original 20 is lost; the split bet and both doubles come back.
    assert results(rnd) == [(1, 1, "lose", -20), (1, 2, "push", 0)]
    assert rnd.bankroll == 980
