"""0.1.0's JSON files are imported once, exactly, and kept where they are; what 0.1.0 got wrong
with money is set right and said. The fixtures were written by 0.1.0 itself (fixtures/README.md)."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.engine.history import HandRecord
from blackjack_tui.store import Store, StoreError
from blackjack_tui.store.audit import audit
from tests.money import check_money

from .helpers import open_game

FIXTURES = Path(__file__).with_name("fixtures")


def copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copytree(FIXTURES / name, target)
    return target


def history(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "history.jsonl").read_text().splitlines()]


def test_the_files_of_0_1_0_are_imported_exactly_and_kept(tmp_path: Path) -> None:
    data = copy(tmp_path, "v0-data")
    before = {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()}
    profile = json.loads((data / "profile.json").read_text())
    game = open_game(data)
    assert game.notices == [f"Your data from blackjack-tui 0.1.0 was imported: 12 round(s), "
                            f"bankroll 998.50. The old files are kept in {data}."]
    assert game.store.balance() == Decimal(profile["bankroll"]) == Decimal("998.50")
    rows, notices = game.store.recent(limit=None)
    old = history(data)
    assert notices == [] and [r.round_id for r in rows] == [r["round_id"] for r in reversed(old)]
    assert [r.net for r in rows] == [Decimal(r["result"]["net"]) for r in reversed(old)]
    for row in rows:  # every imported round replays (0.1.0's seat bets after box 3 dropped)
        record = HandRecord.model_validate(row.record)
        assert record.replay().net == row.net
    assert game.resume_round is not None  # the round 0.1.0 left in flight
    assert game.resume_round.bankroll_start == Decimal("998.50")
    assert game.settings.provably_fair is True and game.settings.computer_players == 1
    assert game.session.last_bets == [Decimal(20)]
    [shoe], _ = game.fair_shoes()
    assert shoe.revealed and len(shoe.dealt) == 35
    evenings = game.store.evening_rows("scorekeeper")
    assert [json.loads(e[2])["name"] for e in evenings] == ["Friday at Ole's"]
    assert game.store.read(audit).agrees
    check_money(game)
    game.close()
    # Kept where they are, untouched.
    assert {p.name: p.read_bytes() for p in data.iterdir() if p.is_file() and
            not p.name.startswith("blackjack.")} == before
    # Once: a second start imports nothing again.
    again = open_game(data)
    assert again.notices == [] and len(again.store.recent(limit=None)[0]) == 12
    assert again.store.balance() == Decimal("998.50")


def test_a_home_hand_left_in_flight_by_0_1_0_never_becomes_the_bankroll(tmp_path: Path) -> None:
    data = copy(tmp_path, "v0-home")
    game = open_game(data)
    assert "could not be resumed" in game.notices[1] and "home evening" in game.notices[1]
    assert game.store.balance() == Decimal("999.50")  # not the home stack, 98
    assert game.resume_round is None
    summary = game.store.statistics()
    assert (summary.rounds, summary.home_rounds, summary.net) == (4, 2, Decimal("-0.50"))
    check_money(game)


def test_a_round_recorded_but_never_credited_by_0_1_0_is_credited_once(tmp_path: Path) -> None:
    # 0.1.0 appended the record, then the profile save failed (a full disk): the profile
    # still held the bankroll before the round.
    data = copy(tmp_path, "v0-data")
    (data / "inflight.json").unlink()
    old = history(data)
    profile = json.loads((data / "profile.json").read_text())
    profile["bankroll"] = str(old[-1]["bankroll_before"])
    profile["last_round_id"] = old[-2]["round_id"]
    (data / "profile.json").write_text(json.dumps(profile))
    game = open_game(data)
    assert any("was never credited" in n and "40 is credited now" in n for n in game.notices)
    assert game.store.balance() == Decimal(old[-1]["result"]["bankroll"])
    game.close()
    assert open_game(data).store.balance() == Decimal(old[-1]["result"]["bankroll"])


@pytest.mark.parametrize("settings, notice", [
    ({"speed": "nromal"}, "'speed'"),
    ({"bogus": 1}, "'bogus'"),
    ({"coach": "yes"}, "'coach'"),
])
def test_one_bad_setting_of_0_1_0_never_resets_the_bankroll(tmp_path: Path, settings: dict,
                                                           notice: str) -> None:
    data = copy(tmp_path, "v0-data")
    profile = json.loads((data / "profile.json").read_text())
    profile["settings"].update(settings)
    (data / "profile.json").write_text(json.dumps(profile))
    game = open_game(data)
    assert game.store.balance() == Decimal("998.50")
    assert any(notice in n for n in game.notices)
    assert game.settings.provably_fair is True  # the good settings are kept


@pytest.mark.parametrize("bankroll", ["1" + "0" * 29, "-5", "1e999", "NaN", None])
def test_an_unreadable_bankroll_of_0_1_0_is_taken_from_the_history(tmp_path: Path,
                                                                  bankroll: object) -> None:
    data = copy(tmp_path, "v0-data")
    profile = json.loads((data / "profile.json").read_text())
    profile["bankroll"] = bankroll
    (data / "profile.json").write_text(json.dumps(profile))
    game = open_game(data)
    assert game.store.balance() == Decimal("998.50")
    assert any("taken from the last round of the history" in n for n in game.notices)


def test_a_profile_that_is_not_json_takes_the_bankroll_from_the_history(tmp_path: Path) -> None:
    data = copy(tmp_path, "v0-data")
    (data / "profile.json").write_bytes(b'{"version": 1, "bankroll": "99')
    game = open_game(data)
    assert game.store.balance() == Decimal("998.50")


def test_an_import_that_fails_keeps_nothing_and_says_so_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = copy(tmp_path, "v0-data")

    def broken(self):  # type: ignore[no-untyped-def]
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("blackjack_tui.store.legacy._Import._fair_shoes", broken)
    with pytest.raises(StoreError) as err:
        Store(data)
    assert "could not import" in str(err.value) and "\n" not in str(err.value)
    monkeypatch.undo()
    game = open_game(data)  # the next start imports it all
    assert game.store.balance() == Decimal("998.50") and len(game.fair_shoes()[0]) == 1
