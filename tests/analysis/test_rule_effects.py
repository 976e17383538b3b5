"""Each rule moves the house edge the way the published rule-effect tables say it does."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from blackjack_tui.analysis.result import Analysis
from blackjack_tui.engine.rules import Rules
from tests.analysis.conftest import make_rules

Analyse = Callable[[Rules], Analysis]


def edge(analysis_of: Analyse, **fields: object) -> float:
    return analysis_of(make_rules(**fields)).house_edge_percent


def test_six_to_five_costs_three_tenths_of_every_unmatched_blackjack(analysis_of: Analyse) -> None:
    # One deck: the player's A+T comes 2 * 4/52 * 16/51 of the time; the dealer then has blackjack
    # with 2 * 3/50 * 15/49 (ace up and ten under, or the other way). 6:5 instead of 3:2 pays 0.3
    # less on each player blackjack the dealer does not match, and changes nothing else.
    p_player = 2 * 4 / 52 * 16 / 51
    p_dealer = 2 * 3 / 50 * 15 / 49
    expected = 100 * 0.3 * p_player * (1 - p_dealer)
    three_two = edge(analysis_of, decks=1, blackjack_pays="3:2")
    six_five = edge(analysis_of, decks=1, blackjack_pays="6:5")
    assert six_five - three_two == pytest.approx(expected, abs=1e-9)
    assert 1.3 < six_five - three_two < 1.5  # "about 1.4%" in every published table


def test_hitting_soft_17_raises_the_edge(analysis_of: Analyse) -> None:
    diff = edge(analysis_of, dealer_hits_soft_17=True) - edge(analysis_of)
    assert 0.15 < diff < 0.25  # published: about 0.2% (six decks: 0.22%)


def test_more_decks_raise_the_edge(analysis_of: Analyse) -> None:
    edges = [edge(analysis_of, decks=d) for d in (1, 2, 6, 8)]
    assert edges == sorted(edges)
    assert edges[-1] - edges[0] > 0.4  # published: about 0.5% from one deck to eight


def test_swedish_ties_raise_the_edge_a_lot(analysis_of: Analyse) -> None:
    diff = edge(analysis_of, dealer_wins_ties=(17, 18, 19)) - edge(analysis_of)
    assert diff > 3.0


def test_player_friendly_rules_lower_the_edge(analysis_of: Analyse) -> None:
    base = edge(analysis_of)
    assert edge(analysis_of, surrender="late") < base
    assert edge(analysis_of, double_after_split=False) > base
    assert edge(analysis_of, max_split_hands=2) > base
    assert edge(analysis_of, max_split_hands=1) > edge(analysis_of, max_split_hands=2)
    assert edge(analysis_of, resplit_aces=True) < base
    assert edge(analysis_of, double_on="9-11") > base
    assert edge(analysis_of, double_on="10-11") > edge(analysis_of, double_on="9-11")


def test_no_hole_card_costs_more_when_all_bets_are_lost(analysis_of: Analyse) -> None:
    peek = edge(analysis_of)
    original = edge(analysis_of, hole_card="none", no_hole_card_loses="original")
    everything = edge(analysis_of, hole_card="none", no_hole_card_loses="all")
    # Losing exactly the original bet to a blackjack is what the peek does too.
    assert original == pytest.approx(peek, abs=1e-9)
    assert 0.08 < everything - peek < 0.16  # published: about 0.11%


def test_split_by_rank_costs_almost_nothing(analysis_of: Analyse) -> None:
    # Splitting tens is never right from a full shoe, so forbidding K-T splits changes nothing.
    assert edge(analysis_of, split_by="rank") == pytest.approx(edge(analysis_of), abs=1e-9)


def test_chart_play_is_never_better_than_the_best_play(analysis_of: Analyse) -> None:
    for decks in (1, 6):
        result = analysis_of(make_rules(decks=decks))
        assert result.house_edge_percent >= result.optimal_edge_percent - 1e-12
