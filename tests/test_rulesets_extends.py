"""A player's table can start from another: ``extends = "swedish"``, then the keys that differ."""

from __future__ import annotations

from pathlib import Path

from blackjack_tui.rulesets import load_all, parse_text, shipped_tables


def parse(text: str) -> tuple[dict, list]:  # type: ignore[type-arg]
    return parse_text(text, "mine.toml", shipped_tables())


def test_a_table_starts_from_a_shipped_one() -> None:
    sets, errors = parse('[ruleset.held]\nextends = "swedish"\ndouble_ace_as_one = "held"\n')
    assert errors == []
    held = sets["held"]
    swedish = load_all()[0]["swedish"]
    assert held.double_ace_as_one == "held"
    assert held.model_dump(exclude={"name", "title", "description", "double_ace_as_one"}) == \
        swedish.model_dump(exclude={"name", "title", "description", "double_ace_as_one"})
    assert held.title == "Swedish casino (held)"
    assert held.description == 'swedish with double_ace_as_one = "held"'


def test_chains_within_a_file_and_nested_tables_merge() -> None:
    text = ('[ruleset.a]\nextends = "home"\ndecks = 2\ntitle = "A"\n'
            '[ruleset.a.ledger]\nrebuys = 0\n'
            '[ruleset.b]\nextends = "a"\ndealer_hits_soft_17 = true\n')
    sets, errors = parse(text)
    assert errors == []
    assert sets["a"].ledger is not None and sets["a"].ledger.rebuys == 0
    assert sets["a"].ledger.starting_stack == load_all()[0]["home"].ledger.starting_stack  # type: ignore[union-attr]
    assert (sets["b"].decks, sets["b"].dealer_hits_soft_17, sets["b"].title) == (2, True, "A (b)")


def test_errors_name_file_line_table_and_key() -> None:
    text = ('[ruleset.ok]\nextends = "nordic"\n\n'
            '[ruleset.lost]\nextends = "nowhere"\n\n'
            '[ruleset.typed]\nextends = "swedish"\ndecks = "2"\n\n'
            '[ruleset.loop1]\nextends = "loop2"\n[ruleset.loop2]\nextends = "loop1"\n')
    sets, errors = parse(text)
    assert set(sets) == {"ok"}
    shown = [str(e) for e in errors]
    assert shown[0].startswith("mine.toml:5: rule set 'lost', key 'extends': no table 'nowhere'")
    assert shown[1].startswith("mine.toml:9: rule set 'typed', key 'decks':")
    assert any("circle" in line and "'loop1'" in line for line in shown)


def test_the_users_file_extends_through_load_all(tmp_path: Path) -> None:
    own = tmp_path / "rulesets.toml"
    own.write_text('[ruleset.one-deck-swedish]\nextends = "swedish"\ndecks = 1\n')
    sets, errors = load_all(own)
    assert errors == []
    assert sets["one-deck-swedish"].decks == 1
    assert sets["one-deck-swedish"].dealer_wins_ties == (17, 18, 19)
