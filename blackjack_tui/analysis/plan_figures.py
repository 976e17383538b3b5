"""What a counting plan is worth, for the plan screen: the simulation run in chunks that can be
watched and stopped, the figures the ``sim`` command reports, and the bankroll's likely range.

Pure apart from the time it takes: no threads, no files, no output. The simulation is the ``sim``
command's own (:func:`.sim_count.run_count_chunk` over :func:`.sim.plan`'s seeded chunks), so a
plan simulated here and ``blackjack-tui sim --count ... --seed S --hands N`` give the same sums.

The bankroll's range over the hours is not simulated path by path: it is the diffusion
(normal) approximation from the simulated win rate and SD per round, the same model the risk of
ruin's formula rests on. After ``n`` rounds the bankroll is ``B + n·EV ± z·SD·√n``; the bands are
its 5, 25, 50, 75 and 95 % percentiles. The paths are not stopped at zero: a band below zero
says how often the plan would have gone broke without a stop.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from msgspec import Struct

from blackjack_tui.analysis import counting as c

if TYPE_CHECKING:
    from blackjack_tui.analysis.strategy import Chart
    from blackjack_tui.engine.rules import Rules

PERCENTILES = (5, 25, 50, 75, 95)
Z = {5: -1.6448536269514722, 25: -0.6744897501960817, 50: 0.0, 75: 0.6744897501960817,
     95: 1.6448536269514722}
"""The standard normal quantile of each percentile."""
RUIN = 0.05
"""The risk of ruin the screen gives a bankroll for (5 %)."""
EDGE_PER_TRUE_COUNT = 0.005
"""The usual rule of thumb: each true count (Hi-Lo) adds about half a percent of the bet to the
player's expectation. Used for the cost of a betting error (see :func:`edge_at`)."""


class Cancelled(Exception):
    """The simulation was stopped before its last chunk."""


class Figures(Struct, frozen=True):
    """The figures the plan screen shows, worked out from a plan's
    :class:`~.counting.CountEstimate` (the ``sim`` command's, which the plan's file keeps)."""

    ev_per_100: float
    ev_per_100_half: float
    ev_per_hour: float
    sd: float
    average_bet: float
    n0: float
    hours_to_n0: float
    score: float
    di: float
    risk_of_ruin: float
    bankroll_for_ruin: float
    """Units for a :data:`RUIN` risk of ruin (``inf`` for a losing plan)."""


def figures(est: c.CountEstimate, per_hour: int, bankroll: float) -> Figures:
    """The ``sim`` command's figures (:mod:`.counting`'s formulas), per round played."""
    ev, sd = est.ev, est.sd
    n0 = c.n0(ev, sd)
    return Figures(100 * ev, 100 * est.ev_half, per_hour * ev, sd, est.average_bet, n0,
                   n0 / per_hour, c.score(ev, sd), c.di(ev, sd),
                   c.risk_of_ruin(ev, sd, bankroll), c.bankroll_for(ev, sd, RUIN))


def bands(ev: float, sd: float, bankroll: float, per_hour: int, hours: float,
          steps: int = 60) -> dict[int, tuple[float, ...]]:
    """The bankroll's percentiles (:data:`PERCENTILES`, units) at ``steps + 1`` times from 0 to
    ``hours``: ``B + n·EV + z·SD·√n`` for ``n`` rounds (see the module's docstring)."""
    times = [hours * i / steps for i in range(steps + 1)]
    return {p: tuple(bankroll + t * per_hour * ev + Z[p] * sd * math.sqrt(t * per_hour)
                     for t in times) for p in PERCENTILES}


def horizon(est: c.CountEstimate, per_hour: int) -> float:
    """Hours the chart spans: to N0 (where the win rate stands one SD clear), 10 to 1,000,
    rounded up to a round figure."""
    n0 = c.n0(est.ev, est.sd)
    hours = n0 / per_hour if math.isfinite(n0) else 100.0
    hours = min(1000.0, max(10.0, hours))
    step = 10.0 ** math.floor(math.log10(hours))
    return float(math.ceil(hours / step) * step)


def edge_at(house_edge_percent: float, tc: int) -> float:
    """The player's expectation per unit bet at true count ``tc``, by the rule of thumb: minus
    the house edge off the top, plus :data:`EDGE_PER_TRUE_COUNT` per true count."""
    return -house_edge_percent / 100 + EDGE_PER_TRUE_COUNT * tc


def simulate(rules: Rules, chart: Chart, plan: c.CountPlan, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None,
             cancelled: Callable[[], bool] | None = None) -> c.CountEstimate:
    """Play ``rounds`` rounds of ``plan`` in the ``sim`` command's chunks, one after another;
    ``progress(done, rounds)`` after each; :class:`Cancelled` as soon as ``cancelled()`` says
    so (checked between chunks, a fraction of a second apart)."""
    from blackjack_tui.analysis import sim_compiled
    from blackjack_tui.analysis.sim import plan as cut
    from blackjack_tui.analysis.sim_count import run_count_chunk
    from blackjack_tui.analysis.sim_fast import models

    # The path the sim command would take (see commands/_counting.path_of): the compiled
    # kernel where numba is installed and plays this count (the same rounds, the same
    # figures), the engine for rules the fast path does not model or a count by colour.
    engine = not models(rules) or not c.suit_blind(plan.count)
    compiled = (not engine and sim_compiled.plays(plan.count) and sim_compiled.available())
    results = []
    done = 0
    for chunk in cut(rounds, seed):
        if cancelled is not None and cancelled():
            raise Cancelled
        results.append(sim_compiled.run_count_chunk(rules, chart, plan, chunk) if compiled
                       else run_count_chunk(rules, chart, plan, chunk, engine))
        done += chunk.hands
        if progress is not None:
            progress(done, rounds)
    return c.combine_counts(results)

