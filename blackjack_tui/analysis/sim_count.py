"""The counting simulation on the fast path: :mod:`.sim_fast`'s round, with a count, a bet
spread, index plays and the wong rules around it.

A round is the flat round (the same shoe, state machines and split play); what counting adds is
read once before the deal: the running count, from a table of the count down the shoe worked out
after each shuffle (the cards above those still to be drawn at random are fixed by then, so the
count at any later point of the shoe is one look-up); the true count; the bet; and which
machines to play, one set per chart, the chart re-ranked for the index plays in force at that
count (:func:`.counting.chart_at`; built the first time a count needs them). The definitions are
in :mod:`.counting`; ``tests/analysis/test_count_differential.py`` holds this to the engine's
round, played by :mod:`.sim_count_engine`, round by round.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import accumulate
from operator import mul
from typing import TypeAlias

from msgspec.structs import replace

from blackjack_tui.analysis.counting import (
    CountChunkResult,
    CountPlan,
    Record,
    chart_at,
    count_at,
    offset,
    suit_blind,
    tag,
)
from blackjack_tui.analysis.sim import Chunk
from blackjack_tui.analysis.sim_count_engine import CountingEngineTable
from blackjack_tui.analysis.sim_fast import _split_round, models, tables_for
from blackjack_tui.analysis.sim_machine import SPLIT_NOW, STAND_AT
from blackjack_tui.analysis.sim_shoe import Draw, FastShoe
from blackjack_tui.analysis.sim_tables import VALUES, Tables
from blackjack_tui.analysis.strategy import Chart, insurance_can_win
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.count_systems import system
from blackjack_tui.engine.rules import Rules

Packed: TypeAlias = tuple[list[int], list[int], list[int], list[int], list[float]]
Machines: TypeAlias = tuple[list[int], list[int], list[int], list[int], list[float],
                            Callable[[int, int, int, int, Draw], float]]

MAX_NETS = 256
"""Room for the different nets of a round without a split (a handful at any table)."""
_CHARTS: dict[tuple[Rules, int, CountPlan, int], Chart] = {}
"""Index-play charts by rules, base chart, plan and how many play thresholds lie at or below the
true count: a process builds each once (and :func:`.sim_fast.tables_for` their tables)."""


def _chart(rules: Rules, chart: Chart, plan: CountPlan, tc: int) -> Chart:
    passed = sum(1 for at in plan.thresholds() if at <= tc)
    key = (rules, id(chart), plan, passed)
    found = _CHARTS.get(key)
    if found is None:
        insure = plan.insures(tc) and insurance_can_win(rules)
        found = _CHARTS[key] = chart_at(chart, plan.plays(), tc, insure) \
            if plan.plays() or insure else chart
    return found


def wong(plan: CountPlan, tc: int, seated: bool, gone: bool) -> tuple[bool, bool]:
    """Seated and gone after the wong rules read ``tc``: in at ``wong_in`` or more, unless gone
    this shoe already; out, for the rest of the shoe, at ``wong_out`` or less."""
    if not seated and not gone and plan.wong_in is not None and tc >= plan.wong_in:
        seated = True
    if seated and plan.wong_out is not None and tc <= plan.wong_out:
        seated, gone = False, True
    return seated, gone


_PACKED: dict[tuple[Rules, int], tuple[Chart, Tables, Packed]] = {}
_SHARED: dict[Rules, tuple[list[int], list[int], list[float]]] = {}
_NUMBERS: dict[int, int] = {}


def _packed(rules: Rules, chart: Chart) -> tuple[Tables, Packed]:
    """A chart's machines made lean for many charts at once, once a process: the deal's table
    packed to the codes the shoe holds (``entry`` has room for 16 codes a card; ten or thirteen
    are used), the dealer's tables shared between charts when they are the same (they do not
    depend on the chart), and equal numbers shared as one object, so that the tables of a dozen
    counts stay in the processor's cache together."""
    found = _PACKED.get((rules, id(chart)))
    if found is not None and found[0] is chart:
        return found[1], found[2]
    tables, m = tables_for(rules, chart)
    mine = (m.dealer_start, m.dealer, m.nets)
    shared = _SHARED.setdefault(rules, mine)
    dealer_start, dealer, nets = shared if shared == mine else mine
    if len(nets) > MAX_NETS:
        raise ValueError(f"{len(nets)} different nets: more than the counting path counts")
    codes = range(width(rules))
    one = _NUMBERS
    entry = [one.setdefault(v, v) for v in (
        m.entry[(c1 << 4 | c2) << 8 | up << 4 | hole]
        for c1 in codes for c2 in codes for up in codes for hole in codes)]
    player = [one.setdefault(v, v) for v in m.player]
    packed = (entry, player, dealer_start, dealer, nets)
    _PACKED[(rules, id(chart))] = (chart, tables, packed)
    return tables, packed


def width(rules: Rules) -> int:
    """How many card codes the packed deal table has room for: 0-13 or 0-10."""
    return 14 if rules.split_by == "rank" else 11


class CountingFastTable:
    """One box, the plan's bets and plays, from one seeded (or stacked) shoe."""

    def __init__(self, rules: Rules, chart: Chart, plan: CountPlan, seed: int = 0, *,
                 stacked: list[Card] | None = None, tags: Sequence[int] | None = None) -> None:
        """``tags``: the points of each card code 0-13 (code 0 unused), the plan's count's by
        default; the count's initial count and a full shoe's points still come from the plan."""
        if not models(rules):
            raise ValueError(f"the fast path does not model rule set {rules.name!r}")
        if tags is None and not suit_blind(plan.count):
            raise ValueError(f"the fast path's cards have no suits: {plan.count} is counted "
                             "on the engine path")
        self.rules, self.chart, self.plan = rules, chart, plan
        self.shoe = FastShoe(rules, seed, stacked)
        self.tags = list(tags) if tags is not None else \
            [tag(plan.count, VALUES[code]) if code else 0 for code in range(14)]
        self.offset = offset(plan.count, rules.decks)
        """The running count is this less the points of the cards left (see :mod:`.counting`)."""
        self.fresh = system(plan.count).initial(rules.decks)
        self.simple = plan.tc_mode == "floor" and system(plan.count).balanced \
            and system(plan.count).scale == 1
        self.lo, self.hi = plan.tc_range()
        span = range(self.lo, self.hi + 1)
        self.bets = [float(plan.spread.units_at(tc)) for tc in span]
        self.machines: list[Machines | None] = [None] * len(span)
        self.width = width(rules)
        self.every_round = rules.shuffle == "every-round" and not self.shoe.stacked
        self.seated = plan.wong_in is None
        self.gone = False
        self.counted = -1  # the shuffle the prefix sums below were taken after
        self.minus: list[int] = [self.offset]  # the offset less the points of cards[:i]: valid
        # from ``valid_from``
        self.valid_from = 0

    def _machines(self, k: int) -> Machines:
        """The machines for the chart in force at ``lo + k`` (see :func:`_packed`), with this
        table's own split play (it deals from this table's shoe)."""
        tables, packed = _packed(self.rules, _chart(self.rules, self.chart, self.plan, self.lo + k))
        found = self.machines[k] = (*packed, _split_round(self.rules, tables, self.shoe))
        return found

    def running_count(self) -> int:
        """The offset less the points of the cards left. After a shuffle the sums of the points
        up the shoe are taken once; the cards from the loose ones up keep their places until the
        next shuffle (a card is only drawn at random from below them), so the count is
        ``minus[cards left]`` until the deal reaches the loose cards."""
        shoe = self.shoe
        cards = shoe.cards
        left = len(cards)
        if shoe.shuffles != self.counted:
            if left == shoe.total and self.every_round:
                return self.fresh  # a fresh shoe every round: no table needed
            self.minus = list(accumulate((-self.tags[c] for c in cards), initial=self.offset))
            self.valid_from = shoe.loose
            self.counted = shoe.shuffles
        if left >= self.valid_from:
            return self.minus[left]
        return self.offset - sum(self.tags[c] for c in cards)  # the last rounds, card by card

    def play(self, rounds: int, records: list[Record] | None = None) -> CountChunkResult:
        """Play ``rounds`` rounds by the plan; the sums over the rounds bet on.

        A round that ends in the machines is counted by its end, per true count
        (``ends[k][end]``), and summed once at the end; a split round's net is summed as it
        comes. ``records`` gets every round (the differential test)."""
        began = time.process_time()
        shoe, plan = self.shoe, self.plan
        cards = shoe.cards
        pop = cards.pop
        peek = self.rules.hole_card == "peek"
        lo, hi, machines = self.lo, self.hi, self.machines
        wong_in, wong_out, mode = plan.wong_in, plan.wong_out, plan.tc_mode
        seated, gone = self.seated, self.gone
        ends_by_k: list[list[int]] = [[] for _ in machines]  # filled as counts come
        split_n, split_total, split_squares = [0] * len(machines), [0.0] * len(machines), \
            [0.0] * len(machines)
        seen: list[int] = []  # the true count of every round, counted once at the end
        see = seen.append
        simple = self.simple
        count = plan.count
        wonging = wong_in is not None or wong_out is not None
        wide = self.width
        minus = self.minus
        clear = shoe.total + 1  # the first round reads the shoe and the count afresh
        last = -1
        ends = seen
        entry = player = dealer_start = dealer = seen
        values: list[float] = []
        split_round = None
        first: Draw
        more: Draw
        for _ in range(rounds):
            if len(cards) >= clear:  # no shuffle since the count table was read: it holds
                first = more = pop
                left = len(cards)
                tc = (minus[left] * 52) // left if simple \
                    else count_at(count, minus[left], left, mode)
            else:
                before = shoe.shuffles
                first, more = shoe.prepare()
                # A round dealt card by card may run the shoe dry: the next one asks again.
                clear = shoe.loose + shoe.unsplit if more == pop else shoe.total + 1
                if shoe.shuffles != before:
                    seated, gone = wong_in is None, False
                left = len(cards) or 1  # (a stacked shoe may be empty: the deal says so)
                running = self.running_count()
                minus = self.minus
                tc = count_at(count, running, left, mode)
            see(tc)
            if wonging:
                seated, gone = wong(plan, tc, seated, gone)
            k = (lo if tc < lo else hi if tc > hi else tc) - lo
            if k != last:  # the count moved: another bet, maybe other plays
                last = k
                entry, player, dealer_start, dealer, values, split_round = \
                    machines[k] or self._machines(k)
                ends = ends_by_k[k]
                ends += [0] * (MAX_NETS - len(ends))  # room, the first time
            c1 = first()
            up = first()
            c2 = first()
            hole = first() if peek else 0
            s = entry[((c1 * wide + c2) * wide + up) * wide + hole]
            while s >= 0:
                s = player[s | more()]
            end = ~s
            if end >= STAND_AT:
                d = dealer_start[end | hole]
                while d >= 0:
                    d = dealer[d | more()]
                end = ~d
            if end == SPLIT_NOW:
                assert split_round is not None
                net = split_round(c1, c2, up, hole, more)
                if seated:
                    split_n[k] += 1
                    split_total[k] += net
                    split_squares[k] += net * net
            else:
                if seated:
                    ends[end] += 1
                net = values[end]
            if records is not None:
                bet = self.bets[k] if seated else 0.0
                records.append((tc, bet, net * bet, len(cards)))
        self.seated, self.gone = seated, gone
        return self._result(rounds, ends_by_k, (split_n, split_total, split_squares), seen,
                            time.process_time() - began)

    def _result(self, rounds: int, ends_by_k: list[list[int]],
                split: tuple[list[int], list[float], list[float]], seen: list[int],
                cpu: float) -> CountChunkResult:
        """The sums in units: each count's ends at its bet, its split rounds as summed."""
        played, wagered, total, squares = 0, 0.0, 0.0, 0.0
        split_n, split_total, split_squares = split
        for k, ends in enumerate(ends_by_k):
            found = self.machines[k]
            bet = self.bets[k]
            n = split_n[k] + sum(ends)
            if not n or found is None:
                continue
            values = found[4]
            played += n
            wagered += n * bet
            total += bet * (split_total[k] + sum(map(mul, ends, values)))
            squares += bet * bet * (split_squares[k] + sum(map(mul, ends, map(mul, values,
                                                                              values))))
        return CountChunkResult(0, rounds, played, wagered, total, squares,
                                tuple(sorted(Counter(seen).items())), cpu)


def run_count_chunk(rules: Rules, chart: Chart, plan: CountPlan, chunk: Chunk,
                    engine: bool = False) -> CountChunkResult:
    """Play one chunk of the plan, on the fast path or (``engine``, rules the fast path does not
    model, or Red 7, which needs the cards' suits) through the engine: the same cards and the
    same results either way."""
    table: CountingFastTable | CountingEngineTable
    if engine or not models(rules) or not suit_blind(plan.count):
        table = CountingEngineTable(rules, chart, plan, chunk.seed)
    else:
        table = CountingFastTable(rules, chart, plan, chunk.seed)
    result = table.play(chunk.hands)
    return replace(result, index=chunk.index)
