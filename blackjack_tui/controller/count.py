"""The Hi-Lo card count, kept from the events the player is shown.

2-6 count +1, 7-9 count 0, tens and aces count -1. A card is counted when it is shown face up: a
dealt card when its ``card`` event is animated, the hole card only when it is revealed (its
``hole`` event is face down). A ``shuffle`` event starts the count again: the cards seen so far are
back in the shoe (or, for a shoe that ran dry mid-round, out of it for good).

The true count is the running count per deck still in the shoe; the penetration is how much of the
shoe has been dealt. Both read the shoe's size, which the player can see in the shoe and the tray.
"""

from __future__ import annotations

from dataclasses import dataclass

from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.events import Event

HI_LO = {1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, 10: -1}


def hi_lo(card: Card) -> int:
    """The Hi-Lo tag of one card."""
    return HI_LO[card.value]


@dataclass(frozen=True)
class CountView:
    running: int
    true_count: float
    penetration: float
    """Fraction of the shoe dealt, 0 to 1."""
    seen: int
    """Cards counted since the shuffle."""


class HiLoCount:
    """The running count since the last shuffle, fed one animated event at a time."""

    def __init__(self) -> None:
        self.running = 0
        self.seen = 0

    def reset(self) -> None:
        self.running = 0
        self.seen = 0

    def observe(self, event: Event) -> None:
        """Count what this event shows the player."""
        if event.kind == "shuffle":
            self.reset()
        elif event.kind in ("card", "reveal") and event.card is not None:
            self.running += hi_lo(event.card)
            self.seen += 1

    def view(self, remaining: int, total: int) -> CountView:
        """The count against a shoe holding ``remaining`` of ``total`` cards."""
        decks_left = max(remaining, 13) / 52  # never divide by less than a quarter deck
        penetration = 1 - remaining / total if total else 0.0
        return CountView(self.running, self.running / decks_left, penetration, self.seen)
