"""The round in flight: saved at every step, resumed equal, booked or set aside exactly once."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.errors import StateError
from blackjack_tui.engine.fair import FairShoe
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.store import BANKROLL, Store, settle_unfinished
from blackjack_tui.store.inflight import decode, encode, rng_state

from .helpers import RULE_SETS, open_game, steps


def play_out(rnd: Round, seed: int) -> dict[str, Any]:
    chooser = random.Random(seed)
    while (decision := rnd.legal_actions()) is not None:
        rnd.apply(Action(chooser.choice(decision.actions)))
    rnd.shoe.shuffle()  # the next shuffle must come from the same RNG state
    data = rnd.to_dict()
    if "fair" in data["shoe"]:
        assert data["shoe"]["fair"]["pool"] is None  # all cards were back for the shuffle
        del data["shoe"]["fair"]["next_server_seed"]  # fresh entropy for the shoe after
    return data


@pytest.mark.parametrize("fair", [False, True])
def test_a_restored_round_plays_on_identically(fair: bool) -> None:
    rules = RULE_SETS["nordic"]
    for seed in range(20):
        shoe: Shoe = FairShoe(rules.decks, client_seed="me") if fair \
            else Shoe.seeded(rules.decks, seed)
        rnd = Round(rules, shoe, [5, 10, 15], 1000)
        rnd.deal()
        saved = json.loads(json.dumps(encode("r", rnd)))  # through real JSON
        restored = decode(saved).round
        assert restored == rnd
        assert play_out(restored, seed) == play_out(rnd, seed)


def test_a_seeded_shoes_random_state_is_saved_packed_and_read_in_either_form() -> None:
    """The 625 words of the generator's state go as one packed string (under half the JSON of a
    list of numbers, written at every step); a save with the list, as 0.1.0 wrote it, still
    resumes to the same next shuffle."""
    rules = RULE_SETS["nordic"]
    rnd = Round(rules, Shoe.seeded(rules.decks, 7), [5, 10], 1000)
    rnd.deal()
    packed = json.loads(json.dumps(encode("r", rnd)))
    assert set(packed["rng"]) == {"kind", "version", "words", "gauss"}
    assert isinstance(packed["rng"]["words"], str)
    version, internal, gauss = rnd.shoe.rng.getstate()  # type: ignore[union-attr]
    listed = json.loads(json.dumps(packed))
    listed["rng"] = {"kind": "random", "state": [version, list(internal), gauss]}
    assert len(json.dumps(packed["rng"])) * 2 < len(json.dumps(listed["rng"]))
    first, second = decode(packed).round, decode(listed).round
    assert first.shoe.rng.getstate() == rnd.shoe.rng.getstate()  # type: ignore[union-attr]
    assert play_out(first, 7) == play_out(second, 7) == play_out(rnd, 7)


@pytest.mark.parametrize("words", ["not base64!", "AAAA", ""])
def test_a_damaged_packed_random_state_is_not_a_saved_shoe(words: str) -> None:
    rules = RULE_SETS["nordic"]
    rnd = Round(rules, Shoe.seeded(rules.decks, 7), [5], 1000)
    data = json.loads(json.dumps(encode("r", rnd)))
    data["rng"]["words"] = words
    with pytest.raises(StateError, match="not a saved shoe"):
        decode(data)


def test_unknown_rng_falls_back_to_system_entropy() -> None:
    rules = RULE_SETS["nordic"]
    rnd = Round(rules, Shoe(rules.decks), [5], 1000)
    data = encode("r", rnd)
    assert data["rng"] == {"kind": "system"}
    assert decode(data).round == rnd


def test_a_stacked_shoe_saves_no_random_state_and_resumes_dealing_its_cards() -> None:
    """A stacked shoe deals exactly its cards and never shuffles: its generator is never drawn
    from, so a step's save does not carry its 625 words (3.4 KB at every step of a test's or a
    scene's round); resumed, it deals the same cards on. A save that carried them still reads."""
    rules = RULE_SETS["nordic"]
    cards = ["TS", "9H", "7D", "6C", "5H", "4C", "3D", "2S", "8C", "9D"]
    rnd = Round(rules, Shoe.stacked(cards, decks=rules.decks), [10], 1000)
    rnd.deal()
    data = json.loads(json.dumps(encode("r", rnd)))
    assert data["rng"] == {"kind": "stacked"}
    old = json.loads(json.dumps(data))
    old["rng"] = rng_state(Shoe.seeded(rules.decks, 0))  # as saves before this one carried it
    for saved in (data, old):
        restored = decode(saved).round
        assert restored == rnd
        assert restored.shoe.stacked_shoe
        assert [restored.shoe.draw().text for _ in range(3)] == ["5H", "4C", "3D"]


# ---------------------------------------------------------------------------- settlement

def saved_round(name: str, cards: list[str], bets: list[object],
                actions: list[str]) -> dict[str, Any]:
    rules = RULE_SETS[name]
    rnd = Round(rules, Shoe.stacked(cards, decks=rules.decks), bets, 1000)
    rnd.deal()
    for action in actions:
        rnd.apply(Action.parse(action))
    return encode("r", rnd)


def test_settle_returns_bets_when_nothing_was_won() -> None:
    # Box 1 busts, box 2 still to play: returning every bet beats keeping the bust.
    data = saved_round("nordic", ["TS", "9H", "7D", "6C", "8H", "9C", "KD"], [10, 20],
                       ["hit"])
    st = settle_unfinished(data, "its rule set 'nordic' has changed")
    assert st.net == 0 and st.staked == Decimal(30)
    assert "returned" in st.notice and "\n" not in st.notice


def test_settle_keeps_a_blackjack_already_paid() -> None:
    # A blackjack is paid at once when the dealer shows a 6; box 2 is still open.
    data = saved_round("nordic", ["AS", "9H", "6D", "KC", "8H", "7S"], [10, 20], [])
    assert data["round"]["boxes"][0]["hands"][0]["outcome"] == "blackjack"
    st = settle_unfinished(data, "its rule set 'nordic' is gone")
    assert st.net == Decimal(15)
    assert "15 already won" in st.notice


@pytest.mark.parametrize("data", [None, [], {"round": 5}, {"round": {"boxes": [{"hands": [
    {"stake": "10", "outcome": "win", "net": "1e9"}]}]}}, {"round": {"boxes": [{"hands": [
        {"stake": 10.5, "outcome": None}]}]}}])
def test_settle_damaged_state_returns_bets(data: Any) -> None:
    st = settle_unfinished(data, "damaged")
    assert st.net == 0 and "returned" in st.notice


# ---------------------------------------------------------------------------- recover


def new_round(rules_name: str = "nordic", seed: int = 1) -> Round:
    rules = RULE_SETS[rules_name]
    rnd = Round(rules, Shoe.seeded(rules.decks, seed), [10], 1000)
    rnd.deal()
    return rnd


def test_nothing_in_flight(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    assert game.resume_round is None and game.notices == []


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_round_saved_at_any_step_is_resumed_equal(tmp_path: Path, name: str) -> None:
    rules = RULE_SETS[name]
    checked = 0
    for seed in range(6):
        for rnd in steps(rules, seed, bets=(rules.min_bet * 2, rules.min_bet, rules.min_bet * 3),
                         bankroll=1000):
            if rnd.over or not rnd.dealt:
                continue
            store = Store(tmp_path)
            settings, bets, _ = store.settings()
            settings.rules = name  # the table the round was dealt at, as a game saves it
            store.save_settings(settings, bets)
            store.save_inflight("r", BANKROLL, rnd)
            store.close()
            game = open_game(tmp_path)
            assert game.notices == [] and game.resume_round == rnd
            assert game.resume_round is not rnd and game.round_id == "r"
            game.store.clear_inflight()
            game.close()
            checked += 1
    assert checked > 6


def test_changed_rules_keep_what_was_won_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    data = saved_round("nordic", ["AS", "9H", "6D", "KC", "8H", "7S"], [10, 20], [])
    store.conn.execute("INSERT INTO inflight VALUES (1, 'r', 1, ?, 'now')", (json.dumps(data),))
    store.close()
    changed = dict(RULE_SETS)
    changed["nordic"] = changed["nordic"].model_copy(update={"dealer_hits_soft_17": True})
    game = open_game(tmp_path, rule_sets=changed)
    assert game.resume_round is None and "changed" in game.notices[0]
    assert game.store.balance() == Decimal(1015) and game.store.inflight() is None
    game.close()
    again = open_game(tmp_path, rule_sets=changed)
    assert again.notices == [] and again.store.balance() == Decimal(1015)


def test_missing_rule_set_returns_the_bets(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_inflight("r", BANKROLL, new_round())
    store.close()
    sets = {k: v for k, v in RULE_SETS.items() if k != "nordic"}
    game = open_game(tmp_path, rule_sets={**sets, "nordic": RULE_SETS["vegas-strip"]
                                         .model_copy(update={"name": "nordic"})})
    assert "changed" in game.notices[0] and game.store.balance() == Decimal(1000)


def test_an_unreadable_saved_round_is_set_aside_and_its_bets_returned(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.conn.execute("INSERT INTO inflight VALUES (1, 'r', 1, ?, 'now')",
                       ('{"format": "blackjack-tui/inflight", "rou',))
    store.close()
    game = open_game(tmp_path)
    assert "could not be resumed" in game.notices[0] and "returned" in game.notices[0]
    assert game.store.balance() == Decimal(1000) and game.store.inflight() is None
    kept = game.store.read(lambda c: c.execute("SELECT what, data FROM aside").fetchall())
    assert kept == [("round", '{"format": "blackjack-tui/inflight", "rou')]


def test_a_round_over_but_not_booked_is_booked_once_at_start(tmp_path: Path) -> None:
    rnd = new_round(seed=7)
    play_out(rnd, 7)
    store = Store(tmp_path)
    store.save_inflight("r7", BANKROLL, rnd)
    store.close()
    game = open_game(tmp_path)
    assert game.resume_round is None and game.store.is_booked("r7")
    assert game.store.balance() == Decimal(1000) + rnd.net and not game.store.problems()
    game.close()
    assert open_game(tmp_path).store.balance() == Decimal(1000) + rnd.net


def test_the_shoe_is_kept_between_rounds_and_a_fair_one_is_revealed_at_another_table(
        tmp_path: Path) -> None:
    game = open_game(tmp_path)
    assert game.set_fair(True, "seed") is not None
    shoe = game.session.shoe
    assert isinstance(shoe, FairShoe)
    shoe.shuffle()
    shoe.discard([shoe.draw() for _ in range(10)])  # a round's cards, in the tray
    game.session.take_retired()
    game._save_shoe_now()
    game.close()
    back = open_game(tmp_path)
    assert back.notices == [] and isinstance(back.session.shoe, FairShoe)
    assert back.session.shoe.to_dict() == shoe.to_dict()
    back.switch_rules(RULE_SETS["home"], None)  # one deck: the six-deck fair shoe leaves play
    [record], _ = back.fair_shoes()
    assert record.revealed and len(record.dealt) == 10
    assert record.commitment == shoe.commitment


def test_a_reworded_description_never_costs_a_round_in_flight(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_inflight("r", BANKROLL, new_round())
    store.close()
    sets = dict(RULE_SETS)
    sets["nordic"] = sets["nordic"].model_copy(update={"description": "Said better now.",
                                                       "title": "Nordic (new name)"})
    game = open_game(tmp_path, rule_sets=sets)
    assert game.notices == [] and game.resume_round is not None
