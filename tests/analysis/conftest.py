"""Shared fixtures: analyses computed once per test session, and a private cache folder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from blackjack_tui.analysis.edge import analyse
from blackjack_tui.analysis.result import Analysis
from blackjack_tui.engine.rules import Rules
from blackjack_tui.rulesets import load_all

_DONE: dict[str, Analysis] = {}


def make_rules(**fields: Any) -> Rules:
    """A rule set with the model's defaults (6 decks, S17, peek, DAS, 3:2) and these changes."""
    return Rules(name="test", **fields)


@pytest.fixture(scope="session")
def analysis_of() -> Callable[[Rules], Analysis]:
    """Analyse a rule set once per session (the analysis is pure, so sharing it is safe)."""

    def get(rules: Rules) -> Analysis:
        key = rules.model_dump_json(exclude={"name", "title", "description", "source"})
        if key not in _DONE:
            _DONE[key] = analyse(rules)
        return _DONE[key]

    return get


@pytest.fixture(scope="session")
def shipped() -> dict[str, Rules]:
    sets, errors = load_all()
    assert not errors
    return sets


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
                  ) -> Iterator[None]:
    """Never touch the user's own cache folder."""
    monkeypatch.setenv("BLACKJACK_TUI_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
    yield
