"""A player that never stops: the kill test starts this, then SIGKILLs it at a random moment.

    python tests/store/kill_child.py DATA_DIR KEY_SEED

It plays real rounds through the app (headless, fast pace so that kills land mid-animation too),
choosing random legal keys, with the default OS-random shoe saved between runs.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from blackjack_tui.ui.app import BlackjackApp, PlayOptions
from blackjack_tui.ui.screens.table_screen import TableScreen

KEYS = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r",
        "insurance": "i", "no-insurance": "n", "even-money": "e", "no-even-money": "n"}


def main() -> None:
    data, seed = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)

    async def player(pilot) -> None:  # type: ignore[no-untyped-def]
        print("ready", flush=True)
        while True:
            await pilot.pause(0.01)
            screen = pilot.app.screen
            if not isinstance(screen, TableScreen):
                await pilot.press("escape")
                continue
            if screen.decision is not None:
                await pilot.press(KEYS[rng.choice(screen.decision.actions)])
            elif not screen.playing:
                await pilot.press("space" if pilot.app.session.last_bets else "enter")

    app = BlackjackApp(PlayOptions(data_dir=data, speed="fast"))
    app.run(headless=True, size=(80, 24), auto_pilot=player)


if __name__ == "__main__":
    main()
