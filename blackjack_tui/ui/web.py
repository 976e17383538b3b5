"""The game in a browser tab (``blackjack-tui serve``): what differs from a terminal.

- A tab whose game cannot have the data folder (another tab, or a terminal, is playing on it)
  shows why, as a page (:class:`InUseApp`), instead of a splash screen that waits for ever.
- Keys reach the page only once it has the focus: the table says to click it first.
- ctrl+q and ctrl+p are the browser's own in many browsers: f10 quits and f2 opens the command
  palette as well.
"""

from __future__ import annotations

import os
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

CLICK_HINT = ("Click the page to play: keys reach the game once it has the focus. "
              "In a browser, f10 quits and f2 opens the command palette.")


def on_web_driver() -> bool:
    """Whether this process draws into a browser (textual-serve sets the web driver)."""
    return os.environ.get("TEXTUAL_DRIVER", "").endswith(":WebDriver")


def web_keys(app: App[Any]) -> None:
    """The browser's alternatives to ctrl+q and ctrl+p, and the hint to click first."""
    app.bind("f10", "quit", description="Quit", key_display="f10")
    app.bind("f2", "command_palette", description="Commands", key_display="f2")
    app.notify(CLICK_HINT, title="In a browser", timeout=15)


class InUseApp(App[None]):
    """A tab that cannot sit down: the reason, and what to do."""

    BINDINGS = [Binding("ctrl+q,f10", "quit", "Quit", id="in_use.quit")]
    CSS = """
    Screen { align: center middle; }
    #in-use { width: 70; padding: 1 2; border: round $primary; }
    """

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        yield Static(f"The game is open in another tab (or a terminal) on this data folder.\n\n"
                     f"{self.reason}\n\nPlay there, or end that game and reload this page.",
                     id="in-use")
