"""Cards and their text forms, hand totals, blackjack, and the shoe (seeded, stacked, cut card)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest

from blackjack_tui.engine import Card, Round, Shoe, ShoeEmptyError, parse_card, parse_cards
from blackjack_tui.engine.cards import DECK, CardError
from blackjack_tui.engine.hand import Hand
from blackjack_tui.engine.kernel import format_total, hand_totals
from blackjack_tui.engine.shoe import fisher_yates, fresh_order, rank_order

from .scenario import rules

# Cards ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "rank", "suit", "value"), [
    ("AS", "A", "S", 1), ("TD", "T", "D", 10), ("QH", "Q", "H", 10), ("2C", "2", "C", 2),
    ("9H", "9", "H", 9), ("KS", "K", "S", 10), ("JD", "J", "D", 10),
])
def test_card_text_form(text, rank, suit, value):
    card = parse_card(text)
    assert (card.rank, card.suit, card.value, card.text, str(card)) == (rank, suit, value, text,
                                                                        text)


@pytest.mark.parametrize(("text", "canonical"), [("td", "TD"), ("10H", "TH"), (" qh ", "QH"),
                                                 ("as", "AS")])
def test_card_lenient_spellings_read_as_the_canonical_form(text, canonical):
    assert parse_card(text).text == canonical


def test_cards_are_interned_and_survive_pickling():
    assert Card("AS") is parse_card("as")
    assert pickle.loads(pickle.dumps(parse_card("7C"))) is parse_card("7C")


def test_a_deck_is_52_distinct_cards():
    assert len(DECK) == 52 and len({c.text for c in DECK}) == 52
    assert Counter(c.value for c in DECK) == {1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4,
                                              9: 4, 10: 16}


@pytest.mark.parametrize("bad", ["1S", "AX", "", "ASS", "11H", 5, None])
def test_bad_card_text_is_refused_with_a_readable_message(bad):
    with pytest.raises(CardError, match="card"):
        parse_card(bad)


def test_parse_cards_names_the_position_of_the_bad_card():
    with pytest.raises(CardError, match="card 2"):
        parse_cards(["AS", "ZZ", "KD"])


# Totals and blackjack ---------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "total", "soft", "label"), [
    (["AS", "6D"], 17, True, "7/17"),
    (["AS", "6D", "TC"], 17, False, "17"),
    (["AS", "AD"], 12, True, "2/12"),
    (["AS", "AD", "9C"], 21, True, "11/21"),
    (["AS", "AD", "9C", "KH"], 21, False, "21"),
    (["TS", "TD", "2C"], 22, False, "22"),
    (["5S", "5D", "AC"], 21, True, "11/21"),
    (["9S", "7D"], 16, False, "16"),
])
def test_hand_totals_hard_and_soft(cards, total, soft, label):
    parsed = parse_cards(cards)
    assert hand_totals(parsed) == (total, soft)
    assert format_total(parsed) == label
    hand = Hand(parsed, Decimal(10))
    assert hand.totals() == (total, soft) and hand.label() == label
    assert hand.is_bust is (total > 21)


def test_blackjack_only_on_the_first_two_cards_of_an_unsplit_hand():
    assert Hand(parse_cards(["AS", "KD"]), Decimal(10)).is_blackjack
    assert Hand(parse_cards(["TD", "AH"]), Decimal(10)).is_blackjack
    assert not Hand(parse_cards(["AS", "KD"]), Decimal(10), from_split=True).is_blackjack
    assert not Hand(parse_cards(["5S", "5D", "AC"]), Decimal(10)).is_blackjack
    assert not Hand(parse_cards(["7S", "4D", "KC"]), Decimal(10)).is_blackjack


# The shoe -----------------------------------------------------------------------------------------


def _deal_all(shoe: Shoe) -> list[Card]:
    return [shoe.draw() for _ in range(shoe.remaining)]


def test_seeded_shoe_is_reproducible():
    one, two = Shoe.seeded(6, 42), Shoe.seeded(6, 42)
    drawn = [one.draw() for _ in range(100)]
    assert drawn == [two.draw() for _ in range(100)]
    assert drawn != [Shoe.seeded(6, 43).draw() for _ in range(100)]
    one.discard(drawn)
    two.discard(drawn)
    one.shuffle()
    two.shuffle()
    assert _deal_all(one) == _deal_all(two)  # reshuffles reproduce too


def test_seeded_shoe_holds_every_card_decks_times_and_is_shuffled():
    shoe = Shoe.seeded(6, 7)
    assert shoe.total == 312 and shoe.remaining == 312
    dealt = _deal_all(shoe)
    assert Counter(dealt) == Counter(list(DECK) * 6)
    assert dealt != (list(DECK) * 6)[::-1]


def test_a_shoe_deals_fisher_yates_from_fresh_decks_one_card_at_a_time():
    # Drawing each card at random as it is dealt is Fisher-Yates run from the top: the deal is
    # the one a full shuffle of fresh decks with the same random draws gives, which is what a
    # seeded shoe's first shoe was before cards were drawn one at a time.
    for decks, seed in ((1, 3), (6, 11)):
        whole = list(DECK) * decks
        fisher_yates(whole, random.Random(seed))
        assert _deal_all(Shoe.seeded(decks, seed)) == whole[::-1]


def test_fresh_order_lays_cards_out_deck_after_deck():
    assert fresh_order(list(DECK) * 3) == list(DECK) * 3
    assert fresh_order(list(DECK)[::-1] * 2) == list(DECK) * 2
    cards = parse_cards(["KC", "AS", "KC", "2S"])
    assert [c.text for c in fresh_order(cards)] == ["AS", "2S", "KC", "KC"]
    assert [c.text for c in rank_order(parse_cards(["KC", "2H", "AD", "2S"]))] == [
        "AD", "2S", "2H", "KC"]


class CountingRandom(random.Random):
    calls = 0

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        self.calls += 1
        return super().randrange(*args, **kwargs)


def test_a_shuffle_draws_nothing_at_random_until_cards_are_dealt():
    rng = CountingRandom(5)
    shoe = Shoe(6, rng)
    assert rng.calls == 0 and shoe.remaining == 312
    for _ in range(7):
        shoe.discard([shoe.draw()])
    assert rng.calls == 7  # one random draw per card dealt, not 311 per shuffle
    shoe.shuffle()
    assert rng.calls == 7


def test_a_shuffle_starts_from_fresh_decks_whatever_order_the_cards_came_back_in():
    one, two = Shoe.seeded(2, 9), Shoe.seeded(2, 9)
    drawn = [one.draw() for _ in range(30)]
    assert drawn == [two.draw() for _ in range(30)]
    one.discard(drawn)
    two.discard(drawn[::-1])
    one.shuffle()
    two.shuffle()
    assert one.remaining_cards() == two.remaining_cards() == (list(DECK) * 2)[::-1]
    assert _deal_all(one) == _deal_all(two)


def test_peeking_at_the_top_card_draws_it_and_deals_it_next():
    one, two = Shoe.seeded(1, 4), Shoe.seeded(1, 4)
    top = one.peek_top()
    assert top == one.draw() == two.draw()
    assert Shoe.stacked([]).peek_top() is None


def test_fisher_yates_gives_every_order_about_equally_often():
    rng = random.Random(2024)
    counts: Counter[tuple[str, ...]] = Counter()
    for _ in range(6000):
        cards = parse_cards(["AS", "2S", "3S"])
        fisher_yates(cards, rng)
        counts[tuple(c.text for c in cards)] += 1
    assert len(counts) == 6
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_stacked_shoe_deals_top_first_and_never_shuffles():
    shoe = Shoe.stacked(["AS", "KD", "7C"])
    assert shoe.total == 3
    shoe.shuffle()
    assert not shoe.needs_shuffle(True, 0.5) and not shoe.needs_shuffle(False, 0.5)
    assert [shoe.draw().text for _ in range(3)] == ["AS", "KD", "7C"]


def test_stacked_shoe_runs_out_with_shoe_empty_error():
    shoe = Shoe.stacked(["AS"])
    shoe.draw()
    shoe.discard([parse_card("AS")])
    with pytest.raises(ShoeEmptyError):
        shoe.draw()  # a stacked shoe never reshuffles its discards


def test_round_on_a_short_stacked_shoe_raises_shoe_empty_error():
    rnd = Round(rules("nordic"), Shoe.stacked(["9S", "7H", "TD"]), bets=[10], bankroll=100)
    with pytest.raises(ShoeEmptyError):
        rnd.deal()


def test_cut_card_reshuffle_via_needs_shuffle():
    shoe = Shoe.seeded(2, 5)
    assert not shoe.needs_shuffle(False, 0.5)
    for _ in range(51):
        shoe.discard([shoe.draw()])
    assert not shoe.needs_shuffle(False, 0.5)  # 51/104
    shoe.discard([shoe.draw()])
    assert shoe.needs_shuffle(False, 0.5)  # 52/104: the cut card is out
    shoe.shuffle()
    assert shoe.remaining == 104 and not shoe.discards
    assert not shoe.needs_shuffle(False, 0.5)


def test_shuffle_every_round():
    shoe = Shoe.seeded(6, 5)
    assert not shoe.needs_shuffle(True, 0.75)  # freshly shuffled
    shoe.discard([shoe.draw()])
    assert shoe.needs_shuffle(True, 0.75)
    shoe.shuffle()
    assert not shoe.needs_shuffle(True, 0.75) and shoe.remaining == 312


def test_unshuffled_shoe_asks_for_its_first_shuffle():
    shoe = Shoe(1, random.Random(1), shuffle=False)
    assert shoe.needs_shuffle(True, 0.75)


def test_a_real_shoe_that_runs_dry_mid_round_reshuffles_its_discards():
    shoe = Shoe.seeded(1, 3)
    drawn = [shoe.draw() for _ in range(52)]
    shoe.discard(drawn[:10])
    shuffles = shoe.shuffles
    card = shoe.draw()
    assert card in drawn[:10]
    assert shoe.shuffles == shuffles + 1
    assert shoe.remaining == 9 and not shoe.discards


def test_shoe_round_trips_through_its_dict():
    shoe = Shoe.seeded(2, 8)
    shoe.discard([shoe.draw() for _ in range(20)])
    copy = Shoe.from_dict(shoe.to_dict())
    assert copy.to_dict() == shoe.to_dict()
    assert copy.remaining_cards() == shoe.remaining_cards()


def test_a_shoe_saved_mid_deal_with_its_random_state_deals_on_the_same_cards():
    shoe = Shoe.seeded(6, 21)
    shoe.discard([shoe.draw() for _ in range(40)])
    saved, state = shoe.to_dict(), shoe.rng.getstate()  # type: ignore[attr-defined]
    assert saved["loose"] == 312 - 40
    rng = random.Random()
    rng.setstate(state)
    copy = Shoe.from_dict(saved, rng)
    assert _deal_all(copy) == _deal_all(shoe)


def test_a_shoe_saved_before_cards_were_drawn_lazily_deals_its_cards_in_order():
    # Such a save has no "loose": its cards are in dealing order, top first.
    old = {"decks": 1, "stacked": False, "total": 52, "cards": ["7H", "AS", "KD"],
           "discards": [], "shuffles": 1}
    shoe = Shoe.from_dict(old, random.Random(1))
    assert [c.text for c in _deal_all(shoe)] == ["7H", "AS", "KD"]
    assert "loose" not in shoe.to_dict()


@pytest.mark.parametrize("loose", [-1, 4, True, "2"])
def test_a_saved_shoe_with_impossible_loose_cards_is_refused(loose: object) -> None:
    data = {"decks": 1, "stacked": False, "total": 52, "cards": ["7H", "AS", "KD"],
            "discards": [], "shuffles": 1, "loose": loose}
    with pytest.raises(ValueError, match="loose"):
        Shoe.from_dict(data)
