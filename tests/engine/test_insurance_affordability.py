"""Insurance is asked box by box, each with the chips its seat has when its turn comes (issue 10,
item 9): a box that cannot afford insurance then is not asked, and where any amount up to half the
bet may be staked, a box is offered at most what is left. On stacked shoes, then as a property.

Before, affordability was checked once for all boxes when the insurance round began: bankroll 35,
three boxes of 10, an ace up, insure all three, and the bankroll ended at -10.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from blackjack_tui.engine import Round, SeatBet, Shoe
from blackjack_tui.engine.actions import Action

from .scenario import box_of, deal, decision, results, rules
from .test_properties import HOT_RANKS, SETTINGS, arrange, choose, rule_sets

NORDIC = rules("nordic")
SWEDISH = rules("swedish")
HOME = rules("home")


def insured(rnd: Round) -> list[Decimal | None]:
    return [b.insurance for b in rnd.boxes]


# Nordic: insurance right after the deal, half the bet ---------------------------------------------


def test_nordic_insurance_is_asked_only_of_boxes_the_bankroll_still_covers():
    # 35 - 3 x 10 leaves 5: box 1 insures for 5, then nothing is left for boxes 2 and 3.
    rnd = deal(NORDIC, ["TS", "TH", "TD", "AC", "7S", "8H", "9D", "6C"], [10, 10, 10], 35)
    assert decision(rnd) == ("insurance", 1, 1, ("insurance", "no-insurance"))
    rnd.apply(Action.parse("insurance"))
    assert rnd.bankroll == 0
    assert decision(rnd)[:2] == ("play", 1)  # boxes 2 and 3 were not asked
    for _ in range(3):
        rnd.apply(Action.parse("stand"))
    assert rnd.over and insured(rnd) == [5, None, None]
    # Soft 17 stands: box 1 pushes, boxes 2 and 3 win; the insurance is lost.
    assert results(rnd) == [(1, 1, "push", 0), (2, 1, "win", 10), (3, 1, "win", 10)]
    assert rnd.bankroll == 50


def test_nordic_a_box_that_declines_leaves_its_chips_for_the_next():
    rnd = deal(NORDIC, ["TS", "TH", "TD", "AC", "7S", "8H", "9D", "6C"], [10, 10, 10], 40)
    rnd.apply(Action.parse("insurance"))  # 10 left, 5 after
    assert decision(rnd)[:2] == ("insurance", 2)
    rnd.apply(Action.parse("no-insurance"))
    assert decision(rnd)[:2] == ("insurance", 3)
    rnd.apply(Action.parse("insurance"))
    assert rnd.bankroll == 0 and insured(rnd) == [5, 0, 5]


# Swedish: insurance at the bank's turn, half the box's whole bet -------------------------------


def test_swedish_insurance_at_the_banks_turn_is_asked_only_of_boxes_still_covered():
    # 50 - 2 x 20 leaves 10: box 1 insures for half its 20, and box 2 is not asked.
    rnd = deal(SWEDISH, ["TS", "TH", "AC", "8D", "7C", "9S"], [20, 20], 50)
    rnd.apply(Action.parse("stand"))
    rnd.apply(Action.parse("stand"))
    assert decision(rnd) == ("insurance", 1, 1, ("insurance", "no-insurance"))
    assert rnd.legal_actions().stake == 10
    rnd.apply(Action.parse("insurance"))
    assert rnd.over and rnd.bankroll == 0  # the bank drew a 9: no blackjack, soft 20
    assert insured(rnd) == [10, None]
    assert results(rnd) == [(1, 1, "lose", -20), (2, 1, "lose", -20)]


def test_swedish_a_doubled_box_insures_its_whole_bet_with_what_is_left_then():
    # 80 - 2 x 20 = 40; box 1 doubles 5+5 (20 more, 20 left) and insures 20 (half of 40):
    # box 2's 10 is then more than the nothing left.
    rnd = deal(SWEDISH, ["5S", "TH", "AC", "5D", "8C", "9H", "9S"], [20, 20], 80)
    rnd.apply(Action.parse("double"))
    rnd.apply(Action.parse("stand"))
    d = rnd.legal_actions()
    assert (d.kind, d.box, d.stake) == ("insurance", 1, 20)
    rnd.apply(Action.parse("insurance"))
    assert rnd.over and rnd.bankroll >= 0 and insured(rnd) == [20, None]


# Home: any amount up to half the bet ------------------------------------------------------------


def test_home_insurance_offers_each_box_at_most_what_is_left_when_it_is_asked():
    rnd = deal(HOME, ["9S", "TH", "AH", "9D", "7C", "6S"], [10, 10], 27)  # 7 left
    d = rnd.legal_actions()
    assert (d.kind, d.box, d.stake, d.any_amount) == ("insurance", 1, 5, True)
    rnd.apply(Action.parse("insurance:4"))
    d = rnd.legal_actions()
    assert (d.kind, d.box, d.stake) == ("insurance", 2, 3)  # half the bet is 5, only 3 are left
    assert Action.parse("insurance:3") in d and Action.parse("insurance:4") not in d
    rnd.apply(Action.parse("insurance"))
    assert rnd.bankroll == 0 and insured(rnd) == [4, 3]


def test_home_a_box_with_nothing_left_to_insure_with_is_not_asked():
    # 25 - 2 x 10 leaves 5; box 1 insures all 5: box 2 is not asked "insurance up to 0".
    rnd = deal(HOME, ["9S", "TH", "AH", "9D", "7C", "6S"], [10, 10], 25)
    rnd.apply(Action.parse("insurance"))
    assert decision(rnd)[:2] == ("play", 1)
    assert insured(rnd) == [5, None]
    rnd.apply(Action.parse("stand"))
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.bankroll == 30  # 18 and 17 against soft 17: a win and a push


def test_home_a_computer_seat_insures_with_its_own_chips():
    seats = [SeatBet("Ann", 12, 10)]  # 2 left after her bet
    rnd = deal(HOME, ["9S", "TH", "AH", "9D", "7C", "6S"], [10], 100, seats=seats,
               player_seat=1)
    d = rnd.legal_actions()
    assert (d.kind, d.box, d.seat, d.stake) == ("insurance", 4, 1, 2)
    rnd.apply(Action.parse("insurance"))
    assert rnd.stack(1) == 0
    d = rnd.legal_actions()
    assert (d.kind, d.box, d.seat, d.stake) == ("insurance", 1, 0, 5)
    assert box_of(rnd, 4).insurance == 2


# The property: no seat's chips ever go below zero ---------------------------------------------


@SETTINGS
@given(rules=rule_sets().filter(lambda r: r.insurance != "none"), seed=st.integers(0, 2**32 - 1),
       data=st.data())
def test_no_bankroll_ever_goes_negative_however_many_boxes_insure(rules, seed, data):
    boxes = data.draw(st.integers(1, rules.max_boxes))
    bet = data.draw(st.sampled_from([Decimal(1), Decimal(2), Decimal(5)]))
    bankroll = bet * boxes + data.draw(st.sampled_from([Decimal(0), Decimal("0.50"), bet / 2, bet,
                                                        bet * 2]))
    seats = [SeatBet("Ann", bet + data.draw(st.sampled_from([Decimal(0), bet / 2, bet])), bet)]
    behind = {4: bet} if data.draw(st.booleans()) else {}
    if behind:
        bankroll += bet
    # Every box's first card, the ace up, every box's second card: pairs and blackjacks too.
    firsts = [data.draw(st.sampled_from(HOT_RANKS)) for _ in range(boxes + 1)]
    seconds = [data.draw(st.sampled_from(HOT_RANKS)) for _ in range(boxes + 1)]
    shoe = arrange(Shoe.seeded(rules.decks, seed), [*firsts, "A", *seconds], seed)
    rnd = Round(rules, shoe, [bet] * boxes, bankroll, seats=seats, player_seat=1, behind=behind)
    rnd.deal()
    steps = 0
    while (d := rnd.legal_actions()) is not None:
        assert all(rnd.stack(seat) >= 0 for seat in range(len(rnd.seats) + 1))
        if d.kind == "insurance":
            assert 0 < d.stake <= rnd.stack(d.seat), "insurance offered beyond the chips"
        rnd.apply(Action.parse(choose(data, d)))
        steps += 1
        assert steps < 400
    assert rnd.bankroll >= 0 and all(s.bankroll >= 0 for s in rnd.seats)
