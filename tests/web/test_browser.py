"""``blackjack-tui serve`` in a real browser: Debian's Chromium driven by Playwright. A tab opens,
a round is dealt and settled (``audit`` agrees afterwards), a second tab on the same folder shows
why it cannot sit down, and the scorekeeper's export arrives as a download.

What the game draws reaches the page as terminal output over a websocket; the tests read those
frames (the text without its escape sequences) to know what is on the page."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]")

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the browser tests need Playwright for Python (pip install "
    "playwright); .ci/run installs it")
pytest.importorskip("textual_serve", reason="the browser tests need the web extra "
                    '(pip install ".[web]")')
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: as root, apt-get install -y chromium "
                "(.ci/run does)", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``blackjack-tui serve`` on a free port of this machine, on its own data and config."""
    data, home = tmp_path / "data", tmp_path / "config"
    (home / "blackjack-tui").mkdir(parents=True)
    (home / "blackjack-tui" / "config.toml").write_text(
        '[keymap]\n"ledger.start" = "f8"\n"ledger.export" = "f9"\n', encoding="utf-8")
    port = _free_port()
    env = {**os.environ, "XDG_CONFIG_HOME": str(home), "BLACKJACK_TUI_SPEED": "instant"}
    process = subprocess.Popen(
        [sys.executable, "-m", "blackjack_tui", "serve", "--port", str(port), "--data-dir",
         str(data)], env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}", data
    finally:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(20)
        if process.poll() is None:
            process.kill()
            process.wait()


class Tab:
    """A browser tab on the game, with everything the game has drawn into it so far."""

    def __init__(self, browser: Any, url: str, downloads: bool = False) -> None:
        self.frames: list[str] = []
        self.page = browser.new_page(viewport={"width": 1100, "height": 700},
                                     accept_downloads=downloads)
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)

    def _frame(self, payload: str | bytes) -> None:
        raw = payload.encode("utf-8", "replace") if isinstance(payload, str) else payload
        self.frames.append(ESCAPES.sub("", raw.decode("utf-8", "replace")))

    def text(self) -> str:
        return "".join(self.frames)

    def wait_for(self, words: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while words not in self.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{words!r} never came: {self.text()[-2000:]!r}")
            self.page.wait_for_timeout(200)

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            self.page.wait_for_timeout(150)


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def _booked_rounds(data: Path) -> int:
    done = subprocess.run([sys.executable, "-m", "blackjack_tui", "history", "--json",
                           "--data-dir", str(data)], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    return done.stdout.count('"round_id"') if done.returncode == 0 else 0


def listen_for_downloads(tab: Tab) -> list[Any]:
    downloads: list[Any] = []
    # The game's page opens each download in a new tab (textual-serve's front end); Playwright
    # tells it on the page that opened it, or on the new tab: both are listened to.
    tab.page.on("download", lambda d: downloads.append(d))
    tab.page.context.on("page", lambda new: new.on("download", lambda d: downloads.append(d)))
    tab.page.wait_for_timeout(500)
    return downloads


def two_downloads(tab: Tab, downloads: list[Any], into: Path) -> list[str]:
    """The names of the two files downloaded (saved into ``into``)."""
    deadline = time.monotonic() + 30
    while len({d.suggested_filename for d in downloads}) < 2:
        assert time.monotonic() < deadline, f"{len(downloads)} downloads"
        tab.page.wait_for_timeout(200)
    for d in downloads:
        d.save_as(into / d.suggested_filename)
    return sorted({d.suggested_filename for d in downloads})


def test_a_round_is_dealt_and_settled_in_the_browser_and_the_audit_agrees(
        server: tuple[str, Path], browser: Any, tmp_path: Path) -> None:
    url, data = server
    tab = Tab(browser, url, downloads=True)
    tab.wait_for("Click the page to play")
    tab.page.mouse.click(550, 240)  # the felt: the page takes the keys from here on
    tab.press("Enter")  # box 1 holds the table minimum: enter deals
    deadline = time.monotonic() + 90
    while _booked_rounds(data) < 1:
        assert time.monotonic() < deadline, tab.text()[-2000:]
        tab.press("s", "n")  # stand on every hand, no insurance
        tab.page.wait_for_timeout(500)
    tab.wait_for("Round ")
    downloads = listen_for_downloads(tab)
    tab.press("y")  # the history: its export arrives as two downloads
    tab.wait_for("x exports")
    tab.press("x")
    names = two_downloads(tab, downloads, tmp_path)
    assert [Path(n).suffix for n in names] == [".csv", ".json"]
    assert "round_id" in (tmp_path / names[1]).read_text(encoding="utf-8")
    assert not (data / "exports").exists()
    tab.press("Escape")
    tab.press("F10")  # the browser's own ctrl+q would close the browser: f10 quits
    tab.page.wait_for_timeout(1000)
    tab.page.close()
    audit = subprocess.run([sys.executable, "-m", "blackjack_tui", "audit", "--data-dir",
                            str(data)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_a_second_tab_on_the_same_folder_says_the_game_is_open_in_another(
        server: tuple[str, Path], browser: Any) -> None:
    url, _ = server
    first = Tab(browser, url)
    first.wait_for("Click the page to play")
    second = Tab(browser, url)
    second.wait_for("open in another tab", timeout=60)
    assert "Bankroll" not in second.text()


def test_the_scorekeepers_export_arrives_as_a_download(
        server: tuple[str, Path], browser: Any, tmp_path: Path) -> None:
    url, data = server
    tab = Tab(browser, url, downloads=True)
    tab.wait_for("Click the page to play")
    tab.page.mouse.click(550, 240)
    tab.press("F2")  # the command palette (ctrl+p would print the page)
    tab.wait_for("Search for commands")
    tab.page.keyboard.type("scorekeeper")
    tab.wait_for("Home-game scorekeeper")
    tab.press("Enter")
    tab.wait_for("New evening")
    tab.press("n")
    tab.wait_for("A new evening")
    tab.page.keyboard.type("Ann, Bo")
    tab.press("F8")  # config.toml's keymap: ledger.start
    tab.wait_for("Stack")  # the evening's sheet
    downloads = listen_for_downloads(tab)
    tab.press("F9")  # ledger.export, rebound
    names = two_downloads(tab, downloads, tmp_path)
    assert sorted(Path(n).suffix for n in names) == [".csv", ".json"]
    assert all("Ann" in (tmp_path / name).read_text(encoding="utf-8") for name in names)
    assert not (data / "exports").exists() or not any((data / "exports").iterdir())
