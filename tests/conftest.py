"""Keep every test off the player's real folders: analysis cache and log in temporary folders."""

from __future__ import annotations

import os
import tempfile

import pytest


@pytest.fixture(scope="session", autouse=True)
def _private_cache() -> object:
    with tempfile.TemporaryDirectory() as folder:
        saved = {name: os.environ.get(name)
                 for name in ("BLACKJACK_TUI_CACHE_DIR", "BLACKJACK_TUI_LOG_DIR")}
        os.environ["BLACKJACK_TUI_CACHE_DIR"] = folder
        os.environ["BLACKJACK_TUI_LOG_DIR"] = os.path.join(folder, "logs")
        yield folder
        for name, old in saved.items():
            if old is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = old
