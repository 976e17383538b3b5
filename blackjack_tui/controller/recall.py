"""Game recall: a finished round from the hand history, shown again step by step."""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.history import HandRecord
from blackjack_tui.engine.seats import seat_box
from blackjack_tui.engine.vocabulary import EventKind as K


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

    def words(self, step: int) -> str:
        """What step ``step`` (1-based; 0: the bets) shows, in words."""
        names = {seat_box(i): name for i, (name, _chips) in enumerate(self.seats, 1)}
        return step_words(self.events[step - 1] if step else None, names)

    @property
    def steps(self) -> int:
        return len(self.events)

    def view_at(self, step: int) -> TableView:
        """The table after the first ``step`` events (0: the bets, no cards yet)."""
        view = TableView.for_round(self._round)  # the bets as placed, with the other seats'
        for event in self.events[:step]:
            view.apply(event)
        return view


_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}  # --ascii's filter makes them letters


def _card(card: Card | None) -> str:
    if card is None:
        return ""
    rank = "10" if card.rank == "T" else card.rank
    return rank + _SUITS[card.suit]


def _where(event: Event, names: dict[int, str]) -> str:
    who = names.get(event.box, f"box {event.box}")
    return who + (f", hand {event.hand}" if event.hand > 1 else "")


_DONE = {  # the kinds whose words need nothing but the box
    K.SPLIT: "splits", K.DOUBLE: "doubles", K.SURRENDER: "surrenders",
    K.EVEN_MONEY: "takes even money", K.BEHIND_EVEN_MONEY: "takes even money behind",
}


def step_words(event: Event | None, names: dict[int, str] | None = None) -> str:
    """What one recalled step shows, in a player's words (``None``: the bets, before the deal).
    ``names``: the computer players' names by the box they play."""
    if event is None:
        return "the bets are placed"
    kind, where, card = event.kind, _where(event, names or {}), _card(event.card)
    outcome = str(event.outcome) if event.outcome is not None else ""
    if kind in _DONE:
        return f"{where} {_DONE[kind]}"
    words = {
        K.CARD: f"the dealer's card: {card}" if event.box == 0 else f"{where} gets {card}",
        K.HOLE: "the dealer's hole card, face down",
        K.REVEAL: f"the dealer turns the hole card: {card}",
        K.PEEK: f"the dealer peeks: {outcome.replace('-', ' ')}",
        K.INSURANCE: f"{where} insures for {event.amount}",
        K.BEHIND_INSURANCE: f"the bet behind {where} insures for {event.amount}",
        K.STAND: f"{where} stands on {event.total}",
        K.INSURANCE_SETTLED: f"insurance on {where}: {outcome}",
        K.BEHIND_INSURANCE_SETTLED: f"insurance behind {where}: {outcome}",
        K.SETTLE: f"{where}: {outcome.replace('-', ' ')}",
        K.BEHIND_SETTLE: f"the bet behind {where}: {outcome.replace('-', ' ')}",
        K.BEHIND_JOIN: f"the bet behind {where} joins the {outcome}",
        K.DEALER_TOTAL: f"the dealer ends on {event.total}"
                        + (" (bust)" if event.total is not None and event.total > 21 else ""),
        K.ROUND_OVER: "the round is over",
        K.SHUFFLE: "the discards are shuffled back into the shoe",
    }
    return words.get(kind, str(kind))
