"""Bets behind computer players' boxes stand from round to round, and across a restart: the
next start puts them back where their players sit, as the last round booked at a casino table
left them. Where the features meet: fewer computer players, the home table, a bad saved value."""

from __future__ import annotations

import asyncio
import json
from decimal import Decimal
from pathlib import Path

from blackjack_tui.controller.game import Game
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.shoe import Shoe
from tests.money import check_money
from tests.store.helpers import open_game

CALM = ("stand", "no-insurance", "no-even-money", "no-join")


def play_out(game: Game, bets: list[Decimal | None]) -> Round:
    """One round to its end, standing on everything, booked and finished as the table does."""
    rnd, _ = game.session.start_round(bets)
    rnd.deal()
    asyncio.run(game.persist(rnd))
    while (decision := rnd.legal_actions()) is not None:
        rnd.apply(Action.parse(next(a for a in CALM if a in decision.actions)))
        asyncio.run(game.persist(rnd))
    game.finished(rnd)
    return rnd


def test_bets_behind_stand_again_after_a_restart(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.session.shoe = Shoe.seeded(6, 3)
    game.set_players(2)
    game.session.behind = {4: Decimal(5)}
    rnd = play_out(game, [Decimal(10)])
    assert [p.seat for p in rnd.box(4).positions] == [1, 0]  # Astrid's box, the bet behind it
    check_money(game)
    game.close()

    again = open_game(tmp_path)
    assert len(again.session.others) == 2
    assert again.session.behind == {4: Decimal(5)}
    check_money(again)
    again.close()


def test_a_bet_behind_a_player_no_longer_seated_is_not_put_back(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.session.shoe = Shoe.seeded(6, 4)
    game.set_players(2)
    game.session.behind = {4: Decimal(5), 5: Decimal(10)}
    play_out(game, [Decimal(10)])
    game.set_players(1)  # between rounds: one computer player leaves
    assert game.session.behind == {4: Decimal(5)}
    game.close()

    again = open_game(tmp_path)
    assert len(again.session.others) == 1 and again.session.behind == {4: Decimal(5)}
    again.close()


def test_a_home_evening_played_in_between_keeps_the_casinos_bets_behind(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.session.shoe = Shoe.seeded(6, 5)
    game.set_players(2)
    game.session.behind = {4: Decimal(5)}
    play_out(game, [Decimal(10)])
    game.switch_rules(game.rule_sets["home"], None)
    assert game.session.home is not None and game.session.behind == {}
    low, _high = game.session.limits
    home_round = play_out(game, [low])
    assert all(p.seat != 0 for b in home_round.boxes if b.number > 3 for p in b.positions)
    check_money(game)
    game.close()

    again = open_game(tmp_path)  # at the home table: no bets behind there
    assert again.session.home is not None and again.session.behind == {}
    again.switch_rules(again.rule_sets["nordic"], None)
    again.close()
    last = open_game(tmp_path)
    assert last.session.rules.name == "nordic" and last.session.behind == {4: Decimal(5)}
    check_money(last)
    last.close()


def test_a_saved_bet_behind_that_cannot_be_one_is_set_aside_with_a_notice(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.store.write("damage", lambda c: c.execute(
        "INSERT INTO settings (key, value) VALUES ('bets_behind', ?) ON CONFLICT (key) DO "
        "UPDATE SET value = excluded.value", (json.dumps({"9": "5"}),)))
    game.close()
    again = open_game(tmp_path)
    assert again.session.behind == {}
    assert any("bets_behind" in n and "not valid" in n for n in again.notices)
    again.close()
