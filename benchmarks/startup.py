"""Launch to the first full frame: ``blackjack-tui`` as a player starts it, beside a minimal Textual
app, in the same run.

Each app is started from the command line in a fresh process on a pseudo-terminal of 80×24 (so
Textual runs its real terminal driver, not the headless one), and the clock runs from the moment
the process is spawned until the terminal has received a frame holding everything of the first
screen: for blackjack-tui the status line, the dealer and the key bar (``--data-dir`` a fresh,
empty folder every run: the database is made, as at a player's first start); for the minimal app
its one ``Static``. That covers the interpreter's start, every import, the game's store, the app's
set-up, the first layout and the frame's write. The process is then killed (the first start of
blackjack-tui is quit with ctrl+q instead, once its frame is in, so that its folder is closed
as a player leaves it).

A second figure for blackjack-tui is a start on that folder again: a player's usual start, the
database there (opened, checked and read, not made).

A third app is the floor: the minimal app that also imports Pydantic and builds one small model
(the stack blackjack-tui stands on, with nothing of its own): the yardstick. The aim is
blackjack-tui's first frame in at most 1.2x the floor's.

Runs alternate minimal, floor, ours (first start), ours (again), minimal… so all see the same
machine; the figures are the medians and the ratios are over the minimal app's (the last line:
ours over the floor).

    python benchmarks/startup.py [--runs 9]
    python benchmarks/startup.py --tree BEFORE --tree AFTER [--runs 9]
    python benchmarks/startup.py --phases TREE [--runs 9]

With ``--tree`` (once per checkout), blackjack-tui is started from each checkout given
(``python -m blackjack_tui`` with that checkout first on ``PYTHONPATH``) instead of the installed
command, every tree in the same interleaved loop, and each is printed over the floor: a change's
before and after, measured in one run.

With ``--phases`` (once per checkout), where the start's time goes: each checkout's start is run
in-process, step by step as ``blackjack-tui`` takes them, in fresh processes (headless, 80×24,
the collector paused as the game pauses it), and the CPU time of each step is printed (medians),
beside the floor's own two steps: its imports and model, and its app to the first frame. The
steps: the stack's imports (the floor's: Textual, Pydantic and one model, so that the steps after
are ours alone), the command line (import and parse), the config file, importing the game (the
engine, the store, their models), importing the table's UI, opening the game (rule sets, the
database), and the app to its first frame (composing, styling, laying out and painting the
table).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import resource
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

MINIMAL = """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("hello, first frame")

Minimal().run()
"""

# The minimal app on the stack blackjack-tui is built on: Textual and Pydantic, one small model
# built and validated before the app starts (as ours validates its rules before the first frame).
FLOOR = """
from pydantic import BaseModel
from textual.app import App
from textual.widgets import Static

class Table(BaseModel):
    name: str
    decks: int = 6

table = Table.model_validate({"name": "floor"})

class Minimal(App):
    def compose(self):
        yield Static(f"hello, {table.name} first frame")

Minimal().run()
"""

AIM = 1.2
"""Issue 23: the first frame in at most 1.2x the floor of the stack (not the bare app)."""

# What must be on the terminal for the first frame to count as full.
OURS_MARKS = (b"Bankroll", b"DEALER", b"Deal")
MINIMAL_MARKS = (b"hello, first frame",)
FLOOR_MARKS = (b"hello, floor first frame",)
QUIT = b"\x11"  # ctrl+q


def _command_ours(data: str) -> list[str]:
    exe = shutil.which("blackjack-tui", path=os.path.dirname(sys.executable))
    head = [exe] if exe else [sys.executable, "-m", "blackjack_tui"]
    return [*head, "--data-dir", data]


def time_once(command: list[str], marks: tuple[bytes, ...], env: dict[str, str],
              size: tuple[int, int] = (80, 24), limit: float = 30.0,
              quit_keys: bytes | None = None, cwd: str | None = None) -> float:
    """Seconds from spawning ``command`` on a pty until every mark has been written to it.

    ``quit_keys``: typed once the marks are in, and the process given ``limit`` seconds to end
    on its own (the clock has stopped by then) before it is killed."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True, close_fds=True, cwd=cwd)
    os.close(slave)
    seen = b""
    try:
        while True:
            if time.perf_counter() - start > limit:
                raise RuntimeError(f"no full frame from {command[0]} in {limit:g} s: "
                                   f"{seen[-400:]!r}")
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                raise RuntimeError(f"{command[0]} ended before its first frame: "
                                   f"{seen[-400:]!r}") from None
            seen += chunk
            if all(mark in seen for mark in marks):
                elapsed = time.perf_counter() - start
                if quit_keys is not None:
                    _quit(proc, master, quit_keys, limit)
                return elapsed
    finally:
        with _quiet():
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(master)


def _quit(proc: subprocess.Popen[bytes], master: int, keys: bytes, limit: float) -> None:
    """Type ``keys`` and read the terminal (a full pty would block the app) until it ends."""
    os.write(master, keys)
    deadline = time.perf_counter() + limit
    while proc.poll() is None and time.perf_counter() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:  # the terminal is closed: the process is on its way out
                break
    try:
        proc.wait(max(deadline - time.perf_counter(), 0.1))
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{proc.args[0]!r} did not quit on {keys!r} within {limit:g} s"
                           ) from None


class _quiet:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return exc[0] is not None and issubclass(exc[0], ProcessLookupError)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--tree", action="append", default=[],
                        help="a checkout to start blackjack-tui from (repeat to compare)")
    parser.add_argument("--phases", action="append", default=[], metavar="TREE",
                        help="where a checkout's start goes, step by step (repeat to compare)")
    parsed = parser.parse_args()
    if parsed.phases:
        phases(parsed.runs, [os.path.abspath(t) for t in parsed.phases])
        return
    if parsed.tree:
        trees(parsed.runs, [os.path.abspath(t) for t in parsed.tree])
        return
    runs = parsed.runs
    minimal: list[float] = []
    floor: list[float] = []
    ours: list[float] = []
    again: list[float] = []
    with tempfile.TemporaryDirectory() as root:
        env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor",
                   BLACKJACK_TUI_CACHE_DIR=os.path.join(root, "cache"))
        env.pop("TEXTUAL", None)
        # As a player's install: Python keeps the compiled modules (``pip install`` compiles
        # them; an editable install writes them at the first start). With bytecode writing off,
        # as in some CI shells, every start would compile the whole package from source.
        env.pop("PYTHONDONTWRITEBYTECODE", None)

        def ours_once(n: int) -> float:
            data = os.path.join(root, f"data-{n}")  # a fresh folder: a first start
            return time_once(_command_ours(data), OURS_MARKS, env, quit_keys=QUIT)

        def ours_again(n: int) -> float:
            return time_once(_command_ours(os.path.join(root, f"data-{n}")), OURS_MARKS, env)

        time_once([sys.executable, "-c", MINIMAL], MINIMAL_MARKS, env)  # warm the file cache
        time_once([sys.executable, "-c", FLOOR], FLOOR_MARKS, env)
        ours_once(-1)
        ours_again(-1)
        for n in range(runs):
            minimal.append(time_once([sys.executable, "-c", MINIMAL], MINIMAL_MARKS, env))
            floor.append(time_once([sys.executable, "-c", FLOOR], FLOOR_MARKS, env))
            ours.append(ours_once(n))
            again.append(ours_again(n))
    m, f, o, a = (statistics.median(x) for x in (minimal, floor, ours, again))
    print(f"minimal Textual app : {m * 1000:6.0f} ms to first full frame (median of {runs}; "
          f"range {min(minimal) * 1000:.0f}-{max(minimal) * 1000:.0f})")
    print(f"blackjack-tui       : {o * 1000:6.0f} ms to first full frame (median of {runs}; "
          f"range {min(ours) * 1000:.0f}-{max(ours) * 1000:.0f})")
    print(f"ratio               : {o / m:6.2f}x")
    print(f"blackjack-tui again : {a * 1000:6.0f} ms to first full frame, its folder there "
          f"(median of {runs}; range {min(again) * 1000:.0f}-{max(again) * 1000:.0f})")
    print(f"ratio again         : {a / m:6.2f}x")
    print(f"floor (+ Pydantic)  : {f * 1000:6.0f} ms to first full frame, the minimal app with "
          f"Pydantic and one model (median of {runs}; range {min(floor) * 1000:.0f}-"
          f"{max(floor) * 1000:.0f})")
    print(f"ratio floor         : {f / m:6.2f}x  (what Textual and Pydantic cost together)")
    print(f"ours over the floor : {o / f:6.2f}x  (aim: at most {AIM}x)")


def timed(command: list[str], marks: tuple[bytes, ...], env: dict[str, str],
          quit_keys: bytes | None = None, cwd: str | None = None) -> tuple[float, float]:
    """``time_once``'s seconds to the full frame, and the CPU seconds the process used (user and
    system, until it was killed just after the frame, or quit): the steadier figure on a busy
    machine, where the wall clock also counts the time spent waiting for a core."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time_once(command, marks, env, quit_keys=quit_keys, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def trees(runs: int, checkouts: list[str]) -> None:
    """The floor, then blackjack-tui from each checkout (a first start and a start again),
    interleaved; medians and ranges, each over the floor, by the wall clock and in CPU time."""
    floor: list[tuple[float, float]] = []
    first: dict[str, list[tuple[float, float]]] = {t: [] for t in checkouts}
    again: dict[str, list[tuple[float, float]]] = {t: [] for t in checkouts}
    with tempfile.TemporaryDirectory() as root:
        base = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor",
                    BLACKJACK_TUI_CACHE_DIR=os.path.join(root, "cache"))
        base.pop("TEXTUAL", None)
        base.pop("PYTHONDONTWRITEBYTECODE", None)

        def ours(tree: str, n: int, fresh: bool) -> tuple[float, float]:
            env = dict(base, PYTHONPATH=tree)
            data = os.path.join(root, f"data-{checkouts.index(tree)}-{n}")
            command = [sys.executable, "-m", "blackjack_tui", "--data-dir", data]
            # Run from the checkout: ``-m`` puts the working folder first on the path.
            return timed(command, OURS_MARKS, env, quit_keys=QUIT if fresh else None, cwd=tree)

        timed([sys.executable, "-c", FLOOR], FLOOR_MARKS, base)  # warm the file cache
        for tree in checkouts:
            ours(tree, -1, True)
            ours(tree, -1, False)
        for n in range(runs):
            floor.append(timed([sys.executable, "-c", FLOOR], FLOOR_MARKS, base))
            for tree in checkouts:
                first[tree].append(ours(tree, n, True))
                again[tree].append(ours(tree, n, False))

    def median_of(pairs: list[tuple[float, float]], of: int) -> float:
        return statistics.median(p[of] for p in pairs)

    def line(pairs: list[tuple[float, float]], of: int) -> str:
        xs = [p[of] for p in pairs]
        return (f"{statistics.median(xs) * 1000:6.0f} ms (range {min(xs) * 1000:.0f}-"
                f"{max(xs) * 1000:.0f})")

    print(f"median of {runs}; wall clock to the first full frame | CPU time of the process")
    print(f"floor (+ Pydantic)  : {line(floor, 0)} | {line(floor, 1)}")
    for tree in checkouts:
        print(tree)
        for name, pairs in (("  first start", first[tree]), ("  again      ", again[tree])):
            ratios = "  ".join(f"{median_of(pairs, of) / median_of(floor, of):5.2f}x"
                               for of in (0, 1))
            print(f"{name}       : {line(pairs, 0)} | {line(pairs, 1)}   over the floor: "
                  f"{ratios}")

# The start of blackjack-tui step by step (``commands/play.py``'s path), CPU time of each.
PHASES = """
import gc, json, os, sys, time
clock = time.process_time
marks = [("python", clock())]
def mark(name):
    marks.append((name, clock()))
gc.disable()  # as the game's start (commands/play.py's Collector)
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
from pydantic import BaseModel  # the floor's imports first: the steps after are ours alone
from textual.app import App
from textual.widgets import Static

class Floor(BaseModel):
    name: str

Floor.model_validate({"name": "floor"})
mark("the stack's imports")
from blackjack_tui.cli import parse
args = parse(["--data-dir", sys.argv[1]])[1]
mark("command line")
from blackjack_tui import config
args.config = config.load()
mark("config")
import blackjack_tui.controller.game
mark("import the game")
from blackjack_tui.commands import play
import blackjack_tui.ui.app, blackjack_tui.ui.screens.table_screen, blackjack_tui.ui.web
mark("import the UI")
game = play.open_game(args)
mark("open the game")
from blackjack_tui.ui.app import BlackjackApp
box = {}
def first_frame():
    mark("app to first frame")
    box["app"].exit()
box["app"] = BlackjackApp(game.options, game=game, first_frame=first_frame)
box["app"].run(headless=True, size=(80, 24))
print(json.dumps([(b[0], (b[1] - a[1]) * 1000) for a, b in zip(marks, marks[1:])]))
"""

FLOOR_PHASES = """
import json, time
clock = time.process_time
start = clock()
from pydantic import BaseModel
from textual.app import App
from textual.widgets import Static

class Table(BaseModel):
    name: str
    decks: int = 6

table = Table.model_validate({"name": "floor"})
imported = clock()
marks = {}

class Minimal(App):
    def compose(self):
        yield Static(f"hello, {table.name} first frame")

    def on_mount(self):
        self.call_after_refresh(self.done)

    def done(self):
        marks["frame"] = clock()
        self.exit()

Minimal().run(headless=True, size=(80, 24))
print(json.dumps([("imports and model", (imported - start) * 1000),
                  ("app to first frame", (marks["frame"] - imported) * 1000)]))
"""


def phases(runs: int, checkouts: list[str]) -> None:
    """CPU milliseconds of each step of the start (medians of ``runs`` fresh processes each),
    every checkout beside the floor's two steps; the processes interleaved."""
    import json

    found: dict[str, dict[str, list[float]]] = {t: {} for t in ["floor", *checkouts]}
    with tempfile.TemporaryDirectory() as root:
        base = dict(os.environ)
        base.pop("PYTHONDONTWRITEBYTECODE", None)
        base["BLACKJACK_TUI_CACHE_DIR"] = os.path.join(root, "cache")
        for n in range(runs + 1):  # (the first round warms the file cache and compiles)
            for tree in ["floor", *checkouts]:
                if tree == "floor":
                    command, env, cwd = [sys.executable, "-c", FLOOR_PHASES], base, None
                else:
                    data = os.path.join(root, f"data-{checkouts.index(tree)}")
                    command = [sys.executable, "-c", PHASES, data]
                    env, cwd = dict(base, PYTHONPATH=tree), tree
                done = subprocess.run(command, capture_output=True, text=True, env=env,
                                      cwd=cwd, check=True, timeout=120)
                if n == 0:
                    continue
                for name, ms in json.loads(done.stdout.strip().splitlines()[-1]):
                    found[tree].setdefault(name, []).append(ms)
    print(f"CPU ms of each step of the start (median of {runs}; headless, 80x24)")
    for tree, steps in found.items():
        print(tree)
        total = 0.0
        for name, values in steps.items():
            median = statistics.median(values)
            total += median
            print(f"  {name:22s} {median:7.1f}")
        print(f"  {'all steps':22s} {total:7.1f}")


if __name__ == "__main__":
    main()
