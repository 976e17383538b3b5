"""The simulated home game (the ``home`` rule set): the table's rounds fed into the chip ledger.

One :class:`~blackjack_tui.ledger.Evening` per sitting. Every player (the player and the computer
players) starts with the agreed stack; after each round every player in the hand gets an entry,
their net for the round (``Entry(amount=net, natural=...)``), and the bank's entry goes to whoever
holds the bank: the house, or a player. When the player holds the bank he bets nothing and his
stack takes the house's side of every other seat's bets.

Choices where the sheet is silent: the bank starts with the house and passes to a player who wins
a hand with a natural (even money taken on a natural counts); a player at the floor buys back in
at once while the rule set allows a rebuy, and is out after that; the evening ends when one stack
is left, when the player is out, or after the agreed number of hands (tournament mode).

The evening is its own table session with its own accounts (one per stack, and the house's side of
the bank): its chips are never the player's bankroll. :meth:`HomeGame.settle` books a hand into the
evening and says how every stack moved, for the journal; leaving the home table pauses the evening
and coming back resumes it (the game keeps it in the database).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

from msgspec import Struct, field
from msgspec.structs import replace

from blackjack_tui.controller.players import Opponent
from blackjack_tui.engine.rules import LedgerSettings, Rules

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round
    from blackjack_tui.ledger import Entry, Evening, Standings

PLAYER = "You"
NATURALS = ("blackjack", "even-money")


class HandMoves(Struct):
    """How one hand moved the evening's chips: the hand's result and any rebuy, per stack
    (``HOUSE`` for the house's side of the bank)."""

    results: dict[str, Decimal] = field(default_factory=dict)
    rebuys: dict[str, Decimal] = field(default_factory=dict)


HOUSE = "house"


class Seats(Protocol):
    """What an evening needs of the table it sits at: the player's chips, the other players',
    who sits out, and the evening itself. The session is one; written as a protocol so that this
    module need not import the session, which imports this one for its type."""

    bankroll: Decimal
    others: list[Opponent]
    sitting_out: set[str]
    home: HomeGame | None


class HomeGame:
    """An evening of the home game at the session's table."""

    def __init__(self, evening: Evening, player: str = PLAYER) -> None:
        self.player = player
        self.evening = evening

    @classmethod
    def new(cls, rules: Rules, others: list[str], *, hands: int | None = None,
            player: str = PLAYER, name: str = "Home game") -> HomeGame:
        """A fresh evening: the player and ``others`` with the agreed starting stacks."""
        settings = rules.ledger or LedgerSettings()
        if hands is not None:
            settings = settings.model_copy(update={"hands": hands})
        from blackjack_tui.ledger import Evening  # only at a home evening (start-up stays light)

        return cls(Evening(name=name, players=(player, *others), settings=settings,
                           rules=rules.name), player)

    @property
    def id(self) -> str:
        return self.evening.id

    # Reading

    @property
    def standings(self) -> Standings:
        return self.evening.standings

    @property
    def banker(self) -> str | None:
        return self.standings.banker

    @property
    def player_banks(self) -> bool:
        return self.banker == self.player

    @property
    def over(self) -> bool:
        s = self.standings
        return s.finished or s.status[self.player] == "out"

    def sitting_out(self) -> set[str]:
        """Who bets nothing in the next round: the banker and everyone out of the game."""
        s = self.standings
        out = {p for p in s.players if s.status[p] != "in"}
        if s.banker is not None:
            out.add(s.banker)
        return out

    def outcome(self) -> str:
        """The evening's end in words, or ``""`` while it goes on."""
        s = self.standings
        if s.finished:
            names = " and ".join(s.winners)
            how = {"hands": f"after {s.hands} hands", "last-stack": "with the last stack",
                   "closed": "when the evening closed"}[s.ended_by or "closed"]
            plural = len(s.winners) > 1 or s.winners == (self.player,)  # "You win"
            return f"{names} {'win' if plural else 'wins'} {how}"
        if s.status[self.player] == "out":
            return "You are out of chips"
        return ""

    def over_words(self, *more: str) -> str:
        """What the table says when the evening is over for the player: its end, then the keys."""
        return " · ".join((self.outcome(), *more, "a: a new evening"))

    # Sitting down and the rounds

    def sit_down(self, session: Seats) -> None:
        """Put the evening's stacks in front of the session's players."""
        session.home = self
        self.sync(session)

    def stand_up(self, session: Seats) -> None:
        """Leave the evening (it is paused, not ended): the table is the casino's again."""
        session.home = None
        session.sitting_out = set()

    def settled(self, rnd: Round) -> tuple[HandMoves, Evening]:
        r"""How a finished round moves the evening, worked out on a copy of it: the moves and the
        evening after the hand. Nothing here changes until the booking is written (then the
        game settles the evening itself the same way), so a booking can be built again."""
        copy = HomeGame(self.evening.model_copy(deep=True), self.player)
        return copy.settle(rnd), copy.evening

    def settle(self, rnd: Round) -> HandMoves:
        """Book a finished round into the evening: one entry per player in the hand, then the
        rebuys. Returns how every stack (and the house) moved."""
        from blackjack_tui.ledger import Entry

        s = self.standings
        before, house = dict(s.stacks), s.house
        entries: dict[str, Entry] = {}
        for name in s.in_hand:
            if name == self.player:
                boxes = rnd.player_boxes()
                net = rnd.net
            else:
                seat = next((x for x in rnd.seats if x.name == name), None)
                boxes = [b for b in rnd.boxes if seat is not None and b.owner == seat.number]
                net = seat.net if seat is not None else Decimal(0)
            natural = any(h.outcome in NATURALS for b in boxes for h in b.hands)
            entries[name] = Entry(amount=net + 0, natural=natural)
        self.evening.add_hand(entries)
        after = dict(self.standings.stacks)
        moves = HandMoves()
        for name in after:
            if after[name] != before[name]:
                moves.results[name] = after[name] - before[name]
        if self.standings.house != house:
            moves.results[HOUSE] = self.standings.house - house
        for name in self.standings.pending_rebuys:
            start = self.standings.stacks[name]
            self.evening.rebuy(name)
            moves.rebuys[name] = self.standings.stacks[name] - start
        return moves

    def sync(self, session: Seats) -> None:
        """The session's chips are the evening's stacks."""
        stacks = self.standings.stacks
        session.bankroll = stacks[self.player]
        names = [o.name for o in session.others]
        session.others = [replace(o, stack=stacks[o.name]) if o.name in stacks else o
                          for o in session.others]
        if names != [p for p in self.evening.players if p != self.player]:
            session.others = [Opponent(p, stacks[p]) for p in self.evening.players
                              if p != self.player]
        session.sitting_out = self.sitting_out()
