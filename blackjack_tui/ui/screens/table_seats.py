"""The table screen's other seats: computer players (``a``), bets behind their boxes (keys 4-7
or a click on the seat, then ``+``/``-``), and the home game's evening at the ``home`` table.

Kept apart from table_screen.py so the betting screen stays short; everything goes through the
session (controller side), never the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from blackjack_tui.controller.session import Session
from blackjack_tui.engine.money import ZERO, money_str
from blackjack_tui.engine.seats import MAX_SEATS
from blackjack_tui.ui.widgets.seat_strip import SeatInfo, seats_of

if TYPE_CHECKING:
    from blackjack_tui.ui.screens.table_screen import TableScreen


def seat_infos(session: Session, selected: int) -> tuple[SeatInfo, ...]:
    home = session.home
    banker = home.banker if home is not None else None
    return seats_of([(o.name, o.stack) for o in session.others], session.behind, selected,
                    session.sitting_out, banker)


def add(session: Session, bets: Sequence[Decimal | None], box: int, chip: Decimal) -> str | None:
    """One more chip behind ``box``; returns why not (the box maximum, the bankroll)."""
    if session.rules.ledger is not None:
        return "The home game has no bets behind"
    old = session.behind.get(box, ZERO)
    session.behind[box] = old + chip
    problem = session.check_bets(bets)
    if problem is not None:
        session.behind[box] = old
        if not old:
            session.behind.pop(box)
        return problem
    return None


def remove(session: Session, box: int, chip: Decimal) -> str | None:
    old = session.behind.get(box, ZERO)
    if old <= 0:
        return "No bet behind this box"
    left = old - chip
    if left > 0:
        session.behind[box] = left
    else:
        session.behind.pop(box)
    return None


def banking(session: Session) -> bool:
    """The player holds the home game's bank: he bets nothing this round."""
    return session.home is not None and session.home.player_banks


def bets_to_deal(session: Session, bets: list[Decimal | None]) -> list[Decimal | None]:
    return [] if banking(session) else bets


def after_round(screen: TableScreen, session: Session) -> None:
    home = session.home
    if home is None:
        return
    s = home.standings
    if home.over:
        screen.say(f"{home.outcome()} · l: the ledger · a: a new evening", "-result")
    elif home.player_banks:
        screen.say(f"Hand {s.hands}: you hold the bank; enter deals the others "
                   f"(stack {money_str(s.stacks[home.player])})", "-result")
    screen.refresh_betting(keep_result=True)


def cycle_players(screen: TableScreen) -> None:
    """``a``: 0 to 4 computer players, round and round; a home evening starts afresh."""
    if screen.playing:
        return
    game = screen.game.game
    count = (len(game.session.others) + 1) % (MAX_SEATS + 1)
    game.set_players(count)
    screen.selected = min(screen.selected, 3)
    who = ", ".join(o.name for o in game.session.others) or "nobody"
    screen.say(f"Computer players: {who} (a changes)", "-info")
    screen.new_slip(keep=True)
    screen.game.show_notices()
