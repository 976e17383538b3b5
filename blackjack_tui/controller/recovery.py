"""Taking back what the last run left: the round in flight and the shoe between rounds.

A saved round is resumed only when it checks out (:mod:`blackjack_tui.store.check`): its rules
are today's, it replays from its own cards and decisions to exactly what was saved, its chips are
its account's, its shoe is whole. Otherwise it is set aside (kept in the database for support)
and its bets returned — the account was never charged for them, so "returned" moves nothing —
with one line for the player. A round whose rules are gone or changed keeps what it had already
won, since nothing in it is in doubt; a round that fails the check keeps nothing, since nothing in
it can be trusted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from msgspec import Struct, field

from blackjack_tui.controller.home import HomeGame
from blackjack_tui.engine.errors import EngineError
from blackjack_tui.engine.fair import FairShoe
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.store import Line, RecordError, SavedRound, Store, settle_unfinished
from blackjack_tui.store.check import round_problem, shoe_problem
from blackjack_tui.store.inflight import decode, shoe_from_state, unfinishable
from blackjack_tui.store.journal import home_account, seat_account

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round


class Found(Struct):
    """A round to resume (or none), its home evening, and what to tell the player."""

    round: Round | None = None
    round_id: str | None = None
    home: HomeGame | None = None
    notices: list[str] = field(default_factory=list)


def recover(store: Store, rule_sets: Mapping[str, Rules]) -> Found:
    """Check the saved round in flight against today's ``rule_sets``; resume it, or set it aside
    with its bets returned. (The store and the rules come as parameters: the game that calls
    this is not imported back.)"""
    if store.read_only:
        return Found()
    saved = store.inflight()
    if saved is None:
        return Found()
    if store.is_booked(saved.round_id):
        store.clear_inflight()  # booked just before a crash: nothing is left to do
        return Found()
    home = _evening_of(store, saved.account)
    why, rnd, trusted = _check(store, rule_sets, saved, home)
    if why is None and rnd is not None:
        return Found(rnd, saved.round_id, home)
    return Found(notices=[_set_aside(store, saved, why or "it could not be read", trusted,
                                     home is not None)])


def _evening_of(store: Store, account: str) -> HomeGame | None:
    if not account.startswith("home:"):
        return None
    from blackjack_tui.ledger import Evening

    evening_id = account.split(":")[1]
    for row_id, _status, state, _updated in store.evening_rows("table"):
        if row_id == evening_id:
            try:
                return HomeGame(Evening.model_validate_json(state))
            except ValueError:
                return None
    return None


def _check(store: Store, rule_sets: Mapping[str, Rules], saved: SavedRound,
           home: HomeGame | None) -> tuple[str | None, Round | None, bool]:
    """``(why not, the round, whether its settled results can be trusted)``."""
    if saved.data is None:
        return "the saved round could not be read", None, False
    if saved.account.startswith("home:") and home is None:
        return "its home evening could not be found", None, False
    why = unfinishable(saved.data, dict(rule_sets))
    if why is not None:
        return why, None, True
    try:
        rnd = decode(saved.data).round
    except (RecordError, EngineError) as err:
        return f"the saved round is damaged: {err}", None, False
    if home is not None:
        chips = {s.name: store.balance(home_account(home.id, s.name)) for s in rnd.seats}
    else:
        chips = {s.name: store.balance(seat_account(s.name)) for s in rnd.seats
                 if store.has_account(seat_account(s.name))}
    problem = round_problem(rnd, store.balance(saved.account), chips)
    if problem is not None:
        return f"the saved round does not check out: {problem}", None, False
    return None, rnd, True


def _set_aside(store: Store, saved: SavedRound, why: str, trusted: bool, home: bool) -> str:
    """Keep the round for support, return its bets; credit what it had won only when trusted."""
    lines: list[Line] = []
    if trusted and not home:
        settlement = settle_unfinished(saved.data, why)
        if settlement.net > 0:
            lines.append(Line(saved.account, "unfinished", settlement.net,
                              f"round {saved.round_id[:8]}: what it had won"))
        notice = settlement.notice
    else:
        notice = (f"The unfinished round could not be resumed ({why}); it was set aside and its "
                  "bets returned: your chips are as they were before it.")
    store.set_aside("round", why, saved.raw, lines)
    return notice


def saved_shoe(store: Store, decks: int,
               table: str | None = None) -> tuple[Shoe | None, list[str]]:
    """The shoe kept between rounds, if it is whole, has ``decks`` decks and was dealt at
    ``table`` (a shoe saved before tables were named counts as this table's); notices if not.

    A fair shoe that will not be used (another table) is revealed and kept for ``verify``.
    """
    data = store.shoe()
    if data is None:
        return None, []
    try:
        shoe = shoe_from_state(data["shoe"], data.get("rng"))
    except (KeyError, TypeError, EngineError):
        return None, ["The saved shoe could not be read; a fresh shoe is used"]
    problem = shoe_problem(shoe)
    if problem is not None:
        store.set_aside("shoe", problem, _json(data))
        return None, [f"The saved shoe is not sound ({problem}); it was set aside and a fresh "
                      "shoe is used"]
    if shoe.decks != decks or data.get("table", table) != table:
        if isinstance(shoe, FairShoe):
            shoe.retire()
            store.save_shoe(None, shoe.take_retired())
        return None, []
    return shoe, []


def _json(data: object) -> str:
    import json

    return json.dumps(data)
