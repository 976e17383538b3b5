"""What a finished round changes, as one :class:`~blackjack_tui.store.Booking`.

The player's result goes to the account he played with — his bankroll at the casino tables, his
stack in a home evening — and every other chip that moved gets its own line: the computer seats'
chips, the other stacks and the house of a home evening, a rebuy. Nothing here writes: the game
hands the booking to the store, which writes it in one transaction.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from blackjack_tui.controller.home import HOUSE, HomeGame
from blackjack_tui.controller.session import placed_bets
from blackjack_tui.store import BANKROLL, Booking, EveningSave, Line, Settings
from blackjack_tui.store.inflight import rng_state
from blackjack_tui.store.journal import home_account, seat_account
from blackjack_tui.store.reading import counts_of

if TYPE_CHECKING:
    from blackjack_tui.controller.session import Session
    from blackjack_tui.engine.round import Round


def shoe_state(session: Session) -> dict[str, Any]:
    shoe = session.shoe
    # The table it is dealt at: another table, even after a restart, is another shoe.
    return {"shoe": shoe.to_dict(), "rng": rng_state(shoe), "table": session.rules.name}


def home_lines(home: HomeGame, rnd: Round, opened: bool,
               ) -> tuple[list[Line], Decimal, Any]:
    """The hand settled into (a copy of) the evening: its journal lines, the player's result
    and the evening after it."""
    evening = home.id
    lines: list[Line] = []
    if not opened:
        lines += opening_lines(home)
    moves, after = home.settled(rnd)
    mine = moves.results.get(home.player, Decimal(0))
    lines.append(Line(home_account(evening, home.player), "round", mine))
    for name, amount in moves.results.items():
        if name != home.player:
            lines.append(Line(home_account(evening, name), "round", amount))
    for name, amount in moves.rebuys.items():
        lines.append(Line(home_account(evening, name), "rebuy", amount, "bought back in"))
    return lines, mine, after


def opening_lines(home: HomeGame) -> list[Line]:
    """Every stack's first chips (and the house's empty side) when an evening starts."""
    stacks = home.evening.standings.stacks
    lines = [Line(home_account(home.id, name), "opening", amount, "the starting stack")
             for name, amount in stacks.items()]
    lines.append(Line(home_account(home.id, HOUSE), "opening", Decimal(0), "the house's side"))
    return lines


def seat_openings(rnd: Round) -> list[Line]:
    """The computer seats' first chips, for accounts that do not exist yet."""
    return [Line(seat_account(s.name), "opening", s.bankroll_start, "a computer player's chips")
            for s in rnd.seats]


def booking_of(rnd: Round, round_id: str, session: Session, *, evening_opened: bool = True,
               settings: Settings | None = None) -> Booking:
    """The booking of ``rnd`` (finished) at ``session``'s table: a value, built without changing
    anything (a home round is settled into a copy of its evening, the retired fair shoes are
    read, not taken). The game applies it once it is written (:func:`applied`)."""
    from blackjack_tui.engine.history import HandRecord  # the first booking, not the start

    record = HandRecord.of(rnd, placed_bets(rnd), round_id=round_id,
                           time=datetime.now(UTC).isoformat(timespec="seconds"))
    text = record.model_dump_json()
    home = session.home
    evening = None
    opening: list[Line] = []
    kept = None if settings is None else (settings.model_copy(), list(session.last_bets)[:3])
    if home is not None:
        lines, net, after = home_lines(home, rnd, evening_opened)
        account = home_account(home.id, home.player)
        status = "closed" if after.standings.finished else "open"
        evening = EveningSave(home.id, after.model_dump_json(), status)
    else:
        account, net = BANKROLL, rnd.net
        lines = [Line(BANKROLL, "round", net)]
        lines += [Line(seat_account(s.name), "round", s.net) for s in rnd.seats if s.net]
        opening = seat_openings(rnd)
    return Booking(round_id=round_id, record=text, ruleset=rnd.rules.name, account=account,
                   before=rnd.bankroll_start, net=net, staked=rnd.staked,
                   counts=counts_of(record.model_dump(mode="json")), lines=lines,
                   shoe=shoe_state(session), retired=session.retired_records(),
                   evening=evening, settings=kept, opening=opening)


def applied(booking: Booking, rnd: Round, session: Session) -> None:
    """After ``booking`` is written: the retired fair shoes it kept leave the session, and the
    home evening takes the hand as the booking settled it (the same settlement, on the evening
    itself: the objects the table holds stay the ones it shows)."""
    session.take_retired()
    home = session.home
    if home is not None and booking.evening is not None and booking.evening.id == home.id:
        home.settle(rnd)
