"""``blackjack-tui config [--json]``: the settings in force and where each comes from.

First wins: the command line (for a run), the environment (``BLACKJACK_TUI_*``), ``config.toml``
in the config folder, the settings saved from Options, the defaults. Each value the file or the
environment gets wrong is one line on stderr (the file, the key, the value) and exit status 1;
the other settings are in force all the same.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from blackjack_tui import config
from blackjack_tui.commands._data import read_store

DEFAULTS: dict[str, Any] = {"theme": "textual-dark", "speed": "normal", "ascii": False,
                            "four_colour": False, "coach": False, "count": False,
                            "count_system": "hi-lo", "narrate": False, "card_size": "auto",
                            "hint": False}


def in_force(found: config.Config, folder: str | None) -> dict[str, tuple[Any, str]]:
    """Every key: its value and where it comes from."""
    saved: dict[str, Any] = {}
    store = read_store(folder)
    if store is not None:
        try:
            settings, _, _ = store.settings()
            dumped = settings.model_dump()
            saved = {key: dumped[name] for key, name in config.SETTINGS_FIELD.items()}
        finally:
            store.close()
    out: dict[str, tuple[Any, str]] = {}
    for key, default in DEFAULTS.items():
        if key in found.values:
            setting = found.values[key]
            out[key] = (setting.value, setting.source)
        elif key in saved and saved[key] != default:
            out[key] = (saved[key], "saved from Options")
        else:
            out[key] = (default, "default")
    return out


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def run(args: argparse.Namespace) -> int:
    found = config.load()
    settings = in_force(found, args.data_dir)
    exists = found.path.exists()
    if args.json:
        print(json.dumps({
            "file": str(found.path), "file_exists": exists,
            "settings": {k: {"value": v, "source": s} for k, (v, s) in settings.items()},
            "keymap": found.keymap, "problems": found.problems}, indent=2))
    else:
        print(f"config file   {found.path}{'' if exists else ' (none yet)'}")
        for key, (value, source) in settings.items():
            print(f"{key:<13} {_text(value):<14} {source}")
        for binding, keys in sorted(found.keymap.items()):
            print(f"keymap        {binding} = {keys}   {found.path}")
        print("(the command line's --speed, --ascii and --narrate win over these for a run)")
    for problem in found.problems:
        print(problem, file=sys.stderr)
    return 1 if found.problems else 0
