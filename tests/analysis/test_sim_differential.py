"""The fast path is the engine: the same cards, the same nets, round by round, for any rules.

Random rule sets draw every ``Rules`` field; random charts play every legal action; narrow
stacked shoes make the rare hands common; every stacked shoe of the engine's scenario tests is
dealt through both paths too. See ``sim_diff.py`` for why each generator is there.
"""

from __future__ import annotations

import random

import pytest

from blackjack_tui.analysis import sim_fast
from blackjack_tui.analysis.sim import simulate
from blackjack_tui.analysis.sim_fast import FastTable, models, unknown_fields, unknown_values
from blackjack_tui.analysis.sim_shoe import FastShoe, card_code, unrolled_draws_agree
from blackjack_tui.engine.cards import parse_cards
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.rulesets import load_all

from .sim_diff import (
    FIELDS,
    both,
    engine_scenarios,
    first_difference,
    held_adapter,
    narrow_shoe,
    random_chart,
    random_rules,
)

SHIPPED, _ = load_all()
SCENARIO_TABLE = {f"test_rules_{name.replace('-', '_')}.py": name for name in SHIPPED}

# Every field sorted ----------------------------------------------------------------------------


def test_every_rules_field_is_modelled_or_cannot_change_a_simulated_round() -> None:
    assert unknown_fields() == set(), "sort the new field into MODELLED or NOT_PLAYED"
    assert not sim_fast.MODELLED & sim_fast.NOT_PLAYED


def test_every_value_of_a_modelled_field_is_known_to_the_fast_path() -> None:
    assert unknown_values() == {}


def test_the_random_rule_sets_draw_every_field() -> None:
    assert set(FIELDS) == set(Rules.model_fields)
    drawn = [random_rules(random.Random(i)) for i in range(200)]
    for name in Rules.model_fields:
        if name != "name":
            assert len({repr(getattr(r, name)) for r in drawn}) > 1, name


def test_rules_the_fast_path_does_not_model_are_simulated_by_the_engine(monkeypatch) -> None:
    rules = Rules(name="late", surrender="late")
    chart = random_chart(random.Random(1))
    fast = simulate(rules, chart, 300, 4).return_percent
    monkeypatch.setitem(sim_fast.MODELLED_VALUES, "surrender", frozenset({"none"}))
    assert not models(rules) and models(Rules(name="plain"))
    with pytest.raises(ValueError, match="does not model"):
        FastTable(rules, chart, 1)
    assert simulate(rules, chart, 300, 4).return_percent == \
        simulate(rules, chart, 300, 4, engine=True).return_percent == fast
    monkeypatch.setattr(sim_fast, "NOT_PLAYED", sim_fast.NOT_PLAYED - {"ledger"})
    assert not models(Rules(name="plain"))  # a field sorted nowhere: everything goes the slow way


# The shoe ---------------------------------------------------------------------------------------


def test_the_fast_shoe_deals_the_engines_shoe_card_for_card() -> None:
    assert unrolled_draws_agree()
    for decks, seed, by in ((1, 3, "value"), (6, 11, "rank"), (2, 5, "value")):
        rules = Rules(name="t", decks=decks, split_by=by, penetration=0.5)  # type: ignore[arg-type]
        fast, shoe = FastShoe(rules, seed), Shoe.seeded(decks, seed)
        for _ in range(2):
            drawn = [fast.draw() for _ in range(decks * 52)]
            cards = [shoe.draw() for _ in range(decks * 52)]
            assert drawn == [card_code(c, by == "rank") for c in cards]
            shoe.discard(cards)
            fast.shuffle()
            shoe.shuffle()


def test_a_stacked_fast_shoe_deals_its_cards_and_runs_out() -> None:
    fast = FastShoe(Rules(name="t"), stacked=parse_cards(["AS", "KD", "7C"]))
    assert [fast.draw() for _ in range(3)] == [1, 10, 7]
    with pytest.raises(Exception, match="ran out"):
        fast.draw()


# Round by round ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_the_shipped_tables_with_their_own_charts(name: str, analysis_of) -> None:
    rules = SHIPPED[name]
    fast, engine = both(rules, analysis_of(rules).chart, 800, seed=5)
    assert first_difference(fast, engine) is None


@pytest.mark.parametrize("block", range(4))
def test_random_rules_random_charts_small_seeded_shoes(block: int, monkeypatch) -> None:
    # One or two decks, dealt deep: the cut card, every-round shuffles, shoes that run dry in the
    # middle of a round and reshuffle their discards.
    held_adapter(monkeypatch)
    dry = _count_calls(monkeypatch, FastShoe, "_reshuffle_discards")
    for case in range(6):
        rng = random.Random(f"seeded {block} {case}")
        deep = {"decks": 1, "penetration": 0.95, "shuffle": "cut-card"} if case < 2 else {}
        rules = random_rules(rng, **{"decks": rng.choice([1, 2]), **deep})
        fast, engine = both(rules, random_chart(rng), 120, seed=rng.randrange(10**6))
        assert first_difference(fast, engine) is None, rules
    assert dry.calls > 0


@pytest.mark.parametrize("block", range(2))
def test_random_rules_random_charts_big_seeded_shoes(block: int, monkeypatch) -> None:
    # Six to eight decks: most rounds deal with pop from the cards drawn at the shuffle; those
    # near the cut card deal card by card, drawing the loose cards at random as the engine does.
    held_adapter(monkeypatch)
    loose = _count_calls(monkeypatch, FastShoe, "draw")
    for case in range(3):
        rng = random.Random(f"big {block} {case}")
        rules = random_rules(rng, decks=rng.choice([6, 8]), shuffle="cut-card")
        fast, engine = both(rules, random_chart(rng), 350, seed=rng.randrange(10**6))
        assert first_difference(fast, engine) is None, rules
    assert loose.calls > 0


class _Calls:
    calls = 0


def _count_calls(monkeypatch, owner: type, name: str) -> _Calls:
    counter = _Calls()
    method = getattr(owner, name)

    def counted(*args, **kwargs):
        counter.calls += 1
        return method(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return counter


# Every value of every modelled rule, each with random everything else: a rule's branch is dealt
# through both paths whatever its value, not just where a random rule set happens to land.
RULE_VALUES = [(name, value) for name, values in {
    "decks": [1, 2, 6, 8], "shuffle": ["cut-card", "every-round"], "penetration": [0.5, 0.95],
    "dealer_hits_soft_17": [False, True], "hole_card": ["peek", "none"],
    "no_hole_card_loses": ["all", "original"], "dealer_wins_ties": [(), (17, 18, 19), (21,)],
    "blackjack_pays": ["3:2", "6:5", "1:1"], "blackjack_paid_at_once": [False, True],
    "double_on": ["any", "9-11", "10-11", "7-11"], "double_ace_as_one": [None, "all", "held"],
    "double_after_split": [False, True], "double_after_split_any_total": [False, True],
    "split_by": ["value", "rank"], "max_split_hands": [1, 2, 3, 4],
    "resplit_aces": [False, True], "split_aces_one_card": [False, True],
    "hit_soft_21": [False, True], "surrender": ["none", "late"],
    # Played by the counting paths (insurance at its index); a flat plan declines it, so here
    # they must change nothing either way.
    "insurance": ["none", "after-deal", "dealer-turn"],
    "insurance_stake": ["half-bet", "half-box", "up-to-half"],
    "insure_blackjack": [False, True], "even_money": [False, True],
}.items() for value in values]


def test_every_modelled_rule_has_its_values_dealt() -> None:
    assert {name for name, _ in RULE_VALUES} == sim_fast.MODELLED


@pytest.mark.parametrize(("name", "value"), RULE_VALUES,
                         ids=[f"{n}={v}" for n, v in RULE_VALUES])
def test_each_rule_value_on_narrow_shoes(name: str, value: object, monkeypatch) -> None:
    held_adapter(monkeypatch)
    rng = random.Random(f"narrow {name} {value}")
    fixed = {name: value, **({"max_split_hands": 4} if name == "resplit_aces" else {})}
    rules = random_rules(rng, **fixed)
    cards = narrow_shoe(rng, 300)
    fast, engine = both(rules, random_chart(rng), 120, stacked=cards)
    assert first_difference(fast, engine) is None, (rules, [c.text for c in cards[:40]])


def test_every_stacked_shoe_of_the_engine_tests(monkeypatch) -> None:
    held_adapter(monkeypatch)
    scenarios = list(engine_scenarios())
    assert len(scenarios) > 150
    rng = random.Random("scenarios")
    pool = [(random_rules(rng), random_chart(rng)) for _ in range(6)]
    own = {name: random_chart(rng) for name in SHIPPED}
    for i, (file, line, cards) in enumerate(scenarios):
        table = SCENARIO_TABLE.get(file, "nordic")
        tail = [rng.choice(cards) for _ in range(40)]  # more of the same: the rounds that follow
        for rules, chart in ((SHIPPED[table], own[table]), pool[i % len(pool)]):
            stacked = parse_cards(cards + tail)
            fast, engine = both(rules, chart, 4, stacked=stacked)
            assert first_difference(fast, engine) is None, (file, line, rules.name)


def test_doubled_hands_with_aces_and_splits_under_both_readings(monkeypatch) -> None:
    # Aces on doubles, after splits too: the Swedish rule whose two readings issue 14 separates,
    # and where an ace counted high again after a doubled split hand once went unseen.
    needed = held_adapter(monkeypatch)
    for case in range(8):
        rng = random.Random(f"aces low {case}")
        rules = random_rules(rng, double_ace_as_one=("all", "held")[case % 2],
                             double_after_split=True, max_split_hands=rng.choice([2, 3, 4]))
        cards = narrow_shoe(rng, 300, ace=True)
        fast, engine = both(rules, random_chart(rng), 120, stacked=cards)
        assert first_difference(fast, engine) is None, (rules, needed)


def test_whole_runs_of_one_deck_dealt_deep_through_dry_shoes(monkeypatch) -> None:
    # In one call of play: a round dealt card by card that runs the shoe dry reshuffles its
    # discards, and the next round must ask the shoe how to deal again (it once popped cards
    # that were never drawn at random, and then failed).
    from blackjack_tui.analysis.sim_engine import EngineTable

    held_adapter(monkeypatch)
    dry = _count_calls(monkeypatch, FastShoe, "_reshuffle_discards")
    for case in range(4):
        rng = random.Random(f"dry whole {case}")
        rules = random_rules(rng, decks=1, penetration=0.95, shuffle="cut-card")
        chart, seed = random_chart(rng), rng.randrange(10**6)
        fast: list[float] = []
        engine: list[float] = []
        FastTable(rules, chart, seed).play(300, fast)
        EngineTable(rules, chart, seed).play(300, engine)
        assert fast == engine, rules
    assert dry.calls > 0
