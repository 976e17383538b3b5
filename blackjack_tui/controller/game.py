"""The game: one table service for the whole UI — the store, the table, the settings, the book.

:meth:`Game.open` takes the data folder's lock (one game per folder), opens the database, checks
the book (the journal wins), reads the settings field by field, and takes back a round left in
flight — checked, then resumed or set aside with its bets returned. From then on:

- the round controller awaits :meth:`Game.persist` after the deal and after every decision: the
  round is saved (or, once over, booked in one transaction) **before** anything of it is shown, so
  every result the player sees counts. The disk work runs on one worker thread, off the event
  loop; a save the disk refuses is retried every few seconds while the table waits, with one line
  on screen saying why (:attr:`fault`);
- screens read and change the table through the game (``switch_rules``, ``set_players``,
  ``set_fair``, ``fresh_bankroll`` …), never the store.

The player's bankroll is one account; a home evening's stacks are accounts of their own, so the
home game never touches the bankroll, and leaving the home table pauses the evening.

``Game`` is composed of parts by responsibility (see :mod:`.state`): the disk (:mod:`.disk`, a
part it owns), the settings and shoes (:mod:`.choices`), the table sat at (:mod:`.sitting`), the
rounds and the bankroll (:mod:`.rounds`), the start (:mod:`.resume`) and reading the book
(:mod:`.reading`). The names that were defined here are still importable from here.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from blackjack_tui.controller.disk import RETRY_SECONDS, SYNC_DELAY, Disk
from blackjack_tui.controller.reading import Reading
from blackjack_tui.controller.recovery import recover
from blackjack_tui.controller.resume import Resuming
from blackjack_tui.controller.rounds import BACKUP_EVERY
from blackjack_tui.controller.session import Session
from blackjack_tui.controller.sitting import SEAT_STACK
from blackjack_tui.controller.state import GameOptions
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.store.errors import StoreError
from blackjack_tui.store.lock import FolderLock
from blackjack_tui.store.store import Store

__all__ = ["BACKUP_EVERY", "RETRY_SECONDS", "SEAT_STACK", "SYNC_DELAY", "Game", "GameOptions"]


class Game(Resuming, Reading):
    """The player's table service. Make one with :meth:`open`; :meth:`close` when done."""

    def __init__(self, store: Store, rule_sets: dict[str, Rules],
                 options: GameOptions | None = None, *, shoe: Shoe | None = None,
                 lock: FolderLock | None = None) -> None:
        self.store = store
        self.rule_sets = rule_sets
        self.options = options or GameOptions()
        if shoe is None and self.options.stacked is not None:
            shoe = Shoe.stacked(list(self.options.stacked))
        self.lock = lock
        self.notices = list(store.notices)
        self.disk = Disk(store)
        self.round_id = None
        self.resume_round = None
        self.last_net = Decimal(0)
        self.last_rebuy = Decimal(0)
        self._evening_saved = False
        self.overridden = {}
        self._since_backup = 0
        self._check_book()
        self.settings, last_bets, notes = store.settings()
        self.notices += notes
        found = recover(store, rule_sets)
        self.notices += found.notices
        rules = self._first_rules(found.round)
        self.speed = self.options.speed or self.settings.speed
        # --seed asks for a reproducible shoe: this run's shoes are seeded, fair or not (the
        # setting itself is kept for the next run).
        fair = self.settings.provably_fair and self.options.seed is None
        tier = found.round.tier if found.round is not None else self._tier(rules)
        self.session = Session(rules, self.store.balance(), tier=tier,
                               seed=self.options.seed, fair=fair,
                               client_seed=self.settings.client_seed)
        self.session.home_hands = self.settings.home_hands
        self.session.last_bets = self.session.fit_bets(last_bets)
        if found.round is not None:
            self._resume(found.round, found.round_id, found.home)
        else:
            self._first_shoe(shoe)
            self._seat_players(self.settings.computer_players)
        self._stand_bets_behind()
        # What the start wrote (a recovery, a seat's chips) gets its head, and the book a
        # backup unless the newest holds it: on the database's thread, the table is not held.
        self.disk.later("the book's head", self.store.write_head)
        self.disk.later("a backup", self.store.backup_if_changed)

    @classmethod
    def open(cls, options: GameOptions | None = None, *, shoe: Shoe | None = None,
             rule_sets: dict[str, Rules] | None = None) -> Game:
        """Lock the data folder and open the game: :class:`~blackjack_tui.store.FolderInUse`
        when another game has it, :class:`StoreError` when the disk cannot hold it."""
        from blackjack_tui.paths import data_dir, user_rules_file
        from blackjack_tui.rulesets import load_all

        options = options or GameOptions()
        notices: list[str] = []
        if rule_sets is None:
            rule_sets, errors = load_all(user_rules_file())
            notices += [str(e) for e in errors]
        folder = data_dir(options.data_dir)
        lock = FolderLock(folder).acquire()
        try:
            store = Store(folder)
        except BaseException:
            lock.release()
            raise
        try:
            lock.hold_database(store.path)  # the file the store opened (a restore replaces it)
        except BaseException:
            store.close()
            lock.release()
            raise
        if store.read_only:  # a newer blackjack-tui's file: never written by this one
            store.close()
            lock.release()
            raise StoreError(store.notices[-1] if store.notices else
                             f"{store.path} cannot be written by this blackjack-tui")
        try:
            game = cls(store, rule_sets, options, shoe=shoe, lock=lock)
        except BaseException:
            store.close()
            lock.release()
            raise
        game.notices[:0] = notices
        return game

    def close(self) -> None:
        """Let go of the database and the folder (a round in flight stays saved)."""
        self.disk.close()
        self.store.close()
        if self.lock is not None:
            self.lock.release()

    def take_notices(self) -> list[str]:
        """What the game has to tell the player since the last call (a resumed evening …)."""
        out, self.notices = self.notices, []
        return out

    # ------------------------------------------------------------------ the disk's face

    @property
    def fault(self) -> str | None:
        """Why the last save failed (``None`` while the disk takes everything)."""
        return self.disk.fault

    @property
    def retry_seconds(self) -> float:
        """Seconds between two tries of a save the disk refused."""
        return self.disk.retry_seconds

    @retry_seconds.setter
    def retry_seconds(self, seconds: float) -> None:
        self.disk.retry_seconds = seconds

    @property
    def on_fault(self) -> Callable[[str | None], None] | None:
        """Told when a save starts failing (the reason) and when the disk takes it again."""
        return self.disk.on_fault

    @on_fault.setter
    def on_fault(self, told: Callable[[str | None], None] | None) -> None:
        self.disk.on_fault = told

    @property
    def on_notice(self) -> Callable[[str], None] | None:
        """Told, from the database's thread, when a queued save (the settings) fails."""
        return self.disk.on_notice

    @on_notice.setter
    def on_notice(self, told: Callable[[str], None] | None) -> None:
        self.disk.on_notice = told

    @property
    def saving(self) -> bool:
        """A save or a booking is waiting for the disk: quitting now loses its step."""
        return self.disk.saving

    def drain(self) -> None:
        """Wait for queued saves (the settings, a step's sync) to reach the disk."""
        self.disk.drain()
