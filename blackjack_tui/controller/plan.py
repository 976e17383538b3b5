"""The counting plan between the screen and the analysis: the editor's fields read into a
:class:`~blackjack_tui.store.plans.PlanChoice` (a mistake is one line), the plan simulated or
read from its cache, and the plan's bet at a true count.

The simulation is the ``sim`` command's (:mod:`.analysis.plan_figures`); the figures and the
bankroll's bands come from it by the formulas of ``docs/counting.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from msgspec import Struct
from msgspec.structs import replace
from pydantic import ValidationError

from blackjack_tui.analysis import counting as c
from blackjack_tui.analysis import plan_input
from blackjack_tui.analysis.plan_figures import (
    Figures,
    bands,
    figures,
    horizon,
    simulate,
)
from blackjack_tui.engine.rules import Limits, Rules
from blackjack_tui.store.errors import StoreError
from blackjack_tui.store.plans import PRESETS, PlanChoice, load_plan, plan_key, plan_seed, save_plan

ROUNDS = 1_000_000
"""Rounds a plan is simulated for: about ±0.6 units per 100 rounds at a 1-12 spread (95 %)."""
COUNTS = c.COUNTS
"""The count systems a plan can use (as many as the simulator knows)."""


class PlanError(ValueError):
    """A field of the editor that is not a plan: ``str()`` is one line for the screen."""


class PlanOutcome(Struct, frozen=True):
    """What the screen shows of one plan."""

    estimate: c.CountEstimate
    figures: Figures
    bands: dict[int, tuple[float, ...]]
    hours: float
    unit: Decimal
    cached: bool
    notice: str | None = None
    """What went wrong on the way that the player should know (a damaged cache file …)."""


def _integer(text: str, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise PlanError(f"{what} must be a whole number, not {text!r}") from None


def read_choice(limits: Limits, *, count: str, spread: str, wong_in: str, wong_out: str,
                penetration: str, indices: bool, unit: str, bankroll: str,
                hands_per_hour: int = 100) -> PlanChoice:
    """The editor's fields as a plan, checked against the table's limits; PlanError if not (the
    ``sim`` command's checks, :mod:`.analysis.plan_input`, in the same words)."""
    try:
        count = plan_input.count_name(count)
        parsed, money = plan_input.bets(spread, unit, limits.low, limits.high)
        pen = plan_input.penetration(penetration)
    except ValueError as err:
        raise PlanError(str(err)) from None
    roll = _integer(bankroll, "the bankroll")
    if roll is None or not 1 <= roll <= 10_000_000:
        raise PlanError("the bankroll must be 1 to 10,000,000 units")
    w_in, w_out = _integer(wong_in, "wong in"), _integer(wong_out, "wong out")
    try:
        return PlanChoice(count=count, spread=parsed.text(), wong_in=w_in, wong_out=w_out,
                          penetration=pen, indices=indices,
                          unit=None if not unit.strip() else money, bankroll=roll,
                          hands_per_hour=hands_per_hour)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise PlanError(f"{where}: {first['msg']}".lstrip(": ").replace("Value error, ", "")) \
            from None


def preset(name: str) -> tuple[str, int | None, int | None]:
    """A preset's spread and wong rules (see :data:`.store.plans.PRESETS`)."""
    return PRESETS[name]


def plan_rules(rules: Rules, choice: PlanChoice) -> Rules:
    """The table as the plan deals it (its own penetration, or the plan's)."""
    if choice.penetration is None:
        return rules
    return rules.model_copy(update={"penetration": choice.penetration})


def unit_of(limits: Limits, choice: PlanChoice) -> Decimal:
    return choice.unit if choice.unit is not None else limits.low


def count_plan(rules: Rules, choice: PlanChoice) -> c.CountPlan:
    """The simulator's plan (indices worked out for the rules, seconds the first time)."""
    plan = c.CountPlan(c.Spread.parse(choice.spread), None, choice.count, choice.wong_in,
                       choice.wong_out)
    if not choice.indices:
        return plan
    from blackjack_tui.analysis.cache import cached_indices

    return replace(plan, indices=cached_indices(rules, count=choice.count))


def outcome(estimate: c.CountEstimate, choice: PlanChoice, unit: Decimal, cached: bool,
            notice: str | None = None) -> PlanOutcome:
    hours = horizon(estimate, choice.hands_per_hour)
    # One point an hour: the chart's x axis counts its points, so its last one reads in hours.
    return PlanOutcome(estimate, figures(estimate, choice.hands_per_hour, choice.bankroll),
                       bands(estimate.ev, estimate.sd, choice.bankroll, choice.hands_per_hour,
                             hours, steps=round(hours)), hours, unit, cached, notice)


def cached(folder: Path, rules: Rules, limits: Limits, choice: PlanChoice,
           rounds: int = ROUNDS) -> PlanOutcome | None:
    """The plan's figures if its file holds them (milliseconds), else ``None``."""
    found, _ = load_plan(folder, plan_key(plan_rules(rules, choice), choice, rounds))
    if found is None:
        return None
    return outcome(found, choice, unit_of(limits, choice), True)


def work_out(folder: Path, rules: Rules, limits: Limits, choice: PlanChoice,
             rounds: int = ROUNDS, progress: Callable[[int, int], None] | None = None,
             cancelled: Callable[[], bool] | None = None) -> PlanOutcome:
    """The plan's figures: from its file, or simulated (seconds; :class:`.Cancelled` if
    stopped) and saved. A file that cannot be read or written is said in the notice."""
    dealt = plan_rules(rules, choice)
    key = plan_key(dealt, choice, rounds)
    found, notice = load_plan(folder, key)
    unit = unit_of(limits, choice)
    if found is not None:
        return outcome(found, choice, unit, True)
    from blackjack_tui.analysis.cache import cached_analysis

    chart = cached_analysis(dealt).chart
    estimate = simulate(dealt, chart, count_plan(dealt, choice), rounds, plan_seed(key),
                        progress, cancelled)
    try:
        save_plan(folder, key, dealt, choice, rounds, estimate)
    except StoreError as err:
        notice = f"{notice}; " if notice else ""
        notice += f"the figures are not kept: {err}"
    return outcome(estimate, choice, unit, False, notice)


def floor_tc(true_count: float) -> int:
    """The whole true count the plan bets on: floored, as the simulator does by default."""
    return math.floor(true_count + 1e-9)


def bet_at(choice: PlanChoice, unit: Decimal, tc: int) -> Decimal:
    """The plan's bet at whole true count ``tc`` in money (0: the plan sits the round out, for
    a wonging plan below its wong-in count or at its wong-out count and below)."""
    if choice.wong_in is not None and tc < choice.wong_in:
        return Decimal(0)
    if choice.wong_out is not None and tc <= choice.wong_out:
        return Decimal(0)
    return (c.Spread.parse(choice.spread).units_at(tc) * unit).quantize(Decimal("0.01"))
