"""One set of checks for a counting plan's bets and shoe, in one wording: the ``sim`` command's
options and the plan screen's editor refuse the same input with the same line."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal

import pytest

from blackjack_tui.analysis import plan_input
from blackjack_tui.controller.plan import PlanError, read_choice
from blackjack_tui.engine.rules import Limits
from blackjack_tui.rulesets import load_all

NORDIC = load_all()[0]["nordic"]
LIMITS = Limits(NORDIC.min_bet, NORDIC.max_bet)
FIELDS = dict(count="hi-lo", spread="1:1,2:2,3:4", wong_in="", wong_out="", penetration="",
              indices=True, unit="", bankroll="1000")
CASES = [
    # (the screen's fields, the command's options, the line both say)
    ({"unit": "600"}, ["--unit", "600"], "the unit 600 is above the table maximum 500"),
    ({"unit": "50", "spread": "1:1,5:12"}, ["--unit", "50", "--spread", "1:1,5:12"],
     "the spread's top bet, 12 units of 50, is above the table maximum 500"),
    ({"unit": "ten"}, ["--unit", "ten"], "the unit must be a number, not 'ten'"),
    ({"unit": "0.5"}, ["--unit", "0.5"], "the unit 0.5 is below the table minimum 1"),
    ({"unit": "0"}, ["--unit", "0"], "the unit 0 must be above 0"),
    ({"spread": "3:4,1:1"}, ["--spread", "3:4,1:1"], "spread out of order at 1:1"),
    ({"spread": "1:1,2:x"}, ["--spread", "1:1,2:x"], "spread entry '2:x' is not TC:UNITS"),
    ({"penetration": "99"}, ["--penetration", "99"],
     "the penetration 99 is outside 20%-95% (above 0.2, at most 0.95)"),
    ({"penetration": "deep"}, ["--penetration", "deep"],
     "the penetration must be a number, not 'deep'"),
    ({"count": "knock-in"}, ["--count", "knock-in"], "unknown count 'knock-in'"),
]


@pytest.mark.parametrize(("fields", "options", "line"), CASES)
def test_the_screen_and_the_command_refuse_alike(fields: dict[str, str], options: list[str],
                                                 line: str, tmp_path) -> None:
    with pytest.raises(PlanError) as err:
        read_choice(LIMITS, **{**FIELDS, **fields})
    screen = str(err.value)
    assert line in screen and "\n" not in screen
    done = subprocess.run([sys.executable, "-m", "blackjack_tui", "sim", "--rules", "nordic",
                           "--hands", "100", "--data-dir", str(tmp_path), *options],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.rstrip("\n").endswith(screen), \
        (done.stderr, screen)


def test_the_shared_checks_take_good_input() -> None:
    spread, unit = plan_input.bets("1:1,2:2,3:4", "", Decimal(1), Decimal(500))
    assert spread.text() == "1:1,2:2,3:4" and unit == Decimal(1)
    assert plan_input.bets("0:1", "25", Decimal(1), Decimal(500))[1] == Decimal(25)
    assert plan_input.penetration("83%") == pytest.approx(0.83)
    assert plan_input.penetration("0.75") == pytest.approx(0.75)
    assert plan_input.penetration(" ") is None and plan_input.penetration(None) is None
    assert plan_input.count_name("hilo") == "hi-lo"
