"""The Rules model (frozen, strict, consistent) and the rule-set loader's errors."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from pydantic import ValidationError

from blackjack_tui.engine import Rules
from blackjack_tui.rulesets import (
    RulesFileInvalid,
    check_file,
    load_all,
    parse_text,
    shipped_path,
    shipped_source,
)

SHIPPED = ["nordic", "swedish", "home", "online", "vegas-strip", "atlantic-city", "downtown-h17"]


def make(**fields):
    return Rules.model_validate({"name": "test", **fields})


# The model ----------------------------------------------------------------------------------------


def test_rules_are_frozen():
    rules = make()
    with pytest.raises(ValidationError, match="frozen"):
        rules.decks = 2


def test_unknown_key_is_rejected_naming_it():
    with pytest.raises(ValidationError) as err:
        make(deks=6)
    assert "deks" in str(err.value) and "Extra inputs are not permitted" in str(err.value)


@pytest.mark.parametrize("payout", ["3-2", "0:2", "3:0", "a:b", "3:2:1", "3:7", "1:3"])
def test_bad_blackjack_payout_is_rejected(payout):
    with pytest.raises(ValidationError, match="payout"):
        make(blackjack_pays=payout)


@pytest.mark.parametrize(("payout", "ratio"), [("3:2", Fraction(3, 2)), ("6:5", Fraction(6, 5)),
                                               ("1:1", 1), ("7:5", Fraction(7, 5))])
def test_good_blackjack_payouts(payout, ratio):
    assert make(blackjack_pays=payout).blackjack_ratio == ratio


def test_min_bet_above_max_bet_is_rejected():
    with pytest.raises(ValidationError, match="min_bet 100 is above max_bet 10"):
        make(min_bet=100, max_bet=10)


def test_tier_min_above_max_and_duplicate_tier_names_are_rejected():
    with pytest.raises(ValidationError, match="above"):
        make(tiers=[{"name": "VIP", "min_bet": 500, "max_bet": 100}])
    with pytest.raises(ValidationError, match="tier names"):
        make(tiers=[{"name": "A", "min_bet": 1, "max_bet": 10},
                    {"name": "A", "min_bet": 5, "max_bet": 50}])


def test_limits_by_tier_ignore_case_and_unknown_tiers_are_named():
    rules = make(tiers=[{"name": "High Roller", "min_bet": 25, "max_bet": 1000}])
    assert rules.limits("high roller") == (25, 1000)
    assert rules.limits(None) == (1, 500)
    with pytest.raises(ValueError, match="High Roller"):
        rules.limits("Gold")


@pytest.mark.parametrize(("fields", "message"), [
    ({"dealer_wins_ties": [16]}, "cannot happen"),
    ({"resplit_aces": True, "max_split_hands": 2}, "resplit_aces"),
    ({"insurance": "none", "insure_blackjack": True}, "insure_blackjack"),
    ({"decks": 0}, "decks"), ({"decks": 9}, "decks"),
    ({"max_boxes": 4}, "max_boxes"), ({"chips": []}, "chip"),
    ({"min_bet": 0}, "min_bet"), ({"min_bet": "0.001"}, "min_bet"),
    ({"double_on": "8-11"}, "double_on"), ({"hole_card": "maybe"}, "hole_card"),
    ({"name": "Bad Name"}, "name"),
])
def test_inconsistent_or_out_of_range_rules_are_rejected(fields, message):
    with pytest.raises(ValidationError, match=message):
        make(**fields)


def test_ties_are_sorted_and_deduplicated():
    assert make(dealer_wins_ties=[19, 17, 18, 17]).dealer_wins_ties == (17, 18, 19)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_rules_round_trip_through_json(name):
    rules = load_all()[0][name]
    assert Rules.model_validate_json(rules.model_dump_json()) == rules


# The shipped file ---------------------------------------------------------------------------------


def test_shipped_file_loads_every_set_without_errors():
    sets, errors = load_all()
    assert errors == []
    assert list(sets) == SHIPPED
    for name, rules in sets.items():
        assert rules.name == name
        assert rules.title and rules.description and rules.source


# The loader ---------------------------------------------------------------------------------------

GOOD = """\
[ruleset.mine]
decks = 2
blackjack_pays = "6:5"
"""


def test_parse_text_reads_a_rule_set():
    sets, errors = parse_text(GOOD, "my.toml")
    assert errors == []
    assert sets["mine"].decks == 2 and sets["mine"].blackjack_pays == "6:5"


def test_unknown_key_error_names_file_rule_set_key_and_line():
    text = "[ruleset.mine]\ndecks = 2\nbogus = 1\n"
    sets, errors = parse_text(text, "my.toml")
    assert sets == {}
    [err] = errors
    assert (err.path, err.ruleset, err.key, err.line) == ("my.toml", "mine", "bogus", 3)
    assert str(err).startswith("my.toml:3: rule set 'mine', key 'bogus': unknown key")


def test_bad_value_error_names_the_key_and_its_line():
    text = "# mine\n[ruleset.a]\ndecks = 2\n\n[ruleset.b]\nhole_card = 'peek'\ndecks = 12\n"
    sets, errors = parse_text(text, "x.toml")
    assert list(sets) == ["a"]  # the good set survives its broken neighbour
    [err] = errors
    assert (err.ruleset, err.key, err.line) == ("b", "decks", 7)
    assert "8" in err.message


def test_bad_payout_error_is_worded_for_a_player():
    _, errors = parse_text('[ruleset.a]\nblackjack_pays = "3-2"\n', "x.toml")
    [err] = errors
    assert (err.key, err.line) == ("blackjack_pays", 2)
    assert "write a payout as 'A:B'" in err.message and "Value error" not in err.message


def test_nested_tier_error_names_the_rule_set_and_a_line():
    text = ('[ruleset.a]\ndecks = 2\n\n'
            '[[ruleset.a.tiers]]\nname = "VIP"\nmin_bet = 500\nmax_bet = 1\n')
    _, errors = parse_text(text, "x.toml")
    [err] = errors
    assert err.ruleset == "a" and err.key.startswith("tiers") and err.line is not None


def test_toml_syntax_error_names_the_line():
    _, errors = parse_text("[ruleset.a]\ndecks = = 2\n", "x.toml")
    [err] = errors
    assert err.line == 2 and "not valid TOML" in err.message


def test_unknown_top_level_key_and_an_empty_file_are_errors():
    _, errors = parse_text("decks = 6\n" + GOOD, "x.toml")
    assert [e.key for e in errors] == ["decks"]
    _, errors = parse_text("", "x.toml")
    assert "no rule sets" in errors[0].message


def test_check_file_raises_listing_every_problem(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text("[ruleset.a]\nbogus = 1\n[ruleset.b]\ndecks = 0\n")
    with pytest.raises(RulesFileInvalid) as err:
        check_file(path)
    assert len(err.value.errors) == 2
    assert str(path) in str(err.value)
    path.write_text(GOOD)
    assert list(check_file(path)) == ["mine"]


# A player's own file ------------------------------------------------------------------------------


def test_user_file_adds_and_overrides_sets(tmp_path):
    path = tmp_path / "rulesets.toml"
    path.write_text(GOOD + '\n[ruleset.nordic]\ndecks = 8\nmax_split_hands = 2\n')
    sets, errors = load_all(path)
    assert errors == []
    assert sets["mine"].decks == 2 and sets["nordic"].decks == 8
    assert set(SHIPPED) <= set(sets)


@pytest.mark.parametrize("content", [
    b"[ruleset.nordic\ndecks = 8\n",             # TOML syntax
    b"[ruleset.nordic]\ndecks = 99\n",           # a bad override
    b"[ruleset.nordic]\nbogus = true\n",         # an unknown key
    b"\xff\xfe not utf-8",                       # not text
    b"ruleset = 5\n",                            # not a table
])
def test_a_bad_user_file_never_removes_the_shipped_sets(tmp_path, content):
    path = tmp_path / "rulesets.toml"
    path.write_bytes(content)
    sets, errors = load_all(path)
    shipped, _ = load_all()
    assert errors and all(e.path == str(path) for e in errors)
    assert sets == shipped  # every shipped set, the shipped nordic untouched


def test_missing_user_file_is_fine(tmp_path):
    sets, errors = load_all(tmp_path / "nowhere.toml")
    assert errors == [] and list(sets) == SHIPPED


def test_shipped_path_exists():
    assert shipped_path().is_file()


def test_money_fields_are_decimal():
    rules = make(min_bet="2.50", max_bet=100)
    assert rules.min_bet == Decimal("2.50") and isinstance(rules.max_bet, Decimal)


@pytest.mark.parametrize("key, value", [
    ("decks", "2"), ("decks", 2.0), ("max_boxes", "3"), ("penetration", "0.75"),
    ("dealer_hits_soft_17", "true"), ("dealer_hits_soft_17", 1), ("even_money", "no"),
    ("dealer_wins_ties", [17, "18"]), ("max_split_hands", True),
])
def test_a_number_or_switch_written_as_text_is_refused(key, value):
    # TOML has real integers and booleans: "2" for decks is a mistake, not a way to write 2.
    with pytest.raises(ValidationError) as err:
        make(**{key: value})
    assert key in str(err.value)


def test_a_wrong_type_in_a_rules_file_fails_the_check_naming_file_line_and_key(tmp_path):
    path = tmp_path / "rulesets.toml"
    path.write_text('[ruleset.mine]\ndecks = "2"\n')
    with pytest.raises(RulesFileInvalid) as err:
        check_file(path)
    assert f"{path}:2: rule set 'mine', key 'decks'" in str(err.value)


@pytest.mark.parametrize("written, read", [
    (True, "all"), (False, None), ("all", "all"), ("held", "held"), (None, None)])
def test_double_ace_as_one_takes_its_two_readings_and_the_old_switch(written, read):
    assert make(double_on="7-11", double_ace_as_one=written).double_ace_as_one == read


def test_double_ace_as_one_refuses_another_word():
    with pytest.raises(ValidationError, match="double_ace_as_one"):
        make(double_ace_as_one="some")


def test_the_shipped_rules_module_is_rulesets_toml():
    """A start reads the shipped tables from ``blackjack_tui.shipped_rules`` (no TOML parsed):
    it must be the TOML as it is. Write it again with ``python -m blackjack_tui.rulesets``."""
    import tomllib
    from pathlib import Path

    from blackjack_tui import shipped_rules

    text = shipped_path().read_text(encoding="utf-8")
    assert tomllib.loads(text) == shipped_rules.SHIPPED, "python -m blackjack_tui.rulesets"
    assert Path(shipped_rules.__file__).read_text(encoding="utf-8") == shipped_source(text)


def test_the_shipped_sets_from_python_values_are_the_ones_from_the_toml():
    from blackjack_tui.rulesets import load_file, load_shipped

    from_values, errors = load_shipped()
    from_toml, toml_errors = load_file(shipped_path())
    assert errors == toml_errors == []
    assert from_values == from_toml and len(from_values) >= 7
