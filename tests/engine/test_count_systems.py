"""The count systems' tags against their published tables, and what a deck sums to.

The tables below are typed as the books print them (A, 2 ... 9, T), not taken from the module:
Hi-Lo (Schlesinger, *Blackjack Attack*), KO (Vancura & Fuchs, *Knock-Out Blackjack*), Hi-Opt I
and II (Humble & Cooper, *The World's Greatest Blackjack Book*), Omega II (Carlson, *Blackjack
for Blood*), Zen and Red 7 (Snyder, *Blackbelt in Blackjack*), Wong Halves (Wong, *Professional
Blackjack*); the same tables side by side in Griffin, *The Theory of Blackjack*.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from blackjack_tui.engine.cards import RANKS, SUITS, Card
from blackjack_tui.engine.count_systems import NAMES, SYSTEMS, system

PUBLISHED = {
    #             A     2     3    4     5     6    7     8    9     T
    "hi-lo":     "-1   +1    +1   +1    +1    +1    0     0    0    -1",
    "ko":        "-1   +1    +1   +1    +1    +1   +1     0    0    -1",
    "hi-opt-i":  " 0    0    +1   +1    +1    +1    0     0    0    -1",
    "hi-opt-ii": " 0   +1    +1   +2    +2    +1   +1     0    0    -2",
    "omega-ii":  " 0   +1    +1   +2    +2    +2   +1     0   -1    -2",
    "zen":       "-1   +1    +1   +2    +2    +2   +1     0    0    -2",
    "halves":    "-1  +1/2  +1   +1  +3/2    +1  +1/2   0  -1/2   -1",
    "red-7":     "-1   +1    +1   +1    +1    +1   1/2    0    0    -1",  # 7: red +1, black 0
}
DECK = [Card(rank + suit) for rank in RANKS for suit in SUITS]


def test_every_system_is_listed() -> None:
    assert set(NAMES) == set(PUBLISHED)
    assert len(DECK) == 52


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_tags_match_the_published_table(name: str) -> None:
    printed = [Fraction(word) for word in PUBLISHED[name].split()]
    assert [tag for _, tag in SYSTEMS[name].table()] == printed


def test_red_7_tags_the_red_sevens_only() -> None:
    red7 = system("red-7")
    assert [red7.tag(Card(f"7{s}")) for s in "HDSC"] == [1, 1, 0, 0]
    assert red7.tag(Card("TH")) == -1 and red7.tag(Card("5C")) == 1


def test_halves_keeps_its_halves_exact() -> None:
    halves = system("halves")
    assert halves.scale == 2
    assert halves.tag(Card("5S")) == Fraction(3, 2)
    assert halves.tag(Card("2S")) == Fraction(1, 2)
    assert sum(halves.tag(card) for card in DECK if card.value in (2, 7, 9)) == 2


@pytest.mark.parametrize("name", ["hi-lo", "hi-opt-i", "hi-opt-ii", "omega-ii", "zen", "halves"])
def test_balanced_systems_sum_to_zero_over_a_deck(name: str) -> None:
    counted = system(name)
    assert counted.balanced
    assert sum(counted.tag(card) for card in DECK) == 0


@pytest.mark.parametrize(("name", "per_deck"), [("ko", 4), ("red-7", 2)])
def test_unbalanced_systems_sum_per_deck(name: str, per_deck: int) -> None:
    counted = system(name)
    assert not counted.balanced
    assert sum(counted.tag(card) for card in DECK) == per_deck
    assert counted.deck_sum() == per_deck
    for decks in (1, 2, 6, 8):  # two decks' worth: twice as much
        assert sum(counted.tag(card) for card in DECK * decks) == per_deck * decks


def test_unbalanced_initial_counts_and_pivots() -> None:
    ko, red7 = system("ko"), system("red-7")
    assert [ko.initial(d) for d in (1, 2, 6, 8)] == [0, -4, -20, -28]
    assert [red7.initial(d) for d in (1, 2, 6, 8)] == [-2, -4, -12, -16]
    # After the whole shoe the running count is the IRC plus the shoe's sum: KO ends at its
    # pivot +4 whatever the decks, Red 7 at its pivot 0.
    for decks in (1, 2, 6, 8):
        assert ko.initial(decks) + sum(ko.points_of(c) for c in DECK * decks) == ko.pivot == 4
        assert red7.initial(decks) + sum(red7.points_of(c) for c in DECK * decks) == 0
    assert [ko.key_count(d) for d in (1, 2, 6, 8)] == [2, 1, -4, -6]
    assert system("hi-lo").key_count(6) is None
    assert system("hi-lo").initial(6) == 0


def test_ace_side_counts_where_the_system_keeps_one() -> None:
    assert {n for n in NAMES if SYSTEMS[n].ace_side_count} == {"hi-opt-i", "hi-opt-ii", "omega-ii"}
    for name in ("hi-opt-i", "hi-opt-ii", "omega-ii"):
        assert SYSTEMS[name].tag(Card("AS")) == 0  # the ace is counted on the side


def test_names_and_aliases() -> None:
    assert system("HiLo") is system("hi-lo") is system(" Hi-Lo ")
    assert system("Wong Halves") is system("halves")
    assert system("red7") is system("red-7")
    with pytest.raises(ValueError, match="unknown count 'nope'; known: hi-lo, ko"):
        system("nope")
