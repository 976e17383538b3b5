"""The Danish sheet's own arithmetic, through settle() and through what is typed at the table."""

from __future__ import annotations

from decimal import Decimal

import pytest

from blackjack_tui.ledger import LedgerError, Play, SheetResult, settle
from blackjack_tui.ledger.notation import parse_entry

D = Decimal
BET = D(10)
ZERO = D(0)


def net(rules, *hands, insurance=ZERO, bank_blackjack=False, bet=BET):
    return settle(Play(bet, tuple(hands), insurance, bank_blackjack), rules).amount


def test_plain_outcomes(home):
    assert net(home, SheetResult.WIN) == 10
    assert net(home, SheetResult.LOSS) == -10
    assert net(home, SheetResult.PUSH) == 0


def test_natural_pays_the_rule_sets_ratio_unrounded(home):
    assert net(home, SheetResult.NATURAL) == 15
    assert net(home, SheetResult.NATURAL, bet=D(5)) == D("7.50")
    assert settle(Play(BET, (SheetResult.NATURAL,)), home).natural
    six_five = home.model_copy(update={"blackjack_pays": "6:5"})
    assert net(six_five, SheetResult.NATURAL) == 12


def test_doubled_win_is_twice_the_bet(home):
    assert net(home, SheetResult.DOUBLE_WIN) == 2 * BET


def test_doubled_loss_is_minus_twice_the_bet(home):
    assert net(home, SheetResult.DOUBLE_LOSS) == -2 * BET


def test_insured_hand_against_bank_blackjack_nets_zero(home):
    assert net(home, SheetResult.LOSS, insurance=BET / 2, bank_blackjack=True) == 0


def test_insurance_lost_on_top_of_the_main_result(home):
    assert net(home, SheetResult.WIN, insurance=D(5)) == 10 - 5
    assert net(home, SheetResult.LOSS, insurance=D(5)) == -10 - 5
    assert net(home, SheetResult.DOUBLE_WIN, insurance=D(2)) == 20 - 2


def test_smaller_insurance_against_blackjack_only_partly_covers(home):
    assert net(home, SheetResult.LOSS, insurance=D(2), bank_blackjack=True) == -10 + 4


def test_bust_loses_though_the_bank_busts(home):
    # The bank busting later is no outcome of the player's hand: a bust is a loss.
    assert net(home, SheetResult.BUST) == -BET
    assert parse_entry("b", bet=BET, rules=home).amount == -BET


def test_split_settles_each_hand_with_the_original_bet(home):
    assert net(home, SheetResult.WIN, SheetResult.LOSS) == 0
    assert net(home, SheetResult.DOUBLE_WIN, SheetResult.WIN) == 30
    assert net(home, SheetResult.BUST, SheetResult.DOUBLE_LOSS) == -30


def test_ten_on_split_ace_is_no_natural(home):
    with pytest.raises(LedgerError, match="ordinary 21"):
        net(home, SheetResult.NATURAL, SheetResult.WIN)


def test_split_limited_by_the_rules(home):
    assert home.max_split_hands == 2
    with pytest.raises(LedgerError, match="at most 2"):
        net(home, SheetResult.WIN, SheetResult.WIN, SheetResult.WIN)


def test_insurance_up_to_half_the_bet(home):
    with pytest.raises(LedgerError, match="at most half"):
        net(home, SheetResult.LOSS, insurance=D("5.01"))


def test_bank_blackjack_forbids_a_win(home):
    with pytest.raises(LedgerError, match="bank had blackjack"):
        net(home, SheetResult.WIN, bank_blackjack=True)


@pytest.mark.parametrize(
    ("typed", "amount", "natural"),
    [
        ("w", "10", False),
        ("L", "-10", False),
        ("p", "0", False),
        ("n", "15", True),
        ("dw", "20", False),
        ("dl", "-20", False),
        ("w/l", "0", False),
        ("dw/b", "10", False),
        ("l i bj", "0", False),
        ("l i", "-15", False),
        ("w i2.5", "7.5", False),
        ("dl @5", "-10", False),
        ("-12.5", "-12.5", False),
        ("+7,50", "7.5", False),
        ("15 n", "15", True),
        ("\u22123", "-3", False),
    ],
)
def test_typed_entries(home, typed, amount, natural):
    entry = parse_entry(typed, bet=BET, rules=home)
    assert entry.amount == Decimal(amount)
    assert entry.natural is natural
    assert entry.text == " ".join(typed.split())


@pytest.mark.parametrize("typed", ["", "x", "w l", "5 w", "@x w", "i", "1e3", "nan"])
def test_typed_mistakes_are_refused(home, typed):
    with pytest.raises(LedgerError):
        parse_entry(typed, bet=BET, rules=home)
