"""The chip in hand follows the table's limits: at a 25+ tier it is a 25, not a 1."""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.controller.betting import Betting
from blackjack_tui.controller.session import Session
from tests.store.helpers import RULE_SETS


def test_the_chip_in_hand_starts_at_the_tiers_minimum():
    betting = Betting(Session(RULE_SETS["online"], Decimal(5000), tier="High Roller"))
    assert betting.chip == Decimal(25)


def test_a_change_to_a_higher_tier_hands_its_minimum_chip_and_a_chosen_chip_stays_after_a_round():
    session = Session(RULE_SETS["online"], Decimal(5000))
    betting = Betting(session)
    assert betting.chip == Decimal(1)
    session.switch_rules(RULE_SETS["online"], "VIP")
    betting.renew(keep=True)
    assert betting.chip == Decimal(100)
    betting.step_chip(-1)  # the player picks a smaller chip on purpose
    assert betting.chip == Decimal(25)
    betting.renew()  # after a round at the same table: his choice stays
    assert betting.chip == Decimal(25)
