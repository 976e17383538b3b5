"""The simulated home game (the ``home`` rule set): the table's rounds fed into the chip ledger.

One :class:`~blackjack_tui.ledger.Evening` per sitting. Every player (the player and the computer
players) starts with the agreed stack; after each round every player in the hand gets an entry,
their net for the round (``Entry(amount=net, natural=...)``), and the bank's entry goes to whoever
holds the bank: the house, or a player. When the player holds the bank he bets nothing and his
stack takes the house's side of every other seat's bets.

Choices where the sheet is silent: the bank starts with the house and passes to a player who wins
a hand with a natural (even money taken on a natural counts); a player at the floor buys back in
at once while the rule set allows a rebuy, and is out after that; the evening ends when one stack
is left, when the player is out, or after the agreed number of hands (tournament mode). The
player's own bankroll is set aside for the evening and given back when it ends.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from blackjack_tui.controller.players import Opponent
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import LedgerSettings, Rules
from blackjack_tui.ledger import Entry, Evening, Standings

if TYPE_CHECKING:
    from blackjack_tui.controller.session import Session

PLAYER = "You"
NATURALS = ("blackjack", "even-money")


class HomeGame:
    """An evening of the home game at the session's table."""

    def __init__(self, rules: Rules, others: list[str], *, hands: int | None = None,
                 player: str = PLAYER, name: str = "Home game") -> None:
        settings = rules.ledger or LedgerSettings()
        if hands is not None:
            settings = settings.model_copy(update={"hands": hands})
        self.player = player
        self.evening = Evening(name=name, players=(player, *others), settings=settings,
                               rules=rules.name)
        self.set_aside = Decimal(0)
        """The player's own bankroll, kept apart while the evening lasts."""

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
            return f"{names} {'win' if len(s.winners) > 1 else 'wins'} {how}"
        if s.status[self.player] == "out":
            return "You are out of chips"
        return ""

    # Sitting down and the rounds

    def sit_down(self, session: Session) -> None:
        """Put the evening's stacks in front of the session's players."""
        self.set_aside = session.bankroll
        session.home = self
        self._sync(session)

    def stand_up(self, session: Session) -> None:
        """Leave the evening: the player's own bankroll comes back."""
        session.bankroll = self.set_aside
        session.home = None
        session.sitting_out = set()

    def record(self, rnd: Round, session: Session) -> None:
        """Book a finished round: one entry per player in the hand, then rebuys, then stacks."""
        s = self.standings
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
        for name in self.standings.pending_rebuys:
            self.evening.rebuy(name)
        self._sync(session)

    def _sync(self, session: Session) -> None:
        stacks = self.standings.stacks
        session.bankroll = stacks[self.player]
        names = [o.name for o in session.others]
        session.others = [replace(o, stack=stacks[o.name]) if o.name in stacks else o
                          for o in session.others]
        if names != [p for p in self.evening.players if p != self.player]:
            session.others = [Opponent(p, stacks[p]) for p in self.evening.players
                              if p != self.player]
        session.sitting_out = self.sitting_out()
