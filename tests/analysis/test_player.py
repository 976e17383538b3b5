"""Player EVs against themselves and against naive re-computations."""

from __future__ import annotations

import itertools

import pytest

from blackjack_tui.analysis.player import Situation, split_counts
from blackjack_tui.analysis.shoe import full_shoe, remove
from blackjack_tui.analysis.table import TableMath, best_total
from tests.analysis.conftest import make_rules


def situation(hand: tuple[int, ...], up: int, **rules: object) -> Situation:
    table = TableMath.from_rules(make_rules(**rules))
    return Situation(table, remove(full_shoe(table.decks), (*hand, up)), up)


def naive_best(s: Situation, counts: list[int], hard: int, ace: bool) -> float:
    """Best of hit and stand by plain recursion over the next card (no memo, no codes)."""
    total = best_total(hard, ace)
    stand = s.stand[total]
    if total >= 21:
        return stand
    return max(stand, naive_hit(s, counts, hard, ace))


def naive_hit(s: Situation, counts: list[int], hard: int, ace: bool) -> float:
    left = sum(counts)
    ev = 0.0
    for i, n in enumerate(counts):
        if not n:
            continue
        if hard + i + 1 > 21:
            ev += n / left * -1.0
            continue
        counts[i] -= 1
        ev += n / left * naive_best(s, counts, hard + i + 1, ace or i == 0)
        counts[i] += 1
    return ev


@pytest.mark.parametrize(("hand", "up"), [((10, 6), 10), ((10, 2), 4), ((9, 7), 7), ((1, 7), 9),
                                          ((5, 8), 2)])
def test_hit_is_the_weighted_sum_over_the_next_card(hand: tuple[int, int], up: int) -> None:
    s = situation(hand, up, decks=1)
    values = s.action_values(hand)
    naive = naive_hit(s, list(s.comp), sum(hand), 1 in hand)
    assert values["hit"] == pytest.approx(naive, abs=1e-12)


def test_hit_one_level_uses_the_best_of_each_child() -> None:
    s = situation((7, 4), 6, decks=2)
    counts = list(s.comp)
    left = sum(counts)
    expected = 0.0
    for i, n in enumerate(counts):
        counts[i] -= 1
        expected += n / left * naive_best(s, counts, 11 + i + 1, i == 0)
        counts[i] += 1
    assert s.action_values((7, 4))["hit"] == pytest.approx(expected, abs=1e-12)


def test_double_is_twice_one_card_then_stand() -> None:
    s = situation((6, 5), 6, decks=1)
    counts = list(s.comp)
    left = sum(counts)
    expected = sum(2 * n / left * s.stand[best_total(11 + i + 1, i == 0)]
                   for i, n in enumerate(counts))
    assert s.action_values((6, 5))["double"] == pytest.approx(expected, abs=1e-12)


def test_double_with_aces_low_counts_every_ace_as_one() -> None:
    # Swedish: 7+A doubles as 8, and 7+A+3 is 11, not 21.
    s = situation((7, 1), 6, decks=1, double_on="7-11", double_ace_as_one=True)
    counts = list(s.comp)
    left = sum(counts)
    expected = sum(2 * n / left * s.stand[8 + i + 1] for i, n in enumerate(counts))
    assert s.action_values((7, 1))["double"] == pytest.approx(expected, abs=1e-12)


def test_stand_on_soft_17_or_less_is_never_better_than_hitting() -> None:
    # Standing below 17 wins only on a dealer bust; hitting a soft hand cannot bust at once.
    for a in range(2, 6):
        values = situation((1, a), 10).action_values((1, a))
        assert values["hit"] > values["stand"]


def test_split_once_is_twice_one_split_hand() -> None:
    s = situation((8, 8), 10, max_split_hands=2)
    counts = list(s.comp)
    left = sum(counts)
    total = 0.0
    for i, n in enumerate(counts):
        if n:
            counts[i] -= 1
            s._counts[i] -= 1
            total += n / left * s.split_hand(8, i + 1)
            s._counts[i] += 1
            counts[i] += 1
    assert s.action_values((8, 8))["split"] == pytest.approx(2 * total, abs=1e-12)


def test_split_aces_one_card_stand_on_their_two_cards() -> None:
    s = situation((1, 1), 6, max_split_hands=2)
    counts = list(s.comp)
    left = sum(counts)
    expected = 2 * sum(n / left * s.stand[best_total(1 + i + 1, True)]
                       for i, n in enumerate(counts))
    assert s.action_values((1, 1))["split"] == pytest.approx(expected, abs=1e-12)


def brute_counts(q: float, hands: int, max_hands: int) -> tuple[float, float]:
    """Enumerate every sequence of pair/non-pair second cards, hand by hand."""
    plain = stuck = 0.0
    for n in range(1, 12):
        for draws in itertools.product((True, False), repeat=n):
            box, open_hands, p, ok = hands, 2, 1.0, True
            plain_here = stuck_here = 0
            for paired in draws:
                if open_hands == 0:
                    ok = False
                    break
                p *= q if paired else 1 - q
                open_hands -= 1
                if paired and box < max_hands:
                    box += 1
                    open_hands += 2
                elif paired:
                    stuck_here += 1
                else:
                    plain_here += 1
            if ok and open_hands == 0:
                plain += p * plain_here
                stuck += p * stuck_here
    return plain, stuck


@pytest.mark.parametrize("max_hands", [2, 3, 4])
@pytest.mark.parametrize("q", [0.0, 0.077, 0.3])
def test_split_counts_match_enumeration(q: float, max_hands: int) -> None:
    assert split_counts(q, 2, max_hands) == pytest.approx(brute_counts(q, 2, max_hands), abs=1e-12)
    plain, stuck = split_counts(q, 2, max_hands)
    assert plain + stuck <= max_hands + 1e-12


def test_surrender_only_on_a_first_unsplit_hand() -> None:
    s = situation((10, 6), 10, surrender="late")
    assert s.action_values((10, 6))["surrender"] == -0.5
    assert "surrender" not in s.action_values((10, 6), from_split=True, hands_in_box=2)
    assert "surrender" not in situation((10, 6), 10).action_values((10, 6))


def test_soft_21_hits_only_where_allowed() -> None:
    hand = (5, 5, 1)
    assert "hit" not in situation(hand, 10).action_values(hand)
    values = situation(hand, 10, hit_soft_21=True).action_values(hand)
    assert values["hit"] < values["stand"]


def test_no_hole_card_loses_more_to_a_ten_than_peek() -> None:
    hand = (6, 5)
    peek = situation(hand, 10).action_values(hand)
    enhc = situation(hand, 10, hole_card="none").action_values(hand)
    original = situation(hand, 10, hole_card="none",
                         no_hole_card_loses="original").action_values(hand)
    assert enhc["double"] < original["double"] < peek["double"]
    # Losing the original bet only: the double is worth exactly the peek value given no blackjack,
    # weighted by the chance the dealer has none, less one bet when the dealer does.
    s = situation(hand, 10, hole_card="none", no_hole_card_loses="original")
    p = s.p_blackjack
    assert original["double"] == pytest.approx((1 - p) * peek["double"] - p, abs=1e-12)


def test_dealer_wins_ties_lowers_standing_on_17_to_19_only() -> None:
    plain = situation((10, 8), 8)
    swedish = situation((10, 8), 8, dealer_wins_ties=(17, 18, 19))
    for total in (17, 18, 19):
        assert swedish.stand[total] < plain.stand[total]
    for total in (12, 16, 20, 21):
        assert swedish.stand[total] == pytest.approx(plain.stand[total], abs=1e-15)
