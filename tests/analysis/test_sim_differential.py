"""The fast path settles the same cards as the engine: same seeded shoe, same nets, in order."""

from __future__ import annotations

import random

import pytest

from blackjack_tui.analysis.sim_engine import EngineTable
from blackjack_tui.analysis.sim_fast import FastTable, _steps, _unrolled_shuffle
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe, fisher_yates

ROUNDS = 1500

# Rules that take other branches of the round: ranks, H17, surrender, the no-hole-card original
# bet, blackjacks paid at the end, 6:5, resplit aces and hitting split aces, a shoe dealt so deep
# that it runs dry in the middle of a round.
VARIANTS = {
    "by-rank-h17-surrender": dict(split_by="rank", dealer_hits_soft_17=True, surrender="late",
                                  max_split_hands=4, resplit_aces=True),
    "nhc-original-late-pay": dict(hole_card="none", no_hole_card_loses="original",
                                  blackjack_paid_at_once=False, blackjack_pays="6:5",
                                  double_on="10-11", double_after_split=False),
    "peek-late-pay-aces-hit": dict(blackjack_paid_at_once=False, split_aces_one_card=False,
                                   hit_soft_21=True, max_split_hands=3, resplit_aces=True,
                                   dealer_wins_ties=(17,)),
    "one-deck-to-the-end": dict(decks=1, penetration=0.95, max_split_hands=4,
                                double_after_split_any_total=True, double_on="9-11"),
    "every-round-nhc": dict(decks=2, shuffle="every-round", hole_card="none",
                            dealer_hits_soft_17=True, surrender="late"),
}


def _nets(table: EngineTable | FastTable, rounds: int = ROUNDS) -> list[float]:
    nets: list[float] = []
    table.play(rounds, nets)
    return nets


def test_the_unrolled_shuffle_is_the_engines_fisher_yates() -> None:
    for size in (2, 52, 312, 416):
        ours = list(range(size))
        theirs = list(range(size))
        _unrolled_shuffle(ours, random.Random(size).getrandbits, _steps(size))
        fisher_yates(theirs, random.Random(size))  # type: ignore[arg-type]
        assert ours == theirs


@pytest.mark.parametrize("name", ["nordic", "swedish", "home", "online", "vegas-strip",
                                  "atlantic-city", "downtown-h17"])
def test_shipped_rule_sets(name, shipped, analysis_of) -> None:
    rules = shipped[name]
    chart = analysis_of(rules).chart
    rounds = 600 if rules.shuffle == "every-round" else ROUNDS
    assert _nets(FastTable(rules, chart, 5), rounds) == _nets(EngineTable(rules, chart, 5), rounds)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_rule_variants(name, shipped, analysis_of) -> None:
    # The chart need not be this table's best: both paths must only play it the same way. The
    # Strip's chart ranks surrender too.
    chart = analysis_of(shipped["vegas-strip"]).chart
    rules = Rules(name="variant", **VARIANTS[name])
    for seed in (1, 2):
        fast, engine = FastTable(rules, chart, seed), EngineTable(rules, chart, seed)
        assert _nets(fast) == _nets(engine)
        # The shoes end the same too: cards left and the discard tray, in order.
        assert fast.cards == [c.value if rules.split_by == "value" else "A23456789TJQK".index(
            c.rank) + 1 for c in engine.shoe._cards]
        assert len(fast.discards) == len(engine.shoe.discards)


def test_a_shoe_dealt_to_the_end_reshuffles_mid_round(shipped, analysis_of) -> None:
    chart = analysis_of(shipped["nordic"]).chart
    rules = Rules(name="deep", decks=1, penetration=0.95)
    fast = FastTable(rules, chart, 3)
    engine = EngineTable(rules, chart, 3)
    assert _nets(fast, 400) == _nets(engine, 400)
    # More shuffles than cut cards: some came from a shoe that ran dry while dealing.
    assert fast.shuffles == engine.shoe.shuffles > 1


def test_the_first_shoe_is_the_seeded_engine_shoe(shipped, analysis_of) -> None:
    rules = shipped["nordic"]
    fast = FastTable(rules, analysis_of(rules).chart, 99)
    assert fast.cards == [c.value for c in Shoe.seeded(6, 99)._cards]


def test_a_table_never_deals_its_first_shoe_unshuffled() -> None:
    # The session makes its shoe with shuffle=False and shuffles before the first round.
    shoe = Shoe(6, random.Random(3), shuffle=False)
    assert shoe.needs_shuffle(False, 0.75) and shoe.needs_shuffle(True, 0.75)
    shoe.shuffle()
    assert not shoe.needs_shuffle(False, 0.75)
