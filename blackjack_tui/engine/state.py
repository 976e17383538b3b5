"""A round's whole state as JSON-ready data, and back: the form saved rounds have always had.

Keys written only when they are used (the computer seats, a join waiting, bets behind) are left
out otherwise, so a round without them saves exactly as it did before they existed.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from blackjack_tui.engine.cards import parse_cards
from blackjack_tui.engine.errors import EngineError, StateError
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import Box
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import Seat
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.table_rules import table_of
from blackjack_tui.engine.vocabulary import ActionName, Phase

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round


def round_to_dict(rnd: Round) -> dict[str, Any]:
    """The round's whole state, as :meth:`Round.to_dict` gives it."""
    data: dict[str, Any] = {
        "rules": rnd.rules.model_dump(mode="json"),
        "tier": rnd.tier,
        "shoe": rnd.shoe.to_dict(),
        "bankroll_start": str(rnd.player.bankroll_start),
        "bankroll": str(rnd.player.bankroll),
        "boxes": [b.to_dict() for b in rnd.boxes],
        "dealer": [c.text for c in rnd.dealer],
        "hole_hidden": rnd.hole_hidden,
        "phase": str(rnd.phase),
        "queue": [[i, "behind"] if behind else i for i, behind in rnd.queue],
        "cursor": list(rnd.cursor),
        "dealt": [c.text for c in rnd.dealt],
        "actions": list(rnd.actions),
        "log": [e.to_dict() for e in rnd.log],
    }
    if rnd.seats:  # only then: saves without other seats stay as they were
        data["seats"] = [s.to_dict() for s in rnd.seats]
        data["player_seat"] = rnd.player_seat
    if rnd.join is not None:
        what, bi, hi = rnd.join
        data["join"] = [str(what), bi, hi]
    return data


def restore(rnd: Round, data: dict[str, Any], shoe: Shoe | None) -> None:
    """Fill ``rnd`` from :func:`round_to_dict`'s data; :class:`StateError` if it is not one."""
    try:
        _fill(rnd, data, shoe)
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, ArithmeticError, IndexError, AttributeError) as err:
        raise StateError(f"not a saved round: {err}") from None
    try:
        rnd.advance()  # works out the decision due (and moves past one nobody can take now)
    except (EngineError, KeyError, TypeError, ValueError, ArithmeticError, IndexError) as err:
        raise StateError(f"not a saved round: {err}") from None


def _fill(rnd: Round, data: dict[str, Any], shoe: Shoe | None) -> None:
    rules = Rules.model_validate(data["rules"])
    rnd.rules = rules
    rnd.table = table_of(rules)
    rnd.tier = data["tier"]
    rnd.shoe = shoe if shoe is not None else Shoe.from_dict(data["shoe"])
    rnd.player = Seat(0, "", Decimal(data["bankroll_start"]))
    rnd.player.bankroll = Decimal(data["bankroll"])
    rnd.boxes = [Box.from_dict(b) for b in data["boxes"]]
    rnd.dealer = parse_cards(data["dealer"])
    rnd.hole_hidden = bool(data["hole_hidden"])
    phase = str(data["phase"])
    if phase not in Phase.__members__.values():
        raise StateError(f"not a saved round: unknown phase {phase!r}")
    rnd.phase = Phase(phase)
    rnd.queue = [(int(i[0]), True) if isinstance(i, list) else (int(i), False)
                 for i in data["queue"]]
    rnd.seats = [Seat.from_dict(n, s) for n, s in enumerate(data.get("seats", []), 1)]
    rnd.purses = [rnd.player, *rnd.seats]
    rnd.player_seat = int(data.get("player_seat", 0))
    join = data.get("join")
    rnd.join = None if join is None else (ActionName(str(join[0])), int(join[1]), int(join[2]))
    bi, hi = data["cursor"]
    rnd.cursor = (int(bi), int(hi))
    rnd.dealt = parse_cards(data["dealt"])
    rnd.actions = [str(a) for a in data["actions"]]
    rnd.log = [Event.from_dict(e) for e in data["log"]]
    rnd.decision = None
    rnd.insured = any(p.insurance for b in rnd.boxes for p in b.positions)
