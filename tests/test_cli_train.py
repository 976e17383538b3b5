"""``blackjack-tui train [DRILL]``: the game opens straight into the drill; an unknown drill is
one line and exit 2."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from blackjack_tui.cli import main
from blackjack_tui.controller.training import DRILLS


def drive(monkeypatch: pytest.MonkeyPatch, seen: list[str]) -> None:
    from blackjack_tui.ui.app import BlackjackApp

    def run(app: BlackjackApp, **_: object) -> None:
        async def look() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                seen.append(type(app.screen).__name__)
                await pilot.press("escape")
                seen.append(type(app.screen).__name__)

        asyncio.run(look())

    monkeypatch.setattr(BlackjackApp, "run", run)


@pytest.mark.parametrize(("words", "screens"), [
    (["train", "pairs"], ["PairsScreen", "DrillMenu"]),
    (["train", "running-count", "--seed", "3"], ["RunningCountScreen", "DrillMenu"]),
    (["train"], ["DrillMenu", "TableScreen"]),
])
def test_train_opens_the_drill(words: list[str], screens: list[str], tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    drive(monkeypatch, seen)
    assert main(["--data-dir", str(tmp_path), *words]) == 0
    assert seen == screens


def test_an_unknown_drill_is_one_line_and_exit_2(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "train", "baccarat"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no drill 'baccarat'" in err and ", ".join(DRILLS) in err
