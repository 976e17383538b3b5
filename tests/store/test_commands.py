"""``blackjack-tui verify``, ``history`` and ``audit``: verdicts, exit codes, one-line errors; they
read the database without the lock, so they work while a game is open on the same folder."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.cli import main
from blackjack_tui.controller.booking import booking_of
from blackjack_tui.engine.fair import FairShoe, ShoeRecord
from blackjack_tui.engine.history import HandRecord
from blackjack_tui.store import FolderLock, Store

from .helpers import RULE_SETS, open_game, steps


def retired(tmp_path: Path, shoes: int = 2) -> list[ShoeRecord]:
    store = Store(tmp_path)
    shoe = FairShoe(1, client_seed="cli")
    for _ in range(shoes):
        shoe.discard([shoe.draw() for _ in range(20)])
        shoe.shuffle()
    records = shoe.take_retired()
    store.save_shoe(None, records)
    store.close()
    (tmp_path / "shoes.jsonl").write_text("".join(json.dumps(r.to_dict()) + "\n"
                                                  for r in records))
    return records


def test_verify_latest_shoe_is_fair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = retired(tmp_path)
    assert main(["verify", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Verdict: FAIR" in out and f"Shoe {records[-1].nonce}" in out
    assert "all 20 card(s)" in out


def test_verify_file_tampered_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = retired(tmp_path)[0].to_dict()
    record["dealt"][3], record["dealt"][4] = record["dealt"][4], record["dealt"][3]
    path = tmp_path / "shoe.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 1
    assert "Verdict: NOT FAIR" in capsys.readouterr().out


def test_verify_jsonl_checks_every_record(tmp_path: Path) -> None:
    retired(tmp_path, shoes=3)
    assert main(["verify", str(tmp_path / "shoes.jsonl")]) == 0


@pytest.mark.parametrize("content", [None, "", "{", "[]", '{"commitment": "x"}'])
def test_verify_bad_file_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               content: str | None) -> None:
    path = tmp_path / "shoe.json"
    if content is not None:
        path.write_text(content)
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("blackjack-tui verify: ") and err.count("\n") == 1


def test_verify_unrevealed_or_missing_exits_2(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--data-dir", str(tmp_path)]) == 2
    assert "no retired provably fair shoe" in capsys.readouterr().err
    shoe = FairShoe(1, client_seed="live")
    shoe.draw()
    current = shoe.current_record()
    assert current is not None
    path = tmp_path / "live.json"
    path.write_text(json.dumps(current.to_dict()))
    assert main(["verify", str(path)]) == 2
    assert "not revealed yet" in capsys.readouterr().err


def record_rounds(tmp_path: Path, count: int) -> None:
    game = open_game(tmp_path)
    for i in range(count):
        *_, rnd = steps(RULE_SETS["nordic"], seed=i, bankroll=game.session.bankroll)
        game.session.round = rnd
        booking = booking_of(rnd, f"r{i}", game.session)
        game.store.book(booking)
        game.session.finish_round()
    game.close()


def test_history_json_newest_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_rounds(tmp_path, 5)
    assert main(["history", "--json", "--limit", "3", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["round_id"] for r in data] == ["r4", "r3", "r2"]
    assert HandRecord.model_validate(data[0]).replay().net == Decimal(data[0]["result"]["net"])


def test_history_table(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    record_rounds(tmp_path, 2)
    assert main(["history", "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "Game recall" in captured.out and "nordic" in captured.out
    assert "dealer:" in captured.out and "1000 →" in captured.out


def test_history_empty_and_bad_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--data-dir", str(tmp_path)]) == 0
    assert "No rounds recorded yet" in capsys.readouterr().out
    assert main(["history", "--limit", "0"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_reading_commands_work_while_a_game_holds_the_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_rounds(tmp_path, 3)
    with FolderLock(tmp_path):
        game = open_game(tmp_path)
        assert main(["history", "--json", "--data-dir", str(tmp_path)]) == 0
        assert len(json.loads(capsys.readouterr().out)) == 3
        assert main(["audit", "--data-dir", str(tmp_path)]) == 0
        assert "Everything agrees." in capsys.readouterr().out
        game.close()


def test_audit_json_agrees_then_names_a_changed_balance(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_rounds(tmp_path, 4)
    assert main(["audit", "--json", "--replay", "--data-dir", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rounds"] == 4 and report["agrees"] is True and report["problems"] == []
    assert report["bankroll"] == report["journal"]
    store = Store(tmp_path)
    store.conn.execute("UPDATE accounts SET balance = '20000' WHERE name = 'bankroll'")
    store.close()
    assert main(["audit", "--json", "--data-dir", str(tmp_path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["agrees"] is False and report["bankroll"] == "20000"
    assert "The bankroll on disk was 20000, its journal says" in report["problems"][0]


def test_audit_of_an_empty_folder_and_a_file_in_place_of_the_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--data-dir", str(tmp_path / "none")]) == 0
    assert "nothing to audit" in capsys.readouterr().out
    (tmp_path / "file").write_text("x")
    assert main(["audit", "--data-dir", str(tmp_path / "file")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_audit_names_a_round_whose_money_differs_from_its_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_rounds(tmp_path, 3)
    store = Store(tmp_path)
    rid = store.recent(1)[0][0].round_id
    store.conn.execute("UPDATE rounds SET net = '500', net_units = 500000000 WHERE round_id = ?",
                       (rid,))
    store.close()
    assert main(["audit", "--data-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"differ from their own records: {rid[:8]}" in out
    assert f"do not match their journal lines: {rid[:8]}" in out


async def test_history_marks_a_home_stack_and_writes_its_money_as_the_table_does(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.controller.test_home_game import Table

    monkeypatch.setenv("COLUMNS", "200")
    table = Table()
    # Your natural (7.50 on 5): the bank passes to you; then you bank and Astrid's 17 loses.
    await table.round(["AH", "9C", "9D", "KH", "8D", "8S"], [])
    await table.round(["TS", "9C", "7S", "TD"], [], bets=[])
    table.engine.close()
    assert main(["history", "--data-dir", table.folder]) == 0
    out = capsys.readouterr().out
    # A home evening's stack, not the bankroll, and 107.50 as the table writes it (not 107.5).
    assert "107.50 → 112.50 home" in out and "100 → 107.50 home" in out
    assert "107.5 " not in out
    # The round you banked: your stack took the bank's +5, and the Net column says so (not 0).
    [banked] = [line for line in out.splitlines() if "107.50 → 112.50" in line]
    assert "│    +5 │" in banked, banked  # a result, signed as the table writes it
