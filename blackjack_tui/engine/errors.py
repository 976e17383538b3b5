"""The engine's errors: each a ``ValueError`` whose message a player can read."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidActionError(EngineError):
    """An action's text was not understood (``"hitt"``, ``"insurance:x"``)."""


class IllegalActionError(EngineError):
    """An action that is well formed but not legal at this point of the round."""


class BetError(EngineError):
    """Bets that the table does not accept (outside the limits, more than the bankroll)."""


class ShoeEmptyError(EngineError):
    """A stacked shoe ran out of cards."""


class StateError(EngineError):
    """A saved round state that cannot be restored."""
