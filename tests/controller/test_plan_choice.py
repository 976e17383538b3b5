"""The plan editor's fields read into a plan: each mistake one line; the plan's bet by count."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from blackjack_tui.controller.plan import PlanError, bet_at, floor_tc, read_choice
from blackjack_tui.engine.rules import Limits
from blackjack_tui.store.plans import PRESETS, PlanChoice

LIMITS = Limits(Decimal(10), Decimal(500))
FIELDS = dict(count="hilo", spread="1:1,2:2,3:4", wong_in="", wong_out="", penetration="",
              indices=True, unit="", bankroll="1000")


def read(**changes: Any) -> PlanChoice:
    return read_choice(LIMITS, **{**FIELDS, **changes})


def test_the_fields_read_as_a_plan_with_the_tables_own_values_left_blank() -> None:
    choice = read(penetration="80", wong_in="1", wong_out="-1")
    assert choice.spread == "1:1,2:2,3:4" and choice.unit is None
    assert choice.penetration == pytest.approx(0.8)
    assert (choice.wong_in, choice.wong_out) == (1, -1)


@pytest.mark.parametrize(("changes", "words"), [
    ({"spread": "3:4,1:1"}, "spread out of order at 1:1"),
    ({"spread": "1:1,2:x"}, "spread entry '2:x' is not TC:UNITS"),
    ({"unit": "600"}, "the unit 600 is above the table maximum 500"),
    ({"unit": "50", "spread": "1:1,5:12"}, "the spread's top bet, 12 units of 50, is above the "
                                           "table maximum 500"),
    ({"unit": "ten"}, "the unit must be a number, not 'ten'"),
    ({"unit": "5"}, "the unit 5 is below the table minimum 10"),
    ({"bankroll": "0"}, "the bankroll must be 1 to 10,000,000 units"),
    ({"bankroll": "lots"}, "the bankroll must be a whole number, not 'lots'"),
    ({"penetration": "99"}, "the penetration 99 is outside 20%-95%"),
    ({"wong_in": "-1", "wong_out": "1"}, "wong in (-1) must be above wong out (1)"),
    ({"count": "no-such-count"}, "unknown count 'no-such-count'"),
])
def test_bad_input_is_one_line(changes: dict[str, str], words: str) -> None:
    with pytest.raises(PlanError) as err:
        read(**changes)
    assert words in str(err.value)
    assert "\n" not in str(err.value)


def test_the_plans_bet_at_each_true_count() -> None:
    choice = PlanChoice(spread="1:1,2:2,3:4,4:8")
    unit = Decimal(10)
    assert [bet_at(choice, unit, tc) for tc in (-3, 0, 1, 2, 3, 4, 9)] == \
        [Decimal(10), Decimal(10), Decimal(10), Decimal(20), Decimal(40), Decimal(80), Decimal(80)]


def test_a_wonging_plan_sits_out_below_its_count() -> None:
    spread, w_in, w_out = PRESETS["wonging"]
    choice = PlanChoice(spread=spread, wong_in=w_in, wong_out=w_out)
    assert bet_at(choice, Decimal(5), 0) == 0 and bet_at(choice, Decimal(5), -2) == 0
    assert bet_at(choice, Decimal(5), 1) == Decimal(5)


def test_the_true_count_is_floored_for_the_bet() -> None:
    assert [floor_tc(x) for x in (-0.5, 0.0, 1.99, 2.0, -2.01)] == [-1, 0, 1, 2, -3]
