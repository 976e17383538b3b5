"""Basic strategy for a rule set: the chart of best first actions, with fallbacks.

Rows are hard totals 4-21, soft totals 13-21 and pairs 2-2 to A-A; columns the dealer's up card
2-10 and ace. A cell ranks the actions by their EV averaged over every two-card hand that makes
the row (weighted by how often it is dealt against that up card): a total-dependent basic
strategy, as printed charts are (:mod:`.chart_play` works the cells out). Pairs are their own
rows; hard 4 and hard 20 exist as two-card hands only as pairs, so those rows use the pair played
without splitting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct

if TYPE_CHECKING:
    from blackjack_tui.engine.rules import Rules

STAND, HIT, DOUBLE, SPLIT, SURRENDER = "stand", "hit", "double", "split", "surrender"
ACTIONS = (HIT, STAND, DOUBLE, SPLIT, SURRENDER)

UP_CARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
"""Chart column order: 2-10, then the ace."""
HARD_ROWS = tuple(range(4, 22))
SOFT_ROWS = tuple(range(13, 22))
PAIR_ROWS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)

LETTERS = {HIT: "H", STAND: "S", DOUBLE: "D", SPLIT: "P", SURRENDER: "R"}
"""One letter per action, as on printed charts."""
_CONDITIONAL = (DOUBLE, SPLIT, SURRENDER)


class Cell(Struct, frozen=True):
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


class Chart(Struct, frozen=True):
    """The basic-strategy chart: ``cells[(kind, row, up)]``, kind ``hard``, ``soft`` or ``pair``."""

    cells: dict[tuple[str, int, int], Cell]
    insure: bool = False
    """Take insurance (and even money on a blackjack) against the dealer's ace, where it can win
    (:func:`insurance_can_win`). Basic strategy declines; a counter's chart at a count at or
    above the insurance index (:func:`.counting.chart_at`) takes it."""

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


def insurance_can_win(rules: Rules) -> bool:
    """Whether insurance is offered at a moment the dealer may still have blackjack: offered at
    all, and not at the dealer's turn in a peek game (the peek has shown no blackjack by then, so
    a player who follows :attr:`Chart.insure` declines it there)."""
    return rules.insurance == "after-deal" or (
        rules.insurance == "dealer-turn" and rules.hole_card != "peek")
