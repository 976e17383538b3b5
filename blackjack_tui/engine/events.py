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
=================  ==========================================================================
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from blackjack_tui.engine.cards import Card


class Event:
    __slots__ = ("amount", "box", "card", "hand", "kind", "outcome", "total")

    def __init__(
        self,
        kind: str,
        box: int = 0,
        hand: int = 0,
        card: Card | None = None,
        amount: Decimal | None = None,
        outcome: str | None = None,
        total: int | None = None,
    ) -> None:
        self.kind = kind
        self.box = box
        self.hand = hand
        self.card = card
        self.amount = amount
        self.outcome = outcome
        self.total = total

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "box": self.box, "hand": self.hand}
        if self.card is not None:
            data["card"] = self.card.text
        if self.amount is not None:
            data["amount"] = str(self.amount)
        if self.outcome is not None:
            data["outcome"] = self.outcome
        if self.total is not None:
            data["total"] = self.total
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        from blackjack_tui.engine.cards import parse_card

        return cls(
            str(data["kind"]),
            int(data.get("box", 0)),
            int(data.get("hand", 0)),
            parse_card(data["card"]) if "card" in data else None,
            Decimal(data["amount"]) if "amount" in data else None,
            data.get("outcome"),
            data.get("total"),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_dict().items() if k != "kind")
        return f"Event({self.kind!r}, {fields})"
