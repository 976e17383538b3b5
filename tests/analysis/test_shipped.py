"""The shipped tables' edges, charts and index plays come with the game: the first opening of the
rules menu, the chart or the hint never waits for them (``scripts/ship_analysis.py`` makes them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from blackjack_tui.analysis.cache import SHIPPED, cache_file, indices_file, load, load_indices
from blackjack_tui.controller.strategy import other_reading
from blackjack_tui.rulesets import load_all

TABLES = [t for r in load_all()[0].values() for t in (r, other_reading(r)) if t is not None]


@pytest.mark.parametrize("rules", TABLES, ids=[f"{t.name}-{t.double_ace_as_one}" for t in TABLES])
def test_every_shipped_table_comes_with_its_edge_chart_and_index_plays(rules, tmp_path: Path):
    empty = tmp_path / "cache"  # nothing worked out on this machine yet
    assert (SHIPPED / cache_file(rules).name).is_file()
    found = load(cache_file(rules, empty))
    assert found is not None and found.chart.cells
    indices = load_indices(indices_file(rules, empty))
    assert indices is not None

