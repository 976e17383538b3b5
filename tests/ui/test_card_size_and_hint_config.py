"""Issue 27: ``card_size`` (auto/small/medium/large/xlarge) and ``hint`` (on/off) in config.toml,
with BLACKJACK_TUI_CARD_SIZE and BLACKJACK_TUI_HINT over them; `blackjack-tui config` says where
each comes from; the table draws at most that size, and with the hint on every play shows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blackjack_tui import config
from blackjack_tui.cli import main, parse
from blackjack_tui.commands import play
from blackjack_tui.ui.app import BlackjackApp, PlayOptions
from blackjack_tui.ui.widgets.table import Table
from tests.ui.conftest import press_settled, settle
from tests.ui.test_table_play import message

# Box 1 gets ten and six against a ten (no peek: the Nordic dealer has one card): a hit or stand.
SIXTEEN = ["TS", "TD", "6H", "9C", "5S"]


@pytest.fixture
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(config, "config_dir", lambda: tmp_path / "config")
    for key in config.KEYS:
        monkeypatch.delenv(config.ENV_PREFIX + key.upper(), raising=False)
    (tmp_path / "config").mkdir()
    return tmp_path / "config"


def test_card_size_and_hint_come_from_the_file_and_the_environment_wins(
        config_home: Path) -> None:
    path = config_home / "config.toml"
    path.write_text('card_size = "medium"\nhint = true\n', encoding="utf-8")
    found = config.load(environ={})
    assert found.get("card_size") == "medium" and found.values["card_size"].source == str(path)
    assert found.get("hint") is True
    found = config.load(environ={"BLACKJACK_TUI_CARD_SIZE": "XLarge",
                                 "BLACKJACK_TUI_HINT": "off"})
    assert found.get("card_size") == "xlarge"
    assert found.values["card_size"].source == "environment BLACKJACK_TUI_CARD_SIZE"
    assert found.get("hint") is False and found.problems == []


def test_a_bad_card_size_is_one_line_and_costs_only_itself(config_home: Path) -> None:
    path = config_home / "config.toml"
    path.write_text('card_size = "huge"\nhint = "sometimes"\ncoach = true\n', encoding="utf-8")
    found = config.load(environ={})
    assert found.get("coach") is True
    assert "card_size" not in found.values and "hint" not in found.values
    assert found.problems == [
        f"{path}: card_size = 'huge' is not one of auto, small, medium, large, xlarge; that "
        "setting is ignored",
        f"{path}: hint = 'sometimes' is not true or false; that setting is ignored"]


def test_the_config_command_prints_card_size_and_hint_and_their_source(
        config_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (config_home / "config.toml").write_text('card_size = "large"\n', encoding="utf-8")
    monkeypatch.setenv("BLACKJACK_TUI_HINT", "on")
    assert main(["config", "--json", "--data-dir", str(tmp_path / "data")]) == 0
    shown = json.loads(capsys.readouterr().out)["settings"]
    assert shown["card_size"] == {"value": "large",
                                  "source": str(config_home / "config.toml")}
    assert shown["hint"] == {"value": True, "source": "environment BLACKJACK_TUI_HINT"}
    monkeypatch.delenv("BLACKJACK_TUI_HINT")
    (config_home / "config.toml").write_text("", encoding="utf-8")
    assert main(["config", "--data-dir", str(tmp_path / "data")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.split() == ["card_size", "auto", "default"] for line in lines)
    assert any(line.split() == ["hint", "false", "default"] for line in lines)


def test_the_game_sits_down_with_the_files_card_size_and_hint(
        config_home: Path, tmp_path: Path) -> None:
    (config_home / "config.toml").write_text('card_size = "small"\nhint = "on"\n',
                                             encoding="utf-8")
    args = parse(["--data-dir", str(tmp_path / "data")])[1]
    args.config = config.load(environ={})
    game = play.open_game(args)
    assert game is not None
    try:
        assert game.options.card_size == "small" and game.options.hint is True
    finally:
        game.close()


def app_with(tmp_path: Path, cards: list[str] | None = None, **options: object) -> BlackjackApp:
    return BlackjackApp(PlayOptions(rules="nordic", seed=1, data_dir=tmp_path / "data",
                                    speed="instant", stacked=tuple(cards) if cards else None,
                                    **options))  # type: ignore[arg-type]


async def test_card_size_caps_the_cards_at_160x50_and_never_overflows_80x24(tmp_path: Path):
    for size, card_size, drawn in (((160, 50), "medium", "medium"), ((160, 50), None, "xlarge"),
                                   ((160, 50), "auto", "xlarge"), ((80, 24), "xlarge", "small"),
                                   ((120, 40), "large", "large")):
        app = app_with(tmp_path / f"{size[0]}-{card_size}", card_size=card_size)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            assert app.screen.query_one(Table).card_size == drawn, (size, card_size)


async def test_with_the_hint_on_every_play_shows_it_at_80x24(tmp_path: Path):
    app = app_with(tmp_path, SIXTEEN, hint=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        assert app.screen.decision is not None
        assert message(app).startswith("Best: ")
        assert "a hit busts" in message(app)
    app = app_with(tmp_path / "off", SIXTEEN)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press_settled(pilot, app, "enter")
        assert "Best:" not in message(app)  # the question, as before
