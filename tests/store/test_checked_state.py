"""Saved state is checked, never trusted; settings are read field by field and never touch money;
the book is checked at every start and the journal wins."""

from __future__ import annotations

import asyncio
import json
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.store import BANKROLL, Line, Store
from tests.money import check_money

from .helpers import open_game

# Nordic: box 1 bets 10 and box 2 bets 20; 9+7 and T+T against a 6 up, 5 in the hole.
CARDS = ["9S", "TD", "6C", "7H", "TS", "5D", "9D", "8C", "7C"]


def saved_mid_round(folder: Path) -> dict:
    game = open_game(folder)
    game.session.shoe = Shoe.stacked(CARDS, decks=6)
    rnd, _ = game.session.start_round([Decimal(10), Decimal(20)])
    rnd.deal()
    asyncio.run(game.persist(rnd))
    rnd.apply(Action.parse("hit"))
    asyncio.run(game.persist(rnd))
    game.close()
    saved = Store(folder).inflight()
    assert saved is not None and saved.data is not None
    return saved.data


def write_state(folder: Path, data: dict) -> None:
    store = Store(folder)
    store.conn.execute("UPDATE inflight SET state = ?", (json.dumps(data),))
    store.close()


@pytest.mark.parametrize("change", [
    ("bankroll_start", "1001"),            # one digit of the chips it was dealt with
    ("bankroll", "971"),                   # one digit of the chips left beside the table
    ("box-stake", "11"),                   # one digit of a stake
    ("box-bet", "21"),
    ("card", "9H"),                        # a card in a hand that was never dealt
    ("action", "double"),                  # a decision that was not taken
])
def test_one_changed_value_in_the_saved_round_never_creates_a_chip(tmp_path: Path,
                                                                   change: tuple[str, str]) -> None:
    data = saved_mid_round(tmp_path)
    state = data["round"]
    where, value = change
    if where in ("bankroll_start", "bankroll"):
        state[where] = value
    elif where == "box-stake":
        state["boxes"][1]["hands"][0]["stake"] = value
    elif where == "box-bet":
        state["boxes"][1]["bet"] = value
    elif where == "card":
        state["boxes"][0]["hands"][0]["cards"][0] = value
    else:
        state["actions"][0] = value
    write_state(tmp_path, data)
    game = open_game(tmp_path)
    assert game.resume_round is None
    assert len(game.notices) == 1 and "does not check out" in game.notices[0]
    assert "\n" not in game.notices[0] and "returned" in game.notices[0]
    assert game.store.balance() == Decimal(1000)  # the bets come back; nothing else
    check_money(game)
    kept = game.store.read(lambda c: c.execute("SELECT what FROM aside").fetchall())
    assert kept == [("round",)]


def test_one_bit_in_the_saved_shoe_never_makes_a_seventh_card(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    shoe = Shoe.seeded(6, 5)
    shoe.shuffle()
    game.session.shoe = shoe
    game._save_shoe_now()
    game.close()
    store = Store(tmp_path)
    state = store.shoe()
    assert state is not None
    cards = state["shoe"]["cards"]
    spade = next(i for i, c in enumerate(cards) if c == "KS")
    cards[spade] = "KC"  # 'S' is 0x53, 'C' 0x43: one flipped bit
    store.save_shoe(state)
    store.close()
    again = open_game(tmp_path)
    assert any("holds 7 of KC in 6 deck(s)" in n and "fresh shoe" in n for n in again.notices)
    fresh = again.session.shoe
    assert [c.text for c in fresh.remaining_cards()].count("KC") == 6 and not fresh.discards


def test_the_saved_round_resumes_when_nothing_was_changed(tmp_path: Path) -> None:
    data = saved_mid_round(tmp_path)
    data["saved_at"] = "yesterday"  # not part of the round
    write_state(tmp_path, data)
    game = open_game(tmp_path)
    assert game.notices == [] and game.resume_round is not None
    check_money(game)


@pytest.mark.parametrize("key, raw, default", [
    ("speed", '"nromal"', "normal"),             # a typo
    ("coach", "tru", False),                      # a flipped bit: not JSON any more
    ("computer_players", "9", 0),                 # out of range
    ("bogus", '"x"', None),                       # a key this version does not know
])
def test_one_bad_setting_costs_only_that_setting(tmp_path: Path, key: str, raw: str,
                                                 default: object) -> None:
    game = open_game(tmp_path)
    game.store.post([Line(BANKROLL, "import", Decimal(19000))])
    game.settings.theme = "nord"
    game.save_settings()
    game.drain()
    game.store.conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                            (key, raw))
    game.close()
    again = open_game(tmp_path)
    assert again.store.balance() == Decimal(20000)  # never the default bankroll
    assert again.settings.theme == "nord"          # the other settings are kept
    if default is not None:
        assert getattr(again.settings, key) == default
    assert len(again.notices) == 1 and repr(key) in again.notices[0]
    assert "\n" not in again.notices[0]


def test_a_changed_balance_is_named_at_start_and_the_journal_wins(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.close()
    store = Store(tmp_path)
    store.conn.execute("UPDATE accounts SET balance = '20000' WHERE name = 'bankroll'")
    store.close()
    again = open_game(tmp_path)
    assert again.store.balance() == Decimal(1000)
    assert again.notices == ["The book did not add up: The bankroll on disk was 20000, its "
                             "journal says 1000. The journal's figures are used."]
    check_money(again)


def test_a_bankroll_of_thirty_digits_on_disk_is_damage_not_a_crash(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.close()
    store = Store(tmp_path)
    store.conn.execute("UPDATE accounts SET balance = ? WHERE name = 'bankroll'", ("9" * 30,))
    store.close()
    again = open_game(tmp_path)
    assert again.store.balance() == Decimal(1000) and "did not add up" in again.notices[0]
