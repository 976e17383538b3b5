"""Saved state is checked, never trusted: a round in flight and the shoe between rounds.

A saved round is replayed from its own record — the rules, the bets, the cards in the order they
were dealt and the decisions — on a stacked shoe, and must come out exactly as saved: one changed
digit in a stake, a payout or the bankroll, or a card that was never dealt, and it does not. Its
chips must be the account's, and its shoe must hold exactly the decks it was made of (no seventh
K♣). A round that fails is set aside with its bets returned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING

from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.cards import DECK
from blackjack_tui.engine.errors import EngineError
from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.seats import SeatBet
from blackjack_tui.engine.shoe import Shoe

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round


def shoe_problem(shoe: Shoe, on_table: list[str] | None = None) -> str | None:
    """Why ``shoe`` (plus the cards on the table) is not the decks it was made of, or ``None``."""
    if shoe.stacked_shoe:
        return None  # a stacked shoe deals exactly what it was given (tests, replays)
    have = Counter(c.text for c in shoe.remaining_cards())
    have.update(c.text for c in shoe.discards)
    have.update(on_table or [])
    want = Counter({c.text: shoe.decks for c in DECK})
    if shoe.total != 52 * shoe.decks:
        return f"the shoe says {shoe.total} cards for {shoe.decks} deck(s)"
    if have == want:
        return None
    extra = have - want
    missing = want - have
    if extra:
        card, count = extra.most_common(1)[0]
        return f"the shoe holds {have[card]} of {card} in {shoe.decks} deck(s)"
    card, count = missing.most_common(1)[0]
    return f"the shoe is missing {count} {card}"


def replayed(rnd: Round) -> Round:
    """The round played again from its own bets, cards and decisions on a stacked shoe."""
    from blackjack_tui.engine.round import Round  # the round's machinery: only to replay one

    bets: list[Decimal | None] = [None] * rnd.rules.max_boxes
    for box in rnd.player_boxes():
        if not 1 <= box.number <= len(bets):
            raise EngineError(f"the player has no box {box.number}")
        bets[box.number - 1] = box.bet
    played = {b.owner: b for b in rnd.boxes if b.owner}
    seats = [SeatBet(s.name, s.bankroll_start,
                     played[s.number].bet if s.number in played else None) for s in rnd.seats]
    behind = {b.number: b.behind_bet for b in rnd.boxes if b.behind_bet}
    shoe = Shoe.stacked([c.text for c in rnd.dealt], decks=rnd.rules.decks)
    again = Round(rnd.rules, shoe, bets, rnd.bankroll_start, tier=rnd.tier, seats=seats,
                  player_seat=rnd.player_seat, behind=behind)
    if rnd.dealt:
        again.deal()
    for text in rnd.actions:
        again.apply(Action.parse(text))
    return again


def _comparable(rnd: Round) -> dict[str, object]:
    data = rnd.to_dict()
    data.pop("shoe", None)
    log = data.pop("log", [])
    data["log"] = [e for e in log if isinstance(e, dict) and e.get("kind") != "shuffle"]
    return data


def round_problem(rnd: Round, balance: Decimal | None = None,
                  seat_chips: Mapping[str, Decimal] | None = None) -> str | None:
    """Why a saved round cannot be what was played, or ``None`` when it checks out.

    ``balance``: what the account it plays with holds (its chips before the round);
    ``seat_chips``: the computer seats' accounts, by name.
    """
    if balance is not None and rnd.bankroll_start != balance:
        return (f"it was dealt with {money_str(rnd.bankroll_start)} in chips, but the account "
                f"holds {money_str(balance)}")
    for seat in rnd.seats:
        held = (seat_chips or {}).get(seat.name)
        if held is not None and held != seat.bankroll_start:
            return (f"{seat.name} sat down with {money_str(seat.bankroll_start)}, "
                    f"not {money_str(held)}")
    try:
        again = replayed(rnd)
    except (EngineError, ValueError) as err:
        return f"it does not replay: {err}"
    if _comparable(again) != _comparable(rnd):
        return "it does not replay to what was saved (its money or cards were changed)"
    on_table = [] if rnd.over else [c.text for c in rnd.table_cards()]
    return shoe_problem(rnd.shoe, on_table)
