"""Fuzz: the rules loader, saved rounds and their check, the settings, the 0.1.0 import, shoes.

Random bytes, random text, random JSON and random mutations of real documents: each parser may
only answer with its own clear error (a RulesFileError list, StateError, RecordError, FairError),
never another exception.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.errors import EngineError, StateError
from blackjack_tui.engine.fair import FairError, FairShoe, ShoeRecord
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.rulesets import RulesFileError, load_file, parse_text
from blackjack_tui.store import Store
from blackjack_tui.store.check import round_problem
from blackjack_tui.store.errors import RecordError
from blackjack_tui.store.inflight import decode, encode, settle_unfinished
from blackjack_tui.store.settings import load_settings
from blackjack_tui.store.shoes import parse_shoe_line

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# A small alphabet (ASCII with controls and quotes, some Latin and a surrogate-free tail) keeps
# generation fast; the random-text tests above use all of Unicode.
short_text = st.text(st.characters(max_codepoint=0x17F, exclude_categories=("Cs",)), max_size=8)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | short_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(short_text, inner, max_size=4),
    max_leaves=10,
)

RULE_KEYS = sorted(Rules.model_fields)

# ---------------------------------------------------------------------------- the rules loader


def check_rules_result(result: tuple[dict[str, Rules], list[RulesFileError]]) -> None:
    sets, errors = result
    assert all(isinstance(r, Rules) for r in sets.values())
    for error in errors:
        assert isinstance(error, RulesFileError)
        text = str(error)
        assert text and "Traceback" not in text


@FUZZ
@given(st.text(max_size=400))
def test_rules_loader_random_text(text: str) -> None:
    check_rules_result(parse_text(text, "fuzz.toml"))


@FUZZ
@given(st.binary(max_size=400))
def test_rules_loader_random_bytes(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rulesets.toml"
        path.write_bytes(raw)
        check_rules_result(load_file(path))


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


toml_scalars = (st.booleans() | st.integers(-10**6, 10**6) | st.sampled_from(
    ["any", "9-11", "7-11", "peek", "none", "3:2", "6:5", "1:0", "cut-card", "every-round",
     "half-bet", "up-to-half", "dealer-turn", "Standard", ""])
    | st.floats(allow_nan=True, allow_infinity=True) | short_text)
toml_values = (toml_scalars | st.lists(toml_scalars, max_size=4)
               | st.dictionaries(st.sampled_from(["name", "min_bet", "max_bet", "x"]),
                                 toml_scalars, max_size=3))
ruleset_bodies = st.dictionaries(st.sampled_from([*RULE_KEYS, "bogus", "decks "]),
                                 toml_values, max_size=10)


@FUZZ
@given(st.dictionaries(short_text.filter(bool), ruleset_bodies, max_size=2),
       st.dictionaries(st.sampled_from(["title", "ruleset2", "x"]), toml_scalars, max_size=2))
def test_rules_loader_random_structured_documents(sets: dict[str, dict[str, Any]],
                                                   top: dict[str, Any]) -> None:
    lines = [f"{toml_key(k)} = {toml_value(v)}" for k, v in top.items()]
    for name, body in sets.items():
        lines.append(f"[ruleset.{toml_key(name)}]")
        lines.extend(f"{toml_key(k)} = {toml_value(v)}" for k, v in body.items())
    check_rules_result(parse_text("\n".join(lines), "fuzz.toml"))


# ---------------------------------------------------------------------------- saved rounds

def a_round_dict(seed: int) -> dict[str, Any]:
    from blackjack_tui.rulesets import load_all

    rules_sets = load_all()[0]
    rules = rules_sets[sorted(rules_sets)[seed % len(rules_sets)]]
    rnd = Round(rules, Shoe.seeded(rules.decks, seed), [rules.min_bet] * rules.max_boxes, 10_000)
    rnd.deal()
    chooser = random.Random(seed)
    for _ in range(seed % 4):
        decision = rnd.legal_actions()
        if decision is None:
            break
        rnd.apply(Action(chooser.choice(decision.actions)))
    return rnd.to_dict()


BASE_ROUNDS = [a_round_dict(seed) for seed in range(6)]


def mutate(data: Any, rng: random.Random, replacement: Any) -> Any:
    """Replace, drop or retype one randomly chosen node of a JSON document."""
    if isinstance(data, dict) and data and rng.random() < 0.8:
        key = rng.choice(sorted(data))
        out = dict(data)
        choice = rng.random()
        if choice < 0.15:
            del out[key]
        elif choice < 0.5:
            out[key] = replacement
        else:
            out[key] = mutate(data[key], rng, replacement)
        return out
    if isinstance(data, list) and data and rng.random() < 0.8:
        i = rng.randrange(len(data))
        out_list = list(data)
        if rng.random() < 0.4:
            out_list[i] = replacement
        else:
            out_list[i] = mutate(data[i], rng, replacement)
        return out_list
    return replacement


@FUZZ
@given(json_values)
def test_round_from_random_json(data: Any) -> None:
    with contextlib.suppress(StateError):
        Round.from_dict(data)


@FUZZ
@given(st.integers(0, len(BASE_ROUNDS) - 1), st.randoms(use_true_random=False), json_values,
       st.integers(1, 3))
def test_round_from_mutated_saves(base: int, rng: random.Random, replacement: Any,
                                  times: int) -> None:
    data: Any = BASE_ROUNDS[base]
    for _ in range(times):
        data = mutate(data, rng, replacement)
    try:
        restored = Round.from_dict(data)
    except StateError:
        return
    assert isinstance(restored.to_dict(), dict)


@FUZZ
@given(st.integers(0, len(BASE_ROUNDS) - 1), st.randoms(use_true_random=False), json_values)
def test_inflight_decode_and_settle_mutated(base: int, rng: random.Random,
                                            replacement: Any) -> None:
    rnd = Round.from_dict(BASE_ROUNDS[base])
    data = mutate(json.loads(json.dumps(encode("r", rnd))), rng, replacement)
    with contextlib.suppress(RecordError, EngineError):
        decode(data)
    settlement = settle_unfinished(data, "fuzz")
    assert settlement.net >= 0 and isinstance(settlement.net, Decimal)
    assert "\n" not in settlement.notice


# ---------------------------------------------------------------------------- saved state checked


def _money_and_cards(rnd: Round) -> dict[str, Any]:
    data = rnd.to_dict()
    data.pop("log")
    shoe = data.pop("shoe")
    return {**data, "shoe_cards": sorted(shoe["cards"] + shoe["discards"])}


@FUZZ
@given(st.integers(0, len(BASE_ROUNDS) - 1), st.randoms(use_true_random=False), json_values)
def test_a_changed_saved_round_either_fails_its_check_or_holds_the_same_money_and_cards(
        base: int, rng: random.Random, replacement: Any) -> None:
    original = Round.from_dict(BASE_ROUNDS[base])
    data = mutate(json.loads(json.dumps(encode("r", original))), rng, replacement)
    try:
        changed = decode(data).round
    except (RecordError, EngineError):
        return
    problem = round_problem(changed, original.bankroll_start)
    assert problem is None or (isinstance(problem, str) and "\n" not in problem)
    if problem is None:
        assert _money_and_cards(changed) == _money_and_cards(original)


@FUZZ
@given(st.dictionaries(st.sampled_from(["rules", "speed", "coach", "theme", "tier",
                                        "computer_players", "home_hands", "last_bets", "bogus",
                                        "client_seed", "provably_fair"]),
                       json_values.map(json.dumps) | st.text(max_size=12), max_size=6))
def test_settings_rows_of_any_content_read_field_by_field(rows: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        store.conn.executemany("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                               list(rows.items()))
        _, bets, notices = store.read(load_settings)
        assert all("\n" not in n for n in notices) and len(bets) <= 3
        assert store.balance() == Decimal(1000)  # a setting never touches money
        store.close()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.binary(max_size=120) | json_values.map(lambda v: json.dumps(v).encode()),
       st.lists(st.binary(max_size=60) | json_values.map(lambda v: json.dumps(v).encode()),
                max_size=5),
       st.binary(max_size=80) | json_values.map(lambda v: json.dumps(v).encode()))
def test_the_import_of_any_0_1_0_files_never_fails_and_gives_a_sane_bankroll(
        profile: bytes, history: list[bytes], shoe: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "profile.json").write_bytes(profile)
        (root / "history.jsonl").write_bytes(b"\n".join(history))
        (root / "shoe.json").write_bytes(shoe)
        (root / "inflight.json").write_bytes(shoe)
        (root / "shoes.jsonl").write_bytes(b"\n".join(history))
        store = Store(root)
        bankroll = store.balance()
        assert bankroll >= 0 and bankroll.adjusted() < 12
        assert not store.problems()
        assert all("\n" not in n and "Traceback" not in n for n in store.notices)
        store.close()


@FUZZ
@given(st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode()))
def test_shoe_line_parser(raw: bytes) -> None:
    with contextlib.suppress(RecordError):
        parse_shoe_line(raw)


@FUZZ
@given(json_values)
def test_shoe_record_from_random_json(data: Any) -> None:
    with contextlib.suppress(FairError):
        ShoeRecord.from_dict(data)


SHOE_RECORD = FairShoe(1, client_seed="fuzz").retire().to_dict()  # type: ignore[union-attr]


@FUZZ
@given(st.randoms(use_true_random=False), json_values)
def test_shoe_record_mutated(rng: random.Random, replacement: Any) -> None:
    with contextlib.suppress(FairError):
        ShoeRecord.from_dict(mutate(SHOE_RECORD, rng, replacement))
