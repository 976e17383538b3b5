"""``config.toml`` and the ``BLACKJACK_TUI_*`` environment: the player's defaults, written by hand.

Order, first wins: the command line (``--speed``, ``--ascii``, ``--narrate``), the environment
(``BLACKJACK_TUI_SPEED=fast``), the file (``speed = "fast"`` in ``config.toml`` in the config
folder), then the settings saved from Options. A value that is wrong is one line naming where it
came from, the key and the value, and costs only that setting. Money never lives here: the
bankroll and the bets are the database's (its journal), and a key that names money is refused.

``[keymap]`` rebinds keys by binding id (``"ledger.export" = "ctrl+e"``), through Textual's
keymap (:meth:`textual.app.App.set_keymap`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from msgspec import Struct, field

from blackjack_tui.engine.count_systems import NAMES, system
from blackjack_tui.paths import config_dir

FILE_NAME = "config.toml"
ENV_PREFIX = "BLACKJACK_TUI_"
SPEEDS = ("instant", "fast", "normal", "slow")
COUNT_SYSTEMS = NAMES
"""Every count system (:mod:`blackjack_tui.engine.count_systems`), Hi-Lo first."""
CARD_SIZES = ("auto", "small", "medium", "large", "xlarge")
"""``auto``: the largest cards the felt has room for; a size: that size at most."""
MONEY = ("bankroll", "balance", "money", "chips", "stack", "bet", "bets", "last_bets",
         "bets_behind")
TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")
KEY_NAME = re.compile(r"^[a-z0-9_+\-]+$|^[^\s,]$")


class BadValue(ValueError):
    """A value a key cannot take (the message says what it can)."""


def _boolean(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in TRUE + FALSE:
        return value.strip().lower() in TRUE
    raise BadValue("is not true or false")


def _choice(*allowed: str) -> Callable[[object], str]:
    def check(value: object) -> str:
        if isinstance(value, str) and value.strip().lower() in allowed:
            return value.strip().lower()
        raise BadValue(f"is not one of {', '.join(allowed)}")
    return check


def _count_system(value: object) -> str:
    if isinstance(value, str):
        try:
            return system(value).name  # aliases too: "hilo", "Wong Halves"
        except ValueError:
            pass
    raise BadValue(f"is not one of {', '.join(COUNT_SYSTEMS)}")


def _theme(value: object) -> str:
    if isinstance(value, str) and 1 <= len(value.strip()) <= 64:
        return value.strip()
    raise BadValue("is not a theme's name")


KEYS: dict[str, Callable[[object], Any]] = {
    "theme": _theme,
    "speed": _choice(*SPEEDS),
    "ascii": _boolean,
    "four_colour": _boolean,
    "coach": _boolean,
    "count": _boolean,
    "count_system": _count_system,
    "narrate": _boolean,
    "card_size": _choice(*CARD_SIZES),
    "hint": _boolean,
}
"""Every key of the file, with what checks (and reads) its value."""

SETTINGS_FIELD = {"theme": "theme", "ascii": "ascii_cards", "four_colour": "four_colour",
                  "coach": "coach", "count": "count", "speed": "speed",
                  "count_system": "count_system"}
"""The keys that are also settings saved from Options (by the Settings field's name)."""


class Setting(Struct, frozen=True):
    value: Any
    source: str
    """Where it came from: ``environment BLACKJACK_TUI_SPEED`` or the file's path."""


class Config(Struct):
    path: Path
    values: dict[str, Setting] = field(default_factory=dict)
    keymap: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    """One line for each value set aside (and for a file that cannot be read)."""

    def get(self, key: str, default: Any = None) -> Any:
        found = self.values.get(key)
        return default if found is None else found.value


def config_file() -> Path:
    return config_dir() / FILE_NAME


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _read_file(path: Path, config: Config) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as err:
        config.problems.append(f"{path}: cannot be read ({err.strerror or err}); it is ignored")
        return {}
    import tomllib  # (here: most players have no config file, and a start need not load it)

    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        config.problems.append(f"{path}: not valid TOML ({err}); the whole file is ignored")
        return {}


def _keymap(path: Path, table: object, config: Config) -> None:
    if not isinstance(table, dict):
        config.problems.append(f"{path}: keymap = {_shown(table)} is not a table of binding ids "
                               "and keys; it is ignored")
        return
    for binding, keys in table.items():
        parts = keys.split(",") if isinstance(keys, str) else []
        if not parts or not all(KEY_NAME.match(p.strip()) for p in parts):
            config.problems.append(f"{path}: keymap.{binding} = {_shown(keys)} is not a key or "
                                   "a list of keys like \"ctrl+e,f5\"; that binding keeps its key")
            continue
        config.keymap[binding] = ",".join(p.strip() for p in parts)


def load(path: Path | None = None, environ: Mapping[str, str] | None = None) -> Config:
    """The file's values, then the environment's over them, each checked on its own."""
    path = path or config_file()
    environ = os.environ if environ is None else environ
    config = Config(path)
    for key, value in _read_file(path, config).items():
        if key == "keymap":
            _keymap(path, value, config)
        elif key in MONEY:
            config.problems.append(f"{path}: {key} is money, which never lives in a file you "
                                   "edit (the game's journal keeps it); it is ignored")
        elif key not in KEYS:
            config.problems.append(f"{path}: {key} is not a setting (they are "
                                   f"{', '.join(KEYS)}, and [keymap]); it is ignored")
        else:
            _take(config, key, value, str(path), f"{path}: {key} = {_shown(value)}")
    for key in KEYS:
        name = ENV_PREFIX + key.upper()
        if name in environ:
            _take(config, key, environ[name], f"environment {name}",
                  f"environment {name}={_shown(environ[name])}")
    return config


def _take(config: Config, key: str, value: object, source: str, said: str) -> None:
    try:
        config.values[key] = Setting(KEYS[key](value), source)
    except BadValue as err:
        config.problems.append(f"{said} {err}; that setting is ignored")
