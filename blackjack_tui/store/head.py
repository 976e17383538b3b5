"""The book's head: where the journal ends, kept inside the database and outside it.

SQLite keeps its latest commits in ``blackjack.db-wal`` until they are checkpointed into the file.
A lost, torn or rolled-back log, or an older copy of ``blackjack.db`` put in its place, leaves a
database that is sound and adds up — just *behind*. Nothing inside the file can tell. So:

- **The chain.** Every journal line is hashed into a running SHA-256 (``meta``'s ``chain_*``
  rows, extended in the same transaction as the lines: :func:`extend`). The chain at line *n*
  names the whole journal up to *n*; two books that agree on it agree on every line before it.
- **The head file.** ``blackjack.head`` beside the database holds the chain's end, the journal's
  sum, the last booked round and the round in play (:class:`BookState`), replaced atomically
  after the commits it describes (:meth:`Store.seal`). It is written *after* them, so the head
  may trail the database (a crash in between: harmless) but a database behind its head has lost
  commits — :func:`compare` says which, and the start names them and restores a backup.

The head is a tripwire, not a second copy of the money: it never creates a chip, it only makes a
loss impossible to miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from decimal import Decimal, InvalidOperation
from pathlib import Path

from msgspec import Struct
from msgspec.structs import asdict, replace

from blackjack_tui.store.atomic import write_atomic
from blackjack_tui.store.db import money_text
from blackjack_tui.store.errors import os_error

HEAD_NAME = "blackjack.head"
GENESIS = "0" * 64
_CHAIN_KEYS = ("chain_id", "chain_hash", "chain_sum")
_LINES = ("SELECT id, account, kind, amount, coalesce(round_id, '') FROM journal "
          "WHERE id > ? ORDER BY id")


class Chain(Struct, frozen=True):
    """The running hash of the journal through line ``line`` and the sum of its amounts."""

    line: int = 0
    hash: str = GENESIS
    total: Decimal = Decimal(0)


def _link(previous: str, row: tuple[object, ...]) -> str:
    ident, account, kind, amount, round_id = row
    text = f"{previous}|{ident}|{account}|{kind}|{amount}|{round_id}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def stored_chain(conn: sqlite3.Connection) -> Chain | None:
    """The chain as ``meta`` holds it; ``None`` where it was never written (a file from before)."""
    rows = dict(conn.execute(
        "SELECT key, value FROM meta WHERE key IN (?, ?, ?)", _CHAIN_KEYS).fetchall())
    if len(rows) != len(_CHAIN_KEYS):
        return None
    try:
        return Chain(int(rows["chain_id"]), str(rows["chain_hash"]), Decimal(rows["chain_sum"]))
    except (ValueError, InvalidOperation):
        return None


def walk(conn: sqlite3.Connection, start: Chain, upto: int | None = None) -> Chain:
    """The chain carried on from ``start`` over the journal's later lines (through ``upto``)."""
    digest, total, line = start.hash, start.total, start.line
    for row in conn.execute(_LINES, (start.line,)):
        if upto is not None and int(row[0]) > upto:
            break
        digest = _link(digest, row)
        total += Decimal(str(row[3]))
        line = int(row[0])
    return Chain(line, digest, total)


def extend(conn: sqlite3.Connection, known: Chain | None) -> Chain:
    """Carry the stored chain over the lines written since (inside the caller's transaction).

    ``known``: the chain as last committed (kept by the store, so that nothing is read twice);
    ``None`` reads it from ``meta`` (or walks the whole journal, once, for a file without it)."""
    start = known or stored_chain(conn) or Chain()
    chain = walk(conn, start)
    if chain != start or known is None:
        conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                         zip(_CHAIN_KEYS, (str(chain.line), chain.hash, money_text(chain.total)),
                             strict=True))
    return chain


class BookState(Struct, frozen=True):
    """Where a book ends: the journal's chain and the rounds. The head file holds one of these."""

    db_id: str
    line: int
    """The last journal line's id."""
    chain: str
    total: str
    """The journal's sum, every account (exact decimal text)."""
    rounds: int
    """The last booked round's number (its ``seq``; 0 before the first)."""
    round_id: str | None = None
    inflight: str | None = None
    """The round in play when this was written (its id), if any."""
    bankroll: str = "0"
    """The player's bankroll as booked (exact decimal text)."""
    at: str = ""

    def same_book(self, other: BookState | None) -> bool:
        """The same head but for when it was written."""
        return other is not None and self == replace(other, at=self.at)

    def to_json(self) -> bytes:
        return (json.dumps({"head": 1, **asdict(self)}, indent=1) + "\n").encode("utf-8")

    @classmethod
    def from_json(cls, raw: bytes) -> BookState:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict) or data.pop("head", None) != 1:
            raise ValueError("not a head record")
        state = cls(**data)
        if not (isinstance(state.line, int) and isinstance(state.rounds, int)
                and isinstance(state.chain, str) and isinstance(state.db_id, str)):
            raise ValueError("a head record of the wrong shape")
        Decimal(state.total)
        return state


def state_of(conn: sqlite3.Connection, chain: Chain, at: str = "") -> BookState:
    """The database's own head: its chain (as committed) and its last booked round."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'db_id'").fetchone()
    last = conn.execute("SELECT seq, round_id FROM rounds ORDER BY seq DESC LIMIT 1").fetchone()
    flight = conn.execute("SELECT round_id FROM inflight").fetchone()
    bankroll = conn.execute("SELECT balance FROM accounts WHERE name = 'bankroll'").fetchone()
    return BookState(db_id=str(row[0]) if row else "", line=chain.line, chain=chain.hash,
                     total=money_text(chain.total), rounds=int(last[0]) if last else 0,
                     round_id=str(last[1]) if last else None,
                     inflight=str(flight[0]) if flight else None,
                     bankroll=str(bankroll[0]) if bankroll else "0", at=at)


def read_head(folder: Path) -> tuple[BookState | None, str | None]:
    """The head file (``None`` if there is none) and a notice if it could not be read."""
    path = folder / HEAD_NAME
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as err:
        return None, f"the book's head record {path} could not be read ({err.strerror})"
    try:
        return BookState.from_json(raw[:65536]), None
    except (ValueError, TypeError, UnicodeDecodeError, InvalidOperation):
        return None, f"the book's head record {path} was damaged; it is written anew"


def write_head(folder: Path, state: BookState, *, durable: bool = True) -> None:
    """Replace the head file atomically (:class:`StoreError` when the disk says no); ``durable``:
    synced to the disk too, else only safe from a crash of the program (a booking writes it so,
    at once, and its seal a moment later makes it durable)."""
    path = folder / HEAD_NAME
    if durable:
        write_atomic(path, state.to_json())
        return
    tmp = path.with_name(f".{HEAD_NAME}.tmp")
    try:
        tmp.write_bytes(state.to_json())
        os.replace(tmp, path)
    except OSError as err:
        raise os_error("save", path, err) from None


class Gap(Struct, frozen=True):
    """How a database falls short of its head, in words a player reads."""

    head: BookState
    found: BookState
    diverged: bool = False
    """The database is not behind but another book: its journal differs before the head."""

    @property
    def missing(self) -> str:
        head, found = self.head, self.found
        if self.diverged:
            return (f"the database is another book than the one booked through round "
                    f"{head.rounds:,}")
        if head.rounds > found.rounds:
            first, last = found.rounds + 1, head.rounds
            which = f"round {last:,}" if first == last else f"rounds {first:,}–{last:,}"
            return (f"the database ends at round {found.rounds:,}, but {which} "
                    f"{'was' if first == last else 'were'} booked")
        return (f"the database's journal ends at line {found.line:,}, but line {head.line:,} "
                "was written (a fresh bankroll, a rebuy or a settled round)")

    def words(self) -> str:
        return f"{self.missing} (a lost or torn log, or an older copy put in its place)"


def compare(conn: sqlite3.Connection, head: BookState | None, found: BookState) -> Gap | None:
    """Whether the database (``found``, its state) holds everything ``head`` says was written.

    Cheap when it does (the normal start): the same chain end, or a few lines on from it.
    ``found`` carries the database's own chain (as stored, or walked where it was not)."""
    if head is None:
        return None
    if head.db_id and found.db_id and head.db_id != found.db_id:
        return Gap(head, found, diverged=True)  # another database file (its copies keep its id)
    if found.line < head.line or found.rounds < head.rounds:
        return Gap(head, found)
    if found.line == head.line:
        return None if found.chain == head.chain else Gap(head, found, diverged=True)
    # The database is ahead (a crash between a commit and the head's write): carried on from
    # the head's chain over the lines after it, the walk must end at the database's own chain.
    on = walk(conn, Chain(head.line, head.chain, Decimal(head.total)))
    return None if on.hash == found.chain else Gap(head, found, diverged=True)


def head_problems(folder: Path, conn: sqlite3.Connection) -> list[str]:
    """The audit's check of the head: the journal against its own chain, and the database
    against the head file (behind it, or another book). One line each; empty when they agree."""
    head, note = read_head(folder)
    problems = [note] if note else []
    chain = walk(conn, Chain())
    stored = stored_chain(conn)
    if stored is not None and stored.line == chain.line and stored != chain:
        problems.append("the journal does not match its own chain: a line was changed")
    gap = compare(conn, head, state_of(conn, chain))
    if gap is not None:
        problems.append(f"{gap.words()}; the next start restores the newest backup that "
                        "holds it, or names what is lost")
    return problems


def losses(conn: sqlite3.Connection) -> list[str]:
    """What earlier starts named as lost (kept in the ``aside`` table), oldest first."""
    try:
        rows = conn.execute("SELECT at, why FROM aside WHERE what = 'loss' ORDER BY id").fetchall()
    except sqlite3.Error:
        return []
    return [f"{at[:10]}: {why}" for at, why in rows]
