"""Insurance by the index, on every counting path: the engine's round, the Python fast path and
the numba kernel take insurance (and even money) at a count at or above the insurance index, the
same rounds, the same money.

Every way the rules offer insurance is played: after the deal or at the dealer's turn, with or
without a hole card (the peek settles it at once; without one it waits for the dealer's second
card, drawn for it even behind a busted hand), half the bet, half the box or up to half, a
blackjack offered even money, insurance or nothing. The shoes are rich in aces and tens, so the
ace shows and the dealer's blackjack comes often.
"""

from __future__ import annotations

import itertools
import random

import pytest

from blackjack_tui.analysis.counting import CountPlan, Spread
from blackjack_tui.analysis.indices import Index, Indices
from blackjack_tui.analysis.sim_count import CountingFastTable
from blackjack_tui.analysis.sim_count_engine import CountingEngineTable
from blackjack_tui.analysis.strategy import Cell, insurance_can_win
from blackjack_tui.engine.cards import Card, parse_card
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe

from .count_diff import FAST_PATHS, both_counting, fast_path, first_difference, whole_runs
from .sim_diff import held_adapter, random_chart, random_rules

WAYS = list(itertools.product(("peek", "none"), ("after-deal", "dealer-turn", "none"),
                              ("half-bet", "half-box", "up-to-half")))
"""Every hole-card rule, insurance moment and insurance stake."""


def insuring(at: float, spread: str = "-1:1,1:2,3:4") -> CountPlan:
    """A plan whose only index is insurance, taken from ``at`` up."""
    entry = Index("insurance", 0, 1, at, "no-insurance", "insurance")
    return CountPlan(Spread.parse(spread), Indices((entry,)))


def ace_rich_shoe(rng: random.Random, size: int) -> list[Card]:
    """Aces and tens a third of the cards each, small cards and nines the rest: the ace shows,
    the dealer has blackjack often, and the Hi-Lo count swings both ways."""
    return [parse_card(rng.choice("AAAATTTK23456899") + rng.choice("SHDC"))
            for _ in range(size)]


def way_rules(rng: random.Random, hole: str, when: str, stake: str, **more: object) -> Rules:
    blackjack = {} if when == "none" else {
        "insure_blackjack": rng.random() < 0.5, "even_money": rng.random() < 0.5}
    return random_rules(rng, hole_card=hole, insurance=when, insurance_stake=stake,
                        **{**blackjack, **more})


@pytest.mark.parametrize("path", FAST_PATHS)
@pytest.mark.parametrize(("hole", "when", "stake"), WAYS)
def test_insurance_by_the_index_alike_on_every_path(hole: str, when: str, stake: str,
                                                     path: str, monkeypatch) -> None:
    held_adapter(monkeypatch)
    fast_cls = fast_path(path)
    rng = random.Random(f"insurance {hole} {when} {stake}")
    changed = False
    for case in range(4):
        rules = way_rules(rng, hole, when, stake, insure_blackjack=False) if case == 3 else \
            way_rules(rng, hole, when, stake)
        chart = random_chart(rng)
        # Stacked shoes rich in aces and tens, insured at every count or from 0 up; and a
        # seeded deck dealt deep, where the count crosses the index both ways.
        for at in (-99.0, 0.0):
            cards = ace_rich_shoe(rng, 400)
            plan = insuring(at)
            fast, engine = both_counting(rules, chart, plan, 120, stacked=cards,
                                         fast_cls=fast_cls)
            assert first_difference(fast, engine) is None, (rules, plan)
            plain, _ = both_counting(rules, chart, CountPlan(plan.spread), 120, stacked=cards,
                                     fast_cls=fast_cls)
            changed = changed or plain != fast
            if not insurance_can_win(rules):
                assert plain == fast, rules  # never offered, or only after the peek: declined
        deep = rules.model_copy(update={"decks": 1, "shuffle": "cut-card", "penetration": 0.9})
        fast, engine = whole_runs(deep, chart, insuring(1.0), 400, rng.randrange(10**6),
                                  fast_cls)
        assert first_difference(fast, engine) is None, deep
    assert changed == insurance_can_win(rules)


def test_insurance_money_is_exact_in_the_engine_and_in_the_nets() -> None:
    # One stacked round in a peek game: 16 against the ace, the dealer's ten underneath. The
    # counter insures half a bet of 1 and stands: the hand loses 1, the insurance wins 2:1 on
    # 0.5: the round nets 0. Without the index the same round loses 1.
    rules = random_rules(random.Random("exact"), hole_card="peek", insurance="after-deal",
                         insurance_stake="half-bet", decks=1, even_money=True,
                         insure_blackjack=False)
    cards = [Card(t) for t in ("TS", "AH", "6D", "KC")] + [Card("2S")] * 40
    chart = random_chart(random.Random("stand"))
    for plan, net in ((insuring(-99.0, "0:2"), 0.0), (CountPlan(Spread.parse("0:2")), -2.0)):
        engine = CountingEngineTable(rules, chart, plan, shoe=Shoe.stacked(cards))
        fast = CountingFastTable(rules, chart, plan, stacked=cards)
        a: list[tuple[int, float, float, int]] = []
        b: list[tuple[int, float, float, int]] = []
        engine.play(1, a)
        fast.play(1, b)
        assert a == b
        assert a[0][2] == net, plan


def test_the_peek_then_insurance_at_the_turn_is_declined() -> None:
    # A peek game that asks insurance at the dealer's turn asks it after the peek has shown no
    # blackjack: it can only lose, so the counter declines it whatever the count.
    rules = random_rules(random.Random("turn"), hole_card="peek", insurance="dealer-turn")
    assert not insurance_can_win(rules)
    rng = random.Random("turn shoe")
    cards = ace_rich_shoe(rng, 300)
    chart = random_chart(rng)
    plain, _ = both_counting(rules, chart, CountPlan(Spread.flat()), 80, stacked=cards)
    insured, engine = both_counting(rules, chart, insuring(-99.0, "0:1"), 80, stacked=cards)
    assert insured == plain == engine


def _plant_split_insurance(table) -> None:
    table.tables = {**table.tables, "insure": table.tables["insure"] * 0}  # splits uninsured


def _plant_half_box(table) -> None:
    table.p = table.p.copy()
    table.p[sim_kernel().P_HALF_BOX] = 1 - table.p[sim_kernel().P_HALF_BOX]


def sim_kernel():
    from blackjack_tui.analysis import sim_kernel

    return sim_kernel


@pytest.mark.parametrize("plant", [_plant_split_insurance, _plant_half_box],
                         ids=lambda f: f.__name__[7:])
def test_a_bug_planted_in_the_kernels_insurance_shows(plant, monkeypatch) -> None:
    # The kernel settles a split box's insurance itself (the machines carry the rest in their
    # nets): split rounds uninsured, or the Swedish half-box stake misread, must show.
    held_adapter(monkeypatch)
    fast_cls = fast_path("compiled")
    rng = random.Random("kernel insurance")
    rules = random_rules(rng, hole_card="none", insurance="dealer-turn",
                         insurance_stake="half-box", max_split_hands=4)
    chart = random_chart(rng)
    for key, cell in list(chart.cells.items()):  # split every pair: split boxes against aces
        if key[0] == "pair":
            chart.cells[key] = Cell(tuple(sorted(cell.ranked, key=lambda p: p[0] != "split")))
    cards = [parse_card(rng.choice("AAA888T") + rng.choice("SHDC")) for _ in range(600)]
    plan = insuring(-99.0, "0:1")
    clean = both_counting(rules, chart, plan, 150, stacked=cards, fast_cls=fast_cls)
    assert first_difference(*clean) is None
    planted = both_counting(rules, chart, plan, 150, stacked=cards, fast_cls=fast_cls,
                            plant=plant)
    assert first_difference(*planted) is not None


@pytest.mark.parametrize("count", ["ko", "halves"])
def test_the_running_count_and_halves_paths_insure_by_their_index(count: str,
                                                                  monkeypatch) -> None:
    # KO reads its index as a running count, Wong Halves in its own points: the Python fast
    # path insures where the engine does, and the figures move with it.
    held_adapter(monkeypatch)
    rng = random.Random(f"insurance {count}")
    rules = random_rules(rng, decks=2, shuffle="cut-card", penetration=0.9, hole_card="peek",
                         insurance="after-deal")
    entry = Index("insurance", 0, 1, 1.0, "no-insurance", "insurance")
    plan = CountPlan(Spread.parse("0:1,2:4"), Indices((entry,), count), count)
    chart = random_chart(rng)
    fast, engine = whole_runs(rules, chart, plan, 1500, rng.randrange(10**6))
    assert first_difference(fast, engine) is None, rules
    insured = CountingFastTable(rules, chart, plan, 0)
    declined = CountingFastTable(rules, chart, CountPlan(plan.spread, None, count), 0)
    a: list[tuple[int, float, float, int]] = []
    b: list[tuple[int, float, float, int]] = []
    insured.play(1500, a)
    declined.play(1500, b)
    assert a != b and [r[0] for r in a] == [r[0] for r in b]  # the same counts, other nets
