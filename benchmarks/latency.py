"""Key to frame: how long a key press takes to show, blackjack-tui against a minimal Textual app.

How it is measured, and why it is honest. Each app runs headless under Textual's own test driver
(``App.run_test``), in a fresh process, at 80×24. A key is put on the driver's queue exactly as a
terminal's key would be (``driver.send_message(events.Key)``), and the clock starts. Every frame the
compositor produces goes through ``App._display`` (headless, the frame is built in full but not
written to a terminal); the clock stops at the last frame before the screen goes quiet for 80 ms.
So the figure covers the binding, the action, the controller and engine, restyling, layout and
the compositor — all of Textual's work for the frame — and leaves out only the write to a real
terminal, which is the same few hundred microseconds for both apps. CPU time (``process_time``)
from the key to that last frame is printed too: it is the least noisy figure on a shared machine.

The cases: ``hit``, a hit that leaves the hand open; ``end``, the worst a player meets, a hit that
ends the hand (21), turns the dealer's card over, draws his card, pays the box and books the round
(the clock stops at the round's last frame); ``box``, ``chip``, ``menu``: a box switch, a chip, the
first opening of the rules menu. The peer is a minimal Textual app doing one equivalent update: a
``Static`` updated (hit, end, chip),
a class toggled on one of three bordered boxes (box switch), a modal with an ``OptionList``
pushed (menu). Processes alternate peer, ours, peer, ours…, so both see the same machine; medians
and p90s are over every sample, and the ratio is ours over the peer's.

    python benchmarks/latency.py [--runs 4] [--samples 25]
    python benchmarks/latency.py --profile hit     # where a hit goes (needs pyinstrument)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUIET = 0.08  # seconds without a new frame: the key's work is all shown
CASES = ("hit", "end", "box", "chip", "menu")
# One box at the Nordic table: 2 and 3 against a ten (no blackjack), the dealer's 7 in the hole;
# the hit draws a 4 (9), the stand lets the dealer stand on 17. Five cards a round, never a bust.
ROUND = ["2S", "TD", "3H", "7C", "4D"]
# The worst hit a player meets ("end"): a hit that ends the hand and books the round. Ten and 6
# against a 9, the dealer's 7 in the hole; the hit draws a 5 (21: the hand ends), the dealer turns
# his 16 over, draws a 2 and stands on 18, the box is paid and the round is booked.
ENDING = ["TS", "9D", "6H", "7C", "5D", "2C"]


class Frames:
    """Records when each frame is composed."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        self.times: list[float] = []
        self.cpu: list[float] = []
        display = app._display

        def recording(screen, renderable) -> None:  # type: ignore[no-untyped-def]
            display(screen, renderable)
            if renderable is not None:
                self.times.append(time.perf_counter())
                self.cpu.append(time.process_time())

        app._display = recording

    async def key(self, app, key: str) -> tuple[float, float]:  # type: ignore[no-untyped-def]
        """Send ``key`` as a terminal would; wall and CPU milliseconds to its last frame."""
        from textual import events

        char = {"plus": "+", "minus": "-"}.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        before = len(self.times)
        cpu = time.process_time()
        start = time.perf_counter()
        app._driver.send_message(event)
        last_seen = start
        while True:
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            if len(self.times) > before:
                last_seen = self.times[-1]
            if now - last_seen > QUIET and len(self.times) > before:
                break
            if now - start > 5:
                raise RuntimeError(f"no frame after {key!r}")
        return (last_seen - start) * 1000, (self.cpu[-1] - cpu) * 1000


async def until(test) -> None:  # type: ignore[no-untyped-def]
    """Wait (untimed) until the table is where the next sample starts."""
    for _ in range(500):
        await asyncio.sleep(0.01)
        if test():
            return
    raise RuntimeError("the table never came to rest")


class Timed:
    """Each sample's key press, from the key to its last frame, under pyinstrument (or not)."""

    def __init__(self, profile: bool) -> None:
        self.profiler = None
        if profile:
            from pyinstrument import Profiler

            self.profiler = Profiler(interval=0.0002, async_mode="disabled")

    async def key(self, frames: Frames, app, key: str, keep: bool):  # type: ignore[no-untyped-def]
        if self.profiler is not None and keep:
            self.profiler.start()
        try:
            return await frames.key(app, key)
        finally:
            if self.profiler is not None and keep:
                self.profiler.stop()


async def ours(case: str, samples: int, size: tuple[int, int],
               timed: Timed | None = None, speed: str = "instant") -> list[tuple[float, float]]:
    from blackjack_tui.ui.app import BlackjackApp, PlayOptions

    timed = timed or Timed(False)
    out = []
    with tempfile.TemporaryDirectory() as data:
        stacked = ENDING if case == "end" else ROUND
        options = PlayOptions(rules="nordic", seed=1, data_dir=Path(data), speed=speed,
                              stacked=tuple(stacked * (samples + 5)))
        app = BlackjackApp(options)
        async with app.run_test(size=size) as pilot:
            frames = Frames(app)
            table = app.screen
            await pilot.pause(0.3)
            for i in range(samples + 2):  # the first two warm up
                if case == "hit":
                    await pilot.press("space" if i else "enter")  # (re)bet and deal
                    await until(lambda: table.decision is not None)
                    await pilot.pause(0.1)
                    sample = await timed.key(frames, app, "h", i >= 2)
                    await until(lambda: table.decision is not None)  # (paced: the card shown)
                    await pilot.press("s")
                    await until(lambda: not table.playing)
                    await pilot.pause(0.1)
                elif case == "end":
                    await pilot.press("space" if i else "enter")
                    await until(lambda: table.decision is not None)
                    await pilot.pause(0.1)
                    sample = await timed.key(frames, app, "h", i >= 2)
                    await until(lambda: not table.playing)
                    await pilot.pause(0.1)
                elif case == "box":
                    sample = await timed.key(frames, app, "2" if i % 2 == 0 else "1", i >= 2)
                elif case == "chip":
                    sample = await timed.key(frames, app, "plus" if i % 2 == 0 else "minus",
                                             i >= 2)
                else:
                    sample = await timed.key(frames, app, "m", i >= 2)
                    await pilot.press("escape")
                    await pilot.pause(0.1)
                if i >= 2:
                    out.append(sample)
    return out


async def peer(case: str, samples: int, size: tuple[int, int]) -> list[tuple[float, float]]:
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.containers import Horizontal
    from textual.screen import ModalScreen
    from textual.widgets import Footer, OptionList, Static

    class Menu(ModalScreen[None]):
        BINDINGS = [Binding("escape", "dismiss", "Close")]

        def compose(self) -> ComposeResult:
            yield OptionList(*[f"Table {n}" for n in range(7)])

    class Minimal(App[None]):
        CSS = ".box { border: round green; width: 1fr; } .box.-on { border: heavy yellow; }"
        BINDINGS = [Binding("h", "hit", "Hit"), Binding("plus,minus", "hit", "Chip"),
                    Binding("1", "box(1)", "Box"), Binding("2", "box(2)", "Box"),
                    Binding("m", "menu", "Menu")]

        def compose(self) -> ComposeResult:
            yield Static("0", id="count")
            with Horizontal():
                for n in (1, 2, 3):
                    yield Static(f"box {n}", classes="box", id=f"b{n}")
            yield Footer()

        def action_hit(self) -> None:
            count = self.query_one("#count", Static)
            count.update(str(int(str(count.content)) + 1))

        def action_box(self, n: int) -> None:
            for box in self.query(".box"):
                box.set_class(box.id == f"b{n}", "-on")

        def action_menu(self) -> None:
            self.push_screen(Menu())

    keys = {"hit": "h", "end": "h", "chip": "plus", "box": "2", "menu": "m"}
    out = []
    app = Minimal()
    async with app.run_test(size=size) as pilot:
        frames = Frames(app)
        await pilot.pause(0.3)
        for i in range(samples + 2):
            key = keys[case]
            if case == "box":
                key = "2" if i % 2 == 0 else "1"
            sample = await frames.key(app, key)
            if case == "menu":
                await pilot.press("escape")
                await pilot.pause(0.1)
            if i >= 2:
                out.append(sample)
    return out


def child(which: str, case: str, samples: int, size: tuple[int, int], speed: str) -> None:
    run = ours(case, samples, size, speed=speed) if which == "ours" else peer(case, samples, size)
    print(json.dumps(asyncio.run(run)))


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4, help="processes of each app per case")
    parser.add_argument("--samples", type=int, default=25, help="key presses per process")
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--speed", default="instant",
                        help="the game's pace: at instant (the default) the dealer's cards come "
                             "in the key's frames; at another pace, the key's first frame is timed "
                             "(the dealer's cards follow at that pace)")
    parser.add_argument("--child", nargs=2, metavar=("APP", "CASE"), help=argparse.SUPPRESS)
    parser.add_argument("--profile", metavar="CASE", help="profile ours for one case instead")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    if args.profile:
        timed = Timed(True)
        asyncio.run(ours(args.profile, args.samples, (width, height), timed, args.speed))
        assert timed.profiler is not None
        print(timed.profiler.output_text(unicode=False, color=False))
        return
    if args.child:
        child(args.child[0], args.child[1], args.samples, (width, height), args.speed)
        return
    print(f"key to last frame, headless at {args.size}, speed {args.speed}, {args.runs}×"
          f"{args.samples} presses each (wall ms median / p90, CPU ms median)")
    for case in args.cases.split(","):
        got: dict[str, list[tuple[float, float]]] = {"peer": [], "ours": []}
        for _ in range(args.runs):
            for which in ("peer", "ours"):
                out = subprocess.run(
                    [sys.executable, __file__, "--child", which, case, "--samples",
                     str(args.samples), "--size", args.size, "--speed", args.speed],
                    check=True, capture_output=True, text=True).stdout
                got[which] += [tuple(s) for s in json.loads(out.strip().splitlines()[-1])]
        line = [f"{case:5}"]
        figures = {}
        for which in ("peer", "ours"):
            wall = [s[0] for s in got[which]]
            cpu = [s[1] for s in got[which]]
            figures[which] = (statistics.median(wall), p90(wall), statistics.median(cpu))
            med, p, c = figures[which]
            line.append(f"{which} {med:6.1f} / {p:6.1f}  cpu {c:6.1f}")
        (pm, pp, pc), (om, op, oc) = figures["peer"], figures["ours"]
        line.append(f"ratio {om / pm:4.2f}× (p90 {op / pp:4.2f}×, cpu {oc / pc:4.2f}×)")
        print("  ".join(line), flush=True)
    print("aim: at most 1.5× the minimal app")


if __name__ == "__main__":
    main()
