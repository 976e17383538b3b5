"""Card counting for the simulator: the count, the true count, the bet spread, the index plays,
the wong rules, and what a simulated plan is worth (win rate, SD, N0, SCORE, DI, risk of ruin).

Pure: no processes, no output. :mod:`.sim_count` plays a plan on the fast path,
:mod:`.sim_count_engine` through the engine's ``Round``; ``docs/counting.md`` gives the formulas.

The definitions both paths follow:

- The count is one of :mod:`blackjack_tui.engine.count_systems` (Hi-Lo by default), in whole
  points (Wong Halves' halves are points of a half). The running count is the system's initial
  count plus the points of the cards gone from the shoe, worked out as the initial count plus a
  full shoe's points minus the points of the cards left in it (a balanced system's full shoe
  sums to 0). It is read before each round's deal, and that one count picks the round's bet and
  every index play of the round.
- For a balanced system the true count is the running count per deck left (cards left / 52,
  in tags: points / scale), made a whole number by :data:`TC_MODES`: ``floor`` (the open
  TypeScript simulator's convention), ``truncate`` (towards zero), or ``half-deck`` (the decks
  left rounded to the nearest half deck, then floored). An unbalanced system (KO, Red 7) bets
  and plays by the running count itself (in tags, floored): the spread's and the wong rules'
  counts and the index plays (:mod:`.indices`, KO's by running count) are running counts.
- The spread ``TC:UNITS,...`` bets the units of the highest entry at or below the true count; the
  lowest entry covers every lower count.
- Insurance (and even money on a blackjack) is taken at a count at or above the insurance index
  of the plan's indices, and declined below it, without indices, and where the rules do not
  offer it or offer it only after the peek has shown no blackjack
  (:func:`.strategy.insurance_can_win`). The stake is the full one the rules ask (half the bet;
  at the dealer's turn under the half-box rule, half of the box's whole stake); it is settled
  2:1 on a dealer blackjack, in the round's net.
- Wonging: with ``wong_in`` the player watches each new shoe and plays from the first round whose
  true count is at least ``wong_in``; with ``wong_out`` the player leaves at a true count at or
  below ``wong_out`` and sits out the rest of the shoe. Rounds the player sits out are dealt all
  the same (the table plays on) but carry no bet.
"""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation
from itertools import pairwise
from typing import TYPE_CHECKING, TypeAlias

from msgspec import Struct
from msgspec.structs import force_setattr, replace

from blackjack_tui.analysis.strategy import Cell, Chart
from blackjack_tui.engine.count_systems import DEFAULT, NAMES, system

if TYPE_CHECKING:  # (the indices are worked out with numpy: not loaded for a plan's bet)
    from blackjack_tui.analysis.indices import Index, Indices

COUNTS = NAMES
"""The count systems the simulator knows."""
HILO = (0, -1, 1, 1, 1, 1, 1, 0, 0, 0, -1)
"""Hi-Lo tag by card value (index 1 = ace ... 10 = ten): 2-6 +1, 7-9 0, tens and aces -1."""
TC_MODES = ("floor", "truncate", "half-deck")
Record: TypeAlias = tuple[int, float, float, int]
"""One simulated round: (true count, bet in units, net in units, cards left after it)."""
Z95 = 1.959963984540054


def tag(count: str, value: int) -> int:
    """The points of a card of ``value`` (1-10) in ``count`` (ValueError for an unknown count,
    or for Red 7, whose sevens need the card's colour: see :func:`suit_blind`)."""
    counted = system(count)
    if counted.red_seven and value == 7:
        raise ValueError(f"{counted.title} tags a seven by its colour")
    return counted.points[value - 1]


def suit_blind(count: str) -> bool:
    """The count tags a card by its value alone (every system but Red 7)."""
    return not system(count).red_seven


def offset(count: str, decks: int) -> int:
    """What the running count adds to minus the points of the cards left: the initial count
    plus a full shoe's points (0 for a balanced system, 4 for KO at any number of decks)."""
    counted = system(count)
    return counted.initial(decks) + int(counted.deck_points()) * decks


def true_count(running: int, cards_left: int, mode: str = "floor", scale: int = 1) -> int:
    """The whole true count for the bet and the plays (see the module's docstring); ``running``
    in points of ``1/scale``."""
    left = max(1, cards_left)
    if mode == "floor":
        return (running * 52) // (left * scale)
    if mode == "truncate":
        whole = (abs(running) * 52) // (left * scale)
        return whole if running >= 0 else -whole
    if mode == "half-deck":
        halves = max(1, (left + 13) // 26)  # decks left to the nearest half deck, at least a half
        return (running * 2) // (halves * scale)
    raise ValueError(f"unknown true-count mode {mode!r}; known: {', '.join(TC_MODES)}")


def count_at(count: str, running: int, cards_left: int, mode: str = "floor") -> int:
    """The count the plan reads: the true count of a balanced system, the running count (in
    tags, floored) of an unbalanced one."""
    counted = system(count)
    if counted.balanced:
        return true_count(running, cards_left, mode, counted.scale)
    return running // counted.scale


class Spread(Struct, frozen=True):
    """Units by true count, ``(tc, units)`` rising; the lowest entry covers lower counts."""

    steps: tuple[tuple[int, Decimal], ...]

    @classmethod
    def parse(cls, text: str) -> Spread:
        """``"1:1,2:2,3:4"`` (ValueError with a one-line reason if it is not a spread)."""
        steps: list[tuple[int, Decimal]] = []
        for part in text.split(","):
            tc_text, sep, units_text = part.strip().partition(":")
            try:
                if not sep:
                    raise ValueError
                tc, units = int(tc_text), Decimal(units_text)
            except (ValueError, InvalidOperation):
                raise ValueError(f"spread entry {part.strip()!r} is not TC:UNITS") from None
            if not units.is_finite() or units <= 0:
                raise ValueError(f"spread entry {part.strip()!r}: units must be above 0")
            steps.append((tc, units))
        for (tc_a, units_a), (tc_b, units_b) in pairwise(steps):
            if tc_b <= tc_a or units_b < units_a:
                raise ValueError(f"spread out of order at {tc_b}:{units_b} (true counts must "
                                 "rise and units never fall)")
        return cls(tuple(steps))

    @classmethod
    def flat(cls) -> Spread:
        return cls(((0, Decimal(1)),))

    def units_at(self, tc: int) -> Decimal:
        units = self.steps[0][1]
        for at, step_units in self.steps:
            if tc >= at:
                units = step_units
        return units

    @property
    def top(self) -> Decimal:
        return self.steps[-1][1]

    def text(self) -> str:
        return ",".join(f"{tc}:{units}" for tc, units in self.steps)


class CountPlan(Struct, frozen=True):
    """How the counter bets and plays (see the module's docstring)."""

    spread: Spread
    indices: Indices | None = None
    """The index plays (``None``: basic strategy at every count)."""
    count: str = DEFAULT
    """A system's name (:mod:`blackjack_tui.engine.count_systems`)."""
    wong_in: int | None = None
    wong_out: int | None = None
    tc_mode: str = "floor"

    def __post_init__(self) -> None:
        force_setattr(self, "count", system(self.count).name)  # unknown: says so now
        true_count(0, 52, self.tc_mode)
        if self.wong_in is not None and self.wong_out is not None \
                and self.wong_in <= self.wong_out:
            raise ValueError(f"--wong-in {self.wong_in} must be above --wong-out {self.wong_out}")

    def plays(self) -> tuple[Index, ...]:
        """The index plays of the chart (insurance apart: :meth:`insurance`)."""
        if self.indices is None:
            return ()
        return tuple(e for e in self.indices.entries if e.kind != "insurance")

    def insurance(self) -> Index | None:
        """The insurance index (``None`` without indices, or if the table of indices has none:
        insurance is then always declined)."""
        if self.indices is None:
            return None
        return self.indices.find("insurance", 0, 1)

    def insures(self, tc: int) -> bool:
        """Whether the counter takes insurance (and even money) at ``tc``: at or above the
        insurance index (where the rules let insurance win: :func:`.strategy.insurance_can_win`)."""
        entry = self.insurance()
        return entry is not None and tc >= entry.number

    def thresholds(self) -> tuple[int, ...]:
        """The true counts at which some play changes (insurance too), rising."""
        entry = self.insurance()
        turns = {e.number for e in self.plays()} | ({entry.number} if entry else set())
        return tuple(sorted(turns))

    def tc_range(self) -> tuple[int, int]:
        """The true counts over which the bet or a play can change; beyond, they stay put."""
        lows = [self.spread.steps[0][0]]
        highs = [self.spread.steps[-1][0]]
        if self.thresholds():
            lows.append(self.thresholds()[0] - 1)
            highs.append(self.thresholds()[-1])
        return min(lows), max(highs)


def chart_at(chart: Chart, plays: tuple[Index, ...], tc: int, insure: bool = False) -> Chart:
    """``chart`` with each index play's cell re-ranked for true count ``tc``: the index's play
    first, the others as the chart ranks them (so an illegal index play falls back as the chart
    would); ``insure``: insurance taken (:attr:`.strategy.Chart.insure`)."""
    cells = dict(chart.cells)
    for entry in plays:
        key = (entry.kind, entry.row, entry.up)
        cell = cells.get(key)
        if cell is None:
            continue
        action = entry.play_at(tc)
        chosen = [pair for pair in cell.ranked if pair[0] == action]
        if not chosen:
            continue
        cells[key] = Cell(tuple(chosen) + tuple(p for p in cell.ranked if p[0] != action))
    return replace(chart, cells=cells, insure=insure)


class CountChunkResult(Struct, frozen=True):
    """What one chunk of rounds gave: sums over the rounds the player bet on, in units."""

    index: int
    rounds: int
    """Rounds dealt (played or sat out)."""
    played: int
    wagered: float
    """Sum of the opening bets."""
    total: float
    squares: float
    tcs: tuple[tuple[int, int], ...]
    """(true count, rounds dealt at it)."""
    cpu_seconds: float


class CountEstimate(Struct, frozen=True):
    """A plan's figures per round played, in units, with the win rate's 95 % interval."""

    rounds: int
    played: int
    ev: float
    """Mean net per round played."""
    ev_half: float
    """Half-width of the 95 % interval of :attr:`ev`."""
    sd: float
    average_bet: float
    tcs: dict[int, float]
    """Share of the rounds dealt at each true count."""
    cpu_seconds: float = 0.0
    """The processor time the rounds took (0 when not known: a plan's file written before it
    was kept)."""

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form (what a plan's file keeps: :mod:`blackjack_tui.store.plans`)."""
        return {"rounds": self.rounds, "played": self.played, "ev": self.ev,
                "ev_half": self.ev_half, "sd": self.sd, "average_bet": self.average_bet,
                "tcs": {str(tc): share for tc, share in self.tcs.items()},
                "cpu_seconds": self.cpu_seconds}

    @classmethod
    def from_dict(cls, data: object) -> CountEstimate:
        """The estimate :meth:`as_dict` wrote, or a plan's file of an earlier version without
        ``cpu_seconds`` (ValueError, TypeError or KeyError if it is neither)."""
        if not isinstance(data, dict):
            raise TypeError("not an object")
        tcs = data["tcs"]
        if not isinstance(tcs, dict):
            raise TypeError("tcs is not an object")
        ev, half, sd, bet = (float(data[k]) for k in ("ev", "ev_half", "sd", "average_bet"))
        cpu = float(data.get("cpu_seconds", 0.0))
        if not all(math.isfinite(x) for x in (ev, half, sd, bet, cpu)) or sd < 0 or cpu < 0:
            raise ValueError("a figure is not a finite number")
        rounds, played = int(data["rounds"]), int(data["played"])
        if not 0 <= played <= rounds or rounds < 1:
            raise ValueError("rounds out of range")
        return cls(rounds, played, ev, half, sd, bet, {int(k): float(v) for k, v in tcs.items()},
                   cpu)


def combine_counts(results: list[CountChunkResult]) -> CountEstimate:
    """Pool chunk results, in chunk order (the same sums however many processes ran them)."""
    results = sorted(results, key=lambda r: r.index)
    rounds = sum(r.rounds for r in results)
    played = sum(r.played for r in results)
    total = sum(r.total for r in results)
    squares = sum(r.squares for r in results)
    mean = total / played if played else 0.0
    variance = max(0.0, (squares - played * mean * mean) / (played - 1)) if played > 1 else 0.0
    sd = math.sqrt(variance)
    tcs: dict[int, int] = {}
    for r in results:
        for tc, n in r.tcs:
            tcs[tc] = tcs.get(tc, 0) + n
    return CountEstimate(
        rounds, played, mean, Z95 * sd / math.sqrt(played) if played else math.inf, sd,
        sum(r.wagered for r in results) / played if played else 0.0,
        {tc: tcs[tc] / rounds for tc in sorted(tcs)}, sum(r.cpu_seconds for r in results))


def risk_of_ruin(ev: float, sd: float, bankroll: float) -> float:
    """exp(-2 EV B / SD²): the diffusion approximation for a bankroll of ``bankroll`` units."""
    if ev <= 0:
        return 1.0
    if sd == 0:
        return 0.0
    return math.exp(-2.0 * ev * bankroll / (sd * sd))


def bankroll_for(ev: float, sd: float, ror: float) -> float:
    """The bankroll (units) whose risk of ruin is ``ror`` (0-1): -SD² ln(r) / (2 EV)."""
    if ev <= 0:
        return math.inf
    return -sd * sd * math.log(ror) / (2.0 * ev)


def n0(ev: float, sd: float) -> float:
    """Rounds until the expected win equals one standard deviation: (SD / EV)²."""
    return (sd / ev) ** 2 if ev > 0 else math.inf


def score(ev: float, sd: float) -> float:
    """Blackjack Attack's SCORE: the win per 100 rounds, in dollars, of a $10,000 bankroll bet
    at optimal (Kelly) size, = 10⁶ · EV² / SD² = 10⁶ / N0 (negative for a losing game)."""
    return math.copysign(1e6 * ev * ev / (sd * sd), ev) if sd > 0 else 0.0


def di(ev: float, sd: float) -> float:
    """The desirability index, 1000 · EV / SD (the square root of SCORE)."""
    return 1000.0 * ev / sd if sd > 0 else 0.0
