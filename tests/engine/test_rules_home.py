"""The Danish home-game sheet (README §3): the card play and the money each hand moves.

Hole-card game: with one box the shoe deals box, up card, box, hole card, hits, dealer draws.
Bankrolls start at the rule set's starting stack, 100.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from blackjack_tui.engine import BetError, IllegalActionError, InvalidActionError, Round, Shoe
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.cards import parse_cards
from blackjack_tui.engine.hand import Hand
from blackjack_tui.engine.vocabulary import ActionName

from .scenario import D, box_of, cards_of, deal, dealer, decision, kinds, play, results, rules

HOME = rules("home")
STACK = 100


def test_home_one_deck_reshuffled_at_the_cut_card():
    assert (HOME.decks, HOME.shuffle, HOME.penetration) == (1, "cut-card", 0.7)
    shoe = Shoe.seeded(HOME.decks, 11)
    assert shoe.total == 52
    for _ in range(36):  # 36/52 < 0.7
        shoe.draw()
    assert not shoe.needs_shuffle(False, HOME.penetration)
    shoe.discard([shoe.draw()])  # 37/52 > 0.7: the cut card is out
    assert shoe.needs_shuffle(False, HOME.penetration)
    shoe.shuffle()
    assert shoe.remaining == 1 + 15 and not shoe.needs_shuffle(False, HOME.penetration)


def test_home_bets_and_boxes():
    with pytest.raises(BetError):
        Round(HOME, Shoe.seeded(1, 1), bets=[101], bankroll=1000)
    with pytest.raises(BetError, match="bankroll"):
        Round(HOME, Shoe.seeded(1, 1), bets=[60, 60], bankroll=STACK)
    rnd = Round(HOME, Shoe.seeded(1, 1), bets=[5, 5, 5], bankroll=STACK)
    assert rnd.bankroll == 85


def test_home_two_cards_each_dealer_one_face_up_one_down():
    rnd = Round(HOME, Shoe.stacked(["9S", "5H", "7D", "TC"]), bets=[5], bankroll=STACK)
    events = rnd.deal()
    assert [(e.kind, e.box) for e in events] == [("card", 1), ("card", 0), ("card", 1),
                                                  ("hole", 0)]
    assert rnd.hole_hidden


@pytest.mark.parametrize(("cards", "label"), [
    (["AS", "5H"], "6/16"), (["AS", "5H", "9D"], "15"), (["KS", "QH"], "20"),
    (["AS", "AH"], "2/12"), (["2S", "TH"], "12"),
])
def test_home_ace_counts_eleven_unless_that_goes_over_21(cards, label):
    assert Hand(parse_cards(cards), D(5)).label() == label


def test_home_dealer_peeks_a_natural_and_the_round_ends():
    rnd = play(HOME, ["9S", "KH", "9D", "AC"], [5], bankroll=STACK)
    assert results(rnd) == [(1, 1, "lose", -5)]
    assert rnd.net == -5  # entries may be negative
    assert rnd.bankroll == 95


def test_home_bust_is_lost_at_once_even_if_the_bank_busts_later():
    rnd = deal(HOME, ["TS", "9S", "6H", "5D", "9D", "TC", "KS", "8C"], [5, 5], STACK)
    events = rnd.apply(Action.parse("hit"))
    assert ("settle", "bust") in [(e.kind, e.outcome) for e in events]
    rnd.apply(Action.parse("stand"))
    assert dealer(rnd) == ["6H", "TC", "8C"]  # the bank busts
    assert results(rnd) == [(1, 1, "bust", -5), (2, 1, "win", 5)]


def test_home_dealer_draws_to_at_least_17_and_stands_on_17():
    rnd = play(HOME, ["TS", "6H", "8D", "AC"], [5], ["stand"], STACK)
    assert dealer(rnd) == ["6H", "AC"]
    rnd = play(HOME, ["TS", "6H", "8D", "TC", "AS"], [5], ["stand"], STACK)
    assert dealer(rnd) == ["6H", "TC", "AS"]
    assert results(rnd) == [(1, 1, "win", 5)]


def test_home_natural_pays_3_to_2():
    rnd = play(HOME, ["AS", "7H", "KD", "9C"], [10], bankroll=STACK)
    assert results(rnd) == [(1, 1, "blackjack", 15)]
    assert rnd.bankroll == 115


def test_home_natural_pays_3_to_2_on_an_odd_bet_without_rounding():
    rnd = play(HOME, ["AS", "7H", "KD", "9C"], [5], bankroll=STACK)
    assert results(rnd) == [(1, 1, "blackjack", Decimal("7.50"))]
    assert rnd.bankroll == Decimal("107.50")


def test_home_natural_pushes_a_dealer_natural():
    rnd = play(HOME, ["AS", "TH", "KD", "AC"], [10], bankroll=STACK)
    assert results(rnd) == [(1, 1, "push", 0)]


def test_home_double_on_any_two_cards_win_is_plus_two_bets():
    rnd = deal(HOME, ["9S", "9H", "7D", "8C", "4S"], [10], STACK)
    assert "double" in decision(rnd)[3]  # 16 may double
    rnd.apply(Action.parse("double"))  # 20 against 17
    assert results(rnd) == [(1, 1, "win", 20)]
    assert rnd.bankroll == 120


def test_home_double_loss_is_minus_two_bets():
    rnd = play(HOME, ["5S", "9H", "6D", "8C", "2S"], [10], ["double"], STACK)
    assert cards_of(rnd) == ["5S", "6D", "2S"]
    assert results(rnd) == [(1, 1, "lose", -20)]
    assert rnd.bankroll == 80


def test_home_split_makes_two_hands_each_with_the_original_bet_settled_separately():
    rnd = deal(HOME, ["8S", "7H", "8D", "TC", "TS", "5S"], [10], STACK)
    rnd.apply(Action.parse("split"))
    assert [h.stake for h in box_of(rnd).hands] == [10, 10]
    assert decision(rnd) == ("play", 1, 1, ("hit", "stand", "double"))  # split once only
    rnd.apply(Action.parse("stand"))  # 18
    rnd.apply(Action.parse("stand"))  # 13
    assert rnd.over
    assert results(rnd) == [(1, 1, "win", 10), (1, 2, "lose", -10)]
    assert rnd.net == 0


def test_home_ten_on_a_split_ace_is_an_ordinary_21_paying_one_to_one():
    rnd = play(HOME, ["AS", "7H", "AD", "TC", "KS", "5S"], [10], ["split"], STACK)
    assert results(rnd) == [(1, 1, "win", 10), (1, 2, "lose", -10)]  # 21 and 16 against 17


def test_home_insurance_any_amount_up_to_half():
    rnd = deal(HOME, ["9S", "AH", "9D", "KC"], [10], STACK)
    d = rnd.legal_actions()
    assert (d.kind, d.stake, d.any_amount) == ("insurance", 5, True)
    assert all(Action.parse(f"insurance:{amount}") in d for amount in ("3", "0.01", "5"))
    assert Action.parse("insurance:5.01") not in d
    before = rnd.to_dict()
    with pytest.raises(IllegalActionError):
        rnd.apply(Action.parse("insurance:5.01"))
    with pytest.raises(InvalidActionError):
        rnd.apply(Action.parse("insurance:0"))
    assert rnd.to_dict() == before
    rnd.apply(Action.parse("insurance:3"))
    assert rnd.over
    # The bank's natural: the main bet is lost, the insurance pays two to one.
    assert (box_of(rnd).insurance, box_of(rnd).insurance_net) == (3, 6)
    assert results(rnd) == [(1, 1, "lose", -10)]
    assert rnd.bankroll == 96


@pytest.mark.parametrize("amount", ["-5", "0", "0.001", "NaN"])
def test_home_insurance_typed_as_an_action_is_still_a_stake_in_whole_cents(amount: str):
    # The UI hands the round an Action it built, no text: a negative, empty or sub-cent stake
    # is refused all the same (a negative insurance would make chips).
    rnd = deal(HOME, ["9S", "AH", "9D", "KC"], [10], STACK)
    d = rnd.legal_actions()
    action = Action(ActionName.INSURANCE, Decimal(amount))
    assert action not in d
    before = rnd.to_dict()
    with pytest.raises(IllegalActionError):
        rnd.apply(action)
    assert rnd.to_dict() == before and rnd.bankroll == STACK - 10


def test_home_full_insurance_exactly_cancels_the_main_bet():
    rnd = play(HOME, ["9S", "AH", "9D", "KC"], [10], ["insurance"], STACK)
    assert box_of(rnd).insurance == 5
    assert rnd.net == 0 and rnd.bankroll == STACK


def test_home_insurance_lost_on_top_of_whatever_the_main_hand_ends_with():
    rnd = play(HOME, ["TS", "AH", "9D", "7C"], [10], ["insurance:2", "stand"], STACK)
    assert box_of(rnd).insurance_net == -2
    assert results(rnd) == [(1, 1, "win", 10)]  # 19 against soft 18
    assert rnd.net == 8


def test_home_insurance_never_more_than_the_stack_holds():
    # 12 in the stack, 10 bet: only 2 are left to insure with.
    rnd = deal(HOME, ["9S", "AH", "9D", "KC"], [10], 12)
    d = rnd.legal_actions()
    assert d.kind == "insurance" and d.stake == 2
    assert Action.parse("insurance:3") not in d
    rnd.apply(Action.parse("insurance"))
    assert rnd.bankroll >= 0
    assert rnd.over and box_of(rnd).insurance == 2
    assert rnd.bankroll == 6  # 2 insured at 2:1 back: 2 + 4


def test_home_even_money_offered_to_a_natural_against_an_ace():
    rnd = deal(HOME, ["AS", "AH", "KD", "TC"], [10], STACK)
    assert decision(rnd) == ("even-money", 1, 1, ("even-money", "no-even-money"))
    rnd.apply(Action.parse("even-money"))
    assert results(rnd) == [(1, 1, "even-money", 10)]
    assert "insurance-settled" not in kinds(rnd.log)


def test_home_ledger_settings_are_kept_in_the_rule_set():
    ledger = HOME.ledger
    assert ledger is not None
    assert (ledger.starting_stack, ledger.normal_bet, ledger.floor, ledger.rebuys) == (100, 5, 0, 1)
    assert ledger.hands is None and ledger.rotating_bank
