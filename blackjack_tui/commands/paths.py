"""``blackjack-tui paths``: where the data, config, cache and log folders are."""

from __future__ import annotations

import argparse
import json

from blackjack_tui.paths import cache_dir, config_dir, data_dir, log_dir
from blackjack_tui.store.backup import BACKUPS


def folders(data_override: str | None) -> dict[str, str]:
    return {
        "data": str(data_dir(data_override)),
        "config": str(config_dir()),
        "cache": str(cache_dir(data_override)),
        "log": str(log_dir(data_override)),
        "backups": str(data_dir(data_override) / BACKUPS),
    }


def run(args: argparse.Namespace) -> int:
    found = folders(args.data_dir)
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        for name, folder in found.items():
            print(f"{name:<8}{folder}")
    return 0
