"""The chart against the published multi-deck basic strategy, and its codes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from blackjack_tui.analysis.result import Analysis
from blackjack_tui.analysis.strategy import HARD_ROWS, PAIR_ROWS, SOFT_ROWS, UP_CARDS
from blackjack_tui.engine.rules import Rules

Analyse = Callable[[Rules], Analysis]

# The Wizard of Odds' 4-8 deck strategy, dealer stands on soft 17, DAS, late surrender
# (https://wizardofodds.com/games/blackjack/strategy/4-decks/), in its own codes: D is "double,
# else hit", Ds "double, else stand", Rh "surrender, else hit", P "split".
PUBLISHED = {
    ("hard", 16, 10): "Rh", ("hard", 16, 9): "Rh", ("hard", 16, 1): "Rh", ("hard", 15, 10): "Rh",
    ("hard", 15, 1): "H", ("hard", 12, 2): "H", ("hard", 12, 4): "S", ("hard", 13, 2): "S",
    ("hard", 17, 1): "S", ("hard", 11, 10): "D", ("hard", 11, 1): "H", ("hard", 10, 9): "D",
    ("hard", 9, 2): "H", ("hard", 9, 3): "D", ("soft", 18, 2): "S", ("soft", 18, 3): "Ds",
    ("soft", 18, 9): "H", ("soft", 13, 5): "D", ("soft", 13, 4): "H", ("soft", 19, 6): "S",
    ("pair", 8, 10): "P", ("pair", 1, 1): "P", ("pair", 10, 6): "S", ("pair", 9, 7): "S",
    ("pair", 9, 8): "P", ("pair", 4, 5): "P", ("pair", 4, 4): "H", ("pair", 5, 9): "D",
    ("pair", 2, 2): "P", ("pair", 7, 8): "H",
}


@pytest.fixture(scope="module")
def vegas(analysis_of: Analyse, shipped: dict[str, Rules]) -> Analysis:
    return analysis_of(shipped["vegas-strip"])


@pytest.mark.parametrize(("key", "code"), sorted(PUBLISHED.items()))
def test_cells_match_the_published_chart(vegas: Analysis, key: tuple[str, int, int],
                                         code: str) -> None:
    ours = vegas.chart.cell(*key).code
    if code == "P":
        assert ours.startswith("P")  # the published chart gives no fallback for a split
    else:
        assert ours == {"D": "Dh"}.get(code, code)


def test_fallbacks(vegas: Analysis) -> None:
    # 8-8 against a ten: split; if the box is full (so no surrender either), hit.
    assert vegas.chart.cell("pair", 8, 10).code == "Ph"
    assert vegas.chart.cell("pair", 9, 2).code == "Ps"


def test_every_cell_is_there_and_ranked(vegas: Analysis) -> None:
    for kind, rows in (("hard", HARD_ROWS), ("soft", SOFT_ROWS), ("pair", PAIR_ROWS)):
        for row in rows:
            for up in UP_CARDS:
                cell = vegas.chart.cell(kind, row, up)
                evs = [ev for _, ev in cell.ranked]
                assert evs == sorted(evs, reverse=True)
                if kind != "pair":
                    assert "split" not in dict(cell.ranked)


def test_codes_for_json(vegas: Analysis) -> None:
    codes = vegas.chart.codes()
    assert codes["pair"]["8,8"]["10"] == "Ph"
    assert codes["soft"]["A,7"]["A"] == vegas.chart.cell("soft", 18, 1).code
    assert set(codes["hard"]["16"]) == {"2", "3", "4", "5", "6", "7", "8", "9", "10", "A"}


def test_swedish_chart_never_doubles_what_it_may_not(analysis_of: Analyse,
                                                     shipped: dict[str, Rules]) -> None:
    chart = analysis_of(shipped["swedish"]).chart
    for up in UP_CARDS:
        for row in (5, 6, 12, 13, 16, 20):  # outside 7-11
            assert chart.cell("hard", row, up).best != "double"
