"""Rounds played, saved and recorded by the engine before issue 12 play exactly the same today.

``fixtures/legacy_rounds.json.gz`` (made by ``fixtures/make_legacy_rounds.py`` at commit 1ff0c7d)
holds 1,500 rounds under random rule sets with computer seats and bets behind: the stacked shoe,
the decisions, a digest of ``Round.to_dict()`` after the deal and after every decision, the events,
and for some rounds the whole saved state at one step and the hand-history record; and four saved
rounds in flight as the store wrote them, on live seeded shoes. Every digest must match: the saved
state, the events and the records keep their exact form, byte for byte.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from blackjack_tui.engine import Round, Rules, SeatBet, Shoe
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.history import HandRecord
from blackjack_tui.store.inflight import decode

FIXTURE = Path(__file__).with_name("fixtures") / "legacy_rounds.json.gz"
CHUNKS = 10


@cache
def legacy() -> dict[str, Any]:
    return json.loads(gzip.decompress(FIXTURE.read_bytes()))  # type: ignore[no-any-return]


def digest(rnd: Round) -> str:
    text = json.dumps(rnd.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def start(case: dict[str, Any]) -> Round:
    rules = Rules.model_validate(case["rules"])
    return Round(rules, Shoe.stacked(case["cards"], decks=rules.decks), case["bets"],
                 case["bankroll"], tier=case["tier"],
                 seats=[SeatBet(s["name"], s["bankroll"], s["bet"]) for s in case["seats"]],
                 player_seat=case["player_seat"],
                 behind={int(k): v for k, v in case["behind"].items()})


def test_the_fixture_covers_the_rare_branches():
    seen = {e["kind"] for case in legacy()["cases"] for e in case["events"]}
    assert seen >= {"split", "double", "surrender", "insurance", "even-money", "peek",
                    "behind-join", "behind-settle", "behind-insurance", "insurance-settled"}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_step_of_every_legacy_round_is_the_same(chunk: int) -> None:
    for n, case in enumerate(legacy()["cases"][chunk::CHUNKS]):
        rnd = start(case)
        rnd.deal()
        steps = [digest(rnd)]
        for action in case["actions"]:
            rnd.apply(Action.parse(action))
            steps.append(digest(rnd))
        where = f"round {chunk + n * CHUNKS}"
        assert steps == case["steps"], where
        assert [e.to_dict() for e in rnd.log] == case["events"], where
        assert rnd.over and rnd.legal_actions() is None, where


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_legacy_saved_rounds_load_and_play_on(chunk: int) -> None:
    for case in legacy()["cases"][chunk::CHUNKS]:
        if "saved" not in case:
            continue
        saved = case["saved"]
        rnd = Round.from_dict(json.loads(json.dumps(saved)))
        assert rnd.to_dict() == saved
        for action in case["actions"][case["saved_at"]:]:
            rnd.apply(Action.parse(action))
        assert digest(rnd) == case["steps"][-1]


def test_legacy_hand_records_replay_to_the_same_record():
    records = [case["record"] for case in legacy()["cases"] if "record" in case]
    assert len(records) > 100
    for data in records:
        record = HandRecord.model_validate(data)
        rnd = record.replay()
        again = HandRecord.of(rnd, record.bets, round_id="r", time="t")
        assert json.loads(again.model_dump_json()) == data


def test_legacy_events_read_back_as_they_were_written():
    for case in legacy()["cases"][:300]:
        for data in case["events"]:
            assert Event.from_dict(data).to_dict() == data


@pytest.mark.parametrize("index", range(4))
def test_legacy_rounds_in_flight_resume_and_end_as_they_did(index: int) -> None:
    save = legacy()["inflight"][index]
    restored = decode(json.loads(json.dumps(save["file"])))
    rnd = restored.round
    assert rnd.to_dict() == save["file"]["round"]
    assert restored.extra == {"note": "made before issue 12"}
    for action in save["actions"]:
        rnd.apply(Action.parse(action))
    assert digest(rnd) == save["end"]
    assert [e.to_dict() for e in rnd.log] == save["events"]
    assert rnd.bankroll >= Decimal(0)
