"""The counter's school: drills beyond the strategy chart, each a pure scorer (no Textual).

Every drill deals questions from its own :class:`random.Random` (a seed gives the same drill
twice, for the tests), scores the player's answers in a :class:`~.base.Tally`, and hands back an
:class:`~.base.Attempt` that :mod:`.progress` keeps in the database. A drill never sees the
bankroll: its answers are counts and units, never money.

The drills by the names the menu and ``blackjack-tui train`` use: :data:`DRILLS`.
"""

from __future__ import annotations

DRILLS: dict[str, str] = {
    "strategy": "Basic strategy: name the play",
    "indices": "Index plays: the play at a count, in your system",
    "running-count": "Running count at speed",
    "true-count": "True count: running count over decks left",
    "decks": "Deck estimation: read the discard tray",
    "bet-ramp": "Bet ramp: the bet for a true count",
    "pairs": "Pairs cancelling: two cards, one net tag",
}
"""Each drill's name and its line in the menu, in the menu's order."""

KEPT: dict[str, str] = {**DRILLS, "count-checks": "Count checks at the table"}
"""Every kind of attempt the progress shows: the drills, and the count checks the table asks
before a deal (Options), each check kept as an attempt of one question."""
