"""What an analysis of a rule set gives: its chart and house edges (no numbers computed here).

Kept apart from :mod:`.edge` so that reading a cached result imports nothing heavy.
"""

from __future__ import annotations

from msgspec import Struct

from blackjack_tui.analysis.strategy import Chart


class Analysis(Struct, frozen=True):
    """A rule set's basic-strategy chart and what playing it costs."""

    chart: Chart
    house_edge_percent: float
    """The chart's edge: the printed chart played on every decision."""
    optimal_edge_percent: float
    """The best play for each hand's exact cards, on every decision."""
    blackjack_percent: float
    """How often the player is dealt a blackjack, in percent of rounds."""

    @property
    def chart_edge_percent(self) -> float:
        return self.house_edge_percent
