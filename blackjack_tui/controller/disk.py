"""The database's one worker thread, and what the table waits for on it.

The game owns one :class:`Disk`. Every save goes through it in the order given: a step of a round
(committed on the table's thread when nothing is queued, else here), a booking, the queued saves
the table need not wait for (the settings, the book's head, a backup), and the reads of the book.
A save the disk refuses is retried every few seconds while the table waits, with one line for the
player (:attr:`Disk.fault`); a step's sync and a booking's seal wait until its frame is drawn.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from blackjack_tui.store.errors import StoreError
from blackjack_tui.store.store import Store

T = TypeVar("T")
RETRY_SECONDS = 2.0
SYNC_DELAY = 0.02
"""Seconds from a step's commit to its sync: its frame is drawn in between."""


class Disk:
    """The store's work, off the event loop: one thread, one queue, one fault at a time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.fault: str | None = None
        """Why the last save failed (``None`` while the disk takes everything)."""
        self.retry_seconds = RETRY_SECONDS
        self.on_fault: Callable[[str | None], None] | None = None
        """Told when a save starts failing (the reason) and when the disk takes it again."""
        self.on_notice: Callable[[str], None] | None = None
        """Told, from the database's thread, when a queued save (the settings) fails."""
        self.seal_due = False
        """A booking waits for its head and checkpoint (see :meth:`sync_now`)."""
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="blackjack-db")
        self._submitted = 0  # jobs given to the database's thread (counted on the table's)
        self._ran = 0  # and ended there (counted there)
        self._sync_handle: asyncio.TimerHandle | None = None

    async def run(self, action: Callable[[], T]) -> T:
        """Run ``action`` on the database's thread; while the disk says no, wait and retry."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                result = await asyncio.wrap_future(self.submit(action), loop=loop)
            except StoreError as err:
                self._set_fault(f"{err}. The table waits and tries again every "
                                f"{self.retry_seconds:g} s.")
                await asyncio.sleep(self.retry_seconds)
                continue
            self._set_fault(None)
            return result

    def sync_soon(self) -> None:
        """Sync the step just committed once its frame is drawn: :data:`SYNC_DELAY` later, or
        before the next save, or at the close, whichever comes first. Made while the table's
        thread drew the frame, the sync's system calls handed Python's lock back and forth with
        it and held the frame back by half a millisecond; the commit is safe from a crash of
        the program already, and only a power cut within those milliseconds could take the step
        back (the round then resumes just before it, no chip moved)."""
        if self._sync_handle is None:
            self._sync_handle = asyncio.get_running_loop().call_later(SYNC_DELAY, self.sync_now)

    def sync_now(self) -> None:
        """Queue the pending sync, if any, on the database's thread now."""
        handle, self._sync_handle = self._sync_handle, None
        if handle is not None:
            handle.cancel()
            if self.seal_due:  # a booking: its head, then the log into the file
                self.seal_due = False
                self.later("the booked round", self.store.seal)
            else:
                self.later("the last step", self.store.sync)

    def submit(self, job: Callable[[], T]) -> Future[T]:
        """Queue ``job`` on the database's thread (in the order given)."""
        def run() -> T:
            try:
                return job()
            finally:
                self._ran += 1

        self._submitted += 1
        return self._executor.submit(run)

    def saved_at_once(self, save: Callable[[], bool]) -> bool:
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

    def later(self, what: str, action: Callable[[], object]) -> None:
        """A save the table need not wait for (settings): queued on the database's thread."""
        def run() -> None:
            try:
                action()
            except StoreError as err:
                if self.on_notice is not None:
                    self.on_notice(f"{err}; {what} is not saved")
        self.submit(run)

    @property
    def saving(self) -> bool:
        """A save or a booking is waiting for the disk: quitting now loses its step."""
        return self.fault is not None

    def drain(self) -> None:
        """Wait for queued saves (the settings, a step's sync) to reach the disk."""
        self.sync_now()
        with contextlib.suppress(RuntimeError):
            self._executor.submit(lambda: None).result()

    def close(self) -> None:
        """The pending sync queued, then every queued job run and the thread ended."""
        self.sync_now()
        self._executor.shutdown(wait=True)
