"""The home game's chip ledger: pure model, no I/O, no Textual.

Both the scorekeeper (real cards, ``blackjack-tui ledger``) and the simulated home game feed it::

    evening = Evening(name="Friday", players=("Ann", "Bo"), settings=rules.ledger)
    evening.add_hand({"Ann": settle(Play(bet, (Outcome.DOUBLE_WIN,)), rules), "Bo": Decimal(-5)})
    evening.standings.stacks, evening.standings.winners
"""

from blackjack_tui.ledger.evening import Evening
from blackjack_tui.ledger.events import Change, Close, Entry, HandPlayed, LedgerError, Rebuy, Retire
from blackjack_tui.ledger.money import fmt_money, parse_money
from blackjack_tui.ledger.outcomes import Outcome, Play, settle
from blackjack_tui.ledger.standings import Row, Standings

__all__ = [
    "Change",
    "Close",
    "Entry",
    "Evening",
    "HandPlayed",
    "LedgerError",
    "Outcome",
    "Play",
    "Rebuy",
    "Retire",
    "Row",
    "Standings",
    "fmt_money",
    "parse_money",
    "settle",
]
