"""Playing behind, the Swedish "bakomspel" (README §2), on stacked shoes.

Ann (computer seat 1) holds box 4 with 40; the player bets 30 behind it and has no box of his own.
Swedish: no hole card, so the shoe deals box 4, the up card, box 4, then the hits, then the bank's
second card (after insurance) and its draws.
"""

from __future__ import annotations

import pytest

from blackjack_tui.engine import BetError, Decision, Round, SeatBet, Shoe
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.history import HandRecord

from .scenario import box_of, deal, dealer, decision, kinds, play, rules

SWEDISH = rules("swedish")
ANN = [SeatBet("Ann", 500, 40)]
BEHIND = {4: 30}


def test_a_bet_behind_is_taken_from_the_player_and_the_holder_from_her_own_chips():
    rnd = Round(SWEDISH, Shoe.seeded(6, 1), [], 1000, seats=ANN, behind=BEHIND)
    assert rnd.bankroll == 970
    assert rnd.seats[0].bankroll == 460
    box = box_of(rnd, 4)
    assert (box.owner, box.bet, box.behind_bet) == (1, 40, 30)


def test_the_box_maximum_covers_holder_and_behind_together():
    Round(SWEDISH, Shoe.seeded(6, 1), [], 1000, seats=ANN, behind={4: 30})  # 40 + 30 = 70
    with pytest.raises(BetError, match="box maximum 70 covers"):
        Round(SWEDISH, Shoe.seeded(6, 1), [], 1000, seats=ANN, behind={4: 31})


def test_behind_needs_a_box_with_a_bet():
    with pytest.raises(BetError, match="box 5"):
        Round(SWEDISH, Shoe.seeded(6, 1), [], 1000, seats=ANN, behind={5: 20})
    with pytest.raises(BetError, match="box 4"):
        Round(SWEDISH, Shoe.seeded(6, 1), [], 1000, seats=[SeatBet("Ann", 500, None)],
              behind={4: 20})


def test_the_holder_decides_the_play_the_player_behind_is_not_asked():
    rnd = deal(SWEDISH, ["TH", "6C", "8D", "TD", "3S"], [], seats=ANN, behind=BEHIND)
    d = rnd.legal_actions()
    assert isinstance(d, Decision) and (d.kind, d.box, d.seat, d.behind) == ("play", 4, 1, False)
    rnd.apply(Action.parse("stand"))  # 18 against 6 + T + 3 = 19: the bank wins
    assert rnd.over and rnd.shoe.remaining == 0
    assert rnd.seats[0].net == -40 and rnd.net == -30


def test_joining_a_split_puts_up_an_equal_bet_and_is_paid_on_both_hands():
    rnd = deal(SWEDISH, ["8H", "6C", "8D", "TC", "9S", "TD", "9C"], [], seats=ANN,
               behind=BEHIND)
    rnd.apply(Action.parse("split"))
    d = rnd.legal_actions()
    assert isinstance(d, Decision)
    assert (d.kind, d.box, d.hand, d.actions, d.stake, d.seat, d.behind) == (
        "join-split", 4, 1, ("join", "no-join"), 30, 0, True)
    assert len(box_of(rnd, 4).hands) == 1  # no card moves before the player behind answers
    events = rnd.apply(Action.parse("join"))
    assert kinds(events)[:4] == ["split", "behind-join", "card", "card"]
    assert rnd.bankroll == 1000 - 60
    for action in ("stand", "stand"):
        rnd.apply(Action.parse(action))
    assert rnd.over and rnd.shoe.remaining == 0 and dealer(rnd) == ["6C", "TD", "9C"]
    box = box_of(rnd, 4)
    assert [h.behind for h in box.hands] == [30, 30]
    assert [h.behind_net for h in box.hands] == [30, 30]
    assert rnd.net == 60 and rnd.seats[0].net == 80


def test_not_joining_a_split_leaves_the_bet_behind_with_the_first_hand():
    # Left 8+T = 18 loses to 20; right 8+3, hit T = 21 wins: the player behind is only in the left.
    rnd = play(SWEDISH, ["8H", "6C", "8D", "TC", "3S", "TH", "TD", "4C"], [],
               ["split", "no-join", "stand", "hit"], seats=ANN, behind=BEHIND)
    box = box_of(rnd, 4)
    assert [h.behind for h in box.hands] == [30, 0]
    assert [(h.outcome, h.net) for h in box.hands] == [("lose", -40), ("win", 40)]
    assert box.hands[0].behind_net == -30 and box.hands[1].behind_net is None
    assert rnd.net == -30 and rnd.seats[0].net == 0


def test_joining_a_double_doubles_the_bet_behind():
    rnd = play(SWEDISH, ["5H", "7C", "6D", "9S", "TD"], [], ["double", "join"], seats=ANN,
               behind=BEHIND)
    box = box_of(rnd, 4)
    assert len(box.hands[0].cards) == 3 and box.hands[0].behind == 60
    assert rnd.seats[0].net == 80 and rnd.net == 60


def test_not_joining_a_double_keeps_the_bet_and_the_hand_still_gets_one_card():
    rnd = deal(SWEDISH, ["5H", "7C", "6D", "2S", "TD"], [], seats=ANN, behind=BEHIND)
    rnd.apply(Action.parse("double"))
    assert decision(rnd)[0] == "join-double"
    rnd.apply(Action.parse("no-join"))
    # 5 + 6 + 2 = 13: one card only, no decision for the holder, the bank draws (7 + T = 17).
    assert rnd.over and rnd.shoe.remaining == 0
    box = box_of(rnd, 4)
    assert len(box.hands[0].cards) == 3 and box.hands[0].behind == 30
    assert rnd.seats[0].net == -80 and rnd.net == -30


def test_the_player_behind_decides_his_own_insurance():
    # Ann stands on 19; at the bank's turn she declines insurance, the player behind insures 15
    # (half his bet); the bank's K makes blackjack: the insured bet behind nets 0.
    rnd = deal(SWEDISH, ["TH", "AC", "9D", "KS"], [], seats=ANN, behind=BEHIND)
    rnd.apply(Action.parse("stand"))
    d = rnd.legal_actions()
    assert isinstance(d, Decision) and (d.kind, d.seat, d.behind) == ("insurance", 1, False)
    rnd.apply(Action.parse("no-insurance"))
    d = rnd.legal_actions()
    assert isinstance(d, Decision)
    assert (d.kind, d.box, d.seat, d.behind, d.stake) == ("insurance", 4, 0, True, 15)
    rnd.apply(Action.parse("insurance"))
    assert rnd.over and rnd.shoe.remaining == 0
    box = box_of(rnd, 4)
    assert box.insurance == 0 and box.behind_insurance == 15 and box.behind_insurance_net == 30
    assert rnd.seats[0].net == -40
    assert rnd.net == 0


def test_even_money_behind_is_the_player_s_own_choice():
    # Ann's blackjack against an ace: she declines even money, the player behind takes it; the
    # bank's 9 makes 20, so her blackjack is paid 3:2 and his bet behind 1:1.
    rnd = play(SWEDISH, ["AH", "AC", "KD", "9S"], [], ["no-even-money", "even-money"],
               seats=ANN, behind=BEHIND)
    hand = box_of(rnd, 4).hands[0]
    assert (hand.outcome, hand.net) == ("blackjack", 60)
    assert (hand.behind_outcome, hand.behind_net) == ("even-money", 30)
    assert rnd.net == 30 and rnd.seats[0].net == 60


def test_a_round_with_a_bet_behind_replays_from_its_record_and_round_trips():
    # Box 1 (the player's T 7) is dealt and played before Ann's box 4 (8 8), which sits to his
    # right; every step survives a save.
    cards = ["TS", "8H", "6C", "7S", "8D", "TC", "9S", "TD", "9C"]
    rnd = deal(SWEDISH, cards, [20], seats=ANN, behind=BEHIND)
    assert [b.number for b in rnd.boxes] == [1, 4]
    for action in ("stand", "split", "join", "stand", "stand"):
        assert Round.from_dict(rnd.to_dict()) == rnd
        rnd.apply(Action.parse(action))
    assert rnd.over and rnd.shoe.remaining == 0
    assert rnd.net == 20 + 60 and rnd.seats[0].net == 80
    record = HandRecord.of(rnd, [20])
    again = HandRecord.model_validate_json(record.model_dump_json())
    assert again.replay().to_dict()["boxes"] == rnd.to_dict()["boxes"]
    assert HandRecord.of(again.replay(), [20]).result == record.result
    assert record.seats[0].net == 80 and record.behind == {4: 30}
