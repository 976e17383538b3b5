"""Where the player's files live: platformdirs' user folders, or ``--data-dir``.

With ``--data-dir DIR`` everything a run writes stays in DIR: the profile and history, the analysis
cache (``DIR/cache``) and the log (``DIR/logs``). The environment variables
``BLACKJACK_TUI_CACHE_DIR`` and ``BLACKJACK_TUI_LOG_DIR`` choose those two folders over both.
The config folder (your own ``rulesets.toml``) is always the platform's.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "blackjack-tui"
CACHE_ENV = "BLACKJACK_TUI_CACHE_DIR"  # read by analysis/cache.py, which must not import this
LOG_ENV = "BLACKJACK_TUI_LOG_DIR"


def data_dir(override: str | Path | None = None) -> Path:
    """The folder for the profile, history and saved rounds (created on first use by the store)."""
    if override is not None:
        return Path(override).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP, appauthor=False)


def config_dir() -> Path:
    """The folder for the player's own ``rulesets.toml``."""
    from platformdirs import user_config_path

    return user_config_path(APP, appauthor=False)


def user_rules_file() -> Path:
    return config_dir() / "rulesets.toml"


def cache_dir(data_override: str | Path | None = None) -> Path:
    """The folder of the analysis cache (house edges and charts worked out once per rule set)."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env).expanduser()
    if data_override is not None:
        return data_dir(data_override) / "cache"
    from platformdirs import user_cache_path

    return user_cache_path(APP, appauthor=False) / "analysis"


def log_dir(data_override: str | Path | None = None) -> Path:
    """The folder of the log file."""
    env = os.environ.get(LOG_ENV)
    if env:
        return Path(env).expanduser()
    if data_override is not None:
        return data_dir(data_override) / "logs"
    from platformdirs import user_log_path

    return user_log_path(APP, appauthor=False)
