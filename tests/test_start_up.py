"""The game's start: the garbage collector paused while it sits down and until the first frame,
given back after, whatever happens on the way; Pydantic's plugin scan off; the rule sets read
once. (How fast it starts is measured by ``benchmarks/startup.py``, not here.)"""

from __future__ import annotations

import argparse
import gc
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from blackjack_tui import paths, rulesets
from blackjack_tui.cli import UsageError, main, parse
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

    def sit_down(args: argparse.Namespace, first_frame: object = None) -> None:
        seen.append(gc.isenabled())
        return None  # as when the folder is another game's: nothing to run

    monkeypatch.setattr(play, "_sit_down", sit_down)
    gc.enable()
    assert play.run(_args(tmp_path)) == 1
    assert seen == [False]
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0  # what the start made is out of the collections to come


class _App:
    """Stands in for the app: ``run`` tells the first frame, or not, and notes the collector."""

    def __init__(self, first_frame: Callable[[], None] | None, draws: bool) -> None:
        self.first_frame, self.draws = first_frame, draws
        self.seen: list[str] = []
        self.return_code = 0
        self.crash = None

    def run(self) -> None:
        self.seen.append(f"before the frame: {gc.isenabled()}")
        if self.draws and self.first_frame is not None:
            self.first_frame()
            self.first_frame()  # a second call changes nothing
            self.seen.append(f"after the frame: {gc.isenabled()}")


@pytest.mark.parametrize("draws", [True, False])
def test_the_collector_stays_paused_until_the_first_frame(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, draws: bool) -> None:
    apps: list[_App] = []

    def sit_down(args: argparse.Namespace,
                 first_frame: Callable[[], None] | None = None) -> _App:
        apps.append(_App(first_frame, draws))
        return apps[-1]

    monkeypatch.setattr(play, "_sit_down", sit_down)
    gc.enable()
    gc.unfreeze()
    assert play.run(_args(tmp_path)) == 0
    assert apps[0].seen == (["before the frame: False", "after the frame: True"] if draws
                            else ["before the frame: False"])
    assert gc.isenabled()  # given back after the run when no frame came
    assert gc.get_freeze_count() > 0


async def test_the_app_tells_its_first_frame_once_the_table_is_drawn(tmp_path: Path) -> None:
    from blackjack_tui.ui.app import BlackjackApp, PlayOptions
    from blackjack_tui.ui.widgets.status_bar import StatusBar

    drawn: list[int] = []
    app = BlackjackApp(PlayOptions(data_dir=tmp_path / "data"),
                       first_frame=lambda: drawn.append(
                           app.screen.query_one(StatusBar).region.height))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause(0.02)
        await pilot.press("plus")
        await pilot.pause(0.02)
    assert drawn == [1]  # once, with the table laid out


def test_a_usage_error_on_the_way_gives_the_collector_back(tmp_path: Path) -> None:
    gc.enable()
    with pytest.raises(UsageError, match="no rule set 'nowhere'"):
        play.run(_args(tmp_path, "--rules", "nowhere"))
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused_and_nothing_is_frozen() -> None:
    gc.disable()
    gc.unfreeze()
    collector = play.Collector()
    assert not gc.isenabled()
    collector.resume()
    assert not gc.isenabled()
    assert gc.get_freeze_count() == 0


# Pydantic's plugin scan, off for the game

def _nothing_to_run(args: argparse.Namespace, first_frame: object = None) -> None:
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


# The rule sets: read and validated once, their file's faults still told

BROKEN = "[ruleset.nordic-mine]\nextends = 'nordic'\ndecks = 'many'\n"


def _own_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> list[int]:
    """The player's own rules file holds ``text``; the list counts the reads of the rule sets."""
    own = tmp_path / "config" / "rulesets.toml"
    own.parent.mkdir()
    own.write_text(text, encoding="utf-8")
    monkeypatch.setattr(paths, "user_rules_file", lambda: own)
    reads: list[int] = []
    load_all = rulesets.load_all

    def counted(user_file: Path | None = None) -> object:
        reads.append(1)
        return load_all(user_file)

    monkeypatch.setattr(rulesets, "load_all", counted)
    return reads


@pytest.mark.parametrize("words", [(), ("--rules", "swedish")])
def test_the_rule_sets_are_read_once_and_a_fault_in_the_players_file_is_on_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, words: tuple[str, ...]) -> None:
    reads = _own_rules(tmp_path, monkeypatch, BROKEN)
    app = play._sit_down(_args(tmp_path, *words))
    assert app is not None
    game = app.game  # type: ignore[attr-defined]
    try:
        assert reads == [1]
        faults = [n for n in game.notices if "rulesets.toml" in n]
        assert len(faults) == 1 and "decks" in faults[0]
        assert game.session.rules.name == (words[1] if words else "nordic")
        assert "nordic-mine" not in game.rule_sets and "swedish" in game.rule_sets
    finally:
        game.close()


def test_a_table_of_the_players_file_can_be_asked_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _own_rules(tmp_path, monkeypatch, "[ruleset.nordic-mine]\nextends = 'nordic'\ndecks = 2\n")
    app = play._sit_down(_args(tmp_path, "--rules", "nordic-mine"))
    assert app is not None
    game = app.game  # type: ignore[attr-defined]
    try:
        assert game.session.rules.name == "nordic-mine" and game.session.rules.decks == 2
    finally:
        game.close()


def test_a_table_not_there_is_one_line_and_exit_2_and_nothing_is_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _own_rules(tmp_path, monkeypatch, BROKEN)
    assert main(["--data-dir", str(tmp_path / "data"), "--rules", "nordic-mine"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("blackjack-tui play: no rule set 'nordic-mine'")
    assert "Traceback" not in err
    assert not (tmp_path / "data").exists()  # no folder made, no lock taken


# What the first frame does not load: the round's machinery comes with the first deal

FIRST_FRAME = """
import dataclasses, json, sys
from blackjack_tui.cli import parse
from blackjack_tui.commands import play

args = parse(["--data-dir", sys.argv[1]])[1]
from blackjack_tui import config
args.config = config.load()  # (as the game starts: no file here, XDG_CONFIG_HOME is empty)
box = {}

def first_frame():
    box["loaded"] = sorted(m for m in sys.modules if m.startswith("blackjack_tui.")
                           or m in ("numpy", "tomllib"))
    box["dataclasses"] = sorted(
        f"{name}.{key}" for name, module in list(sys.modules.items())
        if name.startswith("blackjack_tui.") for key, value in vars(module).items()
        if isinstance(value, type) and value.__module__ == name
        and dataclasses.is_dataclass(value))
    box["app"].exit()

box["app"] = play._sit_down(args, first_frame=first_frame)
box["app"].run(headless=True, size=(80, 24))
print(json.dumps([box["loaded"], box["dataclasses"]]))
"""

NOT_BEFORE_THE_FIRST_DEAL = ("blackjack_tui.engine.round", "blackjack_tui.engine.state",
                             "blackjack_tui.engine.dealer", "blackjack_tui.engine.insurance",
                             "blackjack_tui.engine.wagering")
NOT_BEFORE_FIRST_USE = (
    "numpy",  # the analysis' arrays: a hint, a chart, a plan's simulation
    "blackjack_tui.analysis.counting",  # the counting plan's machinery: with a plan only
    "blackjack_tui.analysis.plan_figures", "blackjack_tui.controller.plan",
    "tomllib",  # a file of the player's own (config, rules): the shipped rules are Python values
)


def _loaded_at_the_first_frame(data: Path) -> tuple[list[str], list[str]]:
    """The modules loaded when the first frame is drawn, and the dataclasses they define."""
    import json
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root), "PYDANTIC_DISABLE_PLUGINS": "__all__",
           "XDG_CONFIG_HOME": str(data.parent / "config")}  # (no file of a player's own)
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(data)], capture_output=True,
                          text=True, env=env, cwd=root, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded, made = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded, made


def test_the_first_frame_is_drawn_before_the_rounds_machinery_is_loaded(tmp_path: Path) -> None:
    """A first start and a start again (the database and the shoe there) draw the table without
    importing the round's state machine, its dealer, insurance or wagers: the first deal does."""
    for start in ("first", "again"):
        loaded, _made = _loaded_at_the_first_frame(tmp_path / "data")
        assert "blackjack_tui.controller.game" in loaded, start  # (the start is the real one)
        early = [m for m in (*NOT_BEFORE_THE_FIRST_DEAL, *NOT_BEFORE_FIRST_USE) if m in loaded]
        assert early == [], start


def test_no_dataclass_is_defined_on_the_way_to_the_first_frame(tmp_path: Path) -> None:
    """Records are msgspec Structs (docs/building.md): a frozen dataclass compiles five functions
    as its module loads, 1 ms each on Python 3.11, and 45 of them had come before the first
    frame."""
    loaded, made = _loaded_at_the_first_frame(tmp_path / "data")
    assert len(loaded) > 50  # (the start is the real one: the table's modules are all there)
    assert made == []
