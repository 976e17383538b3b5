"""Counting plans on disk: the choice kept in the settings, and each plan's figures cached in
``plans/KEY.json`` (a round trip; a damaged file is simulated again, with no traceback)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from pydantic import ValidationError

from blackjack_tui.analysis.counting import CountEstimate
from blackjack_tui.controller import plan as plans
from blackjack_tui.engine.rules import Limits, Rules
from blackjack_tui.store.plans import (
    PlanChoice,
    load_plan,
    plan_file,
    plan_key,
    save_plan,
)
from blackjack_tui.store.settings import Settings, _field_value

RULES = Rules(name="test")
LIMITS = Limits(Decimal(10), Decimal(500))
EST = CountEstimate(40_000, 40_000, 0.012, 0.01, 3.0, 1.6, {-1: 0.4, 0: 0.3, 2: 0.3}, 2.5)


def test_a_plans_figures_survive_their_file(tmp_path: Path) -> None:
    choice = PlanChoice(spread="1:1,3:4")
    key = plan_key(RULES, choice, 40_000)
    save_plan(tmp_path, key, RULES, choice, 40_000, EST)
    assert plan_file(tmp_path, key).parent.name == "plans"
    assert load_plan(tmp_path, key) == (EST, None)
    assert load_plan(tmp_path, "0" * 24) == (None, None)  # no file: nothing to say


def test_the_key_is_the_rules_and_the_simulated_plan_not_the_bankroll_or_unit() -> None:
    base = PlanChoice()
    key = plan_key(RULES, base, 1000)
    assert plan_key(RULES, base.model_copy(update={"bankroll": 5, "unit": Decimal(25)}),
                    1000) == key
    assert plan_key(RULES, PlanChoice(spread="1:1,2:4"), 1000) != key
    assert plan_key(RULES, PlanChoice(indices=False), 1000) != key
    assert plan_key(RULES, base, 2000) != key
    assert plan_key(RULES.model_copy(update={"decks": 2}), base, 1000) != key


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"version": 1}', b"\xff\xfe",
                                    b'[1, 2, 3]'])
def test_a_damaged_file_is_simulated_again_and_rewritten(tmp_path: Path, damage: bytes,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    choice = PlanChoice(spread="1:1,2:2")
    key = plan_key(RULES, choice, 20_000)
    plan_file(tmp_path, key).parent.mkdir()
    plan_file(tmp_path, key).write_bytes(damage)
    found, why = load_plan(tmp_path, key)
    assert found is None and why is not None and "\n" not in why
    monkeypatch.setattr(plans, "simulate", lambda *a, **k: EST)
    monkeypatch.setattr(plans, "count_plan", lambda rules, choice: None)
    monkeypatch.setattr("blackjack_tui.analysis.cache.cached_analysis",
                        lambda rules: type("A", (), {"chart": None})())
    got = plans.work_out(tmp_path, RULES, LIMITS, choice, 20_000)
    assert not got.cached and got.estimate == EST and "damaged" in (got.notice or "")
    assert json.loads(plan_file(tmp_path, key).read_text())["estimate"]["sd"] == 3.0
    again = plans.work_out(tmp_path, RULES, LIMITS, choice, 20_000)
    assert again.cached and again.notice is None


def test_a_figure_out_of_range_in_the_file_is_damage(tmp_path: Path) -> None:
    choice = PlanChoice()
    key = plan_key(RULES, choice, 100)
    save_plan(tmp_path, key, RULES, choice, 100, EST)
    data = json.loads(plan_file(tmp_path, key).read_text())
    data["estimate"]["sd"] = -1
    plan_file(tmp_path, key).write_text(json.dumps(data))
    assert load_plan(tmp_path, key)[0] is None


def test_the_players_plan_is_a_setting_read_back_field_by_field() -> None:
    settings = Settings(plan=PlanChoice(spread="1:1,2:2,3:4", unit=Decimal("5"), bankroll=400),
                        count_checks="often")
    dumped = settings.model_dump(mode="json")
    assert _field_value("plan", dumped["plan"]) == settings.plan
    assert _field_value("count_checks", "often") == "often"
    with pytest.raises(ValidationError):
        _field_value("plan", {**dumped["plan"], "spread": "3:1,1:2"})
    with pytest.raises(ValidationError):
        _field_value("count_checks", "always")


@pytest.mark.parametrize("unit", ["0", "-5", "2.005", "12345678901", "NaN"])
def test_a_plans_unit_is_above_zero_in_whole_cents_and_at_most_12_digits(unit: str) -> None:
    with pytest.raises(ValidationError):
        PlanChoice(unit=Decimal(unit))
    assert PlanChoice(unit=Decimal("1234567890.25")).unit == Decimal("1234567890.25")


def _todays_file(tmp_path: Path, choice: PlanChoice, rounds: int) -> str:
    """A plan's file as the version before this one wrote it (version 1: the estimate without
    its CPU time, figures simulated with insurance always declined)."""
    key = plan_key(RULES, choice, rounds)
    plan_file(tmp_path, key).parent.mkdir(exist_ok=True)
    plan_file(tmp_path, key).write_text(json.dumps({
        "version": 1, "key": key, "ruleset": RULES.name,
        "plan": json.loads(json.dumps(choice.simulated(RULES, rounds), default=str)),
        "estimate": {"rounds": 40000, "played": 40000, "ev": 0.012, "ev_half": 0.01,
                     "sd": 3.0, "average_bet": 1.6, "tcs": {"-1": 0.4, "0": 0.3, "2": 0.3}}},
        indent=1))
    return key


def test_a_file_of_the_earlier_version_is_read_as_it_is(tmp_path: Path) -> None:
    # Basic strategy at every count: insurance was declined then and is now; the figures stand.
    choice = PlanChoice(spread="1:1,3:4", indices=False)
    key = _todays_file(tmp_path, choice, 40_000)
    found, why = load_plan(tmp_path, key)
    assert why is None and found == CountEstimate(40_000, 40_000, 0.012, 0.01, 3.0, 1.6,
                                                  {-1: 0.4, 0: 0.3, 2: 0.3}, 0.0)
    got = plans.cached(tmp_path, RULES, LIMITS, choice, 40_000)
    assert got is not None and got.cached and got.estimate == found


def test_an_earlier_file_of_a_plan_with_indices_is_simulated_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Its figures declined insurance, which the indices now take: simulated again, said once.
    choice = PlanChoice(spread="1:1,3:4", indices=True)
    key = _todays_file(tmp_path, choice, 40_000)
    found, why = load_plan(tmp_path, key)
    assert found is None and why is not None and "insurance" in why and "\n" not in why
    monkeypatch.setattr(plans, "simulate", lambda *a, **k: EST)
    monkeypatch.setattr(plans, "count_plan", lambda rules, choice: None)
    monkeypatch.setattr("blackjack_tui.analysis.cache.cached_analysis",
                        lambda rules: type("A", (), {"chart": None})())
    got = plans.work_out(tmp_path, RULES, LIMITS, choice, 40_000)
    assert not got.cached and got.estimate == EST and "insurance" in (got.notice or "")
    assert json.loads(plan_file(tmp_path, key).read_text())["version"] == 2
    assert load_plan(tmp_path, key) == (EST, None)
