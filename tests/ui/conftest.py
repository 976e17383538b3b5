"""Helpers for driving the app with Pilot: a stacked shoe, instant pace, a fresh data folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from blackjack_tui.ui.app import BlackjackApp, PlayOptions
from blackjack_tui.ui.screens.table_screen import TableScreen


@pytest.fixture(scope="session")
def warm_cache() -> None:
    """Every shipped table's analysis in the disk cache, so the rules menu shows it at once."""
    from blackjack_tui.ui.demo import warm_analysis

    warm_analysis()


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., BlackjackApp]:
    def make(cards: list[str] | None = None, rules: str = "nordic",
             data_dir: Path | None = None, speed: str | None = "instant") -> BlackjackApp:
        options = PlayOptions(rules=rules, seed=1, data_dir=data_dir or tmp_path / "data",
                              speed=speed, stacked=tuple(cards) if cards is not None else None)
        return BlackjackApp(options)

    return make


async def settle(pilot: Pilot[None], app: BlackjackApp, limit: int = 200) -> None:
    """Wait until the table waits for the player: a decision, or betting."""
    for _ in range(limit):
        await pilot.pause()
        running = [w for w in app.workers if w.group == "round" and not w.is_finished]
        if not running:
            return
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        if tables and tables[0].decision is not None:
            return
    raise AssertionError("the table never came to rest")


async def press_settled(pilot: Pilot[None], app: BlackjackApp, *keys: str) -> None:
    """Press each key, letting the table come to rest after every one."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot, app)


async def choose_table(pilot: Pilot[None], app: BlackjackApp, name: str) -> None:
    """Open the rules menu, highlight the table ``name`` and sit there (enter)."""
    await pilot.press("m")
    await pilot.pause()
    app.screen.query_one("OptionList").highlighted = list(app.rule_sets).index(name)
    await pilot.pause()
    await press_settled(pilot, app, "enter")


async def stand_out(pilot: Pilot[None], app: BlackjackApp, limit: int = 40) -> None:
    """Play the round in progress to its end: stand every hand, decline every offer (the shoe
    may be a random one, so insurance or even money can be asked)."""
    for _ in range(limit):
        if app.session.round is None or app.session.round.over:
            return
        decision = app.screen_stack[0].decision if isinstance(app.screen, TableScreen) else None
        key = "s" if decision is not None and "stand" in decision.actions else "n"
        await press_settled(pilot, app, key)
    raise AssertionError("the round never ended")
