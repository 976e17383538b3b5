"""The fast exact analysis against a plain scalar re-statement of it (tests/analysis/reference.py).

Every first action of every starting hand, against a few up cards, under rules that exercise each
branch: peek and no hole card (losing all bets or the original only), S17 and H17, doubling
rules and both readings of the Swedish ace, resplits of aces, ties that lose, hitting soft 21.
"""

from __future__ import annotations

import numpy as np
import pytest

from blackjack_tui.analysis.forest import MAIN, build
from blackjack_tui.analysis.play import doubled_totals
from blackjack_tui.analysis.shoe import full_shoe
from blackjack_tui.analysis.solve import solve
from blackjack_tui.analysis.table import TableMath
from tests.analysis.conftest import make_rules
from tests.analysis.reference import Reference, counts_of

VARIANTS = {
    "peek-s17-das-surrender": dict(decks=1, max_split_hands=4, surrender="late"),
    "nohole-h17-swedish-held": dict(
        decks=1, dealer_hits_soft_17=True, hole_card="none", dealer_wins_ties=(17, 18, 19),
        double_on="7-11", double_ace_as_one="held", double_after_split=False,
        max_split_hands=4, resplit_aces=True, hit_soft_21=True),
    "nohole-swedish-all": dict(
        decks=1, hole_card="none", dealer_wins_ties=(17, 18, 19), double_on="7-11",
        double_ace_as_one="all", double_after_split=False, max_split_hands=4, resplit_aces=True,
        hit_soft_21=True),
    "nohole-original-9-11-das-any": dict(
        decks=2, hole_card="none", no_hole_card_loses="original", double_on="9-11",
        double_after_split_any_total=True, max_split_hands=3, split_aces_one_card=False,
        resplit_aces=True),
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_first_action_matches_the_reference(variant: str) -> None:
    table = TableMath.from_rules(make_rules(**VARIANTS[variant]))
    solution = solve(table, full_shoe(table.decks))
    for up in (1, 6, 10):
        ref = Reference(table, up)
        j = up - 1
        for start in solution.starts:
            if start.blackjack or start.weight[j] == 0.0:
                continue
            hand = counts_of(start.first, start.second)
            expected = {"stand": ref.stand(hand, _total(start.first, start.second)),
                        "hit": ref.hit(hand, (0,) * 10)}
            if "double" in start.optimal:
                expected["double"] = ref.double(hand)
            if "split" in start.optimal:
                expected["split"] = ref.split(start.first)
            for action, value in expected.items():
                got = float(start.optimal[action][j])
                assert got == pytest.approx(value, abs=1e-10), (start.first, start.second, up,
                                                                action)


def _total(a: int, b: int) -> int:
    return a + b + 10 if 1 in (a, b) and a + b <= 11 else a + b


@pytest.mark.parametrize(("reading", "expected"), [("all", 10), ("held", 20), (None, 20)])
def test_an_ace_drawn_on_a_double(reading: str | None, expected: int) -> None:
    # 5+4 doubled, an ace drawn: "all" counts every ace of the doubled hand as 1 (10); "held"
    # only the aces held when doubling, so the drawn ace is 11 (20), as with no ace rule.
    rules = make_rules(decks=1, double_on="7-11", double_ace_as_one=reading)
    forest = build(TableMath.from_rules(rules), full_shoe(1), (6,),
                   [(MAIN, [0] * 10, [0] * 10, False)])
    node = forest.contexts[MAIN].node(counts_of(5, 4))
    assert doubled_totals(forest, np.array([node]))[0, 0] == expected


@pytest.mark.parametrize("reading", ["all", "held"])
def test_the_held_ace_counts_one_in_both_readings(reading: str) -> None:
    # The sheet's example: 7+A = 8/18, doubled, a 3 drawn: 11 (not 21).
    rules = make_rules(decks=1, double_on="7-11", double_ace_as_one=reading)
    forest = build(TableMath.from_rules(rules), full_shoe(1), (6,),
                   [(MAIN, [0] * 10, [0] * 10, False)])
    node = forest.contexts[MAIN].node(counts_of(7, 1))
    assert doubled_totals(forest, np.array([node]))[0, 2] == 11
