"""The dealer's final-total probabilities against independent computations."""

from __future__ import annotations

from fractions import Fraction

import pytest

from blackjack_tui.analysis.dealer import BLACKJACK, BUST, dealer_distribution, peeked
from blackjack_tui.analysis.shoe import full_shoe, remove


def brute_force(counts: list[int], up: int, h17: bool) -> list[Fraction]:
    """Plain recursion over every card the dealer may draw, with exact fractions.

    Independent of the module's multiset tables: it just plays the dealer's hand card by card.
    """
    out = [Fraction(0)] * 7

    def play(hard: int, ace: bool, ncards: int, p: Fraction) -> None:
        best = hard + 10 if ace and hard <= 11 else hard
        if hard > 21:
            out[BUST] += p
            return
        if ncards == 2 and best == 21:
            out[BLACKJACK] += p
            return
        soft = best != hard
        if best >= 17 and not (best == 17 and soft and h17):
            out[best - 17] += p
            return
        left = sum(counts)
        for i in range(10):
            n = counts[i]
            if n:
                counts[i] -= 1
                play(hard + i + 1, ace or i == 0, ncards + 1, p * Fraction(n, left))
                counts[i] += 1

    play(up, up == 1, 1, Fraction(1))
    return out


@pytest.mark.parametrize("h17", [False, True])
@pytest.mark.parametrize("up", range(1, 11))
def test_one_deck_matches_brute_force(up: int, h17: bool) -> None:
    # A one-deck shoe with the up card and a player's 10-6 out: every drawing sequence counted.
    comp = remove(full_shoe(1), (up, 10, 6))
    expected = brute_force(list(comp), up, h17)
    got = dealer_distribution(comp, up, h17)
    for e, g in zip(expected, got, strict=True):
        assert g == pytest.approx(float(e), abs=1e-12)


def test_short_shoe_matches_brute_force() -> None:
    # Few cards, so some drawing sequences run out of a value: falling factorials must reach 0.
    comp = (1, 0, 2, 1, 0, 1, 0, 1, 0, 3)
    for up in (2, 6, 10):
        for h17 in (False, True):
            expected = brute_force(list(comp), up, h17)
            got = dealer_distribution(comp, up, h17)
            assert got == pytest.approx([float(e) for e in expected], abs=1e-12)


@pytest.mark.parametrize("up", range(1, 11))
def test_probabilities_sum_to_one(up: int) -> None:
    comp = remove(full_shoe(6), (up,))
    for h17 in (False, True):
        dist = dealer_distribution(comp, up, h17)
        assert sum(dist) == pytest.approx(1.0, abs=1e-12)
        cond = peeked(dist)
        assert cond[BLACKJACK] == 0.0
        assert sum(cond) == pytest.approx(1.0, abs=1e-12)


def test_infinite_deck_limit_bust_with_six_up() -> None:
    # Published infinite-deck tables (e.g. the Wizard of Odds' dealer outcome probabilities): a
    # dealer showing 6 who stands on soft 17 busts 42.32% of the time. 100,000 decks stand in for
    # an infinite shoe.
    comp = remove(full_shoe(100_000), (6,))
    assert dealer_distribution(comp, 6, False)[BUST] == pytest.approx(0.4232, abs=0.0001)


def test_hitting_soft_17_changes_only_soft_17_paths() -> None:
    comp = remove(full_shoe(6), (6,))
    s17 = dealer_distribution(comp, 6, False)
    h17 = dealer_distribution(comp, 6, True)
    assert h17[0] < s17[0]  # fewer final 17s
    assert h17[BUST] > s17[BUST]
    # A ten up never makes a soft 17 (an ace counted 11 beside a ten is already 21).
    comp10 = remove(full_shoe(6), (10,))
    assert dealer_distribution(comp10, 10, True) == pytest.approx(
        dealer_distribution(comp10, 10, False), abs=1e-15)


def test_blackjack_only_under_ace_or_ten() -> None:
    for up in range(2, 10):
        assert dealer_distribution(remove(full_shoe(1), (up,)), up, False)[BLACKJACK] == 0.0
    comp = remove(full_shoe(1), (1,))
    assert dealer_distribution(comp, 1, False)[BLACKJACK] == pytest.approx(16 / 51)
