"""A round's whole state as JSON-ready data, and back: the form saved rounds have always had.

Keys written only when they are used (the computer seats, a join waiting, bets behind) are left
out otherwise, so a round without them saves exactly as it did before they existed. Reading gives
a :class:`Saved` (the parts' contents), from which :meth:`.round.Round.from_dict` builds the
round; a round gives its :class:`Saved` to :func:`write`.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from msgspec import Struct

from blackjack_tui.engine.cards import Card, parse_cards
from blackjack_tui.engine.errors import EngineError, StateError
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import Box
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import Seat
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.table_rules import TableRules, table_of
from blackjack_tui.engine.vocabulary import ActionName, Phase

_NOT_A_ROUND = (KeyError, TypeError, ValueError, ArithmeticError, IndexError, AttributeError)


class Saved(Struct):
    """A saved round read back: what each of the round's parts holds."""

    rules: Rules
    table: TableRules
    tier: str | None
    shoe: Shoe
    player: Seat
    others: list[Seat]
    player_seat: int
    boxes: list[Box]
    dealer: list[Card]
    hole_hidden: bool
    dealt: list[Card]
    phase: Phase
    queue: list[tuple[int, bool]]
    join: tuple[ActionName, int, int] | None
    cursor: tuple[int, int]
    actions: list[str]
    log: list[Event]


def write(saved: Saved) -> dict[str, Any]:
    """The round's whole state, as :meth:`Round.to_dict` gives it."""
    player = saved.player
    data: dict[str, Any] = {
        "rules": saved.rules.model_dump(mode="json"),
        "tier": saved.tier,
        "shoe": saved.shoe.to_dict(),
        "bankroll_start": str(player.bankroll_start),
        "bankroll": str(player.bankroll),
        "boxes": [b.to_dict() for b in saved.boxes],
        "dealer": [c.text for c in saved.dealer],
        "hole_hidden": saved.hole_hidden,
        "phase": str(saved.phase),
        "queue": [[i, "behind"] if behind else i for i, behind in saved.queue],
        "cursor": list(saved.cursor),
        "dealt": [c.text for c in saved.dealt],
        "actions": list(saved.actions),
        "log": [e.to_dict() for e in saved.log],
    }
    if saved.others:  # only then: saves without other seats stay as they were
        data["seats"] = [s.to_dict() for s in saved.others]
        data["player_seat"] = saved.player_seat
    if saved.join is not None:
        what, bi, hi = saved.join
        data["join"] = [str(what), bi, hi]
    return data


def read(data: dict[str, Any], shoe: Shoe | None) -> Saved:
    """:func:`round_to_dict`'s data read back; :class:`StateError` if it is not one."""
    try:
        return _read(data, shoe)
    except StateError:
        raise
    except _NOT_A_ROUND as err:
        raise StateError(f"not a saved round: {err}") from None


def settle_in(advance: Callable[[], None]) -> None:
    """Run a restored round's ``advance`` (it works out the decision due, and moves past one
    nobody can take now); :class:`StateError` if the saved state cannot go on."""
    try:
        advance()
    except (EngineError, *_NOT_A_ROUND) as err:
        raise StateError(f"not a saved round: {err}") from None


def _read(data: dict[str, Any], shoe: Shoe | None) -> Saved:
    rules = Rules.model_validate(data["rules"])
    player = Seat(0, "", Decimal(data["bankroll_start"]))
    player.bankroll = Decimal(data["bankroll"])
    boxes = [Box.from_dict(b) for b in data["boxes"]]
    dealer = parse_cards(data["dealer"])
    hole_hidden = bool(data["hole_hidden"])
    phase = str(data["phase"])
    if phase not in Phase.__members__.values():
        raise StateError(f"not a saved round: unknown phase {phase!r}")
    queue = [(int(i[0]), True) if isinstance(i, list) else (int(i), False)
             for i in data["queue"]]
    others = [Seat.from_dict(n, s) for n, s in enumerate(data.get("seats", []), 1)]
    player_seat = int(data.get("player_seat", 0))
    join = data.get("join")
    bi, hi = data["cursor"]
    return Saved(
        rules=rules, table=table_of(rules), tier=data["tier"],
        shoe=shoe if shoe is not None else Shoe.from_dict(data["shoe"]),
        player=player, others=others, player_seat=player_seat, boxes=boxes, dealer=dealer,
        hole_hidden=hole_hidden, dealt=parse_cards(data["dealt"]), phase=Phase(phase),
        queue=queue,
        join=None if join is None else (ActionName(str(join[0])), int(join[1]), int(join[2])),
        cursor=(int(bi), int(hi)), actions=[str(a) for a in data["actions"]],
        log=[Event.from_dict(e) for e in data["log"]])
