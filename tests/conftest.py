"""Keep every test off the player's real folders: analysis cache in a temporary folder."""

from __future__ import annotations

import os
import tempfile

import pytest


@pytest.fixture(scope="session", autouse=True)
def _private_cache() -> object:
    with tempfile.TemporaryDirectory() as folder:
        old = os.environ.get("BLACKJACK_TUI_CACHE_DIR")
        os.environ["BLACKJACK_TUI_CACHE_DIR"] = folder
        yield folder
        if old is None:
            os.environ.pop("BLACKJACK_TUI_CACHE_DIR", None)
        else:
            os.environ["BLACKJACK_TUI_CACHE_DIR"] = old
