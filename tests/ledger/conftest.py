from __future__ import annotations

import pytest

from blackjack_tui.engine.rules import Rules
from blackjack_tui.rulesets import load_all


@pytest.fixture(scope="session")
def home() -> Rules:
    sets, errors = load_all()
    assert not errors
    return sets["home"]
