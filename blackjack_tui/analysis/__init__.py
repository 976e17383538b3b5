"""Honest math: the house edge and the best play for any house rules, by combinatorial analysis.

Pure (no I/O but :mod:`.cache`, no asyncio, no Textual or Rich). The parts:

- :mod:`.shoe` compositions (counts of values 1..10); :mod:`.table` the rules as the math reads
  them and the cache key; :mod:`.dealer` the dealer's final-total probabilities per up card;
- :mod:`.player` the EVs of stand, hit, double, split and surrender for one hand;
- :mod:`.starts` every starting hand from a full shoe; :mod:`.strategy` the chart;
  :mod:`.edge` the house edge; :mod:`.hints` one hand at the table; :mod:`.cache` results on disk.

What the UI calls::

    analyse(rules) -> Analysis              # .chart, .house_edge_percent (pure, about 1 s)
    cached_analysis(rules, cache_dir=None)  # the same, read from or written to the disk cache
    house_edge(rules) -> float              # percent of the initial bet, + = house ahead
    hint(rules, cards, up, from_split=False, hands_in_box=1, seen=()) -> Hint

How exact it is
---------------
- The dealer's probabilities are exact for a given shoe (every drawing sequence, finite deck). For
  each decision they come from the shoe less the up card and the player's cards *at the start of the
  decision* (the two first cards for the chart and the house edge; all the hand's cards for a
  hint). Cards the player draws after that leave the shoe exactly for the player's own later draws,
  but the dealer's distribution is not recomputed for them. Exact programs recompute it for every
  subset of the player's cards; that costs about ten thousand times more work than pure Python can
  do in two seconds, and moves the edge by a few thousandths of a percent in a six-deck shoe and
  by up to a few hundredths in one deck.
- Splits: the two (or more) hands' EVs are added; each split hand is dealt from the shoe less both
  pair cards and is played with the best composition-dependent strategy for its own cards (the
  other hands' cards are not taken out), with doubling after the split as the rules allow. Resplits
  use the counting model of the published calculators: the chance ``q`` that a split hand draws
  another pair card is held fixed, the expected numbers of final hands that are a non-pair and a
  pair that could not split again (the box full) come from :func:`.player.split_counts`, and every
  allowed resplit is taken.
- The chart is total-dependent (as printed charts are): each cell ranks the actions by their EV
  averaged over the two-card hands making that total, weighted by how often each is dealt. The
  house edge plays the chart's first action on every starting hand and the best play afterwards;
  ``Analysis.optimal_edge_percent`` plays the best first action for each exact two-card hand.
- A no-hole-card game whose dealer blackjack takes the original bet only is modelled as the box
  losing exactly one bet to it, whatever happened to its hands; surrender there gives up half the
  bet at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from blackjack_tui.analysis.cache import cached_analysis
    from blackjack_tui.analysis.dealer import dealer_distribution
    from blackjack_tui.analysis.edge import analyse, house_edge
    from blackjack_tui.analysis.hints import Hint, hint
    from blackjack_tui.analysis.result import Analysis
    from blackjack_tui.analysis.strategy import Cell, Chart

__all__ = [
    "Analysis",
    "Cell",
    "Chart",
    "Hint",
    "analyse",
    "cached_analysis",
    "dealer_distribution",
    "hint",
    "house_edge",
]

_HOMES = {
    "cached_analysis": "cache",
    "dealer_distribution": "dealer",
    "Analysis": "result",
    "analyse": "edge",
    "house_edge": "edge",
    "Hint": "hints",
    "hint": "hints",
    "Cell": "strategy",
    "Chart": "strategy",
}


def __getattr__(name: str) -> Any:
    # PEP 562: importing the package stays cheap until a name is used.
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
