"""The standings: the evening's events replayed into stacks, who is out, who holds the bank and
who has won. Plain classes, because the simulated home game adds a hand every round."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from msgspec import Struct

from blackjack_tui.engine.rules import LedgerSettings
from blackjack_tui.ledger.events import Close, Event, HandPlayed, LedgerError, Rebuy, Retire
from blackjack_tui.ledger.money import fmt_money

Status = Literal["in", "broke", "out"]
"""``in`` plays; ``broke`` is at the floor with a rebuy to decide; ``out`` has left."""
EndedBy = Literal["last-stack", "hands", "closed"]


class Row(Struct, frozen=True):
    """One line of the ledger sheet: a hand, a rebuy, a player leaving, or the early close."""

    kind: Literal["hand", "rebuy", "retire", "close"]
    hand: int | None
    """The hand's number (1-based) on hand rows; the last hand played on the others."""
    banker: str | None
    """Who held the bank for the hand (``None``: the house)."""
    entries: dict[str, Decimal]
    """Each stack's change on this row; the banker's is the bank's entry."""
    bank: Decimal | None
    """The bank's entry: minus the sum of the players' entries (hand rows only)."""
    naturals: tuple[str, ...]
    stacks: dict[str, Decimal]
    """Every player's stack after this row."""
    house: Decimal
    """The house's running result (it holds the bank when no player does)."""
    note: str
    who: str | None = None
    """The player a rebuy or a leaving concerns."""


class Standings:
    """Where the evening stands. Built by :meth:`replay`; :meth:`apply` adds one event, checking
    it first, so a refused event leaves the standings as they were."""

    __slots__ = ("banker", "ended_by", "hands", "house", "players", "rebuys_used", "rows",
                 "settings", "stacks", "status")

    def __init__(self, players: tuple[str, ...], settings: LedgerSettings,
                 banker: str | None) -> None:
        self.players = players
        self.settings = settings
        self.stacks: dict[str, Decimal] = {p: settings.starting_stack for p in players}
        self.status: dict[str, Status] = dict.fromkeys(players, "in")
        self.rebuys_used: dict[str, int] = dict.fromkeys(players, 0)
        self.banker = banker
        self.house = Decimal(0)
        self.hands = 0
        self.rows: list[Row] = []
        self.ended_by: EndedBy | None = None

    @classmethod
    def replay(cls, players: tuple[str, ...], settings: LedgerSettings, banker: str | None,
               events: list[Event]) -> Standings:
        standings = cls(players, settings, banker)
        for event in events:
            standings.apply(event)
        return standings

    # What the table asks.

    @property
    def finished(self) -> bool:
        return self.ended_by is not None

    @property
    def in_hand(self) -> tuple[str, ...]:
        """The players who need an entry in the next hand (everyone still in but the banker)."""
        return tuple(p for p in self.players if self.status[p] == "in" and p != self.banker)

    @property
    def pending_rebuys(self) -> tuple[str, ...]:
        """Players at the floor whose rebuy must be decided before the next hand."""
        return tuple(p for p in self.players if self.status[p] == "broke")

    @property
    def winners(self) -> tuple[str, ...]:
        """The biggest stack among the players still in (all players if nobody is); ties share."""
        if not self.finished:
            return ()
        pool = [p for p in self.players if self.status[p] != "out"] or list(self.players)
        top = max(self.stacks[p] for p in pool)
        return tuple(p for p in pool if self.stacks[p] == top)

    def stack_series(self) -> dict[str, list[Decimal]]:
        """Every player's stack at the start and after each hand (rebuys counted at their hand)."""
        series = {p: [self.settings.starting_stack] for p in self.players}
        for row in self.rows:
            for p in self.players:
                if row.kind == "hand":
                    series[p].append(row.stacks[p])
                elif row.kind == "rebuy":
                    series[p][-1] = row.stacks[p]
        return series

    # Adding events.

    def apply(self, event: Event) -> Row:
        """Add one event after checking it; :class:`LedgerError` says why one is refused."""
        if self.finished:
            raise LedgerError("the evening is over")
        if isinstance(event, HandPlayed):
            row = self._hand(event)
        elif isinstance(event, Rebuy):
            row = self._rebuy(event)
        elif isinstance(event, Retire):
            row = self._retire(event)
        elif isinstance(event, Close):
            if self.hands == 0:
                raise LedgerError("no hand has been played yet")
            self.ended_by = "closed"
            self._settle_broke()
            row = self._row("close", {}, None, (), "the evening was closed early")
        else:  # pragma: no cover - the union is closed
            raise LedgerError(f"unknown event {event!r}")
        self.rows.append(row)
        return row

    def _row(self, kind: Literal["hand", "rebuy", "retire", "close"], entries: dict[str, Decimal],
             bank: Decimal | None, naturals: tuple[str, ...], note: str,
             banker: str | None = None, who: str | None = None) -> Row:
        return Row(kind, self.hands, banker if kind == "hand" else self.banker, entries, bank,
                   naturals, dict(self.stacks), self.house, note, who)

    def _hand(self, event: HandPlayed) -> Row:
        if self.pending_rebuys:
            who = ", ".join(self.pending_rebuys)
            raise LedgerError(f"{who}: buy back in or leave before the next hand")
        needed = self.in_hand
        missing = [p for p in needed if p not in event.entries]
        extra = [p for p in event.entries if p not in needed]
        if missing:
            raise LedgerError(f"no entry for {', '.join(missing)}")
        if extra:
            why = {p: ("holds the bank" if p == self.banker else
                       "is out" if p in self.status else "is not at the table") for p in extra}
            raise LedgerError("; ".join(f"{p} {reason}" for p, reason in why.items()))
        banker = self.banker
        entries = {p: event.entries[p].amount for p in needed}
        bank = -sum(entries.values(), Decimal(0)) + 0
        for player, amount in entries.items():
            self.stacks[player] += amount
        if banker is None:
            self.house += bank
        else:
            self.stacks[banker] += bank
            entries[banker] = bank
        self.hands += 1
        naturals = tuple(p for p in needed
                         if event.entries[p].natural and event.entries[p].amount > 0)
        notes = []
        if naturals and self.settings.rotating_bank:
            self.banker = self._first_after(banker, naturals)
            notes.append(f"the bank passes to {self.banker}")
        for player in self.players:
            if self.status[player] == "in" and self.stacks[player] <= self.settings.floor:
                if self.rebuys_used[player] < self.settings.rebuys:
                    self.status[player] = "broke"
                    notes.append(f"{player} is at the floor")
                else:
                    self._leave(player)
                    notes.append(f"{player} is out")
        if self.settings.hands is not None and self.hands >= self.settings.hands:
            self.ended_by = "hands"
            self._settle_broke()
        self._check_last_stack()
        return self._row("hand", entries, bank, naturals, "; ".join(notes), banker)

    def _rebuy(self, event: Rebuy) -> Row:
        player = event.player
        self._check_broke(player, "buy back in")
        self.stacks[player] += event.amount
        self.rebuys_used[player] += 1
        if self.stacks[player] > self.settings.floor:
            self.status[player] = "in"
            note = f"{player} buys back in for {fmt_money(event.amount)}"
        else:
            self._leave(player)
            note = f"{player} buys back in for {fmt_money(event.amount)} and is still at the floor"
        self._check_last_stack()
        return self._row("rebuy", {player: event.amount}, None, (), note, who=player)

    def _retire(self, event: Retire) -> Row:
        self._check_broke(event.player, "leave")
        self._leave(event.player)
        self._check_last_stack()
        return self._row("retire", {}, None, (), f"{event.player} is out",
                         who=event.player)

    def _check_broke(self, player: str, what: str) -> None:
        if player not in self.status:
            raise LedgerError(f"{player} is not at the table")
        if self.status[player] != "broke":
            raise LedgerError(f"{player} is not at the floor with a rebuy left, so cannot {what}")

    def _leave(self, player: str) -> None:
        self.status[player] = "out"
        if player == self.banker:
            # The bank goes round the table to the next player still in.
            remaining = tuple(p for p in self.players if self.status[p] == "in")
            self.banker = self._first_after(player, remaining) if remaining else None

    def _first_after(self, start: str | None, candidates: tuple[str, ...]) -> str:
        """The first of ``candidates`` going round the table after ``start`` (seat order)."""
        order = list(self.players)
        begin = order.index(start) + 1 if start in order else 0
        for step in range(len(order)):
            player = order[(begin + step) % len(order)]
            if player in candidates:
                return player
        raise AssertionError("no candidate at the table")  # pragma: no cover

    def _settle_broke(self) -> None:
        # Once the evening is over a pending rebuy is moot: the player simply ends at the floor.
        for player in self.pending_rebuys:
            self.status[player] = "out"

    def _check_last_stack(self) -> None:
        if self.finished or self.pending_rebuys:
            return
        if sum(1 for p in self.players if self.status[p] == "in") <= 1:
            self.ended_by = "last-stack"
