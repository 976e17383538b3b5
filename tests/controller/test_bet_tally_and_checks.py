"""Betting by the count (the tally of bets off the plan and their cost) and count checks (when
they come, how an answer is scored)."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from blackjack_tui.controller.bet_tally import BetTally
from blackjack_tui.controller.count import CountView
from blackjack_tui.controller.count_checks import CountChecks, Question

D = Decimal


def test_a_smaller_bet_than_the_plans_at_a_good_count_costs_its_edge() -> None:
    tally = BetTally()
    verdict = tally.judge(D(40), D(10), 3, 0.5)  # edge +1.0 %: 30 × 0.01
    assert verdict.off and verdict.cost == D("0.30")
    assert "true count +3" in verdict.words() and "bets 40" in verdict.words()
    assert (tally.rounds, tally.off, tally.cost) == (1, 1, D("0.30"))


def test_a_larger_bet_at_a_bad_count_costs_and_the_plans_bet_costs_nothing() -> None:
    tally = BetTally()
    assert tally.judge(D(10), D(50), -2, 0.5).cost == D("0.60")  # 40 × 1.5 %
    assert not tally.judge(D(10), D(10), -2, 0.5).off
    more = tally.judge(D(40), D(100), 4, 0.5)  # above the plan where the player is ahead
    assert more.off and more.cost == 0
    assert tally.summary() == "off plan 2/3, cost 0.60"


def test_betting_when_the_plan_sits_out_is_off_plan() -> None:
    verdict = BetTally().judge(D(0), D(5), -1, 0.5)
    assert verdict.off and verdict.cost == D("0.05") and "sits out" in verdict.words()


class Always(random.Random):
    def random(self) -> float:
        return 0.0


def view(running: int, true: float, seen: int = 20) -> CountView:
    return CountView(running, true, 0.1, seen)


def test_no_check_when_never_or_before_any_card_is_seen() -> None:
    checks = CountChecks(Always())
    assert checks.due("never", view(3, 1.0)) is None
    assert checks.due("often", view(0, 0.0, seen=0)) is None
    assert checks.due("often", view(3, 1.0)) is not None


def test_how_often_checks_come() -> None:
    checks = CountChecks(random.Random(5))
    sometimes = sum(checks.due("sometimes", view(2, 0.5)) is not None for _ in range(4000))
    often = sum(checks.due("often", view(2, 0.5)) is not None for _ in range(4000))
    assert 380 < sometimes < 620 and 1180 < often < 1480


@pytest.mark.parametrize(("question", "answer", "right"), [
    (Question("running", 5, 1.2), "5", True),
    (Question("running", 5, 1.2), "+5", True),
    (Question("running", 5, 1.2), "4", False),
    (Question("true", 5, 1.6), "2", True),  # within half a count
    (Question("true", 5, 1.6), "1", True),  # the floored count the simulator bets on
    (Question("true", 5, 1.6), "1,5", True),
    (Question("true", 5, 1.6), "0", False),
    (Question("true", -3, -1.2), "-1", True),
    (Question("true", -3, -1.2), "-2", True),
    (Question("true", -3, -1.2), "x", False),
])
def test_answers_are_scored(question: Question, answer: str, right: bool) -> None:
    checks = CountChecks()
    scored = checks.score(question, answer)
    assert scored.right is right
    assert (checks.asked, checks.right) == (1, int(right))


def test_a_skipped_check_counts_as_asked_and_says_the_count() -> None:
    checks = CountChecks()
    scored = checks.score(Question("true", 7, 2.33), None)
    assert not scored.right and scored.words.startswith("Skipped")
    assert "+2.3" in scored.words and "+2" in scored.words
    assert checks.summary() == "checks 0/1"


def test_a_wong_halves_running_check_is_asked_and_scored_in_halves() -> None:
    # The count's view keeps Halves in points of a half (+9 points: 5, 5, 2, 3 are +1.5 +1.5
    # +0.5 +1 in Wong's tags, +4.5): the check asks the count a player keeps, +4.5, never the
    # doubled +9.
    halves = CountView(9, 1.2, 0.1, 4, "halves", 2)
    assert halves.tags == Decimal("4.5")
    checks = CountChecks(Always())
    question = checks.due("often", halves)
    while question is not None and question.kind != "running":
        question = checks.due("often", halves)
    assert question is not None and question.running == Decimal("4.5")
    assert question.answer() == "+4.5"
    assert checks.score(question, "4.5").right and checks.score(question, "+4,5").right
    scored = checks.score(question, "9")  # the doubled points are not the count
    assert not scored.right and "is +4.5" in scored.words
