"""Agreement with published exact analyses (see docs/house-edge.md for the sources).

The Wizard of Odds' Appendix 9 lists the expected return of the game, and of every first action
of every starting hand, for rule sets computed by a combinatorial program that considers the
exact hand composition at every step, with splits that count the pair cards already split: the
optimal figure here, computed the same way.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from blackjack_tui.analysis.result import Analysis
from blackjack_tui.analysis.shoe import full_shoe
from blackjack_tui.analysis.solve import solve
from blackjack_tui.analysis.table import TableMath
from blackjack_tui.engine.rules import Rules
from tests.analysis.conftest import make_rules

Analyse = Callable[[Rules], Analysis]

# Player's expected return, resplits to four hands except aces, no surrender; 1, 2, 5, 6, 8 decks.
APPENDIX_9 = [
    # https://wizardofodds.com/games/blackjack/appendix/9/1ds17r4/
    (dict(decks=1, double_after_split=True), 0.001839),
    # https://wizardofodds.com/games/blackjack/appendix/9/1dh17r4/
    (dict(decks=1, dealer_hits_soft_17=True, double_after_split=False), -0.001513),
    # https://wizardofodds.com/games/blackjack/appendix/9/2dh17r4/
    (dict(decks=2, dealer_hits_soft_17=True, double_after_split=True), -0.003797),
    # https://wizardofodds.com/games/blackjack/appendix/9/5ds17r4/
    (dict(decks=5, double_after_split=True), -0.003804),
    # https://wizardofodds.com/games/blackjack/appendix/9/euro-6dh17r4/ (no hole card, lose all)
    (dict(decks=6, dealer_hits_soft_17=True, hole_card="none"), -0.0072705),
    # https://wizardofodds.com/games/blackjack/appendix/9/euro-8dh17r4/
    (dict(decks=8, dealer_hits_soft_17=True, hole_card="none", double_after_split=False),
     -0.0089865),
]


@pytest.mark.parametrize(("fields", "player_return"), APPENDIX_9)
def test_appendix_9(analysis_of: Analyse, fields: dict[str, object],
                    player_return: float) -> None:
    result = analysis_of(make_rules(max_split_hands=4, **fields))
    published_edge = -100 * player_return
    assert result.optimal_edge_percent == pytest.approx(published_edge, abs=0.002)
    # A printed chart cannot beat the best play for the exact cards.
    assert result.house_edge_percent >= result.optimal_edge_percent


# Appendix 9, one deck, S17 (https://wizardofodds.com/games/blackjack/appendix/9/1ds17r4/), its
# first rows: dealer ace, no dealer blackjack; stand, hit, double.
ONE_DECK_ACE_ROWS = {
    (1, 2): (-0.661732, -0.067808, -0.593281),
    (2, 3): (-0.659375, -0.291565, -1.318751),
    (5, 6): (-0.634013, 0.172946, 0.240259),
    (2, 7): (-0.645559, -0.082785, -0.402057),
}


def test_appendix_9_hand_by_hand() -> None:
    table = TableMath.from_rules(make_rules(decks=1, max_split_hands=4))
    solution = solve(table, full_shoe(1), ups=(1,))
    starts = {(s.first, s.second): s for s in solution.starts}
    for hand, published in ONE_DECK_ACE_ROWS.items():
        start = starts[hand]
        no_bj = solution.forest.no_blackjack[start.node, 0]
        ours = [float(start.optimal[a][0]) / no_bj for a in ("stand", "hit", "double")]
        assert ours == pytest.approx(published, abs=5e-7), hand


def test_spielbank_rules(analysis_of: Analyse) -> None:
    # Ask the Wizard #294 (https://wizardofodds.com/ask-the-wizard/294/): six decks, S17, no hole
    # card, double 9-11, double after split, resplit any pair including aces to four: 0.55%.
    rules = make_rules(hole_card="none", double_on="9-11", max_split_hands=4, resplit_aces=True)
    assert analysis_of(rules).house_edge_percent == pytest.approx(0.55, abs=0.005)
