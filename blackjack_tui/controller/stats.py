"""Statistics over the hand history: counts, money, and the bankroll round by round."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from blackjack_tui.engine.history import HandRecord
from blackjack_tui.engine.money import ZERO

WON = ("win", "blackjack", "even-money")


@dataclass
class Summary:
    rounds: int = 0
    hands: int = 0
    wins: int = 0
    pushes: int = 0
    losses: int = 0
    blackjacks: int = 0
    doubles: int = 0
    doubles_won: int = 0
    splits: int = 0
    split_hands_won: int = 0
    split_hands: int = 0
    net: Decimal = ZERO
    biggest_win: Decimal = ZERO
    biggest_loss: Decimal = ZERO
    bankroll: list[Decimal] = field(default_factory=list)
    """The bankroll before the first round, then after each round, oldest first."""


def summarize(records: Iterable[HandRecord]) -> Summary:
    """Add up finished rounds, given oldest first (as they were played)."""
    summary = Summary()
    for record in records:
        if not summary.bankroll:
            summary.bankroll.append(record.bankroll_before)
        summary.bankroll.append(Decimal(record.result.bankroll))
        summary.rounds += 1
        net = Decimal(record.result.net)
        summary.net += net
        summary.biggest_win = max(summary.biggest_win, net)
        summary.biggest_loss = min(summary.biggest_loss, net)
        per_box: dict[int, int] = {}
        for hand in record.result.hands:
            per_box[hand.box] = per_box.get(hand.box, 0) + 1
        summary.splits += sum(count - 1 for count in per_box.values())
        for hand in record.result.hands:
            bet = record.bets[hand.box - 1] if hand.box <= len(record.bets) else None
            summary.hands += 1
            won = hand.outcome in WON
            if won:
                summary.wins += 1
            elif hand.outcome == "push":
                summary.pushes += 1
            else:
                summary.losses += 1
            if hand.outcome in ("blackjack", "even-money"):
                summary.blackjacks += 1
            if bet is not None and Decimal(hand.stake) > bet:
                summary.doubles += 1
                summary.doubles_won += won
            if per_box[hand.box] > 1:
                summary.split_hands += 1
                summary.split_hands_won += won
    return summary
