"""The game's start: the garbage collector paused while it sits down, given back after, whatever
happens on the way. (How fast it starts is measured by ``benchmarks/startup.py``, not here.)"""

from __future__ import annotations

import argparse
import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from blackjack_tui.cli import UsageError, parse
from blackjack_tui.commands import play


@pytest.fixture(autouse=True)
def _gc_as_it_was() -> Iterator[None]:
    was = gc.isenabled()
    yield
    gc.unfreeze()  # what a test froze goes back to the collector's generations
    if was:
        gc.enable()
    else:
        gc.disable()


def _args(tmp_path: Path, *words: str) -> argparse.Namespace:
    return parse(["--data-dir", str(tmp_path / "data"), *words])[1]


def test_the_collector_is_paused_while_the_game_sits_down_and_back_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    def sit_down(args: argparse.Namespace) -> None:
        seen.append(gc.isenabled())
        return None  # as when the folder is another game's: nothing to run

    monkeypatch.setattr(play, "_sit_down", sit_down)
    gc.enable()
    assert play.run(_args(tmp_path)) == 1
    assert seen == [False]
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0  # what the start made is out of the collections to come


def test_a_usage_error_on_the_way_gives_the_collector_back(tmp_path: Path) -> None:
    gc.enable()
    with pytest.raises(UsageError, match="no rule set 'nowhere'"):
        play.run(_args(tmp_path, "--rules", "nowhere"))
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused_and_nothing_is_frozen() -> None:
    gc.disable()
    gc.unfreeze()
    with play.start_up():
        assert not gc.isenabled()
    assert not gc.isenabled()
    assert gc.get_freeze_count() == 0


# Pydantic's plugin scan, off for the game

def _nothing_to_run(args: argparse.Namespace) -> None:
    return None


def test_the_game_turns_pydantic_plugins_off(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(play.PLUGINS_ENV, "placeholder")  # restored after the test
    monkeypatch.delenv(play.PLUGINS_ENV)
    monkeypatch.setattr(play, "_sit_down", _nothing_to_run)
    play.run(_args(tmp_path))
    assert os.environ[play.PLUGINS_ENV] == "__all__"


def test_a_players_own_pydantic_plugins_setting_is_kept(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(play.PLUGINS_ENV, "logfire")
    monkeypatch.setattr(play, "_sit_down", _nothing_to_run)
    play.run(_args(tmp_path))
    assert os.environ[play.PLUGINS_ENV] == "logfire"

