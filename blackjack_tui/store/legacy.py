"""The one-time import of 0.1.0's files into the database.

0.1.0 kept the player's things in JSON files: ``profile.json`` (bankroll, settings, last bets),
``history.jsonl``, ``inflight.json``, ``shoe.json``, ``shoes.jsonl`` and ``evenings/*.json``. On the
first start of this version they are read once, exactly, and copied into the database in one
transaction; the files are left where they are. The import is marked done in the database, so it
never runs twice; when it fails, nothing of it is kept and the next start tries again.

Where 0.1.0 could leave money wrong, the import sets it right and says so: a round recorded in the
history but never credited to the profile is credited; a bankroll that cannot be read is taken from
the newest record of the history; one bad setting costs only that setting; a home-game hand left
in flight (0.1.0 never saved the evening) is set aside and the bankroll is left as it was. A
record of a round with computer players listed the seats' bets after the player's boxes (box 4
on), which made it impossible to replay; the import keeps the player's own boxes only (the seats'
bets are in the record's ``seats``), so every imported round replays.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from decimal import Decimal
from pathlib import Path
from typing import Any, Protocol

from blackjack_tui.engine.errors import EngineError
from blackjack_tui.engine.money import money_str, to_money
from blackjack_tui.store import journal
from blackjack_tui.store.db import MAX_DIGITS, money_text, transaction, units
from blackjack_tui.store.errors import RecordError, StoreError
from blackjack_tui.store.journal import BANKROLL, START_BANKROLL, Line
from blackjack_tui.store.jsonio import iso_now, load_json
from blackjack_tui.store.jsonl import parse_object, read_newest
from blackjack_tui.store.opening import has_legacy
from blackjack_tui.store.records import put_record
from blackjack_tui.store.settings import Settings, parse_bets, settings_rows


class Opening(Protocol):
    """The database being opened (a :class:`~blackjack_tui.store.book.Book`, which imports this
    module: named as a protocol so that no import circle is kept)."""

    conn: sqlite3.Connection
    folder: Path

LEGACY_HOME = "home:imported:You"
"""0.1.0's home-evening rounds: kept in the history, never the bankroll's."""


def import_folder(store: Opening) -> list[str]:
    """Import 0.1.0's files once; the notices say what was found and what was set right."""
    conn = store.conn
    done = conn.execute("SELECT value FROM meta WHERE key = 'legacy_import'").fetchone()
    if done is not None or not has_legacy(store.folder):
        return []
    notices: list[str] = []
    try:
        with transaction(conn):
            if journal.exists(conn, BANKROLL):
                conn.execute("INSERT INTO meta (key, value) VALUES ('legacy_import', ?)",
                             ("skipped: the database already had a bankroll",))
                return []
            _Import(store.folder, conn, notices).run()
            conn.execute("INSERT INTO meta (key, value) VALUES ('legacy_import', ?)",
                         (iso_now(),))
    except StoreError:
        raise
    except (sqlite3.Error, OSError, ValueError, KeyError, TypeError) as err:
        # Nothing of the import is kept; the files are untouched; the next start tries again.
        raise StoreError(f"could not import the files of blackjack-tui 0.1.0 in {store.folder} "
                         f"({err}); they are left as they were") from None
    return notices


class _Import:
    def __init__(self, folder: Path, conn: sqlite3.Connection, notices: list[str]) -> None:
        self.folder = folder
        self.conn = conn
        self.notices = notices
        self.records: list[dict[str, Any]] = []  # newest first
        self.last_round_id: str | None = None

    def run(self) -> None:
        self.records = self._history()
        bankroll = self._profile()
        bankroll = self._uncredited(bankroll)
        journal.post(self.conn, Line(BANKROLL, "import", bankroll, "the bankroll of 0.1.0"))
        self._rounds()
        self._inflight(bankroll)
        self._shoe()
        self._fair_shoes()
        self._evenings()
        self.notices.insert(0, f"Your data from blackjack-tui 0.1.0 was imported: "
                               f"{len(self.records)} round(s), bankroll {money_str(bankroll)}. "
                               f"The old files are kept in {self.folder}.")

    # The profile --------------------------------------------------------------------------

    def _profile(self) -> Decimal:
        path = self.folder / "profile.json"
        data: Any = None
        if path.exists():
            try:
                data = load_json(path.read_bytes())
            except (OSError, RecordError) as err:
                self.notices.append(f"{path} could not be read ({err})")
        if not isinstance(data, dict):
            return self._bankroll_from_history("no readable profile")
        last = data.get("last_round_id")
        self.last_round_id = last if isinstance(last, str) else None
        self._settings(data)
        try:
            bankroll = to_money(data.get("bankroll"))
            if bankroll < 0 or bankroll.adjusted() >= MAX_DIGITS:
                raise ValueError(f"{money_str(bankroll)[:20]} is not a bankroll")
        except (ValueError, ArithmeticError) as err:
            return self._bankroll_from_history(f"its bankroll is not readable: {err}")
        return bankroll

    def _bankroll_from_history(self, why: str) -> Decimal:
        if self.records:
            try:
                bankroll = to_money(self.records[0]["result"]["bankroll"])
                self.last_round_id = self.records[0].get("round_id")
                self.notices.append(f"The profile of 0.1.0 had {why}; the bankroll "
                                    f"{money_str(bankroll)} was taken from the last round "
                                    "of the history.")
                return bankroll
            except (KeyError, TypeError, ValueError):
                pass
        self.notices.append(f"The profile of 0.1.0 had {why}, and no history to take the "
                            f"bankroll from: it starts at {money_str(START_BANKROLL)}.")
        return START_BANKROLL

    def _settings(self, data: dict[str, Any]) -> None:
        raw = data.get("settings")
        values: dict[str, Any] = {}
        for key, value in (raw.items() if isinstance(raw, dict) else []):
            if key not in Settings.model_fields:
                self.notices.append(f"The setting {key!r} of 0.1.0 is not one this version "
                                    "knows; it was left out")
                continue
            try:
                values[key] = getattr(Settings.model_validate({key: value}), key)
            except ValueError as err:
                first = err.errors()[0]["msg"] if hasattr(err, "errors") else str(err)
                self.notices.append(f"The setting {key!r} = {str(value)[:30]!r} of 0.1.0 is not "
                                    f"valid ({first}); it is back to its default")
        try:
            bets = parse_bets(data.get("last_bets", []))
        except RecordError:
            bets = []
        self.conn.executemany("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                              settings_rows(Settings(**values), bets))

    # The history --------------------------------------------------------------------------

    def _history(self) -> list[dict[str, Any]]:
        path = self.folder / "history.jsonl"
        records, notices = read_newest(path, parse_object, None, "history record")
        self.notices += notices
        return records

    def _uncredited(self, bankroll: Decimal) -> Decimal:
        """0.1.0 appended the record, then saved the profile: a crash (or a full disk) between
        the two left a round recorded and never credited. Credit it now."""
        if not self.records:
            return bankroll
        newest = self.records[0]
        rid = newest.get("round_id")
        if not rid or rid == self.last_round_id or _home_evening(newest):
            return bankroll
        try:
            before = to_money(newest["bankroll_before"])
            after = to_money(newest["result"]["bankroll"])
        except (KeyError, TypeError, ValueError):
            return bankroll
        if before != bankroll:
            return bankroll
        self.notices.append(f"The last round of 0.1.0 ({str(rid)[:8]}) was in the history but "
                            f"was never credited to the bankroll: {money_str(after - before)} is "
                            "credited now.")
        self.last_round_id = str(rid)
        return after

    def _rounds(self) -> None:
        from blackjack_tui.store.booking import Counts
        from blackjack_tui.store.reading import counts_of

        bankroll = journal.account_id(self.conn, BANKROLL)
        home = None
        for record in reversed(self.records):  # oldest first: the order they were played
            try:
                before = to_money(record["bankroll_before"])
                after = to_money(record["result"]["bankroll"])
                net = to_money(record["result"]["net"])
                rules = record["rules"]["name"]
                counts = counts_of(record)
            except (KeyError, TypeError, ValueError, ArithmeticError):
                self.notices.append("a history record of 0.1.0 could not be read; it was left out")
                continue
            if _home_evening(record):
                home = home or journal.account_id(self.conn, LEGACY_HOME, "home", "imported")
                account = home
            else:
                account = bankroll
            record = _own_bets(record)
            rid = record.get("round_id") or "legacy:" + hashlib.sha256(
                json.dumps(record, sort_keys=True).encode()).hexdigest()[:32]
            staked = _staked(record)
            self.conn.execute(
                "INSERT OR IGNORE INTO rounds (round_id, at, account, ruleset, evening, imported, "
                f"staked, net, net_units, before, after, {', '.join(Counts.COLUMNS)}) "
                f"VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, "
                f"{', '.join('?' * len(Counts.COLUMNS))})",
                (rid, str(record.get("time", "")), account, str(rules),
                 "imported" if account == home else None, money_text(staked), money_text(net),
                 units(net),
                 money_text(before), money_text(after), *counts.values()))
            put_record(self.conn, rid, record)

    # The round in flight ------------------------------------------------------------------

    def _inflight(self, bankroll: Decimal) -> None:
        from blackjack_tui.store.check import round_problem
        from blackjack_tui.store.inflight import decode

        path = self.folder / "inflight.json"
        if not path.exists():
            return
        if path.is_dir():
            self.notices.append(f"A folder is in the way at {path}; it was left alone")
            return
        try:
            raw = path.read_bytes()
            data = load_json(raw)
            restored = decode(data)
        except (OSError, RecordError, EngineError) as err:
            self.notices.append(f"The unfinished round of 0.1.0 could not be read ({err}); "
                                "its bets were returned (your bankroll is as before it)")
            return
        rid = restored.round_id
        booked = self.conn.execute("SELECT 1 FROM rounds WHERE round_id = ?", (rid,)).fetchone()
        if booked or rid == self.last_round_id:
            return  # finished and credited before the crash
        rnd = restored.round
        if rnd.rules.ledger is not None and rnd.seats:
            why = "0.1.0 did not save the home evening it belonged to"
        else:
            why = round_problem(rnd, bankroll) or ""
        if why:
            self.conn.execute("INSERT INTO aside (what, why, data, at) VALUES (?, ?, ?, ?)",
                              ("round", why, raw.decode("utf-8", "replace"), iso_now()))
            self.notices.append(f"The unfinished round of 0.1.0 could not be resumed ({why}); "
                                "its bets were returned: your bankroll is as it was before it.")
            return
        self.conn.execute("INSERT INTO inflight (slot, round_id, account, state, saved_at) "
                          "VALUES (1, ?, ?, ?, ?)",
                          (rid, journal.account_id(self.conn, BANKROLL),
                           raw.decode("utf-8"), iso_now()))

    # Shoes and evenings -------------------------------------------------------------------

    def _shoe(self) -> None:
        path = self.folder / "shoe.json"
        if path.is_dir():
            self.notices.append(f"A folder is in the way at {path}; it was left alone and a "
                                "fresh shoe is used")
            return
        try:
            data = load_json(path.read_bytes())
        except FileNotFoundError:
            return
        except (OSError, RecordError) as err:
            self.notices.append(f"The saved shoe of 0.1.0 could not be read ({err}); a fresh "
                                "shoe is used")
            return
        if isinstance(data, dict) and isinstance(data.get("shoe"), dict):
            self.conn.execute("INSERT OR REPLACE INTO shoe (slot, state) VALUES (1, ?)",
                              (json.dumps(data),))

    def _fair_shoes(self) -> None:
        from blackjack_tui.store.shoes import parse_shoe_line

        path = self.folder / "shoes.jsonl"
        records, notices = read_newest(path, parse_shoe_line, None, "shoe record")
        self.notices += notices
        for record in reversed(records):
            self.conn.execute("INSERT OR IGNORE INTO fair_shoes (commitment, record, retired_at) "
                              "VALUES (?, ?, ?)",
                              (record.commitment, json.dumps(record.to_dict()), iso_now()))

    def _evenings(self) -> None:
        from blackjack_tui.store.evenings import EveningFileError, evening_from_file

        folder = self.folder / "evenings"
        if not folder.is_dir():
            return
        for path in sorted(folder.glob("*.json")):
            try:
                evening = evening_from_file(path)
            except EveningFileError as err:
                self.notices.append(f"{err}; it was left out")
                continue
            status = "closed" if evening.standings.finished else "open"
            self.conn.execute(
                "INSERT OR IGNORE INTO evenings (id, source, status, state, updated) "
                "VALUES (?, 'scorekeeper', ?, ?, ?)",
                (evening.id, status, evening.model_dump_json(), evening.updated.isoformat()))


def _own_bets(record: dict[str, Any]) -> dict[str, Any]:
    """The record with ``bets`` for the player's boxes 1-3 only (see the module's doc)."""
    bets = record.get("bets")
    if not isinstance(bets, list) or len(bets) <= 3:
        return record
    own = bets[:3]
    while own and own[-1] is None:
        own.pop()
    return {**record, "bets": own}


def _home_evening(record: dict[str, Any]) -> bool:
    """A round of 0.1.0's home evening: the home rules with computer players (booked net 0)."""
    rules = record.get("rules")
    return isinstance(rules, dict) and rules.get("ledger") is not None and bool(record.get("seats"))


def _staked(record: dict[str, Any]) -> Decimal:
    result = record.get("result") or {}
    total = Decimal(0)
    for hand in result.get("hands", []):
        if int(hand.get("box", 0)) <= 3:
            total += to_money(str(hand.get("stake", "0")))
    for item in result.get("insurance", []):
        if int(item.get("box", 0)) <= 3:
            total += to_money(str(item.get("stake", "0")))
    behind = record.get("behind") or {}
    total += sum((to_money(str(v)) for v in behind.values()), Decimal(0))
    return total
