"""Game recall: a finished round from the hand history, shown again step by step."""

from __future__ import annotations

from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.history import HandRecord


class Recall:
    """Re-runs a :class:`HandRecord` through the engine and serves the table at any step."""

    def __init__(self, record: HandRecord) -> None:
        self.record = record
        rnd = record.replay()
        self.boxes = [(b.number, b.bet) for b in rnd.boxes]
        self.aces_low = rnd.table.aces_low
        self.events: list[Event] = list(rnd.log)

    @property
    def steps(self) -> int:
        return len(self.events)

    def view_at(self, step: int) -> TableView:
        """The table after the first ``step`` events (0: the bets, no cards yet)."""
        view = TableView.for_bets(self.boxes, self.aces_low)
        for event in self.events[:step]:
            view.apply(event)
        return view
