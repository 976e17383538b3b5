"""Basic strategy for a rule set: the chart of best first actions, with fallbacks.

Rows are hard totals 4-21, soft totals 13-21 and pairs 2-2 to A-A; columns the dealer's up card
2-10 and ace. A cell averages, over every two-card hand that makes the row (weighted by how often
it is dealt against that up card), the EV of each action, and ranks the actions: a total-dependent
basic strategy, as printed charts are. Pairs are their own rows; hard 4 and hard 20 exist as
two-card hands only as pairs, so those rows use the pair played without splitting.
"""

from __future__ import annotations

from dataclasses import dataclass

from blackjack_tui.analysis.player import DOUBLE, HIT, SPLIT, STAND, SURRENDER
from blackjack_tui.analysis.starts import StartHand

UP_CARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
"""Chart column order: 2-10, then the ace."""
HARD_ROWS = tuple(range(4, 22))
SOFT_ROWS = tuple(range(13, 22))
PAIR_ROWS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)

LETTERS = {HIT: "H", STAND: "S", DOUBLE: "D", SPLIT: "P", SURRENDER: "R"}
"""One letter per action, as on printed charts."""
_CONDITIONAL = (DOUBLE, SPLIT, SURRENDER)


@dataclass(frozen=True, slots=True)
class Cell:
    """One chart cell: actions ranked best first, each with its EV (per unit of the bet)."""

    ranked: tuple[tuple[str, float], ...]

    @property
    def best(self) -> str:
        return self.ranked[0][0]

    @property
    def fallback(self) -> str | None:
        """What to do when the best action is not allowed.

        A double is refused after a hit (or a split without DAS), when surrender is gone too;
        a split is refused when the box is full, which is after a split, so again no surrender;
        surrender is refused after a hit or a split, when a split hand may still split or double.
        """
        best = self.best
        if best not in _CONDITIONAL:
            return None
        excluded = {best, SURRENDER}
        if best == DOUBLE:
            excluded.add(SPLIT)
        for action, _ in self.ranked:
            if action not in excluded:
                return action
        return None

    @property
    def code(self) -> str:
        """``H``, ``S``, or a conditional action and its fallback: ``Dh``, ``Ds``, ``Ph``..."""
        fallback = self.fallback
        letter = LETTERS[self.best]
        return letter if fallback is None else letter + LETTERS[fallback].lower()

    def action_for(self, legal: set[str] | frozenset[str]) -> str:
        """The best of the cell's actions that is in ``legal``."""
        for action, _ in self.ranked:
            if action in legal:
                return action
        raise ValueError(f"none of {sorted(legal)} is ranked in this cell")


@dataclass(frozen=True, slots=True)
class Chart:
    """The basic-strategy chart: ``cells[(kind, row, up)]``, kind ``hard``, ``soft`` or ``pair``."""

    cells: dict[tuple[str, int, int], Cell]

    def cell(self, kind: str, row: int, up: int) -> Cell:
        """The cell for a ``hard``/``soft`` total or a ``pair`` of value ``row`` (ace = 1)."""
        return self.cells[(kind, row, up)]

    def rows(self, kind: str) -> tuple[int, ...]:
        """The row labels of one section of the chart, in print order."""
        return {"hard": HARD_ROWS, "soft": SOFT_ROWS, "pair": PAIR_ROWS}[kind]

    def codes(self) -> dict[str, dict[str, dict[str, str]]]:
        """The chart as text codes, ``{kind: {row: {up: code}}}``, e.g. for JSON."""
        out: dict[str, dict[str, dict[str, str]]] = {}
        for kind in ("hard", "soft", "pair"):
            section: dict[str, dict[str, str]] = {}
            for row in self.rows(kind):
                section[row_label(kind, row)] = {
                    up_label(up): self.cells[(kind, row, up)].code for up in UP_CARDS
                }
            out[kind] = section
        return out


def row_label(kind: str, row: int) -> str:
    """``12``, ``A,7`` (soft 18) or ``8,8`` / ``A,A`` as a chart prints them."""
    if kind == "pair":
        card = up_label(row)
        return f"{card},{card}"
    if kind == "soft":
        return f"A,{row - 11}" if row < 21 else "A,10"
    return str(row)


def up_label(up: int) -> str:
    """``2``..``10`` or ``A``."""
    return "A" if up == 1 else str(up)


def row_of(hand: StartHand) -> tuple[str, int]:
    """The row a starting hand is played from: its pair row, soft total or hard total."""
    if hand.pair:
        return "pair", hand.first
    return ("soft" if hand.soft else "hard"), hand.total


def build_chart(hands: list[StartHand], stand_21: dict[int, float]) -> Chart:
    """Rank each cell's actions by the weighted average EV over the hands that make the row.

    ``stand_21`` gives, per up card, the EV of standing on 21 for the rows no two cards make.
    """
    sums: dict[tuple[str, int, int], dict[str, float]] = {}
    weights: dict[tuple[str, int, int], float] = {}
    for hand in hands:
        if hand.blackjack:
            continue
        keys = [(*row_of(hand), hand.up)]
        if hand.pair and hand.first in (2, 10):
            # Hard 4 and hard 20 come only as pairs: those rows play the pair unsplit.
            keys.append(("hard", hand.first * 2, hand.up))
        for key in keys:
            acc = sums.setdefault(key, {})
            for action, value in hand.values.items():
                if key[0] != "pair" and action == SPLIT:
                    continue
                acc[action] = acc.get(action, 0.0) + hand.weight * value
            weights[key] = weights.get(key, 0.0) + hand.weight
    cells: dict[tuple[str, int, int], Cell] = {}
    for key, acc in sums.items():
        total = weights[key]
        ranked = sorted(((a, v / total) for a, v in acc.items()), key=lambda av: -av[1])
        cells[key] = Cell(tuple(ranked))
    for up in UP_CARDS:
        # Hard 21 and soft 21 (three or more cards) have nothing to choose but standing.
        for key in (("hard", 21, up), ("soft", 21, up)):
            cells.setdefault(key, Cell(((STAND, stand_21[up]),)))
    return Chart(cells)
