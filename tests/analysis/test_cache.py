"""The disk cache: keyed by the math, written atomically, recovering from damage."""

from __future__ import annotations

from pathlib import Path

import pytest

from blackjack_tui.analysis import cache
from blackjack_tui.analysis.table import math_key
from tests.analysis.conftest import make_rules

SMALL = dict(decks=1, max_split_hands=2)


@pytest.fixture(autouse=True)
def nothing_shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache on its own: none of the analyses shipped with the game (these rules may be a
    shipped table's math)."""
    monkeypatch.setattr(cache, "SHIPPED", tmp_path / "shipped")


def test_key_ignores_names_and_limits_but_not_the_math() -> None:
    base = make_rules(**SMALL)
    same = base.model_copy(update={"name": "other", "title": "T", "max_bet": 900, "max_boxes": 1})
    assert math_key(same) == math_key(base)
    assert math_key(base.model_copy(update={"decks": 2})) != math_key(base)
    assert math_key(base.model_copy(update={"dealer_wins_ties": (17,)})) != math_key(base)


def test_written_once_then_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = make_rules(**SMALL)
    first = cache.cached_analysis(rules, tmp_path)
    path = cache.cache_file(rules, tmp_path)
    assert path.exists()

    def fail(*_: object) -> None:
        raise AssertionError("recomputed instead of read")

    monkeypatch.setattr(cache, "analyse", fail)
    second = cache.cached_analysis(rules, tmp_path)
    assert second.house_edge_percent == first.house_edge_percent
    assert second.chart.codes() == first.chart.codes()


def test_damaged_file_is_recomputed(tmp_path: Path) -> None:
    rules = make_rules(**SMALL)
    path = cache.cache_file(rules, tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    result = cache.cached_analysis(rules, tmp_path)
    assert cache.load(path) is not None
    assert cache.load(path).house_edge_percent == result.house_edge_percent  # type: ignore[union-attr]


def test_env_var_and_unwritable_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "env"))
    assert cache.cache_dir() == tmp_path / "env"
    blocker = tmp_path / "file"
    blocker.write_text("")
    rules = make_rules(**SMALL)
    # A cache "folder" that is a file cannot be written: the result still comes back.
    assert cache.cached_analysis(rules, blocker / "sub").house_edge_percent == pytest.approx(
        cache.cached_analysis(rules, tmp_path).house_edge_percent)


def test_arrays_are_kept_and_a_damaged_file_is_built_again(tmp_path) -> None:
    import numpy as np

    from blackjack_tui.analysis.cache import cached_arrays

    built = []

    def build() -> dict[str, object]:
        built.append(1)
        return {"a": np.arange(5), "b": np.ones((2, 3))}

    first = cached_arrays("tables", build, tmp_path)
    again = cached_arrays("tables", build, tmp_path)
    assert len(built) == 1 and np.array_equal(again["a"], first["a"])
    assert again["b"].shape == (2, 3)
    (tmp_path / "tables.npz").write_bytes(b"not a zip file")
    damaged = cached_arrays("tables", build, tmp_path)
    assert len(built) == 2 and np.array_equal(damaged["a"], np.arange(5))
