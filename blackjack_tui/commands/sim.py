"""``blackjack-tui sim --rules NAME --hands N [--seed S] [--jobs J] [--engine] [--json]``, and
with a count (``--count``, ``--spread`` and the other counting options, :mod:`._counting`).

Plays the computed basic strategy for N rounds, over J processes (default: every core), with a
progress bar on stderr, and compares the return with the calculator's house edge. The fast path
plays by default; ``--engine`` plays every round through the engine's ``Round`` instead (the same
cards and the same results, about thirty times slower), as does a rule set the fast path does
not model; with numba installed (the ``fast`` extra) the fast path runs compiled
(:mod:`blackjack_tui.analysis.sim_compiled`, the same rounds and figures) unless ``--python``
asks for the pure-Python one. The report's ``path`` says which: ``compiled``, ``fast`` or
``engine``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import cast

from blackjack_tui.analysis.cache import cached_analysis
from blackjack_tui.analysis.sim import Chunk, ChunkResult, Estimate, combine, plan, run_chunk
from blackjack_tui.analysis.strategy import Chart
from blackjack_tui.commands import _counting
from blackjack_tui.commands._common import resolve_rules
from blackjack_tui.engine.rules import Rules

_WORKER: tuple[Rules, Chart, bool, bool] | None = None


def _init(rules: Rules, chart: Chart, engine: bool, compiled: bool) -> None:
    global _WORKER
    _WORKER = (rules, chart, engine, compiled)


def _chunk(rules: Rules, chart: Chart, chunk: Chunk, engine: bool, compiled: bool) -> ChunkResult:
    if compiled:
        from blackjack_tui.analysis import sim_compiled

        return sim_compiled.run_chunk(rules, chart, chunk)
    return run_chunk(rules, chart, chunk, engine)


def _work(chunk: Chunk) -> ChunkResult:
    assert _WORKER is not None
    return _chunk(*_WORKER[:2], chunk, *_WORKER[2:])


def run(args: argparse.Namespace) -> int:
    rules = resolve_rules(args.rules, args.rules_file)
    if _counting.wanted(args):
        return _run_counting(args, rules)
    rules = _counting.with_penetration(rules, getattr(args, "penetration", None))
    analysis = cached_analysis(rules)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    jobs = args.jobs or os.cpu_count() or 1
    path = _counting.path_of(args, rules)
    chunks = plan(args.hands, seed)
    jobs = min(jobs, len(chunks))
    began = time.perf_counter()
    results = _run(rules, analysis.chart, chunks, jobs, path, quiet=args.json)
    seconds = time.perf_counter() - began
    estimate = combine(results)
    report = _report(rules, estimate, analysis.house_edge_percent, seed, jobs, path, seconds)
    if args.json:
        print(json.dumps(report))
    else:
        _print(rules, report)
    return 0


def _run_counting(args: argparse.Namespace, rules: Rules) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    console = Console(stderr=True)
    progress = Progress("[progress.description]{task.description}", BarColumn(),
                        MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                        transient=True, disable=args.json or not console.is_terminal)
    with progress:
        task = progress.add_task("rounds", total=args.hands)
        report = _counting.run(args, rules, lambda n: progress.advance(task, n))
    if args.json:
        print(json.dumps(report))
    else:
        _counting.print_report(rules, report)
    return 0


def _run(rules: Rules, chart: Chart, chunks: list[Chunk], jobs: int, path: str,
         quiet: bool) -> list[ChunkResult]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    console = Console(stderr=True)
    progress = Progress("[progress.description]{task.description}", BarColumn(),
                        MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                        transient=True, disable=quiet or not console.is_terminal)
    results: list[ChunkResult] = []
    with progress:
        task = progress.add_task("hands", total=sum(c.hands for c in chunks))
        engine, compiled = path == "engine", path == "compiled"
        if jobs == 1:
            for chunk in chunks:
                results.append(_chunk(rules, chart, chunk, engine, compiled))
                progress.advance(task, chunk.hands)
            return results
        if compiled:  # compile (or load) the kernel here once: the processes load it cached
            from blackjack_tui.analysis import counting, sim_compiled

            sim_compiled.warm(rules, chart, counting.CountPlan(counting.Spread.flat()))
        with ProcessPoolExecutor(jobs, initializer=_init,
                                 initargs=(rules, chart, engine, compiled)) as pool:
            futures: list[Future[ChunkResult]] = [pool.submit(_work, c) for c in chunks]
            for done in as_completed(futures):
                result = done.result()
                results.append(result)
                progress.advance(task, result.hands)
    return results


def _report(rules: Rules, estimate: Estimate, edge: float, seed: int, jobs: int, path: str,
            seconds: float) -> dict[str, object]:
    calculator_return = -edge
    return {
        "ruleset": rules.name,
        "path": path,
        "hands": estimate.hands,
        "seed": seed,
        "jobs": jobs,
        "return_percent": round(estimate.return_percent, 4),
        "ci95_percent": [round(estimate.low_percent, 4), round(estimate.high_percent, 4)],
        "stdev_per_hand": round(estimate.stdev, 4),
        "house_edge_percent": round(-estimate.return_percent, 4),
        "calculator_house_edge_percent": round(edge, 4),
        "calculator_inside_interval": estimate.contains(calculator_return),
        "seconds": round(seconds, 3),
        "hands_per_second": round(estimate.hands / seconds) if seconds > 0 else None,
        "hands_per_cpu_second": (round(estimate.hands / estimate.cpu_seconds)
                                 if estimate.cpu_seconds > 0 else None),
    }


def _print(rules: Rules, report: dict[str, object]) -> None:
    low, high = cast("tuple[float, float]", report["ci95_percent"])
    title = rules.title or rules.name
    inside = report["calculator_inside_interval"]
    print(f"{title} ({rules.name}): {report['hands']:,} hands of basic strategy, "
          f"{report['path']} path, seed {report['seed']}, {report['jobs']} process(es)")
    print(f"  return        {report['return_percent']:+.3f}% of the bet   "
          f"95% interval {low:+.3f}% to {high:+.3f}%")
    print(f"  calculator    {-float(report['calculator_house_edge_percent']):+.3f}% "  # type: ignore[arg-type]
          f"(house edge {report['calculator_house_edge_percent']}%): "
          f"{'inside' if inside else 'OUTSIDE'} the interval")
    print(f"  speed         {report['hands_per_second']:,} hands/s "
          f"({report['hands_per_cpu_second']:,} per core) in {report['seconds']} s")
