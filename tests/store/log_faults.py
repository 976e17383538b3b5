"""What a kill leaves, with SQLite's log then lost, torn or flipped, or the database file copied
alone: shared by the kill test and the crash-inside-the-database test (issue 22).

Each copy of the folder must start exact — every booked round there, every chip — or its start
must name what is missing ("round N was booked", "the round in play"). Never silent. The
database file copied alone (no log, no head) holds every round sealed: at most the one booked in
the instant before the kill (its checkpoint follows its frame) can be missing, and then the book
is still whole, only shorter.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from blackjack_tui.controller.game import Game
from blackjack_tui.store.head import read_head
from tests.money import check_money

from .helpers import open_game

FAULTS = ("no log", "torn log", "flipped log", "file alone")


def damaged_copy(data: Path, into: Path, fault: str, rng: random.Random) -> Path:
    shutil.copytree(data, into, ignore=shutil.ignore_patterns("backups", "*.damaged-*",
                                                              "*.behind-*", "*.salvaged-*"))
    wal = into / "blackjack.db-wal"
    if fault in ("no log", "file alone"):
        wal.unlink(missing_ok=True)
        (into / "blackjack.db-shm").unlink(missing_ok=True)
    if fault == "file alone":
        (into / "blackjack.head").unlink(missing_ok=True)
    if fault in ("torn log", "flipped log") and wal.exists() and wal.stat().st_size > 32:
        raw = bytearray(wal.read_bytes())
        if fault == "torn log":
            raw = raw[: rng.randrange(32, len(raw))]
        else:
            for at in rng.sample(range(32, len(raw)), min(8, len(raw) - 32)):
                raw[at] ^= 1 << rng.randrange(8)
        wal.write_bytes(bytes(raw))
    return into


def back_in_play(missing: set[str], game: Game, copy: Path) -> bool:
    """The kill came between a booking's commit and its head (the head still names the round in
    play, at the rounds before it), and the log lost that commit: the round is back in play at
    its last step. The player was never shown its result (the head is written before the
    booking returns), and the round settles again from its saved shoe: nothing is lost."""
    head, _ = read_head(copy)
    rows, _ = game.store.recent(1)
    return (game.resume_round is not None and missing == {game.round_id} and head is not None
            and head.inflight == game.round_id and head.rounds == (rows[0].seq if rows else 0))


def never_shown(missing: set[str], game: Game, copy: Path, newest: str | None) -> bool:
    """The kill came between the commit of a round booked at its deal (no step of it saved, so
    no head names it in play) and the head that follows that commit, and the log lost the
    commit: the book stands exactly at its head, and the round is undone whole, its bets never
    taken. The head is written before the booking returns and nothing of a round is shown
    before its save returns, so the player never saw this round: nothing they saw is lost."""
    head, _ = read_head(copy)
    rows, _ = game.store.recent(1)
    return (missing == {newest} and game.resume_round is None and head is not None
            and head.inflight is None and head.rounds == (rows[0].seq if rows else 0))


def explain(fault: str, missing: set[str], game: Game, copy: Path) -> str:
    """Everything needed to tell a silent loss's cause from a CI log alone."""
    head, _ = read_head(copy)
    resumed = game.resume_round
    return (f"{fault}: {sorted(m[:8] for m in missing)} missing; notices {game.notices}; "
            f"head {head}; resumed {game.round_id if resumed is not None else None} "
            f"(over: {resumed.over if resumed is not None else None})")


def check_log_faults(data: Path, seen: set[str], newest: str | None, work: Path,
                     rng: random.Random) -> dict[str, int]:
    """Open a copy of ``data`` under each fault; return how many named a loss, by fault."""
    named = dict.fromkeys(FAULTS, 0)
    for fault in FAULTS:
        copy = damaged_copy(data, work / f"{fault.replace(' ', '-')}-{rng.random():.6f}",
                            fault, rng)
        game = open_game(copy)
        said = " ".join(game.notices)
        rows, _ = game.store.recent(limit=None)
        missing = seen - {r.round_id for r in rows}
        if fault == "file alone":
            assert missing <= {newest}, (fault, len(missing))
        elif (missing and not back_in_play(missing, game, copy)
              and not never_shown(missing, game, copy, newest)):
            assert "booked" in said, explain(fault, missing, game, copy)
        if "booked" in said or "round in play" in said:
            named[fault] += 1
        try:
            check_money(game)
        except AssertionError as err:
            raise AssertionError(f"{fault}: notices {game.notices}: {str(err)[:400]}") from err
        game.close()
        shutil.rmtree(copy, ignore_errors=True)
    return named
