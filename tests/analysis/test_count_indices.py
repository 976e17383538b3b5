"""Index plays for every count system: Hi-Lo's unchanged bit for bit, the others turning where a
richer shoe says they should, KO's by running count, and ``strategy --indices --count NAME``.

What was looked for as published figures for the other systems, and why none is used, is in
``docs/count-systems.md``.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from blackjack_tui.analysis import indices
from blackjack_tui.analysis.indices import DEPTH, Indices, compute, from_json, shifted_shoe, to_json
from blackjack_tui.analysis.shoe import full_shoe
from blackjack_tui.cli import main
from blackjack_tui.engine.count_systems import NAMES, system
from tests.analysis.conftest import make_rules

SIX_DECKS = make_rules(decks=6, max_split_hands=4, double_after_split=True)
_DONE: dict[str, Indices] = {}


def six_deck(name: str) -> Indices:
    if name not in _DONE:
        _DONE[name] = compute(SIX_DECKS, name)
    return _DONE[name]


def hi_lo_shoe_before_other_counts(decks: int, true_count: float) -> np.ndarray:
    """The shifted shoe as ``indices.py`` built it when it knew only Hi-Lo (copied as it was)."""
    shoe = np.array(full_shoe(decks), dtype=float)
    shift = true_count / 40.0
    for value in (2, 3, 4, 5, 6):
        shoe[value - 1] *= 1.0 - shift
    for value in (1, 10):
        shoe[value - 1] *= 1.0 + shift
    return shoe


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_hi_lo_shifted_shoes_are_bit_identical_to_before(decks: int) -> None:
    for tc in [*range(-8, 9), -3.7, 0.25, 5.5]:
        assert np.array_equal(shifted_shoe(decks, tc), hi_lo_shoe_before_other_counts(decks, tc))
        assert np.array_equal(shifted_shoe(decks, tc, system("hi-lo")),
                              hi_lo_shoe_before_other_counts(decks, tc))


def test_hi_lo_indices_are_bit_identical_to_before(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = make_rules(decks=2, max_split_hands=4, double_after_split=True)
    now = to_json(compute(rules))
    monkeypatch.setattr(indices, "shifted_shoe",
                        lambda decks, tc, count=None: hi_lo_shoe_before_other_counts(decks, tc))
    assert to_json(compute(rules)) == now  # every float the same, not merely close


@pytest.mark.parametrize("name", [n for n in NAMES if system(n).balanced])
def test_a_shifted_shoe_has_the_true_count_it_is_shifted_to(name: str) -> None:
    counted = system(name)
    full = shifted_shoe(6, 0, counted)
    for tc in (-4, 3, 7):
        shoe = shifted_shoe(6, tc, counted)
        gone = sum(float(counted.mean_tag(v)) * (full[v - 1] - shoe[v - 1]) for v in range(1, 11))
        assert shoe.sum() == pytest.approx(full.sum())
        assert gone / (shoe.sum() / 52) == pytest.approx(tc)
        assert (shoe > 0).all()


# No published index list for Hi-Opt I, Hi-Opt II, Omega II, Zen or Wong Halves could be read
# with its source (docs/count-systems.md says what was looked for and found), so no system but
# Hi-Lo (tests/analysis/test_indices.py: the Illustrious 18 and the Fab 4) is held to one here.
# The Wong Halves figures once listed here were written from memory; they are gone.


@pytest.mark.parametrize("name", ["hi-opt-i", "hi-opt-ii", "omega-ii", "zen", "halves"])
def test_every_balanced_system_turns_insurance_16_and_15_against_a_ten(name: str) -> None:
    found = six_deck(name)
    assert found.by == "true count" and found.count == name
    insurance, sixteen, fifteen = (found.find("insurance", 0, 1), found.find("hard", 16, 10),
                                   found.find("hard", 15, 10))
    assert insurance is not None and sixteen is not None and fifteen is not None
    # A richer shoe in tens: stand on 16 before 15, and insure (a level-one count) about where
    # Hi-Lo does, a level-two count higher; all at positive counts.
    assert 0 < sixteen.true_count < fifteen.true_count
    assert insurance.true_count > 0


def test_ko_indices_are_running_counts_read_at_the_average_depth() -> None:
    ko, hi_lo = six_deck("ko"), six_deck("hi-lo")
    assert ko.by == "running count" and ko.count == "ko"
    left = 6 * DEPTH
    assert left == 3.75
    for key in (("insurance", 0, 1), ("hard", 16, 10), ("hard", 15, 10)):
        found, hl = ko.find(*key), hi_lo.find(*key)
        assert found is not None and hl is not None
        # Back to a true count: KO's own (it counts the sevens), near Hi-Lo's.
        as_tc = 4 + (found.true_count - 4) / left
        assert as_tc == pytest.approx(hl.true_count, abs=0.6)
    ins = ko.find("insurance", 0, 1)
    assert ins is not None and -20 < ins.true_count < 4  # between the IRC and the pivot


def test_indices_round_trip_with_their_count() -> None:
    ko = six_deck("ko")
    assert from_json(to_json(ko), "ko") == ko


def test_strategy_indices_for_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--rules", "home", "--indices", "--count", "zen", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["count"] == "zen" and data["indices_by"] == "true count"
    assert data["indices"][0]["hand"] == "insurance"
    assert main(["strategy", "--rules", "home", "--indices", "--count", "KO"]) == 0
    out = capsys.readouterr().out
    assert "KO index plays (running count from +0 for 1 deck)" in out
    assert "pivot is +4" in out


@pytest.mark.parametrize("argv", [["--indices", "--count", "nope"], ["--count", "zen"]])
def test_strategy_refuses_an_unknown_count_in_one_line(argv: list[str],
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    assert main(["strategy", "--rules", "home", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert "count" in captured.err
