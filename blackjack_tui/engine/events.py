"""What happens in a round, one step at a time, for a UI to animate and a history to record.

Kinds (``box``/``hand`` are 1-based; ``box`` is 0 for the dealer):

=================  ==========================================================================
``card``           a card dealt face up to a hand (``box``, ``hand``, ``card``) or the dealer
``hole``           the dealer's hole card, face down (``card`` is known to the engine only)
``reveal``         the hole card turned (``card``)
``peek``           the dealer checked under an ace or ten: ``outcome`` is ``blackjack`` or ``none``
``insurance``      a box insured (``amount``) — or declined (``amount`` 0)
``even-money``     a blackjack took even money
``split``          a hand split into two (``box``, ``hand`` = the left hand)
``double``         a hand doubled (``amount`` = the added stake)
``stand``          a hand stood
``surrender``      a hand surrendered
``insurance-settled``  ``box``, ``outcome`` (win/lose), ``amount`` (net)
``settle``         a hand settled: ``outcome``, ``amount`` (net), ``total``
``dealer-total``   the dealer's final total (``total``; ``outcome`` ``bust`` or ``stand``)
``round-over``     ``amount`` = the round's net
``shuffle``        the discards were shuffled back mid-round
``behind-join``    the player behind a box joined its holder's split or double (``amount`` added,
                   0 when he stayed out; ``outcome`` ``split`` or ``double``)
``behind-settle``  the player's bet behind a hand settled (as ``settle``)
``behind-…``       ``behind-insurance``, ``behind-insurance-settled``, ``behind-even-money``: his
                   own insurance and even money, as for a holder
=================  ==========================================================================

The kinds and outcomes are the enums of :mod:`.vocabulary`.
"""

from __future__ import annotations

from decimal import Decimal
from functools import partial
from typing import Any, NamedTuple

from blackjack_tui.engine.cards import DECK, Card, parse_card
from blackjack_tui.engine.seats import MAX_SEATS, SEAT_BOX_BASE
from blackjack_tui.engine.vocabulary import ActionName, DealerEnd, EventKind, Outcome, PeekResult

MAX_HANDS = 4
"""The most hands a box splits into (``Rules.max_split_hands`` allows at most 4)."""

EventOutcome = Outcome | PeekResult | DealerEnd | ActionName
"""An event's ``outcome``: a hand's or insurance's :class:`Outcome`, the peek's result, how the
dealer ended, or (``behind-join``) whether the holder split or doubled."""

# The type of ``outcome`` for each kind that has one other than an Outcome.
_OUTCOME_TYPE: dict[str, type[EventOutcome]] = {
    EventKind.PEEK: PeekResult,
    EventKind.DEALER_TOTAL: DealerEnd,
    EventKind.BEHIND_JOIN: ActionName,
}


class Event(NamedTuple):
    """One step of a round: a small immutable value, built once and shared by all who read it."""

    kind: EventKind
    box: int = 0
    hand: int = 0
    card: Card | None = None
    amount: Decimal | None = None
    outcome: EventOutcome | None = None
    total: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready data (the hand history's and the saved round's form)."""
        data: dict[str, Any] = {"kind": str(self.kind), "box": self.box, "hand": self.hand}
        if self.card is not None:
            data["card"] = self.card.text
        if self.amount is not None:
            data["amount"] = str(self.amount)
        if self.outcome is not None:
            data["outcome"] = str(self.outcome)
        if self.total is not None:
            data["total"] = self.total
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """Read back what :meth:`to_dict` wrote; ``ValueError`` for a word it never writes."""
        kind = EventKind(data["kind"])
        outcome = data.get("outcome")
        total = data.get("total")
        return cls(
            kind,
            int(data.get("box", 0)),
            int(data.get("hand", 0)),
            parse_card(data["card"]) if "card" in data else None,
            Decimal(data["amount"]) if "amount" in data else None,
            None if outcome is None else _OUTCOME_TYPE.get(kind, Outcome)(str(outcome)),
            None if total is None else int(total),
        )

    def __eq__(self, other: object) -> bool:
        # Equal as written down: Decimal("15") and Decimal("15.0") are different records.
        return isinstance(other, Event) and self.to_dict() == other.to_dict()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_dict().items() if k != "kind")
        return f"Event({str(self.kind)!r}, {fields})"


class _CardEvents(dict[Card, Event]):
    """The ``card`` events of one hand (box 0, hand 0: the dealer's face-up cards), each built the
    first time its card is dealt there and shared from then on: an event is immutable, and a
    look-up costs a fraction of building one for each card dealt."""

    __slots__ = ("box", "hand")

    def __init__(self, box: int, hand: int) -> None:
        super().__init__()
        self.box = box
        self.hand = hand

    def __missing__(self, card: Card) -> Event:
        event = self[card] = _new((EventKind.CARD, self.box, self.hand, card, None, None, None))
        return event


class _StandEvents(dict[int, Event]):
    """The ``stand`` events of one hand by its total, built when first told (as the cards')."""

    __slots__ = ("box", "hand")

    def __init__(self, box: int, hand: int) -> None:
        super().__init__()
        self.box = box
        self.hand = hand

    def __missing__(self, total: int) -> Event:
        event = self[total] = _new((EventKind.STAND, self.box, self.hand, None, None, None, total))
        return event


_new = partial(tuple.__new__, Event)
STAND_EVENTS = [[_StandEvents(box, hand) for hand in range(MAX_HANDS + 1)]
                for box in range(SEAT_BOX_BASE + MAX_SEATS + 1)]
"""``STAND_EVENTS[box][hand][total]``: the event of that hand standing on ``total``."""
CARD_EVENTS = [[_CardEvents(box, hand) for hand in range(MAX_HANDS + 1)]
               for box in range(SEAT_BOX_BASE + MAX_SEATS + 1)]
"""``CARD_EVENTS[box][hand][card]``: the event of ``card`` dealt face up to that hand."""
DEALER_CARD_EVENTS = CARD_EVENTS[0][0]
"""The dealer's face-up cards' events."""
HOLE_EVENTS = {card: _new((EventKind.HOLE, 0, 0, card, None, None, None)) for card in DECK}
REVEAL_EVENTS = {card: _new((EventKind.REVEAL, 0, 0, card, None, None, None)) for card in DECK}
