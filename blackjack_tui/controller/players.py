"""Computer players: who sits at the table, what they bet, and how they play (basic strategy).

They decide through the engine's own ``legal_actions()``, like the player; the controller answers
their decisions with :func:`computer_action`. Insurance and even money are declined, as basic
strategy does.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from msgspec import Struct

from blackjack_tui.engine.actions import BARE, Action, Decision
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import MAX_SEATS
from blackjack_tui.engine.vocabulary import ActionName

if TYPE_CHECKING:
    from blackjack_tui.analysis.strategy import Chart
    from blackjack_tui.engine.round import Round

NAMES = ("Astrid", "Bo", "Carla", "Dag")
HIT, STAND = Action(ActionName.HIT), Action(ActionName.STAND)
NO_INSURANCE, NO_EVEN_MONEY = Action(ActionName.NO_INSURANCE), Action(ActionName.NO_EVEN_MONEY)
NO_JOIN = Action(ActionName.NO_JOIN)
STACK = Decimal(500)


class Opponent(Struct):
    """A computer player between rounds: a name and a stack."""

    name: str
    stack: Decimal


def table_of(count: int, stack: Decimal = STACK) -> list[Opponent]:
    """``count`` computer players (0 to 4) with the default names and stacks."""
    if not 0 <= count <= MAX_SEATS:
        raise ValueError(f"0 to {MAX_SEATS} computer players, not {count}")
    return [Opponent(name, stack) for name in NAMES[:count]]


def opponent_bet(rules: Rules, stack: Decimal, tier: str | None = None) -> Decimal | None:
    """A computer player's bet: the home game's normal bet or the table minimum; ``None`` when
    the stack cannot cover it (the seat sits out)."""
    low, high = rules.limits(tier)
    bet = rules.ledger.normal_bet if rules.ledger is not None else low
    bet = min(max(bet, low), high)
    return bet if stack >= bet else None


def simple_action(legal: Sequence[str], total: int) -> Action:
    """The fallback before the chart is worked out: hit below 17, else stand."""
    return HIT if total < 17 and ActionName.HIT in legal else STAND


def computer_action(rnd: Round, decision: Decision, chart: Chart | None) -> Action:
    """What a computer seat does: basic strategy from the chart for play, no insurance."""
    if decision.kind == "even-money":
        return NO_EVEN_MONEY
    if decision.kind == "insurance":
        return NO_INSURANCE
    if decision.kind != "play":
        return NO_JOIN
    hand = rnd.box(decision.box).hands[decision.hand - 1]
    if chart is not None:
        from blackjack_tui.controller.strategy import chart_action

        try:
            return BARE[chart_action(rnd.rules, chart, hand.cards, rnd.up_card, decision.actions)]
        except (KeyError, ValueError):
            pass
    return simple_action(decision.actions, hand.total)
