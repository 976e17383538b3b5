"""Honest math: the house edge and the best play for any house rules, by combinatorial analysis.

Pure (no I/O but :mod:`.cache`, no asyncio, no Textual or Rich). The parts:

- :mod:`.shoe` compositions (counts of values 1..10); :mod:`.table` the rules as the math reads
  them and the cache key; :mod:`.dealer` the dealer's final-total probabilities per up card;
- :mod:`.strategy` the chart; :mod:`.edge` the two house edges; :mod:`.result` what they give;
  :mod:`.hints` one hand at the table; :mod:`.cache` results on disk.

What the UI calls::

    analyse(rules) -> Analysis              # .chart, .house_edge_percent (the chart's edge),
                                            # .optimal_edge_percent (the best play's)
    cached_analysis(rules, cache_dir=None)  # the same, read from or written to the disk cache
    house_edge(rules) -> float              # the chart's edge, percent, + = house ahead
    hint(rules, cards, up, from_split=False, hands_in_box=1, seen=()) -> Hint

Other parts: :mod:`.compositions` (every hand the player can reach), :mod:`.dealer_batch` (the
dealer's odds for thousands of shoes at once), :mod:`.forest` and :mod:`.play` (the hands of a
shoe, valued from hard 21 down), :mod:`.chart_play` (the chart worked out and played),
:mod:`.solve` (both strategies for every starting hand), :mod:`.indices` (Hi-Lo index plays).

How exact it is
---------------
- Exact combinatorial analysis: every composition of the player's hand gets the dealer's odds
  from the shoe less exactly its cards and the up card (the exact finite-shoe polynomial of
  :mod:`.dealer`); each decision is made with all the cards of the hand known. Floating point only
  at the end: results agree with a plain scalar re-statement to about 1e-15.
- Splits count the pair cards as they are dealt (each split hand's second card comes from the shoe
  less every pair card dealt so far, resplitting while the box has room); each split hand is
  played with its own cards and the pair cards out, not the other hands' cards. This is the method
  of the Wizard of Odds' Appendix 9, which ours matches to 0.0004 points at 1 to 8 decks. From
  three decks on, a third or fourth hand of a split is extrapolated from the first split and the
  unsplit hand (:class:`.solve._SplitHands`), about 0.00001 points at six decks.
- The chart is total-dependent (as printed charts are): each cell ranks the actions by their EV
  averaged over the two-card hands making that row (weighted by how often each is dealt), with
  the chart played afterwards; every later decision is the cell's hit or stand.
- A peek game's values are taken jointly with "no dealer blackjack" (the hole card is one of the
  unseen cards); a no-hole-card game that takes only the original bet is the same plus one lost
  bet on a dealer blackjack; surrender there gives up half the bet at once.
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
