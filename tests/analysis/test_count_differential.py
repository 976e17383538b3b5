"""The counting fast path is the engine: the same true count, bet and net, round by round.

Random plans (``count_diff.py``) over random rule sets and charts, on small, big and narrow
shoes, and the shipped tables with their own charts; each case is played both a round per call
and in one long call, since the fast path keeps its count table, its machines and the seat from
one round to the next.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from msgspec.structs import replace

from blackjack_tui.analysis.cache import cached_indices
from blackjack_tui.analysis.counting import CountPlan, Spread, tag
from blackjack_tui.analysis.sim import Chunk
from blackjack_tui.analysis.sim_count import CountingFastTable, run_count_chunk
from blackjack_tui.analysis.sim_count_engine import CountingEngineTable
from blackjack_tui.analysis.sim_fast import FastTable
from blackjack_tui.analysis.sim_tables import VALUES
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.rulesets import load_all

from .count_diff import (
    FAST_PATHS,
    both_counting,
    fast_path,
    first_difference,
    random_indices,
    random_plan,
    whole_runs,
)
from .sim_diff import held_adapter, narrow_shoe, random_chart, random_rules

SHIPPED, _ = load_all()


@pytest.mark.parametrize("path", FAST_PATHS)
@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_the_shipped_tables_count_alike_on_both_paths(name: str, path: str, analysis_of) -> None:
    rules = SHIPPED[name]
    rng = random.Random(f"shipped {name}")
    plan = random_plan(rng, indices=random_indices(rng, 60), wong_in=None, wong_out=None)
    fast, engine = both_counting(rules, analysis_of(rules).chart, plan, 400, seed=3,
                                 fast_cls=fast_path(path))
    assert first_difference(fast, engine) is None, plan
    moved = len({r[0] for r in fast}) > 3
    assert moved if rules.shuffle == "cut-card" else not moved  # shuffled every round: always 0


@pytest.mark.parametrize("path", FAST_PATHS)
def test_the_computed_indices_play_alike_on_both_paths(path: str, analysis_of) -> None:
    rules = SHIPPED["nordic"]
    plan = CountPlan(Spread.parse("1:1,2:2,3:4,4:8,5:12"), cached_indices(rules))
    fast, engine = whole_runs(rules, analysis_of(rules).chart, plan, 1500, seed=11,
                              fast_cls=fast_path(path))
    assert first_difference(fast, engine) is None


@pytest.mark.parametrize("path", FAST_PATHS)
@pytest.mark.parametrize("block", range(4))
def test_random_plans_on_small_seeded_shoes(block: int, path: str, monkeypatch) -> None:
    # One or two decks dealt deep: true counts far from zero, the last rounds of a shoe dealt
    # card by card, shoes that run dry mid-round; the wong rules reset at every shuffle.
    held_adapter(monkeypatch)
    for case in range(5):
        rng = random.Random(f"count small {block} {case}")
        deep = {"decks": 1, "penetration": 0.95, "shuffle": "cut-card"} if case < 2 else {}
        rules = random_rules(rng, **{"decks": rng.choice([1, 2]), **deep})
        chart, plan = random_chart(rng), random_plan(rng)
        seed = rng.randrange(10**6)
        fast, engine = both_counting(rules, chart, plan, 100, seed=seed, fast_cls=fast_path(path))
        assert first_difference(fast, engine) is None, (rules, plan)
        fast, engine = whole_runs(rules, chart, plan, 300, seed, fast_path(path))
        assert first_difference(fast, engine) is None, (rules, plan)


@pytest.mark.parametrize("path", FAST_PATHS)
@pytest.mark.parametrize("block", range(2))
def test_random_plans_on_big_seeded_shoes(block: int, path: str, monkeypatch) -> None:
    held_adapter(monkeypatch)
    for case in range(2):
        rng = random.Random(f"count big {block} {case}")
        rules = random_rules(rng, decks=rng.choice([6, 8]), shuffle="cut-card")
        chart, plan = random_chart(rng), random_plan(rng)
        fast, engine = whole_runs(rules, chart, plan, 600, rng.randrange(10**6), fast_path(path))
        assert first_difference(fast, engine) is None, (rules, plan)
        assert {r[1] for r in fast} != {fast[0][1]} or len(plan.spread.steps) == 1


@pytest.mark.parametrize("path", FAST_PATHS)
@pytest.mark.parametrize("case", range(10))
def test_random_plans_on_narrow_shoes(case: int, path: str, monkeypatch) -> None:
    # Two to four ranks: counts of every size, and pairs, soft hands and splits everywhere.
    held_adapter(monkeypatch)
    rng = random.Random(f"count narrow {case}")
    rules = random_rules(rng)
    cards = narrow_shoe(rng, 300)
    fast, engine = both_counting(rules, random_chart(rng), random_plan(rng), 100, stacked=cards,
                                 fast_cls=fast_path(path))
    assert first_difference(fast, engine) is None, (rules, [c.text for c in cards[:40]])


def _plant_count(table) -> None:
    table.tags = table.tags.copy()
    table.tags[5] = 0  # a five not counted


def _plant_true_count(table) -> None:
    table.p = table.p.copy()
    table.p[sim_kernel().P_MODE] = 1  # truncated instead of floored


def _plant_spread(table) -> None:
    table.tables = {**table.tables, "bets": table.tables["bets"].copy()}
    table.tables["bets"][-2] += 1  # one unit more at the second highest count


def _plant_wong(table) -> None:
    table.p = table.p.copy()
    table.p[sim_kernel().P_IN] += 1  # wong in a count late


def _plant_index(table) -> None:
    of = table.tables["player_of"]
    table.tables = {**table.tables, "player_of": np.concatenate([of[1:], of[-1:]])}  # a count
    # late: each true count plays the first decisions of the next one


def sim_kernel():
    from blackjack_tui.analysis import sim_kernel

    return sim_kernel


@pytest.mark.parametrize("plant", [_plant_count, _plant_true_count, _plant_spread, _plant_wong,
                                   _plant_index], ids=lambda f: f.__name__[7:])
def test_a_bug_planted_in_the_compiled_path_shows(plant, analysis_of) -> None:
    # The kernel interprets the packed tables: a mistake in the count, the true count, the
    # spread, the wong rules or the index plays, planted in what it reads, must show as a
    # difference from the engine (and none without it: the same plan, the same shoe).
    rules = SHIPPED["nordic"]
    plan = CountPlan(Spread.parse("1:1,2:2,3:4,4:8,5:12"), cached_indices(rules), wong_in=0,
                     wong_out=-2)
    fast_cls = fast_path("compiled")
    clean = whole_runs(rules, analysis_of(rules).chart, plan, 1500, seed=11, fast_cls=fast_cls)
    assert first_difference(*clean) is None
    planted = whole_runs(rules, analysis_of(rules).chart, plan, 1500, seed=11, fast_cls=fast_cls,
                         plant=plant)
    assert first_difference(*planted) is not None


@pytest.mark.parametrize("case", range(6))
def test_the_compiled_sums_are_the_python_paths_to_the_last_bit(case: int, monkeypatch) -> None:
    # The same rounds, and the sums worked out in the same order: the same figures, whichever
    # path played (a plan's, and a flat simulation's, which the engine's FastTable sums).
    held_adapter(monkeypatch)
    compiled = fast_path("compiled")
    rng = random.Random(f"compiled sums {case}")
    rules = random_rules(rng, decks=rng.choice([1, 2, 6]), shuffle="cut-card")
    chart, plan, seed = random_chart(rng), random_plan(rng), rng.randrange(10**6)
    ours = compiled(rules, chart, plan, seed).play(3000)
    theirs = CountingFastTable(rules, chart, plan, seed).play(3000)
    assert replace(ours, cpu_seconds=0) == replace(theirs, cpu_seconds=0), (rules, plan)
    flat = compiled(rules, chart, CountPlan(Spread.flat()), seed).play_flat(3000)
    assert flat == FastTable(rules, chart, seed).play(3000), rules
OTHER_COUNTS = ["ko", "halves", "zen", "omega-ii", "hi-opt-i", "hi-opt-ii"]


@pytest.mark.parametrize("count", OTHER_COUNTS)
def test_other_counts_alike_on_both_paths(count: str, monkeypatch) -> None:
    # Each system's own tags, initial count and true count (Halves in points of a half; KO by
    # its running count from 4 - 4 x decks), on seeded shoes of one, two and six decks.
    held_adapter(monkeypatch)
    for case, decks in enumerate((1, 2, 6)):
        rng = random.Random(f"count {count} {case}")
        rules = random_rules(rng, decks=decks, shuffle="cut-card",
                             **({"penetration": 0.9} if decks == 1 else {}))
        chart, plan = random_chart(rng), random_plan(rng, count=count)
        seed = rng.randrange(10**6)
        fast, engine = both_counting(rules, chart, plan, 100, seed=seed)
        assert first_difference(fast, engine) is None, (rules, plan)
        fast, engine = whole_runs(rules, chart, plan, 300, seed)
        assert first_difference(fast, engine) is None, (rules, plan)
        assert len({r[0] for r in fast}) > 3  # the count moved


@pytest.mark.parametrize("count", ["ko", "halves"])
def test_other_counts_on_narrow_shoes(count: str, monkeypatch) -> None:
    held_adapter(monkeypatch)
    for case in range(3):
        rng = random.Random(f"count narrow {count} {case}")
        rules = random_rules(rng)
        cards = narrow_shoe(rng, 300)
        plan = random_plan(rng, count=count)
        fast, engine = both_counting(rules, random_chart(rng), plan, 100, stacked=cards)
        assert first_difference(fast, engine) is None, (rules, [c.text for c in cards[:40]])


def test_ko_computed_indices_by_running_count_play_alike_on_both_paths(analysis_of) -> None:
    rules = SHIPPED["nordic"]
    indices = cached_indices(rules, count="ko")
    assert indices.by == "running count"
    plan = CountPlan(Spread.parse("-2:1,0:2,2:4,4:8,6:12"), indices, "ko")
    fast, engine = whole_runs(rules, analysis_of(rules).chart, plan, 1500, seed=5)
    assert first_difference(fast, engine) is None
    assert min(r[0] for r in fast) <= -15  # KO's running count starts at 4 - 4 x 6 = -20


def test_a_wrong_tag_on_the_fast_path_shows(monkeypatch) -> None:
    # The fast path takes the tags as a parameter: Hi-Lo with the seven counted +1 (KO's tags
    # under Hi-Lo's true count) must differ from the engine's Hi-Lo somewhere.
    held_adapter(monkeypatch)
    rules = random_rules(random.Random("wrong tag"), decks=2, shuffle="cut-card")
    rng = random.Random("wrong tag plan")
    plan = random_plan(rng, wong_in=None, wong_out=None)
    right = [tag("hi-lo", VALUES[code]) if code else 0 for code in range(14)]
    wrong = [t + (1 if code and VALUES[code] == 7 else 0) for code, t in enumerate(right)]
    chart = random_chart(rng)
    fast, engine = both_counting(rules, chart, plan, 200, seed=9, tags=right)
    assert first_difference(fast, engine) is None
    fast, engine = both_counting(rules, chart, plan, 200, seed=9, tags=wrong)
    assert first_difference(fast, engine) is not None


def test_red_7_is_counted_on_the_engine_path_by_colour() -> None:
    rules = SHIPPED["nordic"]
    plan = CountPlan(Spread.parse("0:1,2:4"), None, "red-7")
    with pytest.raises(ValueError, match="no suits"):
        CountingFastTable(rules, random_chart(random.Random(1)), plan)
    # A stacked shoe: red sevens count +1, black ones 0 (Red 7's running count from -2 x decks
    # plus the points gone: here a full shoe's points less those left).
    cards = [Card(t) for t in ("7H", "7D", "7S", "7C", "2S", "TS", "9H", "8D")] * 20
    table = CountingEngineTable(rules.model_copy(update={"decks": 1}), random_chart(
        random.Random(2)), plan, shoe=Shoe.stacked(cards))
    records: list[tuple[int, float, float, int]] = []
    table.play(1, records)
    # The full shoe's points (2 a deck) less those of the 160 cards left (40 red sevens, 20
    # twos, 20 tens: 40): -2 + 2 - 40 = -40 before the first round.
    assert records[0][0] == -40
    result = run_count_chunk(rules, random_chart(random.Random(3)), plan, Chunk(0, 7, 200))
    assert result.rounds == 200


@pytest.mark.parametrize("count", ["zen", "omega-ii", "hi-opt-i", "hi-opt-ii"])
def test_the_compiled_path_plays_every_balanced_whole_tag_count_as_the_engine(
        count: str, monkeypatch) -> None:
    # The kernel reads a count's tags from its table: a balanced system of whole tags is
    # Hi-Lo's arithmetic with other tags, and must play round for round as the engine does.
    held_adapter(monkeypatch)
    compiled = fast_path("compiled")
    for case, decks in enumerate((1, 6)):
        rng = random.Random(f"compiled count {count} {case}")
        rules = random_rules(rng, decks=decks, shuffle="cut-card",
                             **({"penetration": 0.9} if decks == 1 else {}))
        chart, plan = random_chart(rng), random_plan(rng, count=count)
        seed = rng.randrange(10**6)
        fast, engine = whole_runs(rules, chart, plan, 300, seed, fast_cls=compiled)
        assert first_difference(fast, engine) is None, (rules, plan)
        assert len({r[0] for r in fast}) > 3  # the count moved


@pytest.mark.parametrize("count", ["ko", "halves", "red-7"])
def test_the_compiled_path_declines_the_counts_it_does_not_play(count: str) -> None:
    # KO and Red 7 are unbalanced, Wong Halves counts in halves: the kernel's true count is not
    # theirs, so the path choice keeps them off it, and the table refuses them outright.
    from argparse import Namespace

    from blackjack_tui.analysis import sim_compiled
    from blackjack_tui.commands._counting import path_of

    assert not sim_compiled.plays(count)
    assert path_of(Namespace(engine=False, python=False), SHIPPED["nordic"], count) != "compiled"
    assert sim_compiled.plays("hi-lo") and sim_compiled.plays("zen")
