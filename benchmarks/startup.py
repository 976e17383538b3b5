"""Time from launch to the first frame: blackjack-tui against a minimal Textual app, same run.

Each app runs in a fresh Python process, headless, and exits as soon as its first screen has been
refreshed; the wall time of the whole process (interpreter start, imports, mount, first frame) is
measured. Prints the median of several runs and the ratio.

    python benchmarks/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time

# Both apps stop the same way: once the first screen has mounted and been refreshed.
FIRST_FRAME = """
shown = []

async def first_frame(pilot):
    await pilot.pause()
    shown.append(type(pilot.app.screen).__name__)
    pilot.app.exit()
"""

MINIMAL = FIRST_FRAME + """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("hello")

Minimal().run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""

BLACKJACK = FIRST_FRAME + """
import sys
from pathlib import Path
from blackjack_tui.ui.app import BlackjackApp, PlayOptions

app = BlackjackApp(PlayOptions(data_dir=Path(sys.argv[1]), seed=1))
app.run(headless=True, size=(80, 24), auto_pilot=first_frame)
assert shown == ["TableScreen"], shown
"""


def time_once(code: str, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *args], check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as data:
        time_once(MINIMAL)  # warm the file cache for both
        time_once(BLACKJACK, data)
        minimal = [time_once(MINIMAL) for _ in range(runs)]
        ours = [time_once(BLACKJACK, data) for _ in range(runs)]
    m, o = statistics.median(minimal), statistics.median(ours)
    print(f"minimal Textual app : {m * 1000:6.0f} ms to first frame (median of {runs})")
    print(f"blackjack-tui       : {o * 1000:6.0f} ms to first frame (median of {runs})")
    print(f"ratio               : {o / m:6.2f}x  (aim: at most 1.5x)")


if __name__ == "__main__":
    main()
