"""A change of table asked for mid-round, and a quit before the round ends: the next start
finishes the round where it was dealt, then sits at the table asked for."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from pathlib import Path

from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.shoe import Shoe
from tests.money import check_money
from tests.store.helpers import open_game


def test_a_table_asked_for_mid_round_is_kept_across_a_quit(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.session.shoe = Shoe.stacked(["TS", "7D", "9H", "8C", "TC"], decks=6)
    rnd, _ = game.session.start_round([Decimal(5)])
    rnd.deal()
    asyncio.run(game.persist(rnd))
    assert game.switch_rules(game.rule_sets["swedish"], None)  # queued: a round is on
    game.close()  # ctrl+q, or the terminal closed, before the round ends

    again = open_game(tmp_path)
    assert again.resume_round is not None and again.session.rules.name == "nordic"
    assert again.session.pending is not None and again.session.pending[0].name == "swedish"
    resumed = again.resume_round
    resumed.apply(Action.parse("stand"))
    asyncio.run(again.persist(resumed))
    again.finished(resumed)
    assert again.session.rules.name == "swedish" and again.session.pending is None
    check_money(again)
    again.close()
    # And the start after that sits there too.
    last = open_game(tmp_path)
    assert last.session.rules.name == "swedish"
    last.close()


def test_a_rules_option_given_with_a_round_in_flight_is_the_next_table(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.session.shoe = Shoe.stacked(["TS", "7D", "9H", "8C", "TC"], decks=6)
    rnd, _ = game.session.start_round([Decimal(5)])
    rnd.deal()
    asyncio.run(game.persist(rnd))
    game.close()

    again = open_game(tmp_path, rules="online")
    assert again.session.rules.name == "nordic"  # the round in play is finished where it was
    assert again.session.pending is not None and again.session.pending[0].name == "online"
    assert any("online" in n.lower() or "Six-deck" in n for n in again.notices)
    again.close()


def test_a_start_at_another_table_deals_from_a_new_shoe(tmp_path: Path) -> None:
    game = open_game(tmp_path)  # nordic, six decks
    rnd, _ = game.session.start_round([Decimal(5)])
    rnd.deal()
    while (decision := rnd.legal_actions()) is not None:
        rnd.apply(Action.parse("stand" if "stand" in decision.actions else decision.actions[-1]))
    asyncio.run(game.persist(rnd))
    game.finished(rnd)
    game.close()

    same = open_game(tmp_path)
    assert same.session.shoe.remaining < same.session.shoe.total  # the same table, its shoe
    same.close()
    other = open_game(tmp_path, rules="swedish")  # six decks too, but another table
    shoe = other.session.shoe
    assert shoe.remaining == shoe.total and not shoe.discards
    other.close()


def test_a_change_of_table_between_rounds_deals_from_a_new_shoe(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    rnd, _ = game.session.start_round([Decimal(5)])
    rnd.deal()
    old = game.session.shoe
    while (decision := rnd.legal_actions()) is not None:
        rnd.apply(Action.parse("stand" if "stand" in decision.actions else decision.actions[-1]))
    asyncio.run(game.persist(rnd))
    game.finished(rnd)
    game.switch_rules(game.rule_sets["swedish"], None)  # six decks too, but another table
    assert game.session.shoe is not old
    game.switch_rules(game.rule_sets["online"], "VIP")
    vip = game.session.shoe
    game.switch_rules(game.rule_sets["online"], "Standard")  # the same table: the same shoe
    assert game.session.shoe is vip
    game.close()
