"""Index plays for a count, worked out for the rules in force.

A card counter changes a few plays when the count says the shoe is rich in tens or in small
cards. The true count at which a play changes is its *index*. Here it is computed, not copied:
the table's shoe is shifted to each whole true count from -8 to +8, each shifted shoe is solved
exactly (:mod:`.solve`, the chart's cells re-ranked for that shoe), and the index is where the
two best actions of a cell swap, found by interpolating their EV difference between the two
shifted shoes around the swap. Insurance turns where a ten under the ace is one chance in three.

The shoe at true count ``t`` is the expected composition of a real shoe with that count, for any
system (:mod:`blackjack_tui.engine.count_systems`): each value's cards are scaled by
``1 - v * t / S``, where ``v`` is the value's tag less the mean tag of a card and ``S`` the sum
of ``v**2`` over a deck. Over the shoe, the tags then sum to ``t`` a deck below the full shoe's,
with as many cards: the true count is ``t``. For Hi-Lo (2-6 +1, 7-9 0, tens and aces -1) that is
each small rank short by ``t/40`` of its cards, each big rank over by as much, and 7-9 as dealt,
which is what this module computed before there were other systems (bit for bit: a test).
Counts become fractions; the dealer's odds are polynomials in them. An ace side count is not
used here: the aces of an ace-neutral system are as dealt.

An unbalanced system (KO, Red 7) is played by its running count ``r`` from its initial count.
With ``d`` decks left the same shift gives ``r = IRC + W (D - d) + t d`` (``W`` the tags of a
deck, ``D`` the decks), so the indices are worked out by true count and read as running counts
at :data:`DEPTH`: ``d`` is the decks left on average over the rounds of a shoe dealt to 75 %
(``D * (1 - 0.75 / 2)``, 3.75 of 6 decks). At KO's pivot (+4) the depth does not matter; away
from it an index read this way is right on average, early in the shoe too low, late too high.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from msgspec import Struct
from msgspec.structs import replace

from blackjack_tui.analysis.shoe import full_shoe
from blackjack_tui.analysis.solve import solve
from blackjack_tui.analysis.strategy import UP_CARDS, row_label, up_label
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.engine.count_systems import DEFAULT, PER_DECK, VALUES, CountSystem, system
from blackjack_tui.engine.rules import Rules

SMALL = (2, 3, 4, 5, 6)
RANGE = 8
"""Indices are looked for between true counts -RANGE and +RANGE."""

WATCHED = (
    ("hard", 16, (10,)), ("hard", 15, (10,)), ("hard", 12, (2, 3, 4, 5, 6)),
    ("hard", 10, (10, 1)), ("hard", 11, (1,)), ("hard", 9, (2, 7)), ("hard", 13, (2, 3)),
)
"""The plays every index table lists (the others are kept when they turn within the range)."""


class Index(Struct, frozen=True):
    """A play that turns with the count: ``above`` from ``true_count`` up, ``below`` under it."""

    kind: str
    """``hard``, ``soft``, ``pair`` or ``insurance``."""
    row: int
    up: int
    true_count: float
    """Where the two plays are worth the same (interpolated)."""
    below: str
    above: str

    @property
    def label(self) -> str:
        """``16 v 10``, ``A,7 v 2``, ``10,10 v 5``, ``insurance``."""
        if self.kind == "insurance":
            return "insurance"
        return f"{row_label(self.kind, self.row)} v {up_label(self.up)}"

    @property
    def number(self) -> int:
        """The index as a counter learns it: the whole true count nearest the turn."""
        return int(np.floor(self.true_count + 0.5))

    def words(self) -> str:
        """``stand at +1 or more (hit below)``."""
        return f"{self.above} at {self.number:+d} or more ({self.below} below)"

    def play_at(self, true_count: float) -> str:
        """The play at ``true_count`` by the index (``above`` from :attr:`number` up)."""
        return self.above if true_count >= self.number else self.below


class Indices(Struct, frozen=True):
    """Every index of a rule set, the watched plays first."""

    entries: tuple[Index, ...]
    count: str = DEFAULT
    """The count system's name; an unbalanced one's indices are running counts."""

    @property
    def by(self) -> str:
        """``true count`` or ``running count``: what :attr:`Index.true_count` holds."""
        return "true count" if system(self.count).balanced else "running count"

    def find(self, kind: str, row: int, up: int) -> Index | None:
        for entry in self.entries:
            if (entry.kind, entry.row, entry.up) == (kind, row, up):
                return entry
        return None


def shift_weights(count: CountSystem) -> tuple[list[float], float]:
    """Each value's centred tag ``v`` and ``S``, the sum of ``v**2`` over a deck (see the
    module's docstring), as floats (exact for Hi-Lo: ``+-1`` and ``40``)."""
    mean = count.deck_sum() / 52
    centred = [count.mean_tag(value) - mean for value in VALUES]
    spread = sum(PER_DECK[value] * v * v for value, v in zip(VALUES, centred, strict=True))
    return [float(v) for v in centred], float(spread)


def shifted_shoe(decks: int, true_count: float, count: CountSystem | None = None) -> np.ndarray:
    """The expected composition of ``decks`` decks' worth of cards at ``true_count``."""
    shoe = np.array(full_shoe(decks), dtype=float)
    weights, spread = shift_weights(count or system(DEFAULT))
    shift = true_count / spread
    for value, weight in zip(VALUES, weights, strict=True):
        if weight:
            shoe[value - 1] *= 1.0 - weight * shift
    return shoe


DEPTH = 1 - 0.75 / 2
"""The share of the decks left at which an unbalanced count's indices are read (see above)."""


def running_at(count: CountSystem, decks: int, true_count: float) -> float:
    """An unbalanced count's running count (tags) at ``true_count``, :data:`DEPTH` of the
    decks left."""
    left = decks * DEPTH
    start = count.initial(decks) / count.scale
    return start + float(count.deck_sum()) * (decks - left) + true_count * left


def to_json(indices: Indices) -> list[dict[str, object]]:
    """A JSON-ready form (what the cache stores and ``strategy --indices --json`` prints)."""
    return [{"kind": e.kind, "row": e.row, "up": e.up, "hand": e.label,
             "true_count": e.true_count, "index": e.number, "below": e.below,
             "above": e.above} for e in indices.entries]


def from_json(data: list[dict[str, object]], count: str = DEFAULT) -> Indices:
    """Rebuild :func:`to_json`'s form (KeyError/TypeError/ValueError if it is not that)."""
    return Indices(tuple(
        Index(str(d["kind"]), int(d["row"]), int(d["up"]),  # type: ignore[call-overload]
              float(d["true_count"]), str(d["below"]), str(d["above"]))  # type: ignore[arg-type]
        for d in data), count)


Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each step of a long computation (one exact solve)."""

STEPS = 2 * RANGE + 1
"""The exact solves :func:`compute` makes: one for each whole true count in the range."""


def compute(rules: Rules | TableMath, count: CountSystem | str = DEFAULT,
            progress: Progress | None = None) -> Indices:
    """The indices of ``rules`` for ``count`` (pure; :data:`STEPS` exact solves, a few seconds;
    ``progress`` is told after each)."""
    table = rules if isinstance(rules, TableMath) else TableMath.from_rules(rules)
    counted = system(count) if isinstance(count, str) else count
    counts: list[float] = []
    ranked: list[dict[tuple[str, int, int], dict[str, float]]] = []
    insurance: list[float] = []
    for done, tc in enumerate(range(-RANGE, RANGE + 1), start=1):
        shoe = shifted_shoe(table.decks, tc, counted)
        solution = solve(table, shoe)
        counts.append(float(tc))
        ranked.append({key: dict(cell.ranked) for key, cell in solution.chart.cells.items()})
        # Insurance against an ace (the shoe less the ace): 2:1 on a ten underneath.
        left = shoe.copy()
        left[0] -= 1
        insurance.append(3.0 * left[9] / left.sum() - 1.0)
        if progress is not None:
            progress(done, STEPS)
    entries = _turns(counts, ranked)
    ins = _crossing(counts, insurance)
    if ins is not None:
        entries.insert(0, Index("insurance", 0, 1, ins, "no-insurance", "insurance"))
    if not counted.balanced:
        entries = [replace(e, true_count=running_at(counted, table.decks, e.true_count))
                   for e in entries]
    return Indices(tuple(entries), counted.name)


def _turns(counts: list[float], ranked: list[dict[tuple[str, int, int], dict[str, float]]]
           ) -> list[Index]:
    zero = counts.index(0.0)
    watched = {(kind, row, up) for kind, row, ups in WATCHED for up in ups}
    found: list[Index] = []
    for key in ranked[zero]:
        kind, row, up = key
        if row == 21:
            continue
        turn = _turn(counts, [r[key] for r in ranked], zero)
        if turn is not None:
            found.append(Index(kind, row, up, *turn))
    order = {k: i for i, k in enumerate(_watched_order())}
    found.sort(key=lambda e: (order.get((e.kind, e.row, e.up), len(order)),
                              {"hard": 0, "soft": 1, "pair": 2}[e.kind], e.row,
                              UP_CARDS.index(e.up)))
    keep = [e for e in found if (e.kind, e.row, e.up) in watched or abs(e.true_count) <= 6]
    return keep


def _watched_order() -> list[tuple[str, int, int]]:
    return [(kind, row, up) for kind, row, ups in WATCHED for up in ups]


def _turn(counts: list[float], values: list[dict[str, float]], zero: int
          ) -> tuple[float, str, str] | None:
    """The true count nearest 0 where the cell's best action changes, and the two actions."""
    best = [max(v, key=v.__getitem__) for v in values]
    base = best[zero]
    candidates = []
    for step in (1, -1):
        i = zero
        while 0 <= i + step < len(values) and best[i + step] == base:
            i += step
        j = i + step
        if not 0 <= j < len(values):
            continue
        other = best[j]
        diff = [v[other] - v[base] for v in values]
        at = _crossing([counts[i], counts[j]], [diff[i], diff[j]])
        if at is None:
            continue
        below, above = (base, other) if step == 1 else (other, base)
        candidates.append((abs(at), at, below, above))
    if not candidates:
        return None
    _, at, below, above = min(candidates)
    return at, below, above


def _crossing(xs: list[float], ys: list[float]) -> float | None:
    """Where the piecewise-linear ``ys`` over ``xs`` first crosses 0 from below, or None."""
    for i in range(len(xs) - 1):
        a, b = ys[i], ys[i + 1]
        if a == b:
            continue
        if (a < 0 <= b) or (a >= 0 > b):
            return xs[i] + (xs[i + 1] - xs[i]) * (-a) / (b - a)
    return None
