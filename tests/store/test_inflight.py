"""The round in flight: saved at every step, restored equal, finished or settled exactly once."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from blackjack_tui.engine.fair import FairShoe
from blackjack_tui.engine.history import HandRecord
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.store import Profile, Store, StoreError, new_round_id, settle_unfinished
from blackjack_tui.store.inflight import decode, encode

from .helpers import RULE_SETS, steps


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_restores_equal_at_every_step(tmp_path: Path, name: str) -> None:
    rules = RULE_SETS[name]
    store = Store(tmp_path)
    checked = 0
    for seed in range(12):
        for rnd in steps(rules, seed, bets=(rules.min_bet * 2, rules.min_bet, rules.max_bet)):
            store.save_round("r", rnd)
            recovered = store.recover(Profile(), RULE_SETS)
            assert recovered.round == rnd and recovered.round_id == "r"
            assert recovered.round is not rnd
            checked += 1
    assert checked > 12 * 3


def play_out(rnd: Round, seed: int) -> dict[str, Any]:
    chooser = random.Random(seed)
    while (decision := rnd.legal_actions()) is not None:
        rnd.apply(chooser.choice(decision.actions))
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


def test_unknown_rng_falls_back_to_system_entropy() -> None:
    rules = RULE_SETS["nordic"]
    rnd = Round(rules, Shoe(rules.decks), [5], 1000)
    data = encode("r", rnd)
    assert data["rng"] == {"kind": "system"}
    assert decode(data).round == rnd


# ---------------------------------------------------------------------------- settlement

def saved_round(name: str, cards: list[str], bets: list[object],
                actions: list[str]) -> dict[str, Any]:
    rules = RULE_SETS[name]
    rnd = Round(rules, Shoe.stacked(cards, decks=rules.decks), bets, 1000)
    rnd.deal()
    for action in actions:
        rnd.apply(action)
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
    recovery = Store(tmp_path).recover(Profile(), RULE_SETS)
    assert recovery.round is None and recovery.notices == []


def test_changed_rules_settle_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    data = saved_round("nordic", ["AS", "9H", "6D", "KC", "8H", "7S"], [10, 20], [])
    store.inflight.path.write_text(json.dumps(data))
    changed = dict(RULE_SETS)
    changed["nordic"] = changed["nordic"].model_copy(update={"dealer_hits_soft_17": True})
    profile = Profile(bankroll=Decimal(1000))
    recovery = store.recover(profile, changed)
    assert recovery.round is None and "changed" in recovery.notices[0]
    assert profile.bankroll == Decimal(1015) and profile.last_round_id == "r"
    assert not store.inflight.path.exists()
    assert Store(tmp_path).load_profile().profile.bankroll == Decimal(1015)
    # Killed after the profile was saved, before the file was cleared: no second credit.
    store.inflight.path.write_text(json.dumps(data))
    again = Store(tmp_path)
    profile = again.load_profile().profile
    assert again.recover(profile, changed).notices == []
    assert profile.bankroll == Decimal(1015) and not store.inflight.path.exists()


def test_missing_rule_set_is_settled(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_round("r", new_round())
    sets = {k: v for k, v in RULE_SETS.items() if k != "nordic"}
    profile = Profile()
    recovery = store.recover(profile, sets)
    assert "'nordic' is gone" in recovery.notices[0] and profile.bankroll == Decimal(1000)


def test_unreadable_file_moved_aside_bets_returned(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.inflight.path.write_bytes(b'{"format": "blackjack-tui/inflight", "rou')
    profile = Profile()
    recovery = store.recover(profile, RULE_SETS)
    [aside] = tmp_path.glob("inflight.json.broken-*")
    assert str(aside) in recovery.notices[0] and "returned" in recovery.notices[0]
    assert profile.bankroll == Decimal(1000) and not store.inflight.path.exists()


def test_damaged_state_settled_once_even_without_an_id(tmp_path: Path) -> None:
    store = Store(tmp_path)
    data = saved_round("nordic", ["AS", "9H", "6D", "KC", "8H", "7S"], [10, 20], [])
    data["round"]["phase"] = "teleport"
    del data["round_id"]
    raw = json.dumps(data)
    store.inflight.path.write_text(raw)
    profile = Profile()
    recovery = store.recover(profile, RULE_SETS)
    assert "damaged" in recovery.notices[0] and profile.bankroll == Decimal(1015)
    store.inflight.path.write_text(raw)  # as if the move aside never happened
    assert store.recover(profile, RULE_SETS).notices == []
    assert profile.bankroll == Decimal(1015)


def finish(store: Store, profile: Profile, round_id: str, rnd: Round) -> None:
    store.finish_round(profile, round_id, HandRecord.of(rnd, [10], round_id=round_id), rnd.net)


def test_finish_round_credits_once(tmp_path: Path) -> None:
    store = Store(tmp_path, history_model=HandRecord)
    profile = store.load_profile().profile
    rid = new_round_id()
    rnd = new_round()
    store.save_round(rid, rnd)
    play_out(rnd, 0)
    store.save_round(rid, rnd)
    finish(store, profile, rid, rnd)
    assert profile.bankroll == Decimal(1000) + rnd.net
    assert not store.inflight.path.exists()
    finish(store, profile, rid, rnd)  # a repeated call changes nothing
    assert profile.bankroll == Decimal(1000) + rnd.net
    assert len(store.recent_rounds().records) == 1


@pytest.mark.parametrize("fail_at", ["history", "profile", "clear"])
def test_a_crash_inside_finish_round_is_finished_once_on_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail_at: str) -> None:
    store = Store(tmp_path, history_model=HandRecord)
    profile = store.load_profile().profile
    rnd = new_round(seed=7)
    play_out(rnd, 7)
    store.save_round("r7", rnd)

    def boom(*args: object, **kwargs: object) -> None:
        raise StoreError("could not save: the disk is full")

    target = {"history": store.history, "profile": store.profile_file,
              "clear": store.inflight}[fail_at]
    monkeypatch.setattr(target, {"history": "append", "profile": "save", "clear": "clear"}[fail_at],
                        boom)
    with pytest.raises(StoreError):
        finish(store, profile, "r7", rnd)
    monkeypatch.undo()

    # Restart: a new process loads what is on disk.
    fresh = Store(tmp_path, history_model=HandRecord)
    profile = fresh.load_profile().profile
    recovery = fresh.recover(profile, RULE_SETS)
    if recovery.round is not None:  # recorded nowhere yet: the app finishes it
        assert recovery.round.over and recovery.round_id == "r7"
        finish(fresh, profile, "r7", recovery.round)
    assert profile.bankroll == Decimal(1000) + rnd.net
    assert Store(tmp_path).load_profile().profile.bankroll == Decimal(1000) + rnd.net
    assert [r.round_id for r in fresh.recent_rounds().records] == ["r7"]
    assert not fresh.inflight.path.exists()


def test_shoe_kept_between_rounds(tmp_path: Path) -> None:
    store = Store(tmp_path)
    shoe = FairShoe(1, client_seed="seed")
    for _ in range(10):
        shoe.draw()
    store.save_shoe(shoe)
    back = store.load_shoe(1)
    assert isinstance(back, FairShoe) and back.to_dict() == shoe.to_dict()
    assert store.load_shoe(6) is None  # another table: the fair shoe is retired and revealed
    [record], _ = store.shoes.read_recent()
    assert record.revealed and len(record.dealt) == 10
    record2 = store.retire_shoe(shoe)
    assert record2 is not None and store.shoes.read_recent()[0][0] == record2
