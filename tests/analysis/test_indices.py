"""Index plays worked out for six decks, S17, DAS against the published Illustrious 18.

Schlesinger's Illustrious 18 (Blackjack Forum, September 1986; Blackjack Attack), Hi-Lo, as
listed at https://www.freeblackjack.games/card-counting/deviations/ : the true count at or above
which the play in the last column is made (hit, or no insurance, below it).
"""

from __future__ import annotations

import pytest

from blackjack_tui.analysis.indices import Indices, compute, from_json, shifted_shoe, to_json
from tests.analysis.conftest import make_rules

ILLUSTRIOUS_18 = [
    ("insurance", 0, 1, 3, "insurance"),
    ("hard", 16, 10, 0, "stand"),
    ("hard", 15, 10, 4, "stand"),
    ("pair", 10, 5, 5, "split"),
    ("pair", 10, 6, 4, "split"),
    ("hard", 10, 10, 4, "double"),
    ("hard", 12, 3, 2, "stand"),
    ("hard", 12, 2, 3, "stand"),
    ("hard", 11, 1, 1, "double"),
    ("hard", 9, 2, 1, "double"),
    ("hard", 10, 1, 4, "double"),
    ("hard", 9, 7, 3, "double"),
    ("hard", 16, 9, 5, "stand"),
    ("hard", 13, 2, -1, "stand"),
    ("hard", 12, 4, 0, "stand"),
    ("hard", 12, 5, -2, "stand"),
    ("hard", 12, 6, -1, "stand"),
    ("hard", 13, 3, -2, "stand"),
]


@pytest.fixture(scope="module")
def six_deck() -> Indices:
    return compute(make_rules(decks=6, max_split_hands=4, double_after_split=True))


@pytest.mark.parametrize(("kind", "row", "up", "published", "play"), ILLUSTRIOUS_18)
def test_the_illustrious_18_within_one_count(six_deck: Indices, kind: str, row: int, up: int,
                                             published: int, play: str) -> None:
    found = six_deck.find(kind, row, up)
    assert found is not None, (kind, row, up)
    assert found.above == play
    assert found.true_count == pytest.approx(published, abs=1.0)
    assert found.play_at(found.number) == play != found.play_at(found.number - 1)


def test_the_shifted_shoe_has_the_true_count_it_is_shifted_to() -> None:
    tags = {1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, 10: -1}
    full = shifted_shoe(6, 0)
    for tc in (-4, 3):
        shoe = shifted_shoe(6, tc)
        running = sum(tags[v] * (full[v - 1] - shoe[v - 1]) for v in range(1, 11))
        assert shoe.sum() == pytest.approx(full.sum())
        assert running / (shoe.sum() / 52) == pytest.approx(tc)


def test_indices_round_trip_through_json(six_deck: Indices) -> None:
    assert from_json(to_json(six_deck)) == six_deck


# The "Fab 4" late-surrender indices (Hi-Lo, multi-deck, S17), as listed at
# https://blackjack.yuchunlab.com/en/content/cardcounting/deviations : surrender at or above.
FAB_4 = [("hard", 14, 10, 3), ("hard", 15, 10, 0), ("hard", 15, 9, 2), ("hard", 15, 1, 2)]


@pytest.mark.parametrize(("kind", "row", "up", "published"), FAB_4)
def test_surrender_where_allowed(kind: str, row: int, up: int, published: int) -> None:
    found = _four_deck_surrender().find(kind, row, up)
    assert found is not None and found.above == "surrender"
    assert found.true_count == pytest.approx(published, abs=1.0)


_CACHE: dict[str, Indices] = {}


def _four_deck_surrender() -> Indices:
    if "lsr" not in _CACHE:
        _CACHE["lsr"] = compute(make_rules(decks=4, max_split_hands=4, surrender="late"))
    return _CACHE["lsr"]
