"""The dealer's final-total probabilities for an up card and a finite shoe.

The dealer's play is fixed, so every way the dealer's hand can end is a sequence of drawn cards.
For a shoe with ``n_v`` cards of value ``v`` (``N`` in all), an ordered sequence that holds ``d_v``
cards of value ``v`` (``k`` cards in all) has probability ``prod_v ff(n_v, d_v) / ff(N, k)``, where
``ff`` is the falling factorial. That depends only on the multiset of drawn values, so each up card
reduces to a table ``multiset -> number of valid orderings`` (a valid ordering never reaches a
standing total before its last card), grouped by outcome. The table is built once per up card and
soft-17 rule by dynamic programming over multisets and turned into straight-line Python (a
polynomial in the ten counts), which evaluates a composition in a fraction of a millisecond with
exact integers up to the final division.

Outcomes are indexed ``0..4`` for final totals 17..21, ``BUST`` (5) and ``BLACKJACK`` (6).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from blackjack_tui.analysis.shoe import Composition
from blackjack_tui.engine.kernel import best_total, dealer_draws

Distribution = tuple[float, float, float, float, float, float, float]
"""Probabilities of the dealer finishing on 17, 18, 19, 20, 21, bust, blackjack."""

BUST = 5
BLACKJACK = 6
OUTCOMES = ("17", "18", "19", "20", "21", "bust", "blackjack")

_Multiset = tuple[int, ...]


def _outcome(hard: int, ace: bool, ncards: int, h17: bool) -> int | None:
    """The outcome if the dealer stops on this hand, or ``None`` if the dealer draws on."""
    if hard > 21:
        return BUST
    best = best_total(hard, ace)
    if best == 21 and ncards == 2:
        return BLACKJACK
    if dealer_draws(best, best != hard, h17):
        return None
    return best - 17


def _orderings(up: int, h17: bool) -> dict[tuple[int, int], dict[_Multiset, int]]:
    """``(outcome, cards drawn) -> {multiset: number of valid orderings}`` for one up card."""
    out: dict[tuple[int, int], dict[_Multiset, int]] = {}
    # drawn multiset -> [orderings, hard total, holds an ace]
    level: dict[_Multiset, list[int]] = {(0,) * 10: [1, up, up == 1]}
    k = 0
    while level:
        k += 1
        nxt: dict[_Multiset, list[int]] = {}
        for drawn, (count, hard, ace) in level.items():
            for i in range(10):
                grown = (*drawn[:i], drawn[i] + 1, *drawn[i + 1 :])
                g_hard = hard + i + 1
                g_ace = ace or i == 0
                result = _outcome(g_hard, bool(g_ace), k + 1, h17)
                if result is None:
                    entry = nxt.get(grown)
                    if entry is None:
                        nxt[grown] = [count, g_hard, g_ace]
                    else:
                        entry[0] += count
                else:
                    bucket = out.setdefault((result, k), {})
                    bucket[grown] = bucket.get(grown, 0) + count
        level = nxt
    return out


def _source(up: int, h17: bool) -> str:
    table = _orderings(up, h17)
    depth = [0] * 10
    for buckets in table.values():
        for drawn in buckets:
            for i, d in enumerate(drawn):
                depth[i] = max(depth[i], d)
    kmax = max(k for _, k in table)
    lines = ["def f(c):", "    n1, n2, n3, n4, n5, n6, n7, n8, n9, n10 = c",
             "    N = n1 + n2 + n3 + n4 + n5 + n6 + n7 + n8 + n9 + n10"]
    # x{v}_{d} = ff(n_v, d); once a factor reaches zero every later one is zero too.
    for i in range(10):
        v = i + 1
        for d in range(1, depth[i] + 1):
            prev = "1" if d == 1 else f"x{v}_{d - 1}"
            lines.append(f"    x{v}_{d} = {prev} * (n{v} - {d - 1})")
    lines.append("    D1 = N")
    for k in range(2, kmax + 1):
        lines.append(f"    D{k} = D{k - 1} * (N - {k - 1})")
    results = []
    for outcome in range(7):
        parts = []
        for k in range(1, kmax + 1):
            bucket = table.get((outcome, k))
            if not bucket:
                continue
            terms = []
            for drawn, count in sorted(bucket.items()):
                factors = [f"x{i + 1}_{d}" for i, d in enumerate(drawn) if d]
                if count != 1:
                    factors.insert(0, str(count))
                terms.append("*".join(factors))
            name = f"s{outcome}_{k}"
            lines.append(f"    {name} = 0")
            for start in range(0, len(terms), 40):
                lines.append(f"    {name} += " + " + ".join(terms[start : start + 40]))
            parts.append(f"({name} / D{k} if D{k} else 0.0)")  # D{k} is 0 past the shoe's end
        results.append(" + ".join(parts) if parts else "0.0")
    lines.append("    return (" + ", ".join(results) + ")")
    return "\n".join(lines) + "\n"


@cache
def _evaluator(up: int, h17: bool) -> Callable[[Composition], Distribution]:
    namespace: dict[str, object] = {}
    exec(compile(_source(up, h17), f"<dealer up={up} h17={h17}>", "exec"), namespace)
    func = namespace["f"]
    assert callable(func)
    return func


@lru_cache(maxsize=65536)
def dealer_distribution(comp: Composition, up: int, hits_soft_17: bool) -> Distribution:
    """The dealer's final outcomes with ``up`` showing, drawing from ``comp``.

    ``comp`` is the shoe after every known card, the up card included, has been taken out. The
    hole card is the first card drawn; a two-card 21 is reported as ``BLACKJACK``, not as 21.
    This is the no-hole-card view; :func:`peeked` conditions it on the dealer not having blackjack.
    """
    if not 1 <= up <= 10:
        raise ValueError(f"an up card's value is 1 to 10, not {up}")
    if sum(comp) <= 0:
        raise ValueError("the dealer cannot draw from an empty shoe")
    return _evaluator(up, hits_soft_17)(comp)


def peeked(dist: Distribution) -> Distribution:
    """``dist`` given that the dealer has checked the hole card and has no blackjack."""
    rest = 1.0 - dist[BLACKJACK]
    if rest <= 0.0:
        raise ValueError("the dealer has blackjack for certain")
    a, b, c, d, e, f, _ = dist
    return (a / rest, b / rest, c / rest, d / rest, e / rest, f / rest, 0.0)
