"""A hint for one concrete hand at the table: the EV of every legal action, in milliseconds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from blackjack_tui.analysis.player import Situation
from blackjack_tui.analysis.shoe import Composition, full_shoe, remove
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class Hint:
    """The legal actions for a hand, best first, each with its EV per unit of the hand's bet.

    In a peek game the EVs are given the dealer has no blackjack (the player acts after the peek);
    in a no-hole-card game they include the dealer's later blackjack.
    """

    ranked: tuple[tuple[str, float], ...]

    @property
    def best(self) -> str:
        return self.ranked[0][0]

    @property
    def values(self) -> dict[str, float]:
        return dict(self.ranked)

    def cost(self, action: str) -> float:
        """Expected value given up by playing ``action`` instead of the best (0 for the best)."""
        values = self.values
        if action not in values:
            raise ValueError(f"{action!r} is not a legal action here: {', '.join(values)}")
        return self.ranked[0][1] - values[action]


def hint(
    rules: Rules | TableMath,
    cards: Sequence[Card],
    up: Card,
    *,
    from_split: bool = False,
    hands_in_box: int = 1,
    seen: Iterable[Card] = (),
    shoe: Composition | None = None,
) -> Hint:
    """The EV of every legal action for ``cards`` against ``up``.

    ``from_split``: the hand comes from a split (its first card is the split card);
    ``hands_in_box``: how many hands the box holds now (limits further splits, and surrender is
    only for a box's single first hand). The shoe is a full shoe less ``cards``, ``up`` and any
    other ``seen`` cards, unless ``shoe`` gives the composition left (before taking out ``cards``
    and ``up``), e.g. the real shoe for a card counter.
    """
    table = rules if isinstance(rules, TableMath) else TableMath.from_rules(rules)
    if len(cards) < 2:
        raise ValueError("a hand needs two cards before the player acts")
    if hands_in_box < 1:
        raise ValueError(f"a box holds at least one hand, not {hands_in_box}")
    values = tuple(card.value for card in cards)
    base = full_shoe(table.decks) if shoe is None else shoe
    if shoe is None:
        base = remove(base, (card.value for card in seen))
    comp = remove(base, (*values, up.value))
    pair = len(cards) == 2 and (
        cards[0].rank == cards[1].rank if table.split_by_rank else values[0] == values[1]
    )
    situation = Situation(table, comp, up.value)
    found = situation.action_values(
        values, from_split=from_split, hands_in_box=hands_in_box, pair=pair
    )
    ranked = sorted(found.items(), key=lambda item: -item[1])
    return Hint(tuple(ranked))
