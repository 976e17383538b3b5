"""The engine's short ways give exactly what the long ways give: the shoe's cards and random
numbers, the opening hand's legal plays looked up, the card events shared."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from blackjack_tui.engine import Round, Shoe
from blackjack_tui.engine.bets import new_box
from blackjack_tui.engine.cards import DECK, RANKS, parse_card
from blackjack_tui.engine.events import (
    CARD_EVENTS,
    DEALER_CARD_EVENTS,
    HOLE_EVENTS,
    STAND_EVENTS,
    Event,
)
from blackjack_tui.engine.fair import FairShoe
from blackjack_tui.engine.hand import Box
from blackjack_tui.engine.shoe import unrolled_draws_agree
from blackjack_tui.engine.table_rules import _hand_plays, decision_actions, table_of
from blackjack_tui.engine.vocabulary import EventKind
from blackjack_tui.rulesets import load_all

SHIPPED, _ = load_all()


class PlainRandom(random.Random):
    """A subclass the shoe does not unroll: it calls ``randrange`` itself."""


def states(shoe: Shoe) -> tuple[object, ...]:
    return shoe.to_dict(), getattr(shoe.rng, "getstate", lambda: None)()


@pytest.mark.parametrize("seed", range(6))
def test_drawing_cards_together_deals_what_drawing_them_one_by_one_deals(seed: int) -> None:
    one, many = Shoe.seeded(1, seed), Shoe.seeded(1, seed)
    steps = random.Random(seed)
    while one.remaining:
        if steps.random() < 0.2:  # a card drawn on top already (peeked), then the rest loose
            assert one.peek_top() == many.peek_top()
        n = steps.randint(0, 6)
        together = many.draw_cards(n)
        if n > one.remaining:
            assert together is None
            n = one.remaining
            together = many.draw_cards(n)
        assert together == [one.draw() for _ in range(n)]
        assert states(one) == states(many)


def test_a_shoe_not_unrolled_draws_what_the_unrolled_one_draws() -> None:
    assert unrolled_draws_agree()
    fast, plain = Shoe(6, random.Random(5)), Shoe(6, PlainRandom(5))
    assert fast._bits is not None and plain._bits is None
    assert [fast.draw() for _ in range(200)] + fast.draw_cards(40) == \
        [plain.draw() for _ in range(200)] + plain.draw_cards(40)  # type: ignore[operator]


def test_a_random_source_set_later_is_drawn_from() -> None:
    shoe, twin = Shoe(6, PlainRandom(1)), Shoe(6, random.Random(9))
    shoe.rng = random.Random(9)
    assert shoe._bits is not None
    assert [shoe.draw() for _ in range(60)] == [twin.draw() for _ in range(60)]
    shoe.rng = PlainRandom(3)
    assert shoe._bits is None


def test_a_fair_shoe_records_cards_drawn_together() -> None:
    one, many = (FairShoe(1, client_seed="x", server_seed="ab" * 32) for _ in range(2))
    cards = many.draw_cards(7)
    assert cards == [one.draw() for _ in range(7)]
    assert many.dealt_cards == one.dealt_cards == cards


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_the_opening_hands_plays_looked_up_are_the_rules_plays(name: str) -> None:
    rules = SHIPPED[name]
    table = table_of(rules)
    bet = Decimal("7.50")
    for first in RANKS:
        for second in RANKS:
            for chips in (bet * 3, bet, bet - Decimal("0.01"), Decimal(0)):
                box = Box(1, bet)
                hand = box.hands[0]
                hand.add_two(parse_card(first + "C"), parse_card(second + "D"))
                assert decision_actions(table, box, hand, chips) == \
                    _hand_plays(table, box, hand, chips), (first, second, chips)


def test_shared_card_events_are_the_events_the_round_tells() -> None:
    for card in DECK:
        assert CARD_EVENTS[2][3][card] == Event(EventKind.CARD, 2, 3, card)
        assert DEALER_CARD_EVENTS[card] == Event(EventKind.CARD, 0, 0, card)
        assert HOLE_EVENTS[card] == Event(EventKind.HOLE, 0, 0, card)
    for total in range(4, 22):
        assert STAND_EVENTS[5][2][total] == Event(EventKind.STAND, 5, 2, total=total)


@pytest.mark.parametrize("seed", range(3))
def test_a_deal_on_a_shoe_about_to_run_dry_tells_the_shuffle(seed: int) -> None:
    rules = SHIPPED["nordic"]
    shoe = Shoe.seeded(1, seed)
    tray = [shoe.draw() for _ in range(50)]
    shoe.discard(tray)  # two cards left: the deal runs the shoe dry and shuffles the tray
    rnd = Round(rules, shoe, [10, 10], 1000)
    kinds = [str(e.kind) for e in rnd.deal()]
    assert kinds.count("shuffle") == 1 and kinds.index("shuffle") == 2
    assert len(rnd.dealt) == (6 if rules.hole_card == "peek" else 5)


def slots(obj: object) -> dict[str, object]:
    return {name: getattr(obj, name) for cls in type(obj).__mro__
            for name in getattr(cls, "__slots__", ())}


def test_a_box_built_the_short_way_is_the_box_the_classes_build() -> None:
    bet = Decimal(25)
    short, long = new_box(3, bet), Box(3, bet)
    assert (short.number, short.owner, len(short.positions), len(short.hands)) == \
        (long.number, long.owner, 1, 1)
    assert slots(short.positions[0]) == slots(long.positions[0])
    hand, made = short.hands[0], long.hands[0]
    assert [slots(w) for w in hand.wagers] == [slots(w) for w in made.wagers]
    assert {k: v for k, v in slots(hand).items() if k != "wagers"} == \
        {k: v for k, v in slots(made).items() if k != "wagers"}
