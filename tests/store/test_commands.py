"""``blackjack-tui verify`` and ``blackjack-tui history``: verdicts, exit codes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blackjack_tui.cli import main
from blackjack_tui.engine.fair import FairShoe, ShoeRecord
from blackjack_tui.engine.history import HandRecord
from blackjack_tui.store import Store

from .helpers import RULE_SETS, steps


def retired(tmp_path: Path, shoes: int = 2) -> list[ShoeRecord]:
    store = Store(tmp_path)
    shoe = FairShoe(1, client_seed="cli")
    for _ in range(shoes):
        shoe.discard([shoe.draw() for _ in range(20)])
        shoe.shuffle()
    store.save_shoe(shoe)
    return list(reversed(store.shoes.read_recent()[0]))


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
    store = Store(tmp_path, history_model=HandRecord)
    for i in range(count):
        *_, rnd = steps(RULE_SETS["nordic"], seed=i)
        store.history.append(HandRecord.of(rnd, [10, 20], round_id=f"r{i}",
                                           time=f"2025-01-01T12:00:{i:02d}+00:00"))


def test_history_json_newest_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_rounds(tmp_path, 5)
    assert main(["history", "--json", "--limit", "3", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["round_id"] for r in data] == ["r4", "r3", "r2"]


def test_history_table(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    record_rounds(tmp_path, 2)
    with open(tmp_path / "history.jsonl", "ab") as handle:
        handle.write(b'{"round_id": "cut')
    assert main(["history", "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "Game recall" in captured.out and "nordic" in captured.out
    assert "dealer:" in captured.out and "10000 →" in captured.out
    assert "cut short" in captured.err


def test_history_empty_and_bad_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--data-dir", str(tmp_path)]) == 0
    assert "No rounds recorded yet" in capsys.readouterr().out
    assert main(["history", "--limit", "0"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
