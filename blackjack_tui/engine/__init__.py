"""The pure engine: cards, shoe, rules, the round as a state machine, settlement.

No I/O, no asyncio, no Textual or Rich: the UI, the simulator and the replays all drive it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from blackjack_tui.engine.actions import Action, Decision
    from blackjack_tui.engine.cards import Card, parse_card, parse_cards
    from blackjack_tui.engine.errors import (
        BetError,
        EngineError,
        IllegalActionError,
        InvalidActionError,
        ShoeEmptyError,
        StateError,
    )
    from blackjack_tui.engine.events import Event
    from blackjack_tui.engine.round import Round
    from blackjack_tui.engine.rules import Limits, Rules
    from blackjack_tui.engine.seats import Seat, SeatBet, seat_box
    from blackjack_tui.engine.shoe import Shoe
    from blackjack_tui.engine.vocabulary import (
        AcesLow,
        ActionName,
        DealerEnd,
        DecisionKind,
        EventKind,
        HandState,
        Outcome,
        PeekResult,
        Phase,
    )

__all__ = [
    "AcesLow",
    "Action",
    "ActionName",
    "BetError",
    "Card",
    "DealerEnd",
    "Decision",
    "DecisionKind",
    "EngineError",
    "Event",
    "EventKind",
    "HandState",
    "IllegalActionError",
    "InvalidActionError",
    "Limits",
    "Outcome",
    "PeekResult",
    "Phase",
    "Round",
    "Rules",
    "Seat",
    "SeatBet",
    "Shoe",
    "ShoeEmptyError",
    "StateError",
    "parse_card",
    "parse_cards",
    "seat_box",
]

_HOMES = {
    "Action": "actions",
    "Decision": "actions",
    "Card": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "BetError": "errors",
    "EngineError": "errors",
    "IllegalActionError": "errors",
    "InvalidActionError": "errors",
    "ShoeEmptyError": "errors",
    "StateError": "errors",
    "Event": "events",
    "Round": "round",
    "Limits": "rules",
    "Rules": "rules",
    "Seat": "seats",
    "SeatBet": "seats",
    "seat_box": "seats",
    "Shoe": "shoe",
    "AcesLow": "vocabulary",
    "ActionName": "vocabulary",
    "DealerEnd": "vocabulary",
    "DecisionKind": "vocabulary",
    "EventKind": "vocabulary",
    "HandState": "vocabulary",
    "Outcome": "vocabulary",
    "PeekResult": "vocabulary",
    "Phase": "vocabulary",
}


def __getattr__(name: str) -> Any:
    # PEP 562: importing the package, or any one of its modules, stays cheap until a name of
    # the package itself is used (the first frame of the game needs few of them).
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
