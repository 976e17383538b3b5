"""Every starting hand from a full shoe: its probability and the EV of each first action.

A starting hand is the player's two card values ``a <= b`` and the dealer's up card ``u``; each is
analysed in its own :class:`~blackjack_tui.analysis.player.Situation` (the full shoe less those
three cards), so one deck and eight decks differ as they do at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from blackjack_tui.analysis.player import Situation
from blackjack_tui.analysis.shoe import full_shoe, remove
from blackjack_tui.analysis.table import TableMath, best_total


@dataclass(frozen=True, slots=True)
class StartHand:
    """One starting hand against one up card."""

    first: int
    second: int
    up: int
    weight: float
    """Probability of this deal (either order of the player's cards) from a full shoe."""
    p_blackjack: float
    """Probability the dealer has blackjack, given these three cards."""
    values: dict[str, float]
    """EV of each legal first action. Peek games: given no dealer blackjack."""

    @property
    def pair(self) -> bool:
        return self.first == self.second

    @property
    def blackjack(self) -> bool:
        return self.first + self.second == 11 and 1 in (self.first, self.second)

    @property
    def soft(self) -> bool:
        return 1 in (self.first, self.second)

    @property
    def total(self) -> int:
        return best_total(self.first + self.second, self.soft)

    def overall(self, rules: TableMath, action: str | None) -> float:
        """This deal's EV over the peek too, playing ``action`` first (``None``: blackjack)."""
        value = self.values["stand"] if action is None else self.values[action]
        if not rules.peek or self.p_blackjack == 0.0:
            return value
        lost = 0.0 if self.blackjack else -1.0
        return self.p_blackjack * lost + (1.0 - self.p_blackjack) * value


def start_hands(rules: TableMath) -> list[StartHand]:
    """All 550 starting hands (55 player pairs of values x 10 up cards) with their EVs."""
    shoe = full_shoe(rules.decks)
    total = sum(shoe)
    out = []
    for up in range(1, 11):
        for a in range(1, 11):
            for b in range(a, 11):
                p = shoe[a - 1] / total
                p *= (shoe[b - 1] - (a == b)) / (total - 1)
                if a != b:
                    p *= 2.0
                p *= (shoe[up - 1] - (up == a) - (up == b)) / (total - 2)
                if p <= 0.0:
                    continue
                situation = Situation(rules, remove(shoe, (a, b, up)), up)
                values = situation.action_values((a, b))
                out.append(StartHand(a, b, up, p, situation.p_blackjack, values))
    return out


def same_rank_share(rules: TableMath) -> float:
    """Chance that two ten-value cards from a full shoe are of the same rank (T-T, not K-T)."""
    tens = 16 * rules.decks
    return (4 * rules.decks - 1) / (tens - 1)


def stand_on_21(rules: TableMath, up: int) -> float:
    """EV of standing on a three-card 21 against ``up`` (a full shoe less the up card)."""
    situation = Situation(rules, remove(full_shoe(rules.decks), (up,)), up)
    value = situation.stand[21]
    if rules.loses_original_only and not rules.peek:
        value = (1.0 - situation.p_blackjack) * value - situation.p_blackjack
    return value
