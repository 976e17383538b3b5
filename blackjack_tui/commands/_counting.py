"""``blackjack-tui sim`` with a count: the plan from the options, the run, and the report.

The options are read into a :class:`~blackjack_tui.analysis.counting.CountPlan` (a mistake is a
:class:`UsageError`: one line, exit 2), the rounds are cut into the same seeded chunks as the flat
simulation and played over ``--jobs`` processes, and the figures are worked out per round played
(``docs/counting.md``): win rate, SD, N0, SCORE, DI, risk of ruin by the diffusion formula.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from decimal import Decimal, InvalidOperation

from msgspec.structs import replace

from blackjack_tui.analysis import counting as c
from blackjack_tui.analysis import plan_input, sim_compiled
from blackjack_tui.analysis.cache import cached_analysis, cached_indices
from blackjack_tui.analysis.sim import Chunk, plan
from blackjack_tui.analysis.sim_count import run_count_chunk
from blackjack_tui.analysis.sim_fast import models
from blackjack_tui.analysis.strategy import Chart
from blackjack_tui.cli import UsageError
from blackjack_tui.engine.count_systems import DEFAULT, system
from blackjack_tui.engine.rules import Rules

OPTIONS = ("count", "spread", "unit", "indices", "insurance", "wong_in", "wong_out",
           "hands_per_hour", "bankroll", "ror", "tc")
"""Any of these given turns counting on (``--penetration`` applies to either simulation)."""

_WORKER: tuple[Rules, Chart, c.CountPlan, bool, bool] | None = None


def wanted(args: argparse.Namespace) -> bool:
    return any(getattr(args, name, None) is not None for name in OPTIONS)


def _number(text: str, what: str) -> Decimal:
    try:
        value = Decimal(text.strip().rstrip("%"))
    except InvalidOperation:
        raise UsageError(f"{what} must be a number, not {text!r}") from None
    if not value.is_finite():
        raise UsageError(f"{what} must be a number, not {text!r}")
    return value


def with_penetration(rules: Rules, text: str | None) -> Rules:
    """The table dealt to ``--penetration`` (a fraction, or a percentage above 1)."""
    try:
        value = plan_input.penetration(text)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if value is None:
        return rules
    return rules.model_copy(update={"penetration": value})


def plan_of(args: argparse.Namespace, rules: Rules) -> tuple[c.CountPlan, Decimal]:
    """The counting plan and the unit (money) the options ask for, or a UsageError (the plan
    screen's checks, :mod:`.analysis.plan_input`, in the same words)."""
    try:
        count = plan_input.count_name(args.count or DEFAULT)
        spread, unit = plan_input.bets(args.spread or c.Spread.flat().text(), args.unit,
                                       rules.min_bet, rules.max_bet)
        checked = c.CountPlan(spread, None, count, args.wong_in, args.wong_out, args.tc or "floor")
    except ValueError as err:
        raise UsageError(str(err)) from None
    if args.indices == "none":
        return checked, unit
    # (seconds, the first time for a count)
    indices = cached_indices(rules, count=count)
    if getattr(args, "insurance", None) == "never":
        indices = replace(indices, entries=tuple(e for e in indices.entries
                                                 if e.kind != "insurance"))
    return replace(checked, indices=indices), unit


def risk_options(args: argparse.Namespace) -> tuple[float | None, float]:
    """``--bankroll`` (units, above 0) and ``--ror`` (a fraction: 0-100 % exclusive)."""
    bankroll = None
    if args.bankroll is not None:
        bankroll = float(_number(args.bankroll, "--bankroll"))
        if bankroll <= 0:
            raise UsageError(f"--bankroll {args.bankroll} must be above 0 units")
    ror = 5.0 if args.ror is None else float(_number(args.ror, "--ror"))
    if not 0 < ror < 100:
        raise UsageError(f"--ror {args.ror} must be above 0 and below 100 (percent)")
    return bankroll, ror / 100


def _init(rules: Rules, chart: Chart, count_plan: c.CountPlan, engine: bool,
          compiled: bool) -> None:
    global _WORKER
    _WORKER = (rules, chart, count_plan, engine, compiled)


def _chunk(rules: Rules, chart: Chart, count_plan: c.CountPlan, chunk: Chunk, engine: bool,
           compiled: bool) -> c.CountChunkResult:
    if compiled:
        return sim_compiled.run_count_chunk(rules, chart, count_plan, chunk)
    return run_count_chunk(rules, chart, count_plan, chunk, engine)


def _work(chunk: Chunk) -> c.CountChunkResult:
    assert _WORKER is not None
    return _chunk(*_WORKER[:3], chunk, *_WORKER[3:])


def path_of(args: argparse.Namespace, rules: Rules, count: str = "hi-lo") -> str:
    """Where the rounds are played: ``engine`` (``--engine``, rules the fast path does not
    model, or a count that tags a card by its colour: Red 7), ``compiled`` (numba's kernel, when
    installed and the count is one it plays; ``--python`` declines it) or ``fast`` (the
    pure-Python fast path)."""
    if bool(getattr(args, "engine", False)) or not models(rules) or not c.suit_blind(count):
        return "engine"
    if (not getattr(args, "python", False) and sim_compiled.plays(count)
            and sim_compiled.available()):
        return "compiled"
    return "fast"


def run(args: argparse.Namespace, rules: Rules,
        progress: Callable[[int], None] | None = None) -> dict[str, object]:
    """Simulate the plan the options ask for; the report (see :func:`report`)."""
    rules = with_penetration(rules, args.penetration)
    count_plan, unit = plan_of(args, rules)
    bankroll, ror = risk_options(args)
    chart = cached_analysis(rules).chart
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    path = path_of(args, rules, count_plan.count)
    engine, compiled = path == "engine", path == "compiled"
    chunks = plan(args.hands, seed)
    jobs = min(args.jobs or os.cpu_count() or 1, len(chunks))
    began = time.perf_counter()
    results: list[c.CountChunkResult] = []
    if jobs == 1:
        for chunk in chunks:
            results.append(_chunk(rules, chart, count_plan, chunk, engine, compiled))
            if progress:
                progress(chunk.hands)
    else:
        if compiled:  # compile (or load) the kernel here once: the processes load it cached
            sim_compiled.warm(rules, chart, count_plan)
        with ProcessPoolExecutor(jobs, initializer=_init,
                                 initargs=(rules, chart, count_plan, engine, compiled)) as pool:
            futures: list[Future[c.CountChunkResult]] = [pool.submit(_work, ch) for ch in chunks]
            for done in as_completed(futures):
                results.append(done.result())
                if progress:
                    progress(results[-1].rounds)
    seconds = time.perf_counter() - began
    estimate = c.combine_counts(results)
    figures = report(estimate, args.hands_per_hour or 100, unit, bankroll, ror)
    edge = cached_analysis(rules).house_edge_percent
    return {**_common(rules, estimate, edge, seed, jobs, path, seconds),
            **figures, **_plan(count_plan, rules, unit)}


def _common(rules: Rules, est: c.CountEstimate, edge: float, seed: int, jobs: int, path: str,
            seconds: float) -> dict[str, object]:
    """Today's keys, per unit of the opening bet (the return, as the flat simulation gives it)."""
    bet = est.average_bet or 1.0
    ret, half = 100 * est.ev / bet, 100 * est.ev_half / bet
    return {
        "ruleset": rules.name, "path": path, "hands": est.rounds,
        "seed": seed, "jobs": jobs, "return_percent": round(ret, 4),
        "ci95_percent": [round(ret - half, 4), round(ret + half, 4)],
        "stdev_per_hand": round(est.sd, 4), "house_edge_percent": round(-ret, 4),
        "calculator_house_edge_percent": round(edge, 4),
        "calculator_inside_interval": ret - half <= -edge <= ret + half,
        "seconds": round(seconds, 3),
        "hands_per_second": round(est.rounds / seconds) if seconds > 0 else None,
        "hands_per_cpu_second": (round(est.rounds / est.cpu_seconds)
                                 if est.cpu_seconds > 0 else None),
    }


def _finite(x: float, digits: int = 4) -> float | None:
    return round(x, digits) if math.isfinite(x) else None


def report(est: c.CountEstimate, per_hour: int, unit: Decimal, bankroll: float | None,
           ror: float) -> dict[str, object]:
    """The figures per round played, in units, each at the win rate's interval ends too."""
    ev, sd = est.ev, est.sd
    lo, hi = ev - est.ev_half, ev + est.ev_half

    def span(f: Callable[[float], float], digits: int = 4) -> list[float | None]:
        ends = sorted((f(lo), f(hi)))
        return [_finite(ends[0], digits), _finite(ends[1], digits)]

    n0 = c.n0(ev, sd)
    return {
        "rounds": est.rounds, "rounds_played": est.played,
        "ev_per_100_units": round(100 * ev, 4),
        "ev_per_100_units_ci95": round(100 * est.ev_half, 4),
        "ev_per_hour_units": round(per_hour * ev, 4),
        "ev_per_hour_money": str((Decimal(repr(per_hour * ev)) * unit).quantize(Decimal("0.01"))),
        "sd_per_round_units": round(sd, 4),
        "average_bet_units": round(est.average_bet, 4),
        "n0_rounds": _finite(n0, 0), "n0_rounds_ci95": span(lambda e: c.n0(e, sd), 0),
        "hours_to_n0": _finite(n0 / per_hour, 1),
        "score": round(c.score(ev, sd), 2), "score_ci95": span(lambda e: c.score(e, sd), 2),
        "di": round(c.di(ev, sd), 2), "di_ci95": span(lambda e: c.di(e, sd), 2),
        "bankroll_units": bankroll,
        "risk_of_ruin": (None if bankroll is None else round(c.risk_of_ruin(ev, sd, bankroll), 6)),
        "risk_of_ruin_ci95": (None if bankroll is None
                              else span(lambda e: c.risk_of_ruin(e, sd, bankroll), 6)),
        "ror_percent": round(100 * ror, 4),
        "bankroll_for_ror_units": _finite(c.bankroll_for(ev, sd, ror), 1),
        "bankroll_for_ror_units_ci95": span(lambda e: c.bankroll_for(e, sd, ror), 1),
        "hands_per_hour": per_hour,
        "tc_frequencies": {str(tc): round(share, 6) for tc, share in est.tcs.items()},
    }


def _plan(count_plan: c.CountPlan, rules: Rules, unit: Decimal) -> dict[str, object]:
    by = "true count" if system(count_plan.count).balanced else "running count"
    return {"count": count_plan.count, "count_by": by, "spread": count_plan.spread.text(),
            "unit": str(unit),
            "indices": "none" if count_plan.indices is None else "computed",
            "index_plays": len(count_plan.plays()), "insurance": _insurance(count_plan),
            "tc": count_plan.tc_mode,
            "wong_in": count_plan.wong_in, "wong_out": count_plan.wong_out,
            "penetration": rules.penetration}


def _insurance(count_plan: c.CountPlan) -> str:
    """``"at +3"`` (taken at the index and above) or ``"never"``."""
    entry = count_plan.insurance()
    return "never" if entry is None else f"at {entry.number:+d}"


def print_report(rules: Rules, r: dict[str, object]) -> None:
    def pm(key: str) -> str:
        return f"{r[key]:+.3f}"

    title = rules.title or rules.name
    balanced = system(str(r["count"])).balanced
    by = f"{r['tc']} true count" if balanced else "by the running count"
    print(f"{title} ({rules.name}): {r['rounds']:,} rounds, {r['count']} count, spread "
          f"{r['spread']} (unit {r['unit']}), indices {r['indices']} ({r['index_plays']} plays, "
          f"insurance {r['insurance']}), "
          f"{by}, penetration {r['penetration']:.0%}, {r['path']} path, "
          f"seed {r['seed']}, {r['jobs']} process(es)")
    played = int(r["rounds_played"])  # type: ignore[call-overload]
    print(f"  played        {played:,} rounds ({played / int(r['rounds']):.1%}), average bet "  # type: ignore[call-overload]
          f"{r['average_bet_units']:.3f} units")
    print(f"  win rate      {pm('ev_per_100_units')} units per 100 rounds "
          f"(95% ±{r['ev_per_100_units_ci95']:.3f}); {pm('ev_per_hour_units')} units = "
          f"{r['ev_per_hour_money']} an hour at {r['hands_per_hour']} rounds an hour")
    print(f"  SD            {r['sd_per_round_units']:.3f} units per round")
    print(f"  N0            {_show(r['n0_rounds'])} rounds (95% {_span(r['n0_rounds_ci95'])}), "
          f"{_show(r['hours_to_n0'])} hours")
    print(f"  SCORE, DI     {r['score']} ({_span(r['score_ci95'])}), {r['di']} "
          f"({_span(r['di_ci95'])})")
    if r["risk_of_ruin"] is not None:
        print(f"  risk of ruin  {float(r['risk_of_ruin']):.2%} with {r['bankroll_units']} "  # type: ignore[arg-type]
              f"units (95% {_span(r['risk_of_ruin_ci95'])})")
    print(f"  bankroll      {_show(r['bankroll_for_ror_units'])} units for a {r['ror_percent']}% "
          f"risk of ruin (95% {_span(r['bankroll_for_ror_units_ci95'])})")
    shares = r["tc_frequencies"]
    assert isinstance(shares, dict)
    label = "  true counts   " if balanced else "  run. counts   "
    print(label + "  ".join(f"{int(tc):+d}: {share:.1%}"
                            for tc, share in shares.items() if share >= 0.001))
    print(f"  speed         {r['hands_per_second']:,} rounds/s "
          f"({r['hands_per_cpu_second']:,} per core) in {r['seconds']} s")


def _show(x: object) -> str:
    return "never" if x is None else f"{x:,}"


def _span(pair: object) -> str:
    assert isinstance(pair, list)
    return f"{_show(pair[0])} to {_show(pair[1])}"


def as_json(report_: dict[str, object]) -> str:
    return json.dumps(report_)
