"""A long analysis tells how far it has come: the index plays after each of their solves, the
house edge before and after its one solve, and nothing when the cache (or the shipped files)
already has it. The solves are stood in for by one real solution (a real run takes seconds)."""

from __future__ import annotations

import pytest

from blackjack_tui.analysis import cache, indices
from blackjack_tui.analysis.shoe import full_shoe
from blackjack_tui.analysis.solve import solve
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.rulesets import load_all


def test_the_index_plays_tell_their_progress_after_each_solve(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path) -> None:
    nordic = load_all()[0]["nordic"]
    solution = solve(TableMath.from_rules(nordic), full_shoe(6))
    monkeypatch.setattr(indices, "solve", lambda table, shoe, *args: solution)
    told: list[tuple[int, int]] = []
    mine = nordic.model_copy(update={"name": "mine", "decks": 5})
    cache.cached_indices(mine, tmp_path, progress=lambda d, t: told.append((d, t)))
    assert told == [(done, indices.STEPS) for done in range(1, indices.STEPS + 1)]
    told.clear()
    cache.cached_indices(mine, tmp_path, progress=lambda d, t: told.append((d, t)))
    assert told == []  # from the cache: nothing to wait for


def test_the_house_edge_tells_before_and_after_its_solve_and_not_when_shipped(
        monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    sets = load_all()[0]
    shipped = cache.cached_analysis(sets["nordic"], tmp_path)
    monkeypatch.setattr(cache, "analyse", lambda rules: shipped)
    told: list[tuple[int, int]] = []
    cache.cached_analysis(sets["nordic"], tmp_path, progress=lambda d, t: told.append((d, t)))
    assert told == []  # shipped with the game
    mine = sets["nordic"].model_copy(update={"name": "mine", "decks": 5})
    cache.cached_analysis(mine, tmp_path, progress=lambda d, t: told.append((d, t)))
    assert told == [(0, 1), (1, 1)]
