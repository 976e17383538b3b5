"""Analyses kept on disk, keyed by the rules that change the math, so nobody waits twice.

The only module of :mod:`blackjack_tui.analysis` that does I/O. The folder is, in order: the
``cache_dir`` argument, the ``BLACKJACK_TUI_CACHE_DIR`` environment variable, or
``platformdirs.user_cache_path("blackjack-tui") / "analysis"`` (the same as
:func:`blackjack_tui.paths.cache_dir`; ``--data-dir DIR`` sets the variable to ``DIR/cache`` for
its run). A missing, unreadable or damaged file is recomputed; a folder that cannot be written is
not an error (the result is still returned).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blackjack_tui.analysis.result import Analysis
from blackjack_tui.analysis.strategy import Cell, Chart
from blackjack_tui.analysis.table import math_key
from blackjack_tui.engine.rules import Rules

if TYPE_CHECKING:
    from blackjack_tui.analysis.indices import Indices, Progress

ENV_VAR = "BLACKJACK_TUI_CACHE_DIR"
SHIPPED = Path(__file__).parent / "shipped"
"""The shipped tables' analyses and index plays, worked out before the release
(``scripts/ship_analysis.py``) and read like the cache: the first opening waits for nothing."""


def analyse(rules: Rules) -> Analysis:
    """The analysis itself (imported on first use: it brings numpy)."""
    from blackjack_tui.analysis.edge import analyse as compute

    return compute(rules)


def cache_dir(override: str | Path | None = None) -> Path:
    """Where analyses are cached."""
    if override is not None:
        return Path(override)
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    from platformdirs import user_cache_path

    return user_cache_path("blackjack-tui", appauthor=False) / "analysis"


cache_dir_of = cache_dir


def cache_file(rules: Rules, override: str | Path | None = None) -> Path:
    """The file that holds (or will hold) the analysis of ``rules``."""
    return cache_dir(override) / f"{math_key(rules)}.json"


def indices_file(rules: Rules, override: str | Path | None = None, count: str = "hi-lo"
                 ) -> Path:
    """The file that holds (or will hold) the index plays of ``rules`` for ``count`` (Hi-Lo's
    file keeps its name from before there were other counts)."""
    tail = "" if count == "hi-lo" else f"-{count}"
    return cache_dir(override) / f"{math_key(rules)}-indices{tail}.json"


def cached_indices(rules: Rules, cache_dir: str | Path | None = None, count: str = "hi-lo",
                   progress: Progress | None = None) -> Indices:
    """The index plays of ``rules`` for the count system ``count`` (a name of
    :mod:`blackjack_tui.engine.count_systems`): read from the cache, or computed (seconds;
    ``progress`` is told ``(done, total)`` after each solve) and kept."""
    from blackjack_tui.analysis import indices

    path = indices_file(rules, cache_dir, count)
    found = load_indices(path, count)
    if found is not None:
        return found
    result = indices.compute(rules, count, progress)
    _write(path, indices.to_json(result))
    return result


def load_indices(path: Path, count: str = "hi-lo") -> Indices | None:
    """The index plays stored at ``path``, or ``None`` when there are none or they are damaged."""
    from blackjack_tui.analysis import indices

    for where in (path, SHIPPED / path.name):
        try:
            return indices.from_json(json.loads(where.read_text(encoding="utf-8")), count)
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return None


def cached_analysis(rules: Rules, cache_dir: str | Path | None = None,
                    progress: Progress | None = None) -> Analysis:
    """The analysis of ``rules``: read from the cache, or computed and written there (one exact
    solve: ``progress`` is told ``(0, 1)`` before it and ``(1, 1)`` after)."""
    path = cache_file(rules, cache_dir)
    found = load(path)
    if found is not None:
        return found
    if progress is not None:
        progress(0, 1)
    result = analyse(rules)
    save(path, result)
    if progress is not None:
        progress(1, 1)
    return result


def to_json(result: Analysis) -> dict[str, Any]:
    """A JSON-ready form of an analysis (what the cache stores)."""
    return {
        "house_edge_percent": result.house_edge_percent,
        "optimal_edge_percent": result.optimal_edge_percent,
        "blackjack_percent": result.blackjack_percent,
        "cells": [
            [kind, row, up, [[action, ev] for action, ev in cell.ranked]]
            for (kind, row, up), cell in sorted(result.chart.cells.items())
        ],
    }


def from_json(data: dict[str, Any]) -> Analysis:
    """Rebuild an analysis from :func:`to_json`'s form (KeyError/TypeError/ValueError if bad)."""
    cells: dict[tuple[str, int, int], Cell] = {}
    for kind, row, up, ranked in data["cells"]:
        cells[(str(kind), int(row), int(up))] = Cell(
            tuple((str(action), float(ev)) for action, ev in ranked)
        )
    return Analysis(
        chart=Chart(cells),
        house_edge_percent=float(data["house_edge_percent"]),
        optimal_edge_percent=float(data["optimal_edge_percent"]),
        blackjack_percent=float(data["blackjack_percent"]),
    )


def load(path: Path) -> Analysis | None:
    """The analysis stored at ``path`` (or shipped with the game under its name), or ``None``
    when there is none or it cannot be read."""
    for where in (path, SHIPPED / path.name):
        try:
            return from_json(json.loads(where.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return None


def ship(rules: Rules, folder: Path = SHIPPED) -> None:
    """Work out ``rules``' analysis and index plays into ``folder`` (before a release)."""
    from blackjack_tui.analysis import indices

    for name, data in ((cache_file(rules).name, to_json(analyse(rules))),
                       (indices_file(rules).name, indices.to_json(indices.compute(rules)))):
        _write(folder / name, data)
        (folder / name).chmod(0o644)  # package data: readable by all who install it


_TABLE_CODE = ("sim_tables.py", "sim_machine.py", "sim_fast.py", "sim_count.py",
               "sim_compiled.py", "counting.py", "strategy.py", "sim_engine.py")
_DIGEST: list[bytes] = []


def code_digest() -> bytes:
    """A digest of the code the simulator's tables are worked out by (the engine and the fast
    path's modules): tables kept by other code are worked out again."""
    if not _DIGEST:
        here = Path(__file__).parent
        h = hashlib.sha256()
        for path in [*sorted((here.parent / "engine").glob("*.py")),
                     *(here / name for name in _TABLE_CODE)]:
            h.update(path.name.encode() + b"\0" + path.read_bytes())
        _DIGEST.append(h.digest())
    return _DIGEST[0]


def cached_arrays(name: str, build: Callable[[], dict[str, Any]],
                  cache_dir: str | Path | None = None) -> dict[str, Any]:
    """Numpy arrays kept on disk as ``name.npz`` (the compiled simulation's tables of a plan):
    read, or built and kept; a missing or damaged file is built again."""
    import numpy as np

    path = cache_dir_of(cache_dir) / f"{name}.npz"
    try:
        with np.load(path) as data:
            return {key: data[key] for key in data.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile):
        pass
    arrays = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".npz")
        try:
            with os.fdopen(fd, "wb") as out:
                np.savez_compressed(out, **arrays)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass
    return arrays


def save(path: Path, result: Analysis) -> bool:
    """Write ``result`` to ``path`` atomically; ``False`` if the folder cannot be written."""
    return _write(path, to_json(result))


def _write(path: Path, data: object) -> bool:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True
