"""config.toml and BLACKJACK_TUI_*: the player's defaults by hand, in the order command line,
environment, file, Options; a bad value costs only itself; money never lives there; [keymap]
rebinds keys by binding id; `blackjack-tui config` says what is in force and from where."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blackjack_tui import config
from blackjack_tui.cli import main, parse
from blackjack_tui.commands import play
from blackjack_tui.store import Store


@pytest.fixture
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty config folder of the player's own, and no BLACKJACK_TUI_ setting inherited."""
    monkeypatch.setattr(config, "config_dir", lambda: tmp_path / "config")
    for key in config.KEYS:
        monkeypatch.delenv(config.ENV_PREFIX + key.upper(), raising=False)
    (tmp_path / "config").mkdir()
    return tmp_path / "config"


def write(folder: Path, text: str) -> Path:
    path = folder / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_file_sets_the_defaults_and_the_environment_wins_over_it(config_home: Path) -> None:
    path = write(config_home, 'speed = "fast"\ncoach = true\ntheme = "nord"\n')
    found = config.load(environ={"BLACKJACK_TUI_SPEED": "slow", "BLACKJACK_TUI_COUNT": "on"})
    assert found.get("speed") == "slow"
    assert found.values["speed"].source == "environment BLACKJACK_TUI_SPEED"
    assert found.get("coach") is True and found.values["coach"].source == str(path)
    assert found.get("count") is True and found.get("theme") == "nord"
    assert found.problems == []


def test_a_bad_value_is_one_line_naming_the_file_the_key_and_the_value_and_costs_only_it(
        config_home: Path) -> None:
    path = write(config_home, 'speed = "warp"\ncoach = true\nfour_colour = "blue"\n')
    found = config.load(environ={"BLACKJACK_TUI_ASCII": "maybe"})
    assert found.get("coach") is True
    assert "speed" not in found.values and "four_colour" not in found.values
    assert "ascii" not in found.values
    assert len(found.problems) == 3
    assert f"{path}: speed = 'warp' is not one of instant, fast, normal, slow" in found.problems[0]
    assert f"{path}: four_colour = 'blue'" in found.problems[1]
    assert "environment BLACKJACK_TUI_ASCII='maybe' is not true or false" in found.problems[2]
    assert all("\n" not in p for p in found.problems)


def test_a_bad_environment_value_leaves_the_files_value_in_force(config_home: Path) -> None:
    write(config_home, 'speed = "fast"\n')
    found = config.load(environ={"BLACKJACK_TUI_SPEED": "warp"})
    assert found.get("speed") == "fast"
    assert len(found.problems) == 1


def test_money_never_lives_in_the_file(config_home: Path) -> None:
    write(config_home, "bankroll = 1000000\nbets = [500]\ncoach = true\n")
    found = config.load(environ={})
    assert "bankroll" not in found.values and "bets" not in found.values
    assert [p.split(": ", 1)[1].split(" ")[0] for p in found.problems] == ["bankroll", "bets"]
    assert all("money" in p for p in found.problems)
    assert found.get("coach") is True


def test_a_file_that_is_not_toml_is_one_line_and_the_game_keeps_its_settings(
        config_home: Path) -> None:
    path = write(config_home, 'speed = "fast\n')
    found = config.load(environ={})
    assert found.values == {}
    assert len(found.problems) == 1 and found.problems[0].startswith(f"{path}: not valid TOML")


def test_the_game_sits_down_with_the_file_under_the_command_line(
        config_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(config_home, 'speed = "slow"\ncoach = true\nfour_colour = "blue"\ncount = true\n')
    monkeypatch.setenv("BLACKJACK_TUI_COUNT", "off")
    args = parse(["--data-dir", str(tmp_path / "data"), "--speed", "fast"])[1]
    args.config = config.load()
    game = play.open_game(args)
    assert game is not None
    try:
        assert game.speed == "fast"  # the command line over the file
        assert game.settings.coach is True  # the file over the saved settings (the default)
        assert game.settings.count is False  # the environment over the file
        assert game.settings.four_colour is False  # the bad value cost only itself
        assert any("four_colour = 'blue'" in n for n in game.notices)
    finally:
        game.close()


def test_the_config_command_says_what_is_in_force_and_where_it_comes_from(
        config_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    store = Store(data)
    settings, bets, _ = store.settings()
    store.save_settings(settings.model_copy(update={"four_colour": True}), bets)
    store.close()
    path = write(config_home, 'coach = true\nspeed = "warp"\n'
                              '[keymap]\n"ledger.export" = "ctrl+e"\n')
    monkeypatch.setenv("BLACKJACK_TUI_SPEED", "fast")
    assert main(["config", "--json", "--data-dir", str(data)]) == 1  # the bad value
    out, err = capsys.readouterr()
    shown = json.loads(out)
    assert shown["settings"]["coach"] == {"value": True, "source": str(path)}
    assert shown["settings"]["speed"] == {"value": "fast",
                                          "source": "environment BLACKJACK_TUI_SPEED"}
    assert shown["settings"]["four_colour"] == {"value": True, "source": "saved from Options"}
    assert shown["settings"]["narrate"] == {"value": False, "source": "default"}
    assert shown["keymap"] == {"ledger.export": "ctrl+e"}
    assert err.strip() == (f"{path}: speed = 'warp' is not one of instant, fast, normal, slow; "
                           "that setting is ignored")
    monkeypatch.delenv("BLACKJACK_TUI_SPEED")
    write(config_home, "coach = true\n")
    assert main(["config", "--data-dir", str(data)]) == 0
    out, _ = capsys.readouterr()
    assert any(line.split()[:2] == ["coach", "true"] and line.endswith(str(path))
               for line in out.splitlines())


def test_a_bad_key_in_the_keymap_costs_only_that_binding(config_home: Path) -> None:
    write(config_home, '[keymap]\n"ledger.export" = "ctrl+e"\n"ledger.chart" = 5\n'
                       '"ledger.end" = "ctrl+t, f9"\n')
    found = config.load(environ={})
    assert found.keymap == {"ledger.export": "ctrl+e", "ledger.end": "ctrl+t,f9"}
    assert len(found.problems) == 1 and "keymap.ledger.chart = 5" in found.problems[0]


async def test_the_keymap_rebinds_a_binding_by_its_id_in_the_game(
        config_home: Path, tmp_path: Path) -> None:
    from blackjack_tui.ui.ledger.setup import SetupScreen
    from blackjack_tui.ui.ledger.standings import StandingsScreen

    write(config_home, "[keymap]\n\"ledger.start\" = \"f9\"\n")
    args = parse(["--data-dir", str(tmp_path / "data")])[1]
    args.config = config.load(environ={})
    app = play._sit_down(args)
    assert app is not None
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_scorekeeper()  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        for char in "Ann, Bo":
            await pilot.press("space" if char == " " else char)
        await pilot.press("ctrl+s")  # its own key no longer starts the evening
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)


def test_a_value_from_the_file_is_never_saved_as_the_players_own_setting(
        config_home: Path, tmp_path: Path) -> None:
    """The file's coach = true is this run's: the settings kept (from Options, with a booking)
    keep the player's own choice, unless the player changes it in Options."""
    write(config_home, "coach = true\nfour_colour = true\n")
    args = parse(["--data-dir", str(tmp_path / "data")])[1]
    args.config = config.load()
    game = play.open_game(args)
    assert game is not None
    assert game.settings.coach is True and game.settings.four_colour is True
    game.settings.four_colour = False  # the player turns it off in Options
    game.save_settings()
    game.close()
    store = Store(tmp_path / "data")
    kept, _, _ = store.settings()
    store.close()
    assert kept.coach is False  # the saved default, not the file's value
    assert kept.four_colour is False  # changed in Options: the player's own, saved
