"""Hints for concrete hands at the table."""

from __future__ import annotations

import pytest

from blackjack_tui.analysis.hints import hint
from blackjack_tui.analysis.shoe import full_shoe
from blackjack_tui.analysis.solve import solve
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.engine.cards import parse_card, parse_cards
from tests.analysis.conftest import make_rules


def test_a_two_card_hint_agrees_with_the_full_shoe_analysis() -> None:
    rules = make_rules(decks=1, surrender="late")
    table = TableMath.from_rules(rules)
    solution = solve(table, full_shoe(1))
    start = next(s for s in solution.starts if (s.first, s.second) == (6, 10))
    no_bj = solution.forest.no_blackjack[start.node, 9]
    expected = {action: float(value[9]) / no_bj for action, value in start.optimal.items()}
    got = hint(rules, parse_cards(["6S", "TD"]), parse_card("TH"))
    assert got.values == pytest.approx(expected, abs=1e-12)
    assert got.best == "surrender"


def test_legal_actions_follow_the_rules() -> None:
    rules = make_rules(max_split_hands=2, surrender="late")
    eights = parse_cards(["8S", "8D"])
    assert "split" in hint(rules, eights, parse_card("6C")).values
    full_box = hint(rules, eights, parse_card("6C"), from_split=True, hands_in_box=2)
    assert "split" not in full_box.values
    assert "surrender" not in full_box.values
    three = hint(rules, parse_cards(["5S", "4D", "2C"]), parse_card("6C"))
    assert set(three.values) == {"hit", "stand"}


def test_split_aces_get_one_card() -> None:
    got = hint(make_rules(), parse_cards(["AS", "7D"]), parse_card("6C"), from_split=True,
               hands_in_box=2)
    assert set(got.values) == {"stand"}


def test_split_by_rank() -> None:
    rules = make_rules(split_by="rank")
    assert "split" not in hint(rules, parse_cards(["KS", "TD"]), parse_card("6C")).values
    assert "split" in hint(rules, parse_cards(["KS", "KD"]), parse_card("6C")).values


def test_swedish_double_counts_the_ace_as_one() -> None:
    rules = make_rules(double_on="7-11", double_ace_as_one="all")
    assert "double" in hint(rules, parse_cards(["7S", "AD"]), parse_card("6C")).values
    assert "double" not in hint(make_rules(double_on="7-11"), parse_cards(["7S", "AD"]),
                                parse_card("6C")).values


def test_seen_cards_and_a_given_shoe_change_the_odds() -> None:
    rules = make_rules(decks=1)
    cards, up = parse_cards(["TS", "6D"]), parse_card("TH")
    plain = hint(rules, cards, up)
    tens_gone = hint(rules, cards, up, seen=parse_cards(["TC", "JC", "QC", "KC", "JD"]))
    assert tens_gone.values["hit"] > plain.values["hit"]  # fewer tens: hitting 16 busts less
    shoe = (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
    assert hint(rules, cards, up, shoe=shoe).values == pytest.approx(plain.values)


def test_cost_of_a_mistake() -> None:
    got = hint(make_rules(), parse_cards(["TS", "6D"]), parse_card("7H"))
    assert got.best == "hit"
    assert got.cost("hit") == 0.0
    assert got.cost("stand") > 0.0
    with pytest.raises(ValueError):
        got.cost("split")


def test_blackjack_and_bad_input() -> None:
    got = hint(make_rules(), parse_cards(["AS", "KD"]), parse_card("7H"))
    assert got.values == {"stand": 1.5}
    with pytest.raises(ValueError):
        hint(make_rules(), parse_cards(["AS"]), parse_card("7H"))


def test_the_package_exports_the_function() -> None:
    import blackjack_tui.analysis as analysis
    import blackjack_tui.analysis.hints  # noqa: F401  (a submodule must not shadow the export)

    assert callable(analysis.hint)
    assert analysis.hint is hint
