"""The differential test's machinery: random rule sets over every field, random charts, shoes
aimed at every branch, and both paths played side by side.

A planted bug in the fast path must show as a difference, so the generators aim at the rare
branches instead of waiting for them: a random chart (every action ranked at random in every
cell) plays every legal action in every state, where basic strategy never doubles a soft 20 or
hits a soft 21; a *narrow* stacked shoe (cards of two to four ranks only) makes pairs, soft hands,
aces on doubles, splits of splits and dealer blackjacks common; seeded shoes dealt to a deep
penetration run dry mid-round and reshuffle.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from blackjack_tui.analysis.sim_engine import EngineTable
from blackjack_tui.analysis.sim_fast import FastTable
from blackjack_tui.analysis.strategy import Cell, Chart
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.cards import DECK, RANKS, Card, parse_card
from blackjack_tui.engine.errors import ShoeEmptyError
from blackjack_tui.engine.rules import LedgerSettings, Rules, Tier
from blackjack_tui.engine.shoe import Shoe

ACTIONS = ("hit", "stand", "double", "split", "surrender")
UPS = range(1, 11)

# One sampler per Rules field; a test checks that this covers every field of the model.
FIELDS: dict[str, Callable[[random.Random], Any]] = {
    "name": lambda r: "random",
    "title": lambda r: r.choice(["", "A random table"]),
    "description": lambda r: r.choice(["", "Drawn at random."]),
    "source": lambda r: r.choice(["", "tests"]),
    "decks": lambda r: r.choice([1, 1, 2, 4, 6, 8]),
    "shuffle": lambda r: r.choice(["cut-card", "cut-card", "every-round"]),
    "penetration": lambda r: r.choice([0.5, 0.75, 0.8, 0.9, 0.95]),
    "dealer_hits_soft_17": lambda r: r.random() < 0.5,
    "hole_card": lambda r: r.choice(["peek", "none"]),
    "no_hole_card_loses": lambda r: r.choice(["all", "original"]),
    "dealer_wins_ties": lambda r: tuple(t for t in range(17, 22) if r.random() < 0.3),
    "blackjack_pays": lambda r: r.choice(["3:2", "6:5", "2:1", "1:1", "7:5"]),
    "blackjack_paid_at_once": lambda r: r.random() < 0.5,
    "double_on": lambda r: r.choice(["any", "9-11", "10-11", "7-11"]),
    "double_ace_as_one": lambda r: r.choice(["all", "held", None]),
    "double_after_split": lambda r: r.random() < 0.6,
    "double_after_split_any_total": lambda r: r.random() < 0.3,
    "split_by": lambda r: r.choice(["value", "rank"]),
    "max_split_hands": lambda r: r.choice([1, 2, 3, 4, 4]),
    "resplit_aces": lambda r: r.random() < 0.5,
    "split_aces_one_card": lambda r: r.random() < 0.6,
    "hit_soft_21": lambda r: r.random() < 0.5,
    "insurance": lambda r: r.choice(["none", "after-deal", "dealer-turn"]),
    "insurance_stake": lambda r: r.choice(["half-bet", "half-box", "up-to-half"]),
    "insure_blackjack": lambda r: r.random() < 0.3,
    "even_money": lambda r: r.random() < 0.5,
    "surrender": lambda r: r.choice(["none", "late"]),
    "min_bet": lambda r: r.choice([Decimal(1), Decimal("2.50"), Decimal(20)]),
    "max_bet": lambda r: r.choice([Decimal(100), Decimal(500)]),
    "chips": lambda r: r.choice([(Decimal(1), Decimal(5)), (Decimal("2.50"), Decimal(25))]),
    "tiers": lambda r: r.choice([(), (Tier(name="Standard", min_bet=Decimal(5),
                                           max_bet=Decimal(50)),)]),
    "max_boxes": lambda r: r.choice([1, 2, 3]),
    "ledger": lambda r: r.choice([None, LedgerSettings()]),
}


def random_rules(rng: random.Random, **fixed: Any) -> Rules:
    """A valid rule set with every field drawn at random (``fixed`` ones as given)."""
    data = {name: sample(rng) for name, sample in FIELDS.items()}
    data.update(fixed)
    if data["max_split_hands"] < 3:
        data["resplit_aces"] = False
    if data["insurance"] == "none":
        data["insure_blackjack"] = False
    return Rules.model_validate(data)


def random_chart(rng: random.Random) -> Chart:
    """Every action ranked at random in every cell: every legal play gets played."""
    cells = {}
    for kind, rows in (("hard", range(2, 22)), ("soft", range(12, 22)), ("pair", range(1, 11))):
        for row in rows:
            for up in UPS:
                ranked = list(ACTIONS)
                rng.shuffle(ranked)
                cells[(kind, row, up)] = Cell(tuple((a, 0.0) for a in ranked))
    return Chart(cells)


def narrow_shoe(rng: random.Random, size: int, ace: bool = False) -> list[Card]:
    """``size`` cards of two to four ranks (and every suit): pairs, aces and soft hands abound."""
    ranks = rng.sample(RANKS, rng.choice([2, 3, 3, 4]))
    if (ace or rng.random() < 0.5) and "A" not in ranks:
        ranks[0] = "A"
    return [parse_card(rng.choice(ranks) + rng.choice("SHDC")) for _ in range(size)]


def random_shoe(rng: random.Random, size: int) -> list[Card]:
    return [rng.choice(DECK) for _ in range(size)]


CARD_TEXT = re.compile(r"^(10|[A2-9TJQK])[SHDC]$", re.IGNORECASE)


def engine_scenarios() -> Iterator[tuple[str, int, list[str]]]:
    """Every stacked shoe written in the engine's tests: (file, line, cards top first)."""
    folder = Path(__file__).resolve().parent.parent / "engine"
    for path in sorted(folder.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.List | ast.Tuple) and len(node.elts) >= 3 and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str)
                    and CARD_TEXT.match(e.value) for e in node.elts):
                yield path.name, node.lineno, [str(e.value) for e in node.elts]  # type: ignore[attr-defined]


def _rounds(table: FastTable | EngineTable, remaining: Callable[[], int], rounds: int
            ) -> list[tuple[float, int] | str]:
    out: list[tuple[float, int] | str] = []
    for _ in range(rounds):
        nets: list[float] = []
        try:
            table.play(1, nets)
        except ShoeEmptyError:
            out.append("the shoe ran out")
            break
        out.append((nets[0], remaining()))
    return out


def both(rules: Rules, chart: Chart, rounds: int, seed: int = 0,
         stacked: list[Card] | None = None) -> tuple[list[Any], list[Any]]:
    """Round by round on each path: (net, cards left in the shoe), or the shoe running out."""
    fast = FastTable(rules, chart, seed, stacked=stacked)
    shoe = Shoe.stacked(stacked) if stacked is not None else None
    engine = EngineTable(rules, chart, seed, shoe=shoe)
    return (_rounds(fast, lambda: len(fast.shoe.cards), rounds),
            _rounds(engine, lambda: engine.shoe.remaining, rounds))


def first_difference(fast: list[Any], engine: list[Any]) -> str | None:
    for i, (a, b) in enumerate(zip(fast, engine, strict=False)):
        if a != b:
            return f"round {i + 1}: fast path {a}, engine {b}"
    if len(fast) != len(engine):
        return f"{len(fast)} rounds on the fast path, {len(engine)} on the engine"
    return None


def engine_reads_held() -> bool:
    """Whether the engine counts a card drawn on a ``"held"`` double as usual (5+4 doubled, an
    ace drawn: 20, not 10). Until the engine's part of issue 14 lands it reads "held" as "all"."""
    from blackjack_tui.engine.round import Round

    rnd = Round(Rules(name="probe", double_ace_as_one="held"),
                Shoe.stacked(["5S", "7H", "4D", "TC", "AS"]), [1], 100)
    rnd.deal()
    rnd.apply(Action.parse("double"))  # the bank's 7+T stands on 17: 20 wins, 10 loses
    return rnd.net > 0


def held_adapter(monkeypatch: Any) -> bool:
    """Teach the engine the ``"held"`` reading (as issue 14 words it) if it does not know it yet,
    so that the fast path's "held" is compared with something; returns whether it was needed.
    Once the engine reads "held" itself this does nothing and the engine is the reference."""
    if engine_reads_held():
        return False
    from blackjack_tui.engine.hand import Hand
    from blackjack_tui.engine.round import Round

    double, totals = Round._double, Hand.totals

    def held_double(self: Any, box: Any, hi: int, join: bool) -> None:
        double(self, box, hi, join)  # a bust is a bust under either reading
        if self.rules.double_ace_as_one == "held":
            box.hands[hi].aces_low = "held"

    def held_totals(self: Any) -> tuple[int, bool]:
        if self.aces_low != "held":
            return totals(self)  # type: ignore[no-any-return]
        hard = sum(c.value for c in self.cards)
        if hard <= 11 and any(c.value == 1 for c in self.cards[2:]):
            return hard + 10, True
        return hard, False

    monkeypatch.setattr(Round, "_double", held_double)
    monkeypatch.setattr(Hand, "totals", held_totals)
    return True
