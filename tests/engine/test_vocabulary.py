"""The table's words as types: each round-trips through its text, and a misspelt one is refused."""

from __future__ import annotations

import json
from enum import StrEnum

import pytest

from blackjack_tui.engine import InvalidActionError, StateError
from blackjack_tui.engine import vocabulary as v
from blackjack_tui.engine.actions import SPEC, SPECS, Action, Decision, label_of
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.history import HandResult
from blackjack_tui.engine.round import Round

from .scenario import deal, play, rules

WORDS = [v.EventKind, v.Outcome, v.PeekResult, v.DealerEnd, v.ActionName, v.DecisionKind, v.Phase,
         v.HandState, v.AcesLow]


@pytest.mark.parametrize("words", WORDS, ids=lambda w: w.__name__)
def test_every_word_is_its_text_and_reads_back(words: type[StrEnum]) -> None:
    for member in words:
        assert words(str(member)) is member
        assert member == str(member) and json.dumps(member) == json.dumps(str(member))


@pytest.mark.parametrize("words", WORDS, ids=lambda w: w.__name__)
def test_a_misspelt_word_is_refused(words: type[StrEnum]) -> None:
    with pytest.raises(ValueError):
        words("wn")


def test_a_rounds_events_carry_typed_words_and_write_the_same_text():
    rnd = play(rules("nordic"), ["TS", "6H", "9D", "TC", "8S"], [10], ["stand"])
    settle = next(e for e in rnd.log if e.kind == "settle")
    assert settle.kind is v.EventKind.SETTLE and settle.outcome is v.Outcome.WIN
    assert settle.to_dict() == {"kind": "settle", "box": 1, "hand": 1, "amount": "10",
                                "outcome": "win", "total": 19}
    assert Event.from_dict(settle.to_dict()) == settle
    dealer = next(e for e in rnd.log if e.kind == "dealer-total")
    assert dealer.outcome is v.DealerEnd.BUST


def test_an_event_of_an_unknown_kind_or_outcome_is_refused():
    with pytest.raises(ValueError):
        Event.from_dict({"kind": "setle", "box": 1, "hand": 1})
    with pytest.raises(ValueError):
        Event.from_dict({"kind": "settle", "box": 1, "hand": 1, "outcome": "wn"})


def test_a_saved_round_with_a_misspelt_outcome_is_not_a_saved_round():
    rnd = play(rules("nordic"), ["TS", "6H", "9D", "TC", "8S"], [10], ["stand"])
    data = rnd.to_dict()
    data["boxes"][0]["hands"][0]["outcome"] = "wn"
    with pytest.raises(StateError):
        Round.from_dict(data)


def test_decisions_and_actions_are_typed():
    rnd = play(rules("nordic"), ["TS", "6H", "9D", "TC", "8S"], [10], ["stand"])
    assert rnd.actions == ["stand"] and type(rnd.actions[0]) is str
    action = Action.parse(" Hit ")
    assert action.name is v.ActionName.HIT and str(action) == "hit"
    decision = Decision(v.DecisionKind.PLAY, 1, 1, (v.ActionName.HIT, v.ActionName.STAND))
    assert Action(v.ActionName.HIT) in decision and Action(v.ActionName.DOUBLE) not in decision
    assert decision.actions == ("hit", "stand")
    with pytest.raises(InvalidActionError):
        Action.parse("hitt")


def test_a_decision_and_a_round_take_actions_not_words():
    # Text is read once, by Action.parse, at the edges: a word handed to the round or asked of
    # a decision is refused, not parsed on the way.
    rnd = deal(rules("nordic"), ["TS", "6H", "9D", "TC", "8S"], [10])
    decision = rnd.legal_actions()
    assert decision is not None
    with pytest.raises(InvalidActionError):
        assert "stand" in decision
    with pytest.raises(InvalidActionError):
        rnd.apply("stand")  # type: ignore[arg-type]
    assert rnd.actions == [] and rnd.legal_actions() == decision
    rnd.apply(Action.parse("stand"))
    assert rnd.over and rnd.actions == ["stand"]


def test_every_action_is_defined_once_with_its_key_words_and_binding():
    assert sorted(spec.name for spec in SPECS) == sorted(v.ActionName)
    assert {name: SPEC[name].key for name in v.ActionName} == {
        "hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r",
        "insurance": "i", "no-insurance": "n", "even-money": "e", "no-even-money": "n",
        "join": "j", "no-join": "n"}
    # One key, one binding: the refusals share "n" and the binding that refuses what is asked.
    by_key: dict[str, set[str]] = {}
    for spec in SPECS:
        by_key.setdefault(spec.key, set()).add(spec.binding)
    assert all(len(bindings) == 1 for bindings in by_key.values())
    assert label_of("no-insurance") == "No insurance" and label_of("hitt") == "hitt"


def test_a_recorded_outcome_is_typed_and_written_as_before():
    result = HandResult(box=1, cards=["TS", "9D"], stake="10", outcome="win", net="10")
    assert result.outcome is v.Outcome.WIN
    assert json.loads(result.model_dump_json())["outcome"] == "win"
    with pytest.raises(ValueError):
        HandResult(box=1, cards=["TS", "9D"], stake="10", outcome="wn", net="10")
