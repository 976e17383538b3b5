"""The words of the table as types: what happens, how a hand ends, what is decided and how.

Each is a :class:`~enum.StrEnum`: a member *is* its text (``Outcome.WIN == "win"``), so the saved
rounds, the events' JSON, the hand-history records and the replays keep exactly the text they
always had, while a misspelt word is a type error (``Outcome("wn")`` raises ``ValueError``).
"""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    """What one event of a round says happened (see :mod:`.events`)."""

    CARD = "card"
    HOLE = "hole"
    REVEAL = "reveal"
    PEEK = "peek"
    INSURANCE = "insurance"
    EVEN_MONEY = "even-money"
    SPLIT = "split"
    DOUBLE = "double"
    STAND = "stand"
    SURRENDER = "surrender"
    INSURANCE_SETTLED = "insurance-settled"
    SETTLE = "settle"
    DEALER_TOTAL = "dealer-total"
    ROUND_OVER = "round-over"
    SHUFFLE = "shuffle"
    BEHIND_JOIN = "behind-join"
    BEHIND_SETTLE = "behind-settle"
    BEHIND_INSURANCE = "behind-insurance"
    BEHIND_INSURANCE_SETTLED = "behind-insurance-settled"
    BEHIND_EVEN_MONEY = "behind-even-money"


class Outcome(StrEnum):
    """How a hand (or an insurance bet: win or lose) ended for one seat's money on it."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    BLACKJACK = "blackjack"
    BUST = "bust"
    SURRENDER = "surrender"
    EVEN_MONEY = "even-money"


class PeekResult(StrEnum):
    """What the dealer found under an ace or a ten."""

    BLACKJACK = "blackjack"
    NONE = "none"


class DealerEnd(StrEnum):
    """How the dealer's hand ended."""

    BUST = "bust"
    STAND = "stand"


class ActionName(StrEnum):
    """Every decision a round can ask for, by name (``insurance`` may carry an amount)."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"
    INSURANCE = "insurance"
    NO_INSURANCE = "no-insurance"
    EVEN_MONEY = "even-money"
    NO_EVEN_MONEY = "no-even-money"
    JOIN = "join"
    """The player behind a box puts up an equal bet when its holder splits or doubles."""
    NO_JOIN = "no-join"


class DecisionKind(StrEnum):
    """What kind of question a :class:`~.actions.Decision` is."""

    PLAY = "play"
    INSURANCE = "insurance"
    EVEN_MONEY = "even-money"
    JOIN_SPLIT = "join-split"
    JOIN_DOUBLE = "join-double"


class Phase(StrEnum):
    """Where a round is: before the deal, insurance after the deal, the play, insurance at the
    dealer's turn (the Swedish rule), over."""

    READY = "ready"
    INSURANCE = "insurance"
    PLAY = "play"
    DEALER_INSURANCE = "dealer-insurance"
    OVER = "over"


class HandState(StrEnum):
    """A hand's progress: still to play, stood, or finished without a decision of its own (21,
    a split ace's one card, a double, a settled hand)."""

    PLAYING = "playing"
    STOOD = "stood"
    DONE = "done"


class AcesLow(StrEnum):
    """Which aces of a doubled hand count 1 (``Rules.double_ace_as_one``): every ace, also one
    drawn on the double; or only those held when the hand doubled."""

    ALL = "all"
    HELD = "held"
