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
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from blackjack_tui.controller.booking import (
    applied,
    booking_of,
    opening_lines,
    seat_openings,
    shoe_state,
)
from blackjack_tui.controller.home import PLAYER, HomeGame
from blackjack_tui.controller.players import Opponent, table_of
from blackjack_tui.controller.recovery import recover
from blackjack_tui.controller.session import Session
from blackjack_tui.engine.fair import FairShoe, ShoeRecord
from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import seat_box
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.store import (
    BANKROLL,
    START_BANKROLL,
    EveningSave,
    FolderLock,
    Line,
    Settings,
    Store,
    StoreError,
    new_round_id,
)
from blackjack_tui.store.backup import EVERY_ROUNDS
from blackjack_tui.store.journal import home_account, seat_account
from blackjack_tui.store.reading import RoundRow, Summary

if TYPE_CHECKING:
    from blackjack_tui.ledger import Evening

T = TypeVar("T")
RETRY_SECONDS = 2.0
SYNC_DELAY = 0.02
"""Seconds from a step's commit to its sync: its frame is drawn in between."""
SEAT_STACK = Decimal(500)
BACKUP_EVERY = EVERY_ROUNDS


@dataclass
class GameOptions:
    """What the command line asked for (``None``: the saved setting)."""

    rules: str | None = None
    seed: int | None = None
    data_dir: Path | None = None
    speed: str | None = None
    ascii: bool | None = None
    stacked: tuple[str, ...] | None = None
    """The first shoe, stacked with these cards, top first (tests and screenshots)."""


class Game:
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
        self.notices: list[str] = list(store.notices)
        self.fault: str | None = None
        """Why the last save failed (``None`` while the disk takes everything)."""
        self.retry_seconds = RETRY_SECONDS
        self.on_fault: Callable[[str | None], None] | None = None
        """Told when a save starts failing (the reason) and when the disk takes it again."""
        self.on_notice: Callable[[str], None] | None = None
        """Told, from the database's thread, when a queued save (the settings) fails."""
        self.round_id: str | None = None
        self.resume_round: Round | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="blackjack-db")
        self._submitted = 0  # jobs given to the database's thread (counted on the table's)
        self._ran = 0  # and ended there (counted there)
        self._sync_handle: asyncio.TimerHandle | None = None
        self.last_net = Decimal(0)
        """The player's result in the last round booked (a home banker's: the bank's)."""
        self.last_rebuy = Decimal(0)
        """What the player's home stack bought back in for after the last round booked."""
        self._evening_saved = False
        self._seal_due = False  # a booking waits for its head and checkpoint (see _sync_now)
        self.overridden: dict[str, tuple[object, object]] = {}
        """Settings in force for this run only (field: (the saved value, this run's))."""
        self._since_backup = 0  # rounds booked since the last backup
        self._check_book()
        self.settings, last_bets, notes = store.settings()
        self.notices += notes
        found = recover(store, rule_sets)
        self.notices += found.notices
        rules = self._first_rules(found.round)
        self.speed: str = self.options.speed or self.settings.speed
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
        self._later("the book's head", self.store.write_head)
        self._later("a backup", self.store.backup_if_changed)

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
        self._sync_now()
        self._executor.shutdown(wait=True)
        self.store.close()
        if self.lock is not None:
            self.lock.release()

    # ------------------------------------------------------------------ starting up

    def _check_book(self) -> None:
        found = self.store.problems()
        if not found:
            return
        self.store.repair()
        self.notices.append("The book did not add up: " + "; ".join(p.text for p in found)
                            + ". The journal's figures are used.")

    def _first_rules(self, resumed: Round | None) -> Rules:
        settings = self.settings
        if resumed is not None:
            return resumed.rules  # a table asked for since follows it (_queue_wanted_table)
        if self.options.rules is not None:
            settings.rules = self.options.rules
            settings.tier = None
        rules = self.rule_sets.get(settings.rules)
        if rules is None:
            self.notices.append(f"No rule set {settings.rules!r}; sitting at nordic")
            rules = self.rule_sets["nordic"]
            settings.rules = rules.name
            settings.tier = None
        return rules

    def _tier(self, rules: Rules) -> str | None:
        tier = self.settings.tier
        if tier is None or not rules.tiers:
            return None
        try:
            rules.limits(tier)
        except ValueError:
            self.notices.append(f"{rules.title or rules.name} has no tier {tier!r}; "
                                "the standard limits are used")
            self.settings.tier = None
            return None
        return tier

    def _first_shoe(self, shoe: Shoe | None) -> None:
        """The stacked shoe a test gave, the saved shoe, or a fresh one (``--seed``)."""
        from blackjack_tui.controller.recovery import saved_shoe

        session = self.session
        if shoe is not None:
            session.shoe = shoe
            return
        saved, notes = saved_shoe(self.store, session.rules.decks, session.rules.name)
        self.notices += notes
        seeded = self.options.seed is not None
        revealed = False
        if saved is not None and (seeded or isinstance(saved, FairShoe) != session.fair):
            session.shoe = saved  # it leaves play now: a fair one is revealed and kept
            session.replace_shoe(session.new_shoe(session.rules.decks))
            revealed = bool(session.retired)
            self._save_shoe_now()
        elif saved is not None:
            session.shoe = saved
        if seeded and self.settings.provably_fair:
            self.notices.append(
                f"--seed {self.options.seed}: this run deals reproducible shoes from the seed, "
                "not provably fair ones (they come back at the next start without --seed)"
                + ("; the fair shoe in play was revealed (f verifies it)" if revealed else ""))

    def _resume(self, rnd: Round, round_id: str | None, home: HomeGame | None) -> None:
        """Sit back down at the saved round (its shoe is the shoe in play); one that was over
        but not yet booked is booked now, once."""
        self.round_id = round_id
        self.session.resume(rnd)
        self._queue_wanted_table(rnd)
        if home is not None:
            home.sit_down(self.session)
            self.session.bankroll = rnd.bankroll_start
            self._evening_saved = True
        if rnd.over:
            assert round_id is not None
            booking = booking_of(rnd, round_id, self.session)
            self.store.book(booking)
            applied(booking, rnd, self.session)
            self._booked(rnd)
            return
        self.resume_round = rnd

    def _queue_wanted_table(self, rnd: Round) -> None:
        """The table asked for (``--rules``, else the one saved when a change was queued mid-hand)
        is sat at once the resumed round is over, as the change would have been without a quit."""
        settings = self.settings
        asked = self.options.rules
        if asked is not None:
            settings.rules, settings.tier = asked, rnd.tier if asked == rnd.rules.name else None
        rules = self.rule_sets.get(settings.rules)
        if rules is None or (rules.name, settings.tier) == (rnd.rules.name, rnd.tier):
            return
        self.session.switch_rules(rules, settings.tier)
        here, there = (r.title or r.name for r in (rnd.rules, rules))
        self.notices.append(f"The round in play is finished at {here}; then {there}")

    # ------------------------------------------------------------------ the disk, off the loop

    async def _disk(self, action: Callable[[], T]) -> T:
        """Run ``action`` on the database's thread; while the disk says no, wait and retry."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                result = await asyncio.wrap_future(self._submit(action), loop=loop)
            except StoreError as err:
                self._set_fault(f"{err}. The table waits and tries again every "
                                f"{self.retry_seconds:g} s.")
                await asyncio.sleep(self.retry_seconds)
                continue
            self._set_fault(None)
            return result

    def _sync_soon(self) -> None:
        """Sync the step just committed once its frame is drawn: :data:`SYNC_DELAY` later, or
        before the next save, or at the close, whichever comes first. Made while the table's
        thread drew the frame, the sync's system calls handed Python's lock back and forth with
        it and held the frame back by half a millisecond; the commit is safe from a crash of
        the program already, and only a power cut within those milliseconds could take the step
        back (the round then resumes just before it, no chip moved)."""
        if self._sync_handle is None:
            self._sync_handle = asyncio.get_running_loop().call_later(SYNC_DELAY, self._sync_now)

    def _sync_now(self) -> None:
        """Queue the pending sync, if any, on the database's thread now."""
        handle, self._sync_handle = self._sync_handle, None
        if handle is not None:
            handle.cancel()
            if self._seal_due:  # a booking: its head, then the log into the file
                self._seal_due = False
                self._later("the booked round", self.store.seal)
            else:
                self._later("the last step", self.store.sync)

    def _submit(self, job: Callable[[], T]) -> Future[T]:
        """Queue ``job`` on the database's thread (in the order given)."""
        def run() -> T:
            try:
                return job()
            finally:
                self._ran += 1

        self._submitted += 1
        return self._executor.submit(run)

    def _saved_at_once(self, save: Callable[[], bool]) -> bool:
        """Whether ``save`` was made on this thread: only with nothing queued on the database's
        thread (the saves keep their order) and no fault standing (the retries go on there)."""
        if self._submitted != self._ran or self.fault is not None:
            return False
        try:
            return save()
        except StoreError:
            return False  # the database's thread tries again, says why and waits

    def _set_fault(self, text: str | None) -> None:
        if text != self.fault:
            self.fault = text
            if self.on_fault is not None:
                self.on_fault(text)

    def _later(self, what: str, action: Callable[[], object]) -> None:
        """A save the table need not wait for (settings): queued on the database's thread."""
        def run() -> None:
            try:
                action()
            except StoreError as err:
                if self.on_notice is not None:
                    self.on_notice(f"{err}; {what} is not saved")
        self._submit(run)

    @property
    def saving(self) -> bool:
        """A save or a booking is waiting for the disk: quitting now loses its step."""
        return self.fault is not None

    # ------------------------------------------------------------------ a round

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
        self._sync_now()  # the step before is synced before this one is saved
        if self.round_id is None:
            self.round_id = new_round_id()
        if self.session.home is not None and not self._evening_saved:
            await self._disk(self._open_evening)
        if not rnd.over:
            round_id, account = self.round_id, self.account
            seats = [] if self.session.home is not None else seat_openings(rnd)
            # Shown once the commit is in the OS; synced to the disk once the frame is drawn
            # (see _sync_soon; the next save comes after the sync). The commit is
            # made here at once when the database is free (a hand-off to its thread and back
            # costs more than the commit); else, or if the disk refuses it, on its thread.
            def save(at_once: bool = False) -> bool:
                return self.store.save_inflight(round_id, account, rnd, opening=seats,
                                                synced=False, at_once=at_once)

            if not self._saved_at_once(lambda: save(at_once=True)):
                await self._disk(save)
            self._sync_soon()
            return
        if self.session.home is None:  # (the home game has none: the casino's stay kept)
            self.settings.bets_behind = dict(self.session.behind)
        booking = booking_of(rnd, self.round_id, self.session, settings=self.settings_to_keep())
        await self._disk(lambda: self.store.book(booking))
        applied(booking, rnd, self.session)
        # Once its frame is drawn: the head written and the log checkpointed into
        # blackjack.db, so that the file alone holds the round (never on the frame's path).
        self._seal_due = True
        self._sync_soon()
        self._since_backup += 1
        if self._since_backup >= BACKUP_EVERY:
            self._since_backup = 0
            self._later("a backup", self.store.backup)
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

    # ------------------------------------------------------------------ the bankroll

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
        self._later("the book's head", self.store.write_head)
        if self.session.home is None:
            self.session.bankroll = START_BANKROLL
        return added

    # ------------------------------------------------------------------ the table

    def switch_rules(self, rules: Rules, tier: str | None) -> bool:
        """Sit at another table now, or from the next round; returns whether it was queued."""
        queued = self.session.switch_rules(rules, tier)
        self.settings.rules = rules.name
        self.settings.tier = tier if rules.tiers else None
        if not queued:
            self._table_changed()
        self.save_settings()
        return queued

    def _table_changed(self) -> None:
        """The rules changed between rounds: leave or resume the home evening, keep the shoe."""
        session = self.session
        home_table = session.rules.ledger is not None
        if session.home is not None and not home_table:
            self._leave_home("paused")
            self._stand_bets_behind()  # the casino's, as the last round there left them
        elif session.home is None and home_table:  # the evening has its own players
            if session.behind:
                self.settings.bets_behind = dict(session.behind)
            session.behind = {}  # the home game has no bets behind: they wait for the casino
            self._sit_at_home(resume_only=True)
        self._save_shoe_now()

    def _stand_bets_behind(self) -> None:
        """Put the kept bets behind back where their players sit (none at the home table)."""
        session = self.session
        if session.rules.ledger is not None or session.home is not None:
            session.behind = {}
            return
        seated = seat_box(len(session.others))
        session.behind = {box: amount for box, amount in self.settings.bets_behind.items()
                          if box <= seated}

    def set_players(self, count: int) -> HomeGame | None:
        """``a``: seat this many computer players; a home evening in play is closed (its
        winners named in its ledger) and returned, for its final standings."""
        closed = self.session.home
        if closed is not None:
            if closed.standings.hands and not closed.standings.finished:
                closed.evening.close()  # the biggest stack still in wins; no chip moves
            self._leave_home("closed")
        self.settings.computer_players = count
        self._seat_players(count, resume=False)
        self.save_settings()
        return closed

    def evening_away(self) -> tuple[str, Evening] | None:
        """The home evening the ledger shows when none is at this table: the paused one (it
        comes back at the home table), else the last one closed; with its status."""
        from blackjack_tui.ledger import Evening

        for status in ("paused", "open", "closed"):
            for _id, _status, state, _updated in self.store.evening_rows("table", (status,)):
                try:
                    evening = Evening.model_validate_json(state)
                except ValueError:
                    continue
                if PLAYER in evening.players:
                    return status, evening
        return None

    def _seat_players(self, count: int, resume: bool = True) -> None:
        """``count`` computer players: at the home table the evening's (a paused one comes back
        unless ``resume`` is false), elsewhere with their chips from their accounts."""
        session = self.session
        if session.rules.ledger is not None:
            session.set_others(table_of(count, session.rules.ledger.starting_stack))
            self._sit_at_home(resume_only=True, resume=resume)
            return
        others = []
        for seat in table_of(count):
            others.append(Opponent(seat.name, self.store.open_account(
                seat_account(seat.name), SEAT_STACK, "a computer player's chips")))
        session.set_others(others)

    def _refill_seats(self) -> None:
        """A computer player who cannot cover the minimum buys a fresh stack."""
        low, _ = self.session.limits
        lines = [Line(seat_account(o.name), "fresh", SEAT_STACK - o.stack, "bought more chips")
                 for o in self.session.others if o.stack < low]
        if lines:
            self.store.post(lines)
            self._later("the book's head", self.store.write_head)
            for other in self.session.others:
                if other.stack < low:
                    other.stack = SEAT_STACK

    def _sit_at_home(self, resume_only: bool = False, resume: bool = True) -> None:
        """At the home table: the evening left open or paused comes back, with its own players;
        else, with computer players seated, a new one (written at its first deal)."""
        from blackjack_tui.ledger import Evening

        session = self.session
        rows = self.store.evening_rows("table", ("open", "paused")) if resume else []
        for evening_id, _status, state, _updated in rows:
            try:
                evening = Evening.model_validate_json(state)
            except ValueError:
                continue
            if PLAYER not in evening.players:
                continue
            HomeGame(evening).sit_down(session)
            self._evening_saved = True
            self.store.save_evening(EveningSave(evening_id, state, "open"))
            s = evening.standings
            who = ", ".join(p for p in evening.players if p != PLAYER) or "nobody"
            self.notices.append(f"Back at the home evening with {who}: hand {s.hands + 1} "
                                f"next, your stack {money_str(s.stacks[PLAYER])}")
            return
        if resume_only and not session.others:
            return
        names = [o.name for o in session.others]
        if names:
            HomeGame.new(session.rules, names, hands=session.home_hands).sit_down(session)
            self._evening_saved = False

    def take_notices(self) -> list[str]:
        """What the game has to tell the player since the last call (a resumed evening …)."""
        out, self.notices = self.notices, []
        return out

    def _leave_home(self, status: str) -> None:
        session = self.session
        home = session.home
        assert home is not None
        if self._evening_saved:
            self.store.save_evening(EveningSave(home.id, home.evening.model_dump_json(), status))
        home.stand_up(session)
        session.bankroll = self.store.balance(BANKROLL)
        self._evening_saved = False
        at_home = session.rules.ledger is not None  # the evening closed: no other comes back
        self._seat_players(0 if at_home else len(session.others), resume=not at_home)

    # ------------------------------------------------------------------ settings and shoes

    def override(self, field: str, value: object) -> None:
        """A setting for this run only (config.toml, the environment): in force now, never
        saved over the player's own choice unless the player changes it in Options."""
        self.overridden[field] = (getattr(self.settings, field), value)
        setattr(self.settings, field, value)

    def settings_to_keep(self) -> Settings:
        """The settings as the player chose them: this run's overrides left out, where the player
        has not changed them since."""
        settings = self.settings.model_copy()
        for field, (saved, value) in self.overridden.items():
            if getattr(settings, field) == value:
                setattr(settings, field, saved)
        return settings

    def save_settings(self) -> None:
        """Keep the settings and the last bets (queued: the table does not wait for it)."""
        settings = self.settings_to_keep()
        bets = list(self.session.last_bets)[:3]
        self._later("the settings", lambda: self.store.save_settings(settings, bets))

    def _save_shoe_now(self) -> None:
        retired = self.session.take_retired()
        self.store.save_shoe(shoe_state(self.session), retired)

    def set_fair(self, fair: bool, client_seed: str | None) -> str | None:
        """Provably fair shoes on or off (between rounds); returns a line for the player."""
        from blackjack_tui.engine.errors import EngineError
        from blackjack_tui.engine.fair import check_client_seed

        if client_seed is not None:
            try:
                check_client_seed(client_seed)
            except EngineError as err:
                return str(err)
        if not self.session.round_over:
            return "The shoe can change between rounds: finish this one first"
        self.session.set_fair(fair, client_seed)
        self.settings.provably_fair = fair
        self.settings.client_seed = client_seed
        try:
            self._save_shoe_now()
        except StoreError as err:
            return str(err)
        self.save_settings()
        return ("Provably fair shoes from now on: f shows the commitment" if fair
                else "Shoes are shuffled from the system's randomness again")

    def retire_shoe(self) -> ShoeRecord | None:
        """Reveal the fair shoe in play now (it is reshuffled before the next card)."""
        shoe = self.session.shoe
        if not isinstance(shoe, FairShoe):
            return None
        record = shoe.retire()
        if record is not None:
            shoe.shuffle()
            self._save_shoe_now()
        return record

    def fair_shoes(self, limit: int | None = 20) -> tuple[list[ShoeRecord], list[str]]:
        return self.store.fair_shoes(limit)

    # ------------------------------------------------------------------ reading the book

    async def statistics(self) -> Summary:
        """The player's statistics, added up in the database on its own thread."""
        result: Summary = await asyncio.wrap_future(self._submit(self.store.statistics))
        return result

    def last_round(self) -> RoundRow | None:
        """The last round booked (read at a start: a round settled while the player was away,
        or whose end he did not see, is shown at the table)."""
        try:
            rows, _notes = self.store.recent(1)
        except StoreError:
            return None
        return rows[0] if rows else None

    async def recent(self, limit: int | None = 100) -> tuple[list[RoundRow], list[str]]:
        """The last rounds, newest first, read on the database's thread."""
        return await asyncio.wrap_future(self._submit(lambda: self.store.recent(limit)))

    def drain(self) -> None:
        """Wait for queued saves (the settings, a step's sync) to reach the disk."""
        self._sync_now()
        with contextlib.suppress(RuntimeError):
            self._executor.submit(lambda: None).result()
