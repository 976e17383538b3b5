"""Evenings in the database: saved whole, a list that survives a broken one, CSV and JSON
exports."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

import pytest

from blackjack_tui.ledger import Evening
from blackjack_tui.store import Store
from blackjack_tui.store.evenings import (
    EveningFileError,
    EveningStore,
    evening_csv,
    write_atomic,
)


def evenings(folder) -> EveningStore:
    return EveningStore(Store(folder))


def played() -> Evening:
    ev = Evening(name="Friday", players=("Ann", "Bo"), first_banker="Bo")
    ev.add_hand({"Ann": Decimal("7.5")})
    ev.add_hand({"Ann": -20})
    ev.correct_last_hand({"Ann": -10})
    return ev


def test_save_and_load_round_trip(tmp_path):
    store = evenings(tmp_path)
    ev = played()
    store.save_evening(ev)
    again = evenings(tmp_path).load_evening(ev.id)
    assert again == ev
    assert again.standings.stacks == ev.standings.stacks
    assert [c.text for c in again.history] == [c.text for c in ev.history]


def test_write_atomic_leaves_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    target = tmp_path / "f.json"
    write_atomic(target, "old")

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_list_evenings_newest_first_and_a_broken_one_reported(tmp_path):
    store = evenings(tmp_path)
    first = played()
    store.save_evening(first)
    second = Evening(name="Saturday", players=("Cy", "Di"))
    store.save_evening(second)
    store.store.conn.execute("INSERT INTO evenings VALUES ('broken', 'scorekeeper', 'open', "
                             "'{not json', '2026-01-01')")
    summaries, problems = store.list_evenings()
    assert {s.name for s in summaries} == {"Friday", "Saturday"}
    friday = next(s for s in summaries if s.name == "Friday")
    assert friday.hands == 2 and friday.players == ("Ann", "Bo")
    assert len(problems) == 1 and "broken" in str(problems[0])


def test_load_missing_evening(tmp_path):
    with pytest.raises(EveningFileError, match="no saved evening"):
        evenings(tmp_path).load_evening("nope")


def test_csv_export_rows_and_stacks(tmp_path):
    ev = played()
    rows = list(csv.DictReader(io.StringIO(evening_csv(ev))))
    assert [r["Ann"] for r in rows] == ["7.50", "-10"]
    assert [r["Bo"] for r in rows] == ["-7.50", "10"]
    assert [r["bank"] for r in rows] == ["-7.50", "10"]
    assert rows[-1]["Ann stack"] == "997.50" and rows[-1]["Bo stack"] == "1002.50"


def test_export_writes_csv_and_json(tmp_path):
    store = evenings(tmp_path)
    ev = played()
    csv_path, json_path = store.export_evening(ev)
    assert csv_path.read_text().startswith("line,kind,hand,bank holder,Ann,Bo,bank")
    record = json.loads(json_path.read_text())
    assert record["standings"]["stacks"] == {"Ann": "997.50", "Bo": "1002.50"}
    assert Evening.model_validate({k: v for k, v in record.items() if k != "standings"}) == ev
