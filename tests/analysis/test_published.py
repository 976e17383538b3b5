"""Our risk formulas against published definitions and worked examples (sources in
docs/counting.md, "Published figures"); each figure below was read in the source named."""

from __future__ import annotations

import math

import pytest

from blackjack_tui.analysis import counting as c


@pytest.mark.parametrize(("ev", "sd"), [(0.0069, 2.35), (0.0144, 3.01), (0.06, 3.8)])
def test_score_is_the_win_of_a_10000_bankroll_at_a_13_5_percent_risk_of_ruin(
        ev: float, sd: float) -> None:
    # qfit.com, Modern Blackjack, page 99: SCORE "is the win rate per 100 hands, given a $10,000
    # bankroll, a risk of ruin of 13.5%". With our risk of ruin, the unit that puts a $10,000
    # bankroll at 13.5 % (e^-2) wins SCORE dollars per 100 rounds.
    units = c.bankroll_for(ev, sd, math.exp(-2))
    dollars_per_unit = 10_000 / units
    assert c.risk_of_ruin(ev, sd, 10_000 / dollars_per_unit) == pytest.approx(math.exp(-2))
    assert round(math.exp(-2), 3) == 0.135
    assert 100 * ev * dollars_per_unit == pytest.approx(c.score(ev, sd))


def test_michael_halls_worked_example_of_the_risk_of_ruin_before_doubling() -> None:
    # Michael Hall, "Risk of Ruin" (Blackjack Review, 1991-92): a win of 0.0151 units a hand,
    # an average squared win of 3.887, a bankroll of 300 units to be doubled: "R = 9.0%" (his S
    # rounded to 1.0153). Our diffusion risk r = exp(-2 EV B / SD^2) over an unlimited time; the
    # chance of ruin before doubling is then r / (1 + r) (a Brownian motion's gambler's ruin).
    wph, asw, bankroll = 0.0151, 3.887, 300.0
    sd = math.sqrt(asw - wph * wph)
    r = c.risk_of_ruin(wph, sd, bankroll)
    before_doubling = r / (1 + r)
    assert before_doubling == pytest.approx(0.090, abs=0.002)
    # His formula worked without the rounding of S: the same figure as ours.
    p = 0.5 + wph / (2 * math.sqrt(asw))
    s = p / (1 - p)
    a = bankroll / math.sqrt(asw)
    assert 1 / (1 + s ** a) == pytest.approx(before_doubling, abs=0.0005)
