"""The hand history: one line per round, read newest first, damage skipped with a notice."""

from __future__ import annotations

from pathlib import Path

import pytest

from blackjack_tui.engine.history import HandRecord, RoundResult
from blackjack_tui.store import RecordError, Store, parse_history_line
from blackjack_tui.store.history import HandHistory
from blackjack_tui.store.jsonl import _BLOCK

from .helpers import RULE_SETS, steps


def test_newest_first_with_limit(tmp_path: Path) -> None:
    history = HandHistory(tmp_path)
    for i in range(150):
        history.append({"n": i}, round_id=f"r{i}")
    read = history.read_recent(100)
    assert [r["n"] for r in read.records] == list(range(149, 49, -1))
    assert read.records[0]["round_id"] == "r149"
    assert read.notices == []
    assert len(history.read_recent(None).records) == 150
    assert history.has_round("r149") and not history.has_round("r999")


def test_long_records_across_read_blocks(tmp_path: Path) -> None:
    history = HandHistory(tmp_path)
    for i in range(5):
        history.append({"n": i, "pad": "x" * (_BLOCK // 2 + 7)})
    assert [r["n"] for r in history.read_recent(None).records] == [4, 3, 2, 1, 0]


def test_missing_file_is_empty(tmp_path: Path) -> None:
    read = HandHistory(tmp_path).read_recent()
    assert read.records == [] and read.notices == []


def test_cut_short_last_line_skipped_with_notice_and_appends_go_on(tmp_path: Path) -> None:
    history = HandHistory(tmp_path)
    history.append({"n": 1}, round_id="a")
    history.append({"n": 2}, round_id="b")
    with open(history.path, "ab") as handle:
        handle.write(b'{"n": 3, "round_id": "c", "ca')  # killed mid-append
    read = history.read_recent()
    assert [r["n"] for r in read.records] == [2, 1]
    [notice] = read.notices
    assert "cut short" in notice and "\n" not in notice
    history.append({"n": 4}, round_id="d")
    read = history.read_recent()
    assert [r["n"] for r in read.records] == [4, 2, 1]
    assert "damaged" in read.notices[0]  # the old fragment is now a middle line


def test_damaged_middle_lines_are_counted(tmp_path: Path) -> None:
    history = HandHistory(tmp_path)
    history.append({"n": 1})
    with open(history.path, "ab") as handle:
        handle.write(b"garbage\n[1,2]\n\n{\"round_id\": 5}\n")
    history.append({"n": 2})
    read = history.read_recent()
    assert [r["n"] for r in read.records] == [2, 1]
    assert read.notices == [f"3 damaged history records in {history.path} were skipped"]


@pytest.mark.parametrize("line", [b"", b"{", b"[]", b"1", b"NaN", b'{"x": NaN}',
                                  b'{"round_id": 1}', b"\xff", b"[" * 100_000])
def test_parse_errors_are_record_errors(line: bytes) -> None:
    with pytest.raises(RecordError):
        parse_history_line(line)


def test_hand_records_round_trip_through_the_model(tmp_path: Path) -> None:
    rules = RULE_SETS["nordic"]
    *_, rnd = steps(rules, seed=3)
    record = HandRecord.of(rnd, [10, 20], round_id="r1", time="2025-01-01T12:00:00+00:00")
    store = Store(tmp_path, history_model=HandRecord)
    store.history.append(record)
    [back] = store.recent_rounds().records
    assert back == record
    assert RoundResult.of(back.replay()) == record.result
