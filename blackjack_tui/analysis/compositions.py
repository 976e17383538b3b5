"""Every composition of a player's hand that can be reached without busting.

A composition is the number of cards of each value 1..10 in a hand, whatever their order: the
exact analysis gives each one its own dealer odds (computed from the shoe less exactly those
cards). There are 3,072 compositions of two or more cards totalling 21 or less when the shoe has
cards to spare (fewer from one deck). Each is numbered; ``child[i, v - 1]`` is the number of the
composition one card of value ``v`` more, or -1 when that card busts the hand (or the shoe has no
such card to give).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from msgspec import Struct

from blackjack_tui.engine.kernel import best_total, is_soft

MAX_TOTAL = 21
_BASE = 32  # a composition's key: its counts as digits in base 32 (a count never reaches 32)
PLACE = np.array([_BASE**i for i in range(10)], dtype=np.int64)
VALUES = np.arange(1, 11)
# The kernel's totals as arrays, indexed [holds an ace, hard total]: the compositions look them up.
_HARD = range(MAX_TOTAL + 1)
BEST = np.array([[best_total(h, ace) for h in _HARD] for ace in (False, True)], dtype=np.int64)
SOFT = np.array([[is_soft(h, ace) for h in _HARD] for ace in (False, True)], dtype=bool)


class Compositions(Struct, frozen=True):
    """The compositions of ``minimum`` plus any cards, up to a hard total of 21 and ``cap``."""

    counts: np.ndarray
    """(n, 10) card counts by value."""
    hard: np.ndarray
    """(n,) the total with every ace as 1."""
    soft: np.ndarray
    """(n,) an ace counts 11 (the hand holds an ace and the hard total is 11 or less)."""
    total: np.ndarray
    """(n,) the hand's total as the table counts it (one ace as 11 when that does not bust)."""
    size: np.ndarray
    """(n,) number of cards."""
    child: np.ndarray
    """(n, 10) the composition one card of each value more, or -1."""
    keys: np.ndarray

    def index(self, counts: Sequence[int]) -> int:
        """The number of the composition with these counts (KeyError if there is none)."""
        key = int(np.dot(np.asarray(counts, dtype=np.int64), PLACE))
        at = int(np.searchsorted(self.keys, key))
        if at >= len(self.keys) or int(self.keys[at]) != key:
            raise KeyError(tuple(counts))
        return at

    def indices(self, counts: np.ndarray) -> np.ndarray:
        """Numbers of many compositions ((m, 10) counts); -1 where there is none."""
        keys = counts.astype(np.int64) @ PLACE
        at = np.searchsorted(self.keys, keys).clip(0, len(self.keys) - 1)
        return np.where(self.keys[at] == keys, at, -1)


def _enumerate(minimum: Sequence[int], cap: Sequence[int]) -> list[tuple[int, ...]]:
    base = sum(v * c for v, c in zip(range(1, 11), minimum, strict=True))
    out: list[tuple[int, ...]] = []
    extra = [0] * 10

    def grow(value: int, room: int) -> None:
        if value > 10:
            out.append(tuple(m + e for m, e in zip(minimum, extra, strict=True)))
            return
        most = min(room // value, cap[value - 1] - minimum[value - 1])
        for k in range(most + 1):
            extra[value - 1] = k
            grow(value + 1, room - k * value)
        extra[value - 1] = 0

    if base <= MAX_TOTAL:
        grow(1, MAX_TOTAL - base)
    return out


@lru_cache(maxsize=32)
def everything(cap: tuple[int, ...]) -> np.ndarray:
    """Every composition up to ``cap`` (any number of cards), sorted by key."""
    found = np.array(_enumerate((0,) * 10, cap), dtype=np.int64).reshape(-1, 10)
    return found[np.argsort(found @ PLACE)]


def compositions(minimum: Sequence[int], cap: Sequence[int], min_cards: int = 2,
                 every: np.ndarray | None = None) -> Compositions:
    """Every composition holding ``minimum``, at most ``cap`` of each value, hard total <= 21.

    Only those of at least ``min_cards`` cards are kept. ``every`` may pass a superset from
    :func:`everything` to pick them from.
    """
    low = np.asarray(minimum, dtype=np.int64)
    high = np.asarray(cap, dtype=np.int64)
    if every is None:
        every = everything(tuple(int(c) for c in np.maximum(high, low)))
    keep = (every >= low).all(axis=1) & (every <= high).all(axis=1)
    counts = every[keep]
    counts = counts[counts.sum(axis=1) >= min_cards]
    keys = counts @ PLACE
    hard = counts @ VALUES
    ace = (counts[:, 0] > 0).astype(np.int64)
    soft = SOFT[ace, hard]
    total = BEST[ace, hard]
    size = counts.sum(axis=1)
    child_keys = keys[:, None] + PLACE[None, :]
    at = np.searchsorted(keys, child_keys).clip(0, max(len(keys) - 1, 0))
    child = np.where((len(keys) > 0) & (keys[at] == child_keys), at, -1) if len(keys) else \
        np.zeros((0, 10), dtype=np.int64)
    return Compositions(counts, hard, soft, total, size, child, keys)
