"""Over random sessions across tables — the home game among them — every chip adds up, always.

A Hypothesis state machine plays the game as a player could: deals with random bets, makes random
legal decisions (computer seats decide by the controller's own strategy), changes tables and tiers
mid-round (queued) and between rounds, seats and unseats computer players, turns provably fair
shoes on and off, quits and starts again mid-round, takes a fresh bankroll when broke. After every
step the money invariant holds (:func:`tests.money.check_money`): on disk every balance is its
journal; at the table the round in play replays to exactly its state from what its account holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import shutil
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from blackjack_tui.controller.game import Game, GameOptions
from blackjack_tui.controller.players import computer_action
from blackjack_tui.engine import fair
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.errors import BetError
from blackjack_tui.rulesets import load_all
from blackjack_tui.store import BANKROLL, Store, backup
from blackjack_tui.store.head import read_head
from tests.money import check_money

RULE_SETS = load_all()[0]
TABLES = ["nordic", "swedish", "home", "online", "downtown-h17"]


class Session(RuleBasedStateMachine):
    # No preconditions: whether a round is in play can depend on the disk thread's timing (a
    # kill just before the seal may put a round back in play, or not), and Hypothesis stops with
    # "Inconsistent data generation" when the rules it may draw change between replays. Each
    # rule checks the state itself and does nothing where it does not apply.
    def __init__(self) -> None:
        super().__init__()
        # Fair shoes draw their seeds from the OS: here from a counter, so each case replays.
        seeds = iter(range(10**9))
        self._patch = pytest.MonkeyPatch()
        self._patch.setattr(fair, "new_server_seed", lambda: f"{next(seeds):064x}")
        self._patch.setattr(fair, "new_client_seed", lambda: "client")
        self.folder = Path(tempfile.mkdtemp(prefix="money-"))
        self.game = self._open()
        self.rng = random.Random(0)

    def _open(self) -> Game:
        return Game(Store(self.folder), RULE_SETS, GameOptions(seed=7))

    def teardown(self) -> None:
        self.game.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        if getattr(self, "copy", None) is not None:
            self.copy.unlink(missing_ok=True)
        self._patch.undo()

    @property
    def playing(self) -> bool:
        return not self.game.session.round_over

    def _persist(self) -> None:
        rnd = self.game.session.round
        assert rnd is not None
        asyncio.run(self.game.persist(rnd))
        if rnd.over:
            self.game.finished(rnd)

    # Betting and dealing

    @rule(boxes=st.lists(st.integers(0, 4), min_size=1, max_size=3), seed=st.integers(0, 99))
    def deal(self, boxes: list[int], seed: int) -> None:
        if self.playing:
            return  # between rounds only
        game = self.game
        if game.broke:
            return
        if game.before_deal() is not None:
            return
        session = game.session
        low, high = session.limits
        steps = [None, low, low * 2, (low + high) / 2, high]
        bets = [steps[b] for b in boxes][: session.rules.max_boxes]
        if session.home is not None and session.home.player_banks:
            bets = []
        self.rng.seed(seed)
        try:
            rnd, _ = session.start_round(bets)
        except BetError:
            return
        rnd.deal()
        self._persist()

    @rule(seed=st.integers(0, 10_000), count=st.integers(1, 6))
    def decide(self, seed: int, count: int) -> None:
        """Up to ``count`` decisions (the computer seats' by their strategy)."""
        if not self.playing:
            return  # in a round only
        chooser = random.Random(seed)
        rnd = self.game.session.round
        assert rnd is not None
        for _ in range(count):
            decision = rnd.legal_actions()
            if decision is None:
                return
            if decision.seat:
                action = computer_action(rnd, decision, None)
            else:
                choice = chooser.choice(decision.actions)
                action = choice if choice != "insurance" or not decision.any_amount else \
                    f"insurance:{decision.stake}"
            rnd.apply(action if isinstance(action, Action) else Action.parse(action))
            self._persist()
            check_money(self.game)

    # Where features meet

    @rule(name=st.sampled_from(TABLES), tier=st.sampled_from([None, "High Roller"]))
    def switch_table(self, name: str, tier: str | None) -> None:
        rules = RULE_SETS[name]
        self.game.switch_rules(rules, tier if rules.tiers else None)

    @rule(count=st.integers(0, 3))
    def seat_players(self, count: int) -> None:
        if self.playing:
            return  # between rounds only
        self.game.set_players(count)

    @rule(box=st.integers(4, 7), chips=st.integers(-2, 3))
    def bet_behind(self, box: int, chips: int) -> None:
        """Chips on (or off) the bet behind a computer player's box, as the table places them;
        the home table refuses them, and a bet behind never reaches a home round."""
        if self.playing:
            return  # between rounds only
        from blackjack_tui.controller.betting import Betting

        betting = Betting(self.game.session)
        if betting.select(box) is not None or not betting.behind_selected:
            return  # no computer player sits there
        for _ in range(abs(chips)):
            said = betting.add() if chips > 0 else betting.remove()
            if self.game.session.home is not None and chips > 0:
                assert said == "The home game has no bets behind"
        if self.game.session.home is not None:
            assert self.game.session.behind == {}

    @rule(fair=st.booleans())
    def fair_shoes(self, fair: bool) -> None:
        if self.playing:
            return  # between rounds only
        self.game.set_fair(fair, None)

    @rule()
    def quit_and_start_again(self) -> None:
        self.game.drain()
        self.game.close()
        self.game = self._open()
        expected = ("Back at the home evening", "--seed 7: this run deals reproducible shoes",
                    "The round in play is finished at")
        assert all(n.startswith(expected) for n in self.game.notices), self.game.notices
        if self.game.resume_round is not None and self.game.session.pending is not None:
            # A table asked for mid-round follows the resumed round (and is the one saved).
            assert self.game.session.pending[0].name == self.game.settings.rules
        if self.game.resume_round is not None:
            self.game.resume_round = None  # the table plays it on from here

    @rule()
    def fresh_bankroll_when_broke(self) -> None:
        if self.playing:
            return  # between rounds only
        if self.game.broke:
            self.game.fresh_bankroll()
            assert self.game.store.balance(BANKROLL) == Decimal(1000)

    # Below the game: SQLite's own files (issue 22)

    @rule()
    def keep_a_copy_of_the_database(self) -> None:
        """The player copies blackjack.db somewhere (an older copy to put back later)."""
        self.copy = self.folder.with_name(self.folder.name + "-copy.db")
        self.game.store.backup(self.copy)

    @rule(fault=st.sampled_from(("no log", "torn log", "flipped log", "older copy",
                                 "empty file", "random bytes", "no head")),
          sealed=st.booleans(), seed=st.integers(0, 999))
    def a_fault_below_the_game(self, fault: str, sealed: bool, seed: int) -> None:
        """Killed (after the seal or in the instant before it), then a fault in the files;
        the next start is exact, or names what is missing — never silent."""
        if sealed:
            self.game.drain()
        store = self.game.store
        booked = {r.round_id for r in store.recent(None)[0]}
        bankroll = store.balance(BANKROLL)
        folder = Path(tempfile.mkdtemp(prefix="money-"))
        shutil.rmtree(folder)
        # What the kill leaves; a file the disk thread removes while it is copied (a backup's
        # temporary journal) is simply not there, as after a real kill at that instant.
        shutil.copytree(self.folder, folder, copy_function=copy_if_there)
        self.game.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = folder
        fault_files(folder, fault, getattr(self, "copy", None), random.Random(seed))
        head, _ = read_head(folder)
        kept = backup.best(folder, head) if head is not None else None
        self.game = self._open()
        after = {r.round_id for r in self.game.store.recent(None)[0]}
        said = " ".join(self.game.notices)
        exact = after >= booked and self.game.store.balance(BANKROLL) == bankroll
        if kept is not None and kept.holds(head):  # type: ignore[arg-type]
            assert after >= booked, (fault, said)  # the backup that has it is restored
        # Named: a round booked, the round in play, a journal line written (a fresh bankroll,
        # a rebuy: no round), damage, a file that could not be read.
        assert exact or any(w in said for w in ("booked", "round in play", "was written",
                                                "damaged", "could not be read")), (fault, said)
        self.game.resume_round = None  # the table plays it on from here

    @invariant()
    def every_chip_adds_up(self) -> None:
        check_money(self.game)


def copy_if_there(source: str, target: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        shutil.copy2(source, target)


def fault_files(folder: Path, fault: str, copy: Path | None, rng: random.Random) -> None:
    db, wal = folder / "blackjack.db", folder / "blackjack.db-wal"
    if fault in ("torn log", "flipped log") and wal.exists() and wal.stat().st_size > 64:
        raw = bytearray(wal.read_bytes())
        if fault == "torn log":
            raw = raw[: rng.randrange(32, len(raw))]
        else:
            for at in rng.sample(range(32, len(raw)), 8):
                raw[at] ^= 1 << rng.randrange(8)
        wal.write_bytes(bytes(raw))
        return
    if fault == "no head":
        (folder / "blackjack.head").unlink(missing_ok=True)
        return
    if fault == "older copy" and copy is None:
        return
    wal.unlink(missing_ok=True)
    (folder / "blackjack.db-shm").unlink(missing_ok=True)
    if fault == "older copy" and copy is not None:
        shutil.copy(copy, db)
    elif fault == "empty file":
        db.write_bytes(b"")
    elif fault == "random bytes":
        db.write_bytes(rng.randbytes(8192))


Session.TestCase.settings = settings(max_examples=25, stateful_step_count=40, deadline=None,
                                     suppress_health_check=[HealthCheck.too_slow])
test_random_sessions_across_tables_keep_every_chip = Session.TestCase
