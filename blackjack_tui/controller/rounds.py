"""A round's money: saved after the deal and after every decision **before** anything of it is
shown, booked in one transaction once over, so every result the player sees counts; and the
bankroll it is played from."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from blackjack_tui.controller.booking import applied, booking_of, opening_lines, seat_openings
from blackjack_tui.controller.sitting import Sitting
from blackjack_tui.store.backup import EVERY_ROUNDS
from blackjack_tui.store.inflight import new_round_id
from blackjack_tui.store.journal import BANKROLL, START_BANKROLL, Line, home_account
from blackjack_tui.store.store import EveningSave

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round

BACKUP_EVERY = EVERY_ROUNDS


class Rounds(Sitting):
    """Rounds saved and booked (a part of :class:`~blackjack_tui.controller.game.Game`)."""

    @property
    def account(self) -> str:
        """The account the player plays with at this table."""
        home = self.session.home
        return BANKROLL if home is None else home_account(home.id, home.player)

    def before_deal(self) -> str | None:
        """Sit the home evening down and top up broke computer seats; why not to deal, or None."""
        session = self.session
        if session.home is None and session.rules.ledger is not None and session.others:
            self._sit_at_home()
        home = session.home
        if home is not None and home.over:
            return home.over_words()
        if home is None:
            self._refill_seats()
        return None

    async def persist(self, rnd: Round) -> None:
        """After the deal and every decision: saved before it is shown; booked once over."""
        if rnd is not self.session.round:
            return
        self.disk.sync_now()  # the step before is synced before this one is saved
        if self.round_id is None:
            self.round_id = new_round_id()
        if self.session.home is not None and not self._evening_saved:
            await self.disk.run(self._open_evening)
        if not rnd.over:
            round_id, account = self.round_id, self.account
            seats = [] if self.session.home is not None else seat_openings(rnd)
            # Shown once the commit is in the OS; synced to the disk once the frame is drawn
            # (see Disk.sync_soon; the next save comes after the sync). The commit is
            # made here at once when the database is free (a hand-off to its thread and back
            # costs more than the commit); else, or if the disk refuses it, on its thread.
            def save(at_once: bool = False) -> bool:
                return self.store.save_inflight(round_id, account, rnd, opening=seats,
                                                synced=False, at_once=at_once)

            if not self.disk.saved_at_once(lambda: save(at_once=True)):
                await self.disk.run(save)
            self.disk.sync_soon()
            return
        if self.session.home is None:  # (the home game has none: the casino's stay kept)
            self.settings.bets_behind = dict(self.session.behind)
        booking = booking_of(rnd, self.round_id, self.session, settings=self.settings_to_keep())
        await self.disk.run(lambda: self.store.book(booking))
        applied(booking, rnd, self.session)
        # Once its frame is drawn: the head written and the log checkpointed into
        # blackjack.db, so that the file alone holds the round (never on the frame's path).
        self.disk.seal_due = True
        self.disk.sync_soon()
        self._since_backup += 1
        if self._since_backup >= BACKUP_EVERY:
            self._since_backup = 0
            self.disk.later("a backup", self.store.backup)
        self.last_net = booking.net
        self.last_rebuy = sum((line.amount for line in booking.lines
                               if line.kind == "rebuy" and line.account == booking.account),
                              Decimal(0))
        self.round_id = None

    def finished(self, rnd: Round) -> None:
        """The booked round has been shown to its end: the table moves on."""
        self._booked(rnd)

    def _booked(self, rnd: Round) -> None:
        session = self.session
        table = (session.rules.name, session.tier)
        session.finish_round()
        if session.home is not None:
            session.home.sync(session)
        self.round_id = None
        if (session.rules.name, session.tier) != table:
            self._table_changed()

    def _open_evening(self) -> None:
        home = self.session.home
        assert home is not None
        self.store.open_evening(EveningSave(home.id, home.evening.model_dump_json(), "open"),
                                opening_lines(home))
        self._evening_saved = True

    @property
    def bankroll(self) -> Decimal:
        """The player's own bankroll (not a home stack), as booked."""
        if self.session.home is None:
            return self.session.bankroll
        return self.store.balance(BANKROLL)

    @property
    def broke(self) -> bool:
        return self.session.home is None and self.session.broke and self.session.round_over

    def fresh_bankroll(self) -> Decimal:
        """Out of chips: start again with a fresh bankroll (a journal line of its own kind, so
        the statistics never count it as winnings). Returns the amount added."""
        have = self.store.balance(BANKROLL)
        added = START_BANKROLL - have
        self.store.post([Line(BANKROLL, "fresh", added, "a fresh bankroll")])
        self.disk.later("the book's head", self.store.write_head)
        if self.session.home is None:
            self.session.bankroll = START_BANKROLL
        return added
