"""The counting differential test's machinery: random plans (spreads, index plays, wong rules,
true-count conventions) played on both paths, round by round.

A planted bug in the count, the spread, the wong rules or an index play must show as a
difference, so the generators make each of them matter often: random index plays over every
kind of cell with thresholds near zero (so the count crosses them all the time), spreads that
change the bet at every count from -3 to +5, wong rules on both sides of zero, and the small or
narrow shoes of ``sim_diff`` (one or two decks, dealt deep, or two to four ranks), where the
true count swings far.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest

from blackjack_tui.analysis import sim_compiled
from blackjack_tui.analysis.counting import TC_MODES, CountPlan, Record, Spread
from blackjack_tui.analysis.indices import Index, Indices
from blackjack_tui.analysis.sim_compiled import CompiledCountingTable
from blackjack_tui.analysis.sim_count import CountingFastTable
from blackjack_tui.analysis.sim_count_engine import CountingEngineTable
from blackjack_tui.analysis.strategy import Chart
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.errors import ShoeEmptyError
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe

from .sim_diff import ACTIONS


def random_indices(rng: random.Random, count: int = 30) -> Indices:
    """Index plays on random cells, each between two random actions, turning near zero."""
    found: dict[tuple[str, int, int], Index] = {}
    rows = {"hard": range(4, 21), "soft": range(13, 21), "pair": range(1, 11)}
    for _ in range(count):
        kind = rng.choice(("hard", "hard", "soft", "pair"))
        key = (kind, rng.choice(rows[kind]), rng.randrange(1, 11))
        below, above = rng.sample(ACTIONS, 2)
        found[key] = Index(*key, rng.uniform(-3.4, 3.4), below, above)
    entries = [Index("insurance", 0, 1, 3.0, "no-insurance", "insurance"), *found.values()]
    return Indices(tuple(entries))


def random_spread(rng: random.Random) -> Spread:
    tcs = sorted(rng.sample(range(-3, 6), rng.randint(1, 5)))
    units = sorted(rng.choice((1, 2, 3, 4, 8, 12, Decimal("1.5"))) for _ in tcs)
    return Spread(tuple((tc, Decimal(u)) for tc, u in zip(tcs, units, strict=True)))


def random_plan(rng: random.Random, **fixed: Any) -> CountPlan:
    wong_in = rng.choice((None, None, -1, 0, 1, 2))
    wong_out = rng.choice((None, None, -2, -1, 0))
    if wong_in is not None and wong_out is not None and wong_in <= wong_out:
        wong_out = wong_in - 1
    data: dict[str, Any] = {
        "spread": random_spread(rng),
        "indices": random_indices(rng) if rng.random() < 0.8 else None,
        "wong_in": wong_in, "wong_out": wong_out, "tc_mode": rng.choice(TC_MODES)}
    data.update(fixed)
    return CountPlan(**data)


Fast = type[CountingFastTable] | type[CompiledCountingTable]
FAST_PATHS = ("python", "compiled")
"""The fast paths the differential tests hold to the engine: the pure-Python one and numba's
kernel (:mod:`blackjack_tui.analysis.sim_compiled`), skipped with its reason without numba."""


def fast_path(name: str) -> Fast:
    """The table class of a fast path (a test of the compiled one skips, saying why, when it
    cannot run here)."""
    if name == "python":
        return CountingFastTable
    if not sim_compiled.available():
        pytest.skip(f"the compiled counting path is not tested: {sim_compiled.why_not()}")
    return CompiledCountingTable


def _rounds(table: Any, rounds: int) -> list[Record | str]:
    out: list[Record | str] = []
    for _ in range(rounds):
        records: list[Record] = []
        try:
            table.play(1, records)
        except ShoeEmptyError:
            out.append("the shoe ran out")
            break
        out.append(records[0])
    return out


def both_counting(rules: Rules, chart: Chart, plan: CountPlan, rounds: int, seed: int = 0,
                  stacked: list[Card] | None = None, fast_cls: Fast = CountingFastTable,
                  plant: Callable[[Any], None] | None = None, tags: list[int] | None = None
                  ) -> tuple[list[Any], list[Any]]:
    """Round by round on each path: (true count, bet, net, cards left), or the shoe running out
    (``plant`` may change the fast table first: a planted bug). ``tags`` go to the fast path
    only (a planted bug in the count's table)."""
    given = {} if tags is None else {"tags": tags}
    fast = fast_cls(rules, chart, plan, seed, stacked=stacked, **given)
    if plant is not None:
        plant(fast)
    shoe = Shoe.stacked(stacked) if stacked is not None else None
    engine = CountingEngineTable(rules, chart, plan, seed, shoe=shoe)
    return _rounds(fast, rounds), _rounds(engine, rounds)


def whole_runs(rules: Rules, chart: Chart, plan: CountPlan, rounds: int, seed: int,
               fast_cls: Fast = CountingFastTable, plant: Callable[[Any], None] | None = None
               ) -> tuple[list[Record], list[Record]]:
    """The same, in one call of ``play`` each (the fast path's loop keeps its state between
    rounds: the count table, the machines in use, the seat)."""
    fast, engine = fast_cls(rules, chart, plan, seed), \
        CountingEngineTable(rules, chart, plan, seed)
    if plant is not None:
        plant(fast)
    a: list[Record] = []
    b: list[Record] = []
    fast.play(rounds, a)
    engine.play(rounds, b)
    return a, b


def first_difference(fast: list[Any], engine: list[Any]) -> str | None:
    for i, (a, b) in enumerate(zip(fast, engine, strict=False)):
        if a != b:
            return f"round {i + 1}: fast path {a}, engine {b}"
    if len(fast) != len(engine):
        return f"{len(fast)} rounds on the fast path, {len(engine)} on the engine"
    return None
