"""The home game's chip ledger: pure model, no I/O, no Textual.

Both the scorekeeper (real cards, ``blackjack-tui ledger``) and the simulated home game feed it::

    evening = Evening(name="Friday", players=("Ann", "Bo"), settings=rules.ledger)
    ann = settle(Play(bet, (SheetResult.DOUBLE_WIN,)), rules)
    evening.add_hand({"Ann": ann, "Bo": Decimal(-5)})
    evening.standings.stacks, evening.standings.winners
"""

from blackjack_tui.ledger.evening import Evening
from blackjack_tui.ledger.events import Change, Close, Entry, HandPlayed, LedgerError, Rebuy, Retire
from blackjack_tui.ledger.money import fmt_money, parse_money
from blackjack_tui.ledger.outcomes import Play, SheetResult, settle
from blackjack_tui.ledger.standings import Row, Standings

__all__ = [
    "Change",
    "Close",
    "Entry",
    "Evening",
    "HandPlayed",
    "LedgerError",
    "Play",
    "Rebuy",
    "Retire",
    "Row",
    "SheetResult",
    "Standings",
    "fmt_money",
    "parse_money",
    "settle",
]
