"""Game recall: a finished round from the hand history, shown again step by step."""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.history import HandRecord


class Recall:
    """Re-runs a :class:`HandRecord` through the engine and serves the table at any step."""

    def __init__(self, record: HandRecord) -> None:
        self.record = record
        self._round = rnd = record.replay()
        self.events: list[Event] = list(rnd.log)
        self.seats: list[tuple[str, Decimal]] = [(s.name, s.bankroll_start) for s in rnd.seats]
        """The computer players as they sat down for the round (seat 1 first), with their chips."""
        self.behind: dict[int, Decimal] = dict(record.behind)
        """The player's bets behind their boxes (box number: amount)."""
        self.sitting_out = {s.name for s in record.seats if s.bet is None}

    @property
    def steps(self) -> int:
        return len(self.events)

    def view_at(self, step: int) -> TableView:
        """The table after the first ``step`` events (0: the bets, no cards yet)."""
        view = TableView.for_round(self._round)  # the bets as placed, with the other seats'
        for event in self.events[:step]:
            view.apply(event)
        return view
