"""Statistics are the player's own: his hands (never a computer seat's), his bankroll's money;
added up in the database."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from pathlib import Path

from blackjack_tui.controller.players import computer_action
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.shoe import Shoe
from tests.money import check_money

from .helpers import open_game


def play(game, cards: list[str], bets: list[Decimal | None], actions: list[str]) -> None:  # type: ignore[no-untyped-def]
    game.session.shoe = Shoe.stacked(cards, decks=6)
    rnd, _ = game.session.start_round(bets)
    rnd.deal()
    asyncio.run(game.persist(rnd))
    mine = list(actions)
    while (decision := rnd.legal_actions()) is not None:
        rnd.apply(computer_action(rnd, decision, None) if decision.seat
                  else Action.parse(mine.pop(0)))
        asyncio.run(game.persist(rnd))
    game.finished(rnd)
    assert not mine
    check_money(game)


def test_a_split_with_a_doubled_winner_and_a_plain_loss(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    # Box 1: 8,8 split vs 6 up, 7 hole (13). Left 8+3 doubles to 8+3+9=20; right 8+10 stands.
    # The dealer draws a 10: 23, bust. Both split hands win: +20 doubled, +10.
    play(game, ["8S", "6D", "8H", "7C", "3H", "TC", "9D", "TH"], [Decimal(10)],
         ["split", "double", "stand"])
    # Then a plain loss: 10+6 stands against 10+9.
    play(game, ["TS", "TD", "6C", "9H"], [Decimal(10)], ["stand"])
    summary = game.store.statistics()
    assert summary.rounds == 2
    assert summary.hands == 3
    assert (summary.wins, summary.pushes, summary.losses) == (2, 0, 1)
    assert (summary.doubles, summary.doubles_won) == (1, 1)
    assert (summary.splits, summary.split_hands, summary.split_hands_won) == (1, 2, 2)
    assert summary.net == Decimal(20)
    assert summary.biggest_win == Decimal(30)
    assert summary.biggest_loss == Decimal(-10)
    assert summary.bankroll == [Decimal(1000), Decimal(1030), Decimal(1020)]


def test_computer_players_hands_are_never_counted(tmp_path: Path) -> None:
    game = open_game(tmp_path)
    game.set_players(2)  # Astrid sits left of the player (box 4), Bo right (box 5)
    # Astrid 9+9, you T+9, Bo T+T; dealer 7 up, T in the hole: 17. Everyone stands.
    play(game, ["9S", "TD", "TC", "7H", "9D", "9C", "TS", "TH"], [Decimal(10)], ["stand"])
    summary = game.store.statistics()
    assert (summary.rounds, summary.hands, summary.wins, summary.net) == (1, 1, 1, Decimal(10))


def test_no_rounds_add_up_to_nothing(tmp_path: Path) -> None:
    summary = open_game(tmp_path).store.statistics()
    assert summary.rounds == 0 and summary.bankroll == [] and summary.net == 0


def test_the_history_command_shows_your_hands_and_bets_behind_not_the_computer_players(
        tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from blackjack_tui.cli import main

    monkeypatch.setenv("COLUMNS", "200")  # one line a cell, so the test reads whole phrases

    game = open_game(tmp_path, rules="swedish")
    game.set_players(2)  # Astrid (box 4) and Bo (box 5)
    game.session.behind = {4: Decimal(5)}  # 5 behind Astrid, nothing behind Bo
    play(game, ["TS"] * 20, [Decimal(20)], ["stand"])  # 20 everywhere: every hand pushes
    game.close()
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    out = capsys.readouterr().out
    assert "1:20  4:+5 behind" in out
    assert "behind box 4 (5): TS TS push" in out and "box 1: TS TS push 0" in out
    assert "box 5" not in out  # Bo's hand is his own business


def test_the_history_command_lists_your_decisions_not_the_computer_players(
        tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from blackjack_tui.cli import main

    monkeypatch.setenv("COLUMNS", "200")
    game = open_game(tmp_path, rules="swedish")
    game.set_players(1)  # Astrid (box 4), dealt after you
    # You stand on 18; Astrid hits her 16 against the 7 and stands on 18; the dealer makes 17.
    play(game, ["TH", "TS", "7C", "8D", "6H", "2C", "TC"], [Decimal(20)], ["stand"])
    game.close()
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "box 1:" in line)
    decisions = row.split("│")[5].strip()
    assert decisions == "stand"  # the round's were stand, hit, stand
