"""``blackjack-tui serve``: what each tab runs, the warning when it listens beyond this computer,
and the guest's folder thrown away at the end (no browser needed)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from blackjack_tui.cli import main, parse
from blackjack_tui.commands import guest


class FakeServer:
    made: list[dict[str, Any]] = []

    def __init__(self, command: str, **kwargs: Any) -> None:
        FakeServer.made.append({"command": command, **kwargs})

    def serve(self) -> None:
        pass


@pytest.fixture
def fake_server(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    pytest.importorskip("textual_serve", reason='the serve command needs the web extra')
    import textual_serve.server

    FakeServer.made = []
    monkeypatch.setattr(textual_serve.server, "Server", FakeServer)
    return FakeServer.made


def test_each_tab_plays_on_the_players_folder_on_this_computer_only(
        fake_server: list[dict[str, Any]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--data-dir", str(tmp_path / "my data")]) == 0
    made = fake_server[0]
    assert made["host"] == "127.0.0.1" and made["port"] == 8000
    assert shlex.split(made["command"]) == [sys.executable, "-m", "blackjack_tui", "play",
                                            "--data-dir", str(tmp_path / "my data")]
    out, err = capsys.readouterr()
    assert "http://127.0.0.1:8000" in out and err == ""


def test_listening_beyond_this_computer_says_there_is_no_login(
        fake_server: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123", "--guest"]) == 0
    assert shlex.split(fake_server[0]["command"])[1:] == ["-m", "blackjack_tui.commands.guest"]
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "no login" in err and "as a guest" in err


def test_a_port_out_of_range_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_guests_table_is_thrown_away_when_its_game_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Path] = []

    def play(argv: list[str]) -> int:
        command, args = parse(argv)
        folder = Path(args.data_dir)
        assert command.name == "play" and folder.is_dir()
        (folder / "blackjack.db").write_text("a bankroll")
        seen.append(folder)
        return 0

    monkeypatch.setattr(guest, "main", play)
    assert guest.run() == 0
    assert seen and not seen[0].exists()


def test_a_guest_server_takes_no_data_folder(fake_server: list[dict[str, Any]],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--guest", "--data-dir", "/tmp/x"]) == 2
    assert "--guest" in capsys.readouterr().err
    assert fake_server == []
