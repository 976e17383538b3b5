"""Memory over many rounds: the game's resident size at rounds 0, 20, 200 and 1,000, beside a
bare Textual app that changes its footer's keys as often.

Both run headless under Textual's test driver at 80×24, each in its own process. The game plays
whole rounds at the instant pace (rebet and deal, stand) from a stacked shoe; the bare app has a
``Footer`` and a ``Static`` and, per "round", swaps between two sets of keys twice and updates the
text, as the table does between betting and playing. RSS is read from ``/proc/self/statm``.

    python benchmarks/memory.py [--rounds 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

# Two rounds: 19 v 17 (the player stands and wins a chip), then 5 v 17 (he loses it back).
ROUNDS = ["TS", "TD", "9H", "7C", "2S", "TD", "3H", "7C"]
MARKS = (0, 20, 200, 1000)


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


async def ours(rounds: int) -> dict[int, float]:
    from blackjack_tui.ui.app import BlackjackApp, PlayOptions

    marks: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as data:
        options = PlayOptions(rules="nordic", seed=1, data_dir=Path(data), speed="instant",
                              stacked=tuple(ROUNDS * (rounds // 2 + 2)))
        app = BlackjackApp(options)
        async with app.run_test(size=(80, 24)) as pilot:
            table = app.screen
            await pilot.pause()
            for n in range(rounds + 1):
                if n in MARKS:
                    gc.collect()
                    marks[n] = rss_mib()
                if n == rounds:
                    break
                await pilot.press("space" if n else "enter")
                for _ in range(500):
                    await pilot.pause()
                    if table.decision is not None:
                        break
                await pilot.press("s")
                for _ in range(500):
                    await pilot.pause()
                    if not table.playing:
                        break
    return marks


async def bare(rounds: int) -> dict[int, float]:
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.widgets import Footer, Static

    class Bare(App[None]):
        BINDINGS = [Binding("h", "x", "Hit"), Binding("s", "x", "Stand"),
                    Binding("enter", "x", "Deal"), Binding("b", "x", "Rebet")]
        playing = False

        def compose(self) -> ComposeResult:
            yield Static("0")
            yield Footer()

        def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
            return True

        def flip(self, n: int) -> None:
            self.playing = not self.playing
            self.query_one(Static).update(str(n))
            self.refresh_bindings()

    marks: dict[int, float] = {}
    app = Bare()
    async with app.run_test(size=(80, 24)) as pilot:
        for n in range(rounds + 1):
            if n in MARKS:
                gc.collect()
                marks[n] = rss_mib()
            if n == rounds:
                break
            for _ in range(2):
                app.flip(n)
                await pilot.pause()
    return marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--child", choices=("ours", "bare"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run = ours if args.child == "ours" else bare
        print(json.dumps(asyncio.run(run(args.rounds))))
        return
    got = {}
    for which in ("bare", "ours"):
        out = subprocess.run([sys.executable, __file__, "--child", which, "--rounds",
                              str(args.rounds)], check=True, capture_output=True, text=True)
        got[which] = {int(k): v for k, v in json.loads(out.stdout.strip().splitlines()[-1]).items()}
    marks = [m for m in MARKS if m <= args.rounds]
    print("RSS in MiB at round " + "  ".join(f"{m:>6}" for m in marks) + "   growth from 20")
    for which, label in (("bare", "bare Textual app + Footer"), ("ours", "blackjack-tui")):
        row = got[which]
        growth = row[marks[-1]] - row.get(20, row[marks[0]])
        print(f"{label:26}" + "  ".join(f"{row[m]:6.1f}" for m in marks) + f"   {growth:+.1f}")
    print("aim: blackjack-tui under +5 MiB from round 20 to round 1,000")


if __name__ == "__main__":
    main()
