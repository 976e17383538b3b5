"""Where the player's files live: platformdirs' user folders, or ``--data-dir``."""

from __future__ import annotations

from pathlib import Path

APP = "blackjack-tui"


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
