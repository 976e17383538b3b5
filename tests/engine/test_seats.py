"""Computer seats at the table: dealt in seat order with the player's boxes, their own chips."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from blackjack_tui.engine import BetError, Round, SeatBet, Shoe
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.history import HandRecord

from .scenario import deal, play, rules

NORDIC = rules("nordic")
HOME = rules("home")


def test_seats_are_dealt_in_seat_order_around_the_player():
    seats = [SeatBet("Ann", 100, 10), SeatBet("Bo", 100, 10)]
    rnd = Round(NORDIC, Shoe.seeded(6, 3), [5, None, 5], 1000, seats=seats, player_seat=1)
    assert [b.number for b in rnd.boxes] == [4, 1, 3, 5]
    events = rnd.deal()
    firsts = [e.box for e in events if e.kind == "card"][:5]
    assert firsts == [4, 1, 3, 5, 0]


def test_a_seat_that_sits_out_has_no_box_and_keeps_its_chips():
    rnd = play(HOME, ["TH", "9C", "TD", "8S"], [5], ["stand"],
               seats=[SeatBet("Ann", 100, None)])
    assert [b.number for b in rnd.boxes] == [1]
    assert rnd.seats[0].net == 0 and rnd.net == 5


def test_the_player_may_sit_with_no_box_of_his_own_when_others_play():
    rnd = play(HOME, ["TH", "9C", "TD", "8S"], [], ["stand"], seats=[SeatBet("Ann", 100, 5)])
    assert rnd.net == 0 and rnd.seats[0].net == 5
    with pytest.raises(BetError, match="at least one box"):
        Round(HOME, Shoe.seeded(1, 1), [], 100, seats=[SeatBet("Ann", 100, None)])


def test_computer_decisions_name_their_seat():
    rnd = deal(HOME, ["TH", "TS", "6C", "6D", "7S", "9H"], [5], seats=[SeatBet("Ann", 100, 5)])
    d = rnd.legal_actions()
    assert d is not None and (d.box, d.seat) == (1, 0)
    rnd.apply(Action.parse("stand"))
    d = rnd.legal_actions()
    assert d is not None and (d.box, d.seat) == (4, 1)


def test_a_seat_cannot_bet_more_than_it_has():
    with pytest.raises(BetError, match="Ann bets 20 with 10"):
        Round(HOME, Shoe.seeded(1, 1), [5], 100, seats=[SeatBet("Ann", 10, 20)])


def _conserved(rnd: Round) -> None:
    """Every seat's chips now = before + what its own hands and insurance settled for."""
    for seat in [0, *range(1, len(rnd.seats) + 1)]:
        mine = [b for b in rnd.boxes if b.owner == seat]
        won = sum((h.net or 0 for b in mine for h in b.hands), Decimal(0))
        won += sum((b.insurance_net or 0 for b in mine), Decimal(0))
        if seat == 0:
            won += sum((h.behind_net or 0 for b in rnd.boxes for h in b.hands), Decimal(0))
            won += sum((b.behind_insurance_net or 0 for b in rnd.boxes), Decimal(0))
        assert rnd.seat_net(seat) == won, seat
        assert rnd.stack(seat) >= 0


@pytest.mark.parametrize("name", ["nordic", "swedish", "home", "online"])
def test_chips_are_conserved_per_seat_over_random_rounds(name):
    table = rules(name)
    rng = random.Random(7)
    shoe = Shoe.seeded(table.decks, 11)
    low, high = table.limits()
    stacks = [Decimal(300), Decimal(200), Decimal(150)]
    for _ in range(150):
        if shoe.needs_shuffle(table.shuffle == "every-round", table.penetration):
            shoe.shuffle()
        seats = [SeatBet(n, stacks[i + 1], low if stacks[i + 1] >= low else None)
                 for i, n in enumerate(("Ann", "Bo"))]
        behind = {4: min(high - low, Decimal(5))} if seats[0].bet and high > low else {}
        bets = [low] if stacks[0] >= low + 20 else []
        if not bets and not any(s.bet for s in seats):
            break
        rnd = Round(table, shoe, bets, max(stacks[0], Decimal(0)), seats=seats,
                    player_seat=rng.randint(0, 2), behind=behind if bets else {})
        rnd.deal()
        while (d := rnd.legal_actions()) is not None:
            rnd.apply(Action(rng.choice(d.actions)))
        _conserved(rnd)
        record = HandRecord.of(rnd, bets)
        assert record.replay().to_dict()["boxes"] == rnd.to_dict()["boxes"]
        stacks = [rnd.bankroll, *(s.bankroll for s in rnd.seats)]
