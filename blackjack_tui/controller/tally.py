"""The session at a glance, as a real table keeps it in view: the player's hands won, lost and
pushed this sitting, his blackjacks and his streak; and the chance that a hit busts the hand in
play, from the cards he can see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round


WON = ("win", "blackjack", "even-money")
LOST = ("lose", "bust", "surrender")


class SessionTally(Struct):
    """The player's own hands this sitting (never a computer player's)."""

    wins: int = 0
    losses: int = 0
    pushes: int = 0
    blackjacks: int = 0
    streak: int = 0
    """Rounds in a row won (> 0) or lost (< 0); a round that nets nothing ends it."""

    def add(self, rnd: Round) -> None:
        """Count a finished round."""
        for box in rnd.player_boxes():
            for hand in box.hands:
                outcome = str(hand.outcome) if hand.outcome is not None else ""
                self.wins += outcome in WON
                self.losses += outcome in LOST
                self.pushes += outcome == "push"
                self.blackjacks += outcome in ("blackjack", "even-money")
        net = rnd.net
        if net > 0:
            self.streak = self.streak + 1 if self.streak > 0 else 1
        elif net < 0:
            self.streak = self.streak - 1 if self.streak < 0 else -1
        else:
            self.streak = 0

    def words(self) -> str:
        """``W 3 · L 2 · P 1 · BJ 1 · won 2 in a row``."""
        streak = ("" if abs(self.streak) < 2 else
                  f" · {'won' if self.streak > 0 else 'lost'} {abs(self.streak)} in a row")
        return (f"W {self.wins} · L {self.losses} · P {self.pushes} · BJ {self.blackjacks}"
                + streak)


def bust_chance(rnd: Round) -> float | None:
    """The chance that one more card busts the hand in play, from the decks less every card on
    the table (the cards the player can see; the hole card is not among them). ``None`` when no
    hand waits for a play."""
    hand = rnd.hand_in_play()
    if hand is None:
        return None
    if hand.soft:
        return 0.0  # the ace counts 1 again: no card busts a soft hand
    left = {value: rnd.rules.decks * (16 if value == 10 else 4) for value in range(1, 11)}
    seen = [*(c for b in rnd.boxes for h in b.hands for c in h.cards), rnd.up_card]
    for card in seen:
        left[card.value] = max(0, left[card.value] - 1)
    total = sum(left.values())
    busting = sum(n for value, n in left.items() if hand.total + value > 21)
    return busting / total if total else 0.0
