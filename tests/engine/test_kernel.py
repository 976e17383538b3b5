"""The rules' kernel: every formula once, and every table the game looks up made from it."""

from __future__ import annotations

import ast
import random
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

import blackjack_tui
from blackjack_tui.analysis import sim_tables
from blackjack_tui.analysis.compositions import compositions
from blackjack_tui.analysis.dealer import BLACKJACK as DEALER_BLACKJACK
from blackjack_tui.analysis.dealer import BUST as DEALER_BUST
from blackjack_tui.analysis.dealer import _outcome
from blackjack_tui.engine import kernel
from blackjack_tui.engine.cards import parse_cards
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.table_rules import table_of
from blackjack_tui.engine.vocabulary import AcesLow, Outcome
from blackjack_tui.ledger import Play, SheetResult, settle
from blackjack_tui.ledger.outcomes import AS_OUTCOME
from blackjack_tui.rulesets import load_all
from tests.analysis.sim_diff import random_chart

RULE_SETS = sorted(load_all()[0].items())
D = Decimal


def test_one_ace_counts_eleven_when_that_does_not_bust_the_hand() -> None:
    assert kernel.best_total(11, True) == 21 and kernel.is_soft(11, True)
    assert kernel.best_total(12, True) == 12 and not kernel.is_soft(12, True)
    assert kernel.best_total(11, False) == 11
    assert kernel.hand_totals(parse_cards(["AS", "6H"])) == (17, True)
    assert kernel.hand_totals(parse_cards(["AS", "AH", "9D"])) == (21, True)


def test_a_doubled_hand_counts_its_aces_as_the_rules_say() -> None:
    # A+5 doubled and dealt an ace: 17 as usual, 7 with every ace 1, 17 when only held aces are 1.
    assert kernel.doubled_total(6, True, 1, None) == 17
    assert kernel.doubled_total(6, True, 1, AcesLow.ALL) == 7
    assert kernel.doubled_total(6, True, 1, AcesLow.HELD) == 17
    assert kernel.doubled_total(6, True, 5, AcesLow.HELD) == 11
    for first, second, drawn in [("A", "5", "A"), ("A", "A", "9"), ("6", "5", "A"),
                                 ("A", "9", "2"), ("7", "4", "9")]:
        cards = parse_cards([first + "S", second + "H", drawn + "D"])
        hard = cards[0].value + cards[1].value
        ace = cards[0].value == 1 or cards[1].value == 1
        for low in (None, AcesLow.ALL, AcesLow.HELD):
            assert kernel.doubled_total(hard, ace, cards[2].value, low) == \
                kernel.hand_value(cards, low)[0]


def test_the_dealer_hits_a_soft_17_only_where_the_rules_say_so() -> None:
    assert kernel.dealer_draws(16, False, False) and not kernel.dealer_draws(17, False, True)
    assert kernel.dealer_draws(17, True, True) and not kernel.dealer_draws(17, True, False)


def test_a_tie_loses_only_on_the_totals_the_rules_name() -> None:
    assert kernel.result(18, 18, frozenset()) == 0
    assert kernel.result(18, 18, frozenset({18})) == -1
    assert kernel.result(17, 22, frozenset({17})) == 1
    assert kernel.outcome_against(21, True, 21, frozenset()) is Outcome.BLACKJACK


@pytest.mark.parametrize("outcome", list(Outcome))
def test_every_outcome_pays_its_factor_of_the_stake_exactly(outcome: Outcome) -> None:
    for ratio in (Fraction(3, 2), Fraction(6, 5), Fraction(1)):
        for stake in (D(10), D("7.50"), D(1)):
            factor = kernel.payout_factor(outcome, ratio)
            assert kernel.net_of(outcome, stake, ratio) == stake * factor.numerator / \
                factor.denominator


def test_insurance_pays_two_to_one_or_is_lost() -> None:
    assert kernel.insurance_net(D(5), True) == 10 and kernel.insurance_net(D(5), False) == -5


@pytest.mark.parametrize(("name", "rules"), RULE_SETS, ids=[n for n, _ in RULE_SETS])
def test_the_rounds_look_up_tables_say_what_the_kernel_says(name: str, rules: Rules) -> None:
    table = table_of(rules)
    for ace in (False, True):
        for hard in range(kernel.MAX_HARD):
            assert kernel.HAND_TOTALS[ace][hard] == (kernel.best_total(hard, ace),
                                                     kernel.is_soft(hard, ace))
    for soft in (False, True):
        for total in range(32):
            assert table.dealer_hits[soft][total] == kernel.dealer_draws(
                total, soft, rules.dealer_hits_soft_17)
    for player in range(4, 22):
        for dealer in range(17, 27):
            assert table.results[player][dealer] is kernel.outcome_against(
                player, False, dealer, frozenset(rules.dealer_wins_ties))
    assert table.bj_ratio == rules.blackjack_ratio


@pytest.mark.parametrize(("name", "rules"), RULE_SETS, ids=[n for n, _ in RULE_SETS])
def test_the_simulators_tables_are_compiled_from_the_kernel(name: str, rules: Rules) -> None:
    tables = sim_tables.build_tables(rules, random_chart(random.Random(1)))
    for hard in range(22):
        for ace in (False, True):
            state = sim_tables.state(hard, ace)
            total = kernel.best_total(hard, ace)
            assert tables.best[state] == total
            assert tables.dealer_hits[state] == kernel.dealer_draws(
                total, kernel.is_soft(hard, ace), rules.dealer_hits_soft_17)
    ties = frozenset(rules.dealer_wins_ties)
    for player in range(4, 22):
        for dealer in range(17, 23):
            assert tables.result[player << 5 | dealer] == kernel.result(player, dealer, ties)
    assert tables.blackjack_pays == float(kernel.blackjack_pays(rules))


def test_the_exact_analysis_counts_totals_and_the_dealers_stop_as_the_kernel_does() -> None:
    comps = compositions([0] * 10, [4] * 10)
    for counts, total, soft in zip(comps.counts, comps.total, comps.soft, strict=True):
        hard = int(sum((v + 1) * int(c) for v, c in enumerate(counts)))
        assert (int(total), bool(soft)) == (kernel.best_total(hard, counts[0] > 0),
                                            kernel.is_soft(hard, counts[0] > 0))
    for h17 in (False, True):
        for hard in range(2, 27):
            for ace in (False, True):
                stop = _outcome(hard, ace, 3, h17)
                if hard > 21:
                    assert stop == DEALER_BUST
                    continue
                total = kernel.best_total(hard, ace)
                draws = kernel.dealer_draws(total, kernel.is_soft(hard, ace), h17)
                assert (stop is None) == draws
                assert stop in (None, total - 17, DEALER_BLACKJACK)


@pytest.mark.parametrize("result", list(SheetResult))
def test_the_home_ledger_pays_each_result_as_the_engine_pays_its_outcome(
        result: SheetResult) -> None:
    rules = next(r for _, r in RULE_SETS if r.ledger is not None)
    outcome, bets = AS_OUTCOME[result]
    bet = D(10)
    engine_net = kernel.net_of(outcome, bet * bets, kernel.blackjack_pays(rules))
    assert settle(Play(bet, (result,)), rules).amount == engine_net


def _classes_named(name: str) -> list[str]:
    root = Path(blackjack_tui.__file__).parent
    return sorted(str(path.relative_to(root)) for path in root.rglob("*.py")
                  for node in ast.walk(ast.parse(path.read_text()))
                  if isinstance(node, ast.ClassDef) and node.name == name)


def test_there_is_one_outcome_and_one_table_in_the_package() -> None:
    assert _classes_named("Outcome") == ["engine/vocabulary.py"]
    assert _classes_named("Table") == ["ui/widgets/table.py"]
