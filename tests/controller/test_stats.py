"""Statistics add up the hand history: counts by outcome, doubles and splits won, money."""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.controller.stats import summarize
from blackjack_tui.engine.history import HandRecord, replay
from blackjack_tui.rulesets import load_all

NORDIC = load_all()[0]["nordic"]


def record(cards, bets, actions, bankroll, time):  # type: ignore[no-untyped-def]
    rnd = replay(NORDIC, cards, bets, bankroll, actions)
    return HandRecord.of(rnd, bets, round_id=time, time=time)


def test_a_split_with_a_doubled_winner_and_a_plain_loss():
    # Box 1: 8,8 split vs 6 up, 7 hole (13). Left 8+3 doubles to 8+3+9=20; right 8+10 stands.
    # The dealer draws a 10: 23, bust. Both split hands win: +20 doubled, +10.
    first = record(["8S", "6D", "8H", "7C", "3H", "TC", "9D", "TH"], [Decimal(10)],
                   ["split", "double", "stand"], Decimal(1000), "2026-11-29T10:00:00")
    # Then a plain loss: 10+6 stands against 10+9.
    second = record(["TS", "TD", "6C", "9H"], [Decimal(10)], ["stand"], Decimal(1030),
                    "2026-11-29T10:01:00")
    summary = summarize([first, second])
    assert summary.rounds == 2
    assert summary.hands == 3
    assert (summary.wins, summary.pushes, summary.losses) == (2, 0, 1)
    assert (summary.doubles, summary.doubles_won) == (1, 1)
    assert (summary.splits, summary.split_hands, summary.split_hands_won) == (1, 2, 2)
    assert summary.net == Decimal(20)
    assert summary.biggest_win == Decimal(30)
    assert summary.biggest_loss == Decimal(-10)
    assert summary.bankroll == [Decimal(1000), Decimal(1030), Decimal(1020)]


def test_no_rounds_add_up_to_nothing():
    summary = summarize([])
    assert summary.rounds == 0 and summary.bankroll == [] and summary.net == 0
