"""The counting simulation's compiled path: :mod:`.sim_count`'s tables packed into numpy arrays
for the numba kernel of :mod:`.sim_kernel`, when numba is installed (``pip install
"blackjack-tui[fast]"``).

:func:`available` says whether it can run here: numba imports, and this Python's
``random.Random`` draws ``randrange`` as ``getrandbits`` with rejection (the kernel draws that
way, with the Mersenne Twister's state copied from ``random.Random(seed)``). Without it the
simulator plays on the pure-Python fast path (:mod:`.sim_count`): the same cards, the same
rounds, the same figures.

The tables are those of :mod:`.sim_count`: for each true count from ``lo`` to ``hi`` the chart
with the index plays in force there (:func:`.sim_count._chart`), its deal table, player's and
dealer's machines (:mod:`.sim_machine`: insurance is in their nets), its split decisions and
whether its split rounds are insured (:mod:`.sim_tables`); charts
that lead to the same table share one row of the packed arrays.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Sequence
from operator import mul
from types import ModuleType
from typing import Any

import numpy as np
from msgspec.structs import replace

from blackjack_tui.analysis.cache import cached_arrays, code_digest
from blackjack_tui.analysis.counting import CountChunkResult, CountPlan, Record, Spread, tag
from blackjack_tui.analysis.sim import Chunk, ChunkResult
from blackjack_tui.analysis.sim_count import _chart, width
from blackjack_tui.analysis.sim_engine import exact_sums
from blackjack_tui.analysis.sim_fast import models, tables_for
from blackjack_tui.analysis.sim_shoe import _shuffle_points, card_code
from blackjack_tui.analysis.sim_tables import MAX_HANDS, VALUES
from blackjack_tui.analysis.strategy import Chart
from blackjack_tui.engine.cards import DECK, Card
from blackjack_tui.engine.count_systems import system
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import unrolled_draws_agree

TC_MODES = {"floor": 0, "truncate": 1, "half-deck": 2}
_KERNEL: list[ModuleType | None] = []


_MISSING: list[str] = []


def kernel() -> ModuleType | None:
    """The kernel's module, or ``None`` when numba is missing or cannot load it (imported once
    a process; :func:`why_not` says why)."""
    if not _KERNEL:
        try:
            from blackjack_tui.analysis import sim_kernel
        except ImportError:
            _KERNEL.append(None)
            _MISSING.append("numba is not installed (pip install \"blackjack-tui[fast]\")")
        except Exception as err:  # e.g. no folder numba can keep the compiled kernel in
            _KERNEL.append(None)
            _MISSING.append(f"numba cannot load the kernel: {err}".splitlines()[0])
        else:
            _KERNEL.append(sim_kernel)
    return _KERNEL[0]


def available() -> bool:
    """Whether the compiled path can play here (numba, and draws it can reproduce)."""
    return unrolled_draws_agree() and random.Random(0).getstate()[0] == 3 \
        and kernel() is not None


def plays(count: str) -> bool:
    """Whether the kernel plays ``count``: a balanced system of whole tags read by value (its
    running count minus the points of the cards left, its true count per deck left, as Hi-Lo's).
    KO and Red 7 (unbalanced) and Wong Halves (points of a half) stay on the Python path."""
    counted = system(count)
    return counted.balanced and counted.scale == 1 and not counted.red_seven


def why_not() -> str:
    """One line on why the compiled path cannot play here ('' when it can)."""
    if kernel() is None:
        return _MISSING[0]
    if not available():
        return "this Python's random numbers are drawn differently from the kernel's"
    return ""


Array = np.ndarray[Any, Any]


def run_count_chunk(rules: Rules, chart: Chart, plan: CountPlan, chunk: Chunk
                    ) -> CountChunkResult:
    """:func:`.sim_count.run_count_chunk` on the compiled path (the plan's tables packed, or
    read from the analysis cache, inside the chunk's CPU time)."""
    began = time.process_time()
    table = CompiledCountingTable(rules, chart, plan, chunk.seed, keep=True)
    result = table.play(chunk.hands)
    return replace(result, index=chunk.index, cpu_seconds=time.process_time() - began)


def run_chunk(rules: Rules, chart: Chart, chunk: Chunk) -> ChunkResult:
    """:func:`.sim.run_chunk` on the compiled path: basic strategy, a flat bet."""
    began = time.process_time()
    flat = CompiledCountingTable(rules, chart, CountPlan(Spread.flat()), chunk.seed, keep=True)
    total, squares = flat.play_flat(chunk.hands)
    return ChunkResult(chunk.hands, total, squares, time.process_time() - began)


def warm(rules: Rules, chart: Chart, plan: CountPlan) -> None:
    """Compile the kernel (or load it from numba's cache) by playing one round: before the
    processes of ``--jobs`` start, so that they load it from the cache instead of each
    compiling it."""
    CompiledCountingTable(rules, chart, plan, keep=True).play(1)


def _stack(tables: Sequence[Sequence[float]], dtype: type) -> Array:
    """Tables as the rows of one array, padded to the longest."""
    out: Array = np.zeros((len(tables), max(len(t) for t in tables)), dtype)
    for row, table in enumerate(tables):
        out[row, :len(table)] = table
    return out


def _int32(values: list[int]) -> list[int]:
    """Entries past every table (``UNREACHED``, never looked up) made to fit an int32."""
    return [v if -2**31 <= v < 2**31 else 2**31 - 1 for v in values]


_PACKED: dict[tuple[Rules, int, CountPlan], tuple[Chart, dict[str, Array]]] = {}


def disk_name(rules: Rules, chart: Chart, plan: CountPlan) -> str:
    """The name the tables of ``plan`` at ``rules`` with ``chart`` are kept on disk by."""
    h = hashlib.sha256(code_digest())
    for part in (rules.model_dump_json(), repr(sorted(chart.cells.items())), repr(plan)):
        h.update(part.encode() + b"\0")
    return f"count-tables-{h.hexdigest()[:32]}"


def packed(rules: Rules, chart: Chart, plan: CountPlan, keep: bool = False) -> dict[str, Array]:
    """The kernel's tables for the plan's true counts, once a process (``keep``: and on disk,
    in the analysis cache, since working them out takes a second or so at a table with all
    its index plays)."""
    key = (rules, id(chart), plan)
    found = _PACKED.get(key)
    if found is not None and found[0] is chart:
        return found[1]
    if keep:
        out = cached_arrays(disk_name(rules, chart, plan), lambda: _pack(rules, chart, plan))
    else:
        out = _pack(rules, chart, plan)
    if len(_PACKED) >= 8:  # a process plays a plan or two; tests play many
        _PACKED.pop(next(iter(_PACKED)))
    _PACKED[key] = (chart, out)
    return out


def _pack(rules: Rules, chart: Chart, plan: CountPlan) -> dict[str, Array]:
    """Per true count, the row of its deal table and player's machine (``player_of``), of its
    dealer's machine and nets (``dealer_of``: the nets are numbered as the machines reach
    them), its split decisions and its hitting table; and the tables the rules alone decide."""
    lo, hi = plan.tc_range()
    wide = width(rules)
    players: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    dealers: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]], int] = {}
    player_of, dealer_of, splits, hit3s, insures = [], [], [], [], []
    tables = None
    for tc in range(lo, hi + 1):
        tables, m = tables_for(rules, _chart(rules, chart, plan, tc))
        grid = np.asarray(_int32(m.entry), np.int64).reshape(16, 16, 16, 16)
        entry = tuple(grid[:wide, :wide, :wide, :wide].ravel().tolist())
        player_of.append(players.setdefault((entry, tuple(_int32(m.player))), len(players)))
        dealer = (tuple(_int32(m.dealer_start)), tuple(_int32(m.dealer)), tuple(m.nets))
        dealer_of.append(dealers.setdefault(dealer, len(dealers)))
        splits.append(tables.split)
        hit3s.append(tables.hit3)
        insures.append(tables.insure)
    assert tables is not None
    out = {
        "entry": _stack([list(e) for e, _ in players], np.int32),
        "player": _stack([list(p) for _, p in players], np.int32),
        "player_of": np.asarray(player_of, np.int64),
        "dealer_start": _stack([list(d[0]) for d in dealers], np.int32),
        "dealer": _stack([list(d[1]) for d in dealers], np.int32),
        "nets": _stack([list(d[2]) for d in dealers], np.float64),
        "dealer_of": np.asarray(dealer_of, np.int64),
        "split_t": np.asarray(splits, np.int8), "hit3": np.asarray(hit3s, np.int8),
        "insure": np.asarray(insures, np.int8),
        "start": np.asarray(tables.start, np.int64), "nxt": np.asarray(tables.nxt, np.int64),
        "best": np.asarray(tables.best, np.int64), "dbl": np.asarray(tables.double, np.int64),
        "dhit": np.asarray(tables.dealer_hits, np.int8),
        "d2": np.asarray(tables.dealer_two, np.int64),
        "bj2": np.asarray(tables.blackjack_two, np.int8),
        "res": np.asarray(tables.result, np.float64),
        "bets": np.asarray([float(plan.spread.units_at(tc)) for tc in range(lo, hi + 1)]),
    }
    return out


class CompiledCountingTable:
    """One box, the plan's bets and plays, from one seeded (or stacked) shoe, in the kernel:
    :class:`.sim_count.CountingFastTable`'s interface and rounds."""

    def __init__(self, rules: Rules, chart: Chart, plan: CountPlan, seed: int = 0, *,
                 stacked: list[Card] | None = None, keep: bool = False) -> None:
        k = kernel()
        if k is None or not available():
            raise RuntimeError(f"the compiled path cannot play here: {why_not()}")
        if not models(rules):
            raise ValueError(f"the fast path does not model rule set {rules.name!r}")
        if not plays(plan.count):
            raise ValueError(f"the compiled path does not play the {plan.count} count")
        self.k = k
        self.rules, self.plan = rules, plan
        self.tables = packed(rules, chart, plan, keep)
        by_rank = rules.split_by == "rank"
        canon = [card_code(card, by_rank) for card in DECK * rules.decks]
        given = [card_code(c, by_rank) for c in reversed(stacked or [])]
        is_stacked = stacked is not None
        total = len(given) if is_stacked else len(canon)
        self.canon = np.asarray(canon, np.int64)
        self.cards = np.zeros(max(total, len(canon)) + 1, np.int64)
        self.cards[:len(given)] = given
        self.tags = np.asarray([tag(plan.count, VALUES[c]) if 0 < c < 14 else 0
                                for c in range(16)], np.int64)
        state = random.Random(seed).getstate()[1]
        self.mt = np.asarray(state[:624], np.int64)
        self.st = np.zeros(8, np.int64)
        self.st[k.MTI] = state[624]
        self.st[k.N] = len(given)
        self.st[k.SEATED] = int(plan.wong_in is None)
        self.st[k.LEFT_SUM] = sum(self.tags[c] for c in given)
        deal = 4 if rules.hole_card == "peek" else 3
        shuffle_at, _ = _shuffle_points(rules, total, is_stacked, deal)
        # A seeded shoe starts empty: the first round shuffles it (shuffle_at[0] holds), with
        # the random numbers ``Shoe.seeded`` shuffles with at once.
        self.shuffle_at = np.asarray(shuffle_at, np.int8)
        lo, hi = plan.tc_range()
        self.lo = lo
        self.offset = total * 52 + 4
        self.p = np.asarray([
            rules.hole_card == "peek",
            rules.hole_card != "peek" and rules.no_hole_card_loses == "original",
            is_stacked, len(canon), lo, hi, TC_MODES[plan.tc_mode],
            plan.wong_in is not None, plan.wong_in or 0,
            plan.wong_out is not None, plan.wong_out or 0,
            width(rules), self.offset, 0, rules.max_split_hands,
            rules.insurance_stake == "half-box"], np.int64)
        self.taken = np.zeros(self.k.ROUND_CARDS, np.int64)
        if rules.max_split_hands > MAX_HANDS:
            raise ValueError(f"more than {MAX_HANDS} split hands")

    def play(self, rounds: int, records: list[Record] | None = None) -> CountChunkResult:
        """Play ``rounds`` rounds by the plan; the sums over the rounds bet on (``records``
        gets every round: the differential test)."""
        began = time.process_time()
        ends, splits, tcs = self._play(rounds, records)
        played, wagered, total, squares = 0, 0.0, 0.0, 0.0
        nets = self.tables["nets"]
        for k, bet in enumerate(self.tables["bets"].tolist()):
            # As CountingFastTable._result sums them: the same figures to the last bit.
            counts = ends[k].tolist()
            split = {(i - self.k.SPLIT_NETS) / 2: n for i, n in enumerate(splits[k].tolist())
                     if n}
            n = sum(counts) + sum(split.values())
            if not n:
                continue
            values = nets[self.tables["dealer_of"][k]].tolist()
            split_total = sum(net * c for net, c in split.items())
            split_squares = sum(net * net * c for net, c in split.items())
            played += n
            wagered += n * bet
            total += bet * (split_total + sum(map(mul, counts, values)))
            squares += bet * bet * (split_squares + sum(map(mul, counts, map(mul, values,
                                                                           values))))
        seen = {int(i) - self.offset: int(tcs[i]) for i in np.flatnonzero(tcs)}
        return CountChunkResult(0, rounds, played, wagered, total, squares,
                                tuple(sorted(seen.items())), time.process_time() - began)

    def play_flat(self, rounds: int) -> tuple[float, float]:
        """Play ``rounds`` rounds of a flat plan: (sum of nets, sum of squared nets), in bets,
        as :meth:`.sim_fast.FastTable.play` gives them (:func:`.sim_engine.exact_sums`)."""
        ends, splits, _ = self._play(rounds, None)
        counts: dict[float, int] = {}
        values = self.tables["nets"][self.tables["dealer_of"][0]].tolist()
        for net, n in zip(values[1:], ends[0].tolist()[1:], strict=True):  # 0: SPLIT_NOW
            if n:
                counts[net] = counts.get(net, 0) + n
        for i, n in enumerate(splits[0].tolist()):
            if n:
                net = (i - self.k.SPLIT_NETS) / 2
                counts[net] = counts.get(net, 0) + n
        return exact_sums(counts)

    def _play(self, rounds: int, records: list[Record] | None) -> tuple[Array, Array, Array]:
        t = self.tables
        ends = np.zeros((len(t["bets"]), t["nets"].shape[1]), np.int64)
        splits = np.zeros((len(t["bets"]), 2 * self.k.SPLIT_NETS + 1), np.int64)
        tcs = np.zeros(2 * self.offset + 1, np.int64)
        keep = records is not None
        self.p[self.k.P_RECORDS] = keep
        out = np.zeros((rounds if keep else 1, 4), np.float64)
        self.k.play(rounds, self.p, self.st, self.mt, self.cards, self.canon, self.taken,
                    self.tags, self.shuffle_at, t["bets"], t["entry"], t["player"],
                    t["player_of"], t["dealer_start"], t["dealer"], t["nets"], t["dealer_of"],
                    t["split_t"], t["hit3"], t["insure"], t["start"], t["nxt"], t["best"],
                    t["dbl"], t["dhit"], t["d2"], t["bj2"], t["res"], ends, splits, tcs, out)
        if records is not None:
            records.extend((int(tc), float(bet), float(net), int(left))
                           for tc, bet, net, left in out.tolist())
        return ends, splits, tcs
