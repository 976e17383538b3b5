"""``blackjack-tui ledger``: user mistakes are one line and exit 2; the model stays headless."""

from __future__ import annotations

import subprocess
import sys

import pytest

from blackjack_tui.cli import main


def test_data_dir_that_is_a_file_is_one_line_and_exit_2(tmp_path, capsys):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    assert main(["ledger", "--data-dir", str(not_a_folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a folder" in err and "Traceback" not in err


def test_unknown_option_is_exit_2(capsys):
    assert main(["ledger", "--bogus"]) == 2
    assert "unrecognized arguments" in capsys.readouterr().err


def test_starts_the_app_on_the_data_folder(tmp_path, monkeypatch):
    seen = {}

    def fake_run(self):
        seen["folder"] = self.store.root
        seen["rules"] = self.rules.name

    monkeypatch.setattr("blackjack_tui.ui.ledger.app.LedgerApp.run", fake_run)
    assert main(["ledger", "--data-dir", str(tmp_path)]) == 0
    assert seen == {"folder": tmp_path, "rules": "home"}
    assert (tmp_path / "blackjack.db").is_file()


def test_the_scorekeeper_will_not_open_beside_a_running_game(tmp_path, capsys):
    from blackjack_tui.store import FolderLock

    with FolderLock(tmp_path):
        assert main(["ledger", "--data-dir", str(tmp_path)]) == 1  # as the game; 2: a wrong option
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already open" in err
    assert err.startswith("blackjack-tui ledger: ")


@pytest.mark.parametrize("module", ["blackjack_tui.ledger", "blackjack_tui.store.evenings",
                                    "blackjack_tui.ledger.notation"])
def test_ledger_model_and_store_import_without_textual_or_rich(module):
    code = (f"import sys, {module}; "
            "bad = [m for m in ('textual', 'rich') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
