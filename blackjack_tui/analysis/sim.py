"""Simulation: play the computed basic strategy for many rounds and measure the return.

Pure (no processes, no output): the work is cut into chunks, each played from its own shoe seeded
from ``(seed, chunk number)``, so a result depends on the seed and the number of hands only, never
on how many processes shared the chunks. The ``sim`` command runs the chunks over processes and
shows the progress; the tests call :func:`simulate`.

A hand here is one round of one box with a unit bet (its splits count as the one hand it was
dealt as); the return is the average net per round in percent of the bet, positive when the player
is ahead, with a 95% confidence interval from the normal approximation (the nets' sample variance).
"""

from __future__ import annotations

import hashlib
import math
import time

from msgspec import Struct

from blackjack_tui.analysis.sim_engine import EngineTable
from blackjack_tui.analysis.sim_fast import FastTable, models
from blackjack_tui.analysis.strategy import Chart
from blackjack_tui.engine.rules import Rules

CHUNK_HANDS = 20_000
Z95 = 1.959963984540054


class Chunk(Struct, frozen=True):
    """A share of the work: ``hands`` rounds from a fresh shoe seeded with ``seed``."""

    index: int
    seed: int
    hands: int


class ChunkResult(Struct, frozen=True):
    hands: int
    total: float
    """Sum of the rounds' nets, in bets."""
    squares: float
    """Sum of the squared nets."""
    cpu_seconds: float


def chunk_seed(seed: int, index: int) -> int:
    """The shoe seed of chunk ``index``: independent streams from one user seed."""
    digest = hashlib.sha256(f"blackjack-tui sim {seed} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def plan(hands: int, seed: int, chunk_hands: int = CHUNK_HANDS) -> list[Chunk]:
    """Cut ``hands`` into chunks of at most ``chunk_hands``."""
    if hands < 1:
        raise ValueError(f"simulate at least one hand, not {hands}")
    count = math.ceil(hands / chunk_hands)
    return [Chunk(i, chunk_seed(seed, i), min(chunk_hands, hands - i * chunk_hands))
            for i in range(count)]


def run_chunk(rules: Rules, chart: Chart, chunk: Chunk, engine: bool = False) -> ChunkResult:
    """Play one chunk, through the fast path or (``engine``, or rules the fast path does not
    model) through :class:`Round` itself: the same cards and the same results either way."""
    began = time.process_time()
    if engine or not models(rules):
        table: EngineTable | FastTable = EngineTable(rules, chart, chunk.seed)
    else:
        table = FastTable(rules, chart, chunk.seed)
    total, squares = table.play(chunk.hands)
    return ChunkResult(chunk.hands, total, squares, time.process_time() - began)


class Estimate(Struct, frozen=True):
    """The simulated return and its 95% confidence interval, in percent of the bet."""

    hands: int
    return_percent: float
    low_percent: float
    high_percent: float
    stdev: float
    """Standard deviation of one round's net, in bets."""
    cpu_seconds: float

    def contains(self, percent: float) -> bool:
        return self.low_percent <= percent <= self.high_percent


def combine(results: list[ChunkResult]) -> Estimate:
    """Pool chunk results into one estimate."""
    hands = sum(r.hands for r in results)
    total = sum(r.total for r in results)
    squares = sum(r.squares for r in results)
    mean = total / hands
    variance = max(0.0, (squares - hands * mean * mean) / (hands - 1)) if hands > 1 else 0.0
    stdev = math.sqrt(variance)
    half = Z95 * stdev / math.sqrt(hands)
    return Estimate(hands, 100 * mean, 100 * (mean - half), 100 * (mean + half), stdev,
                    sum(r.cpu_seconds for r in results))


def simulate(rules: Rules, chart: Chart, hands: int, seed: int, engine: bool = False) -> Estimate:
    """Play ``hands`` rounds by the chart in this process and estimate the return."""
    return combine([run_chunk(rules, chart, chunk, engine) for chunk in plan(hands, seed)])
