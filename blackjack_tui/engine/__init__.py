"""The pure engine: cards, shoe, rules, the round as a state machine, settlement.

No I/O, no asyncio, no Textual or Rich: the UI, the simulator and the replays all drive it.
"""

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
