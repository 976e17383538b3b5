"""What the scorekeeper types for one player's hand, read into an :class:`Entry`.

Either a net change (``-5``, ``+7.50``, ``12,5``; add ``n`` when it was a natural, so a rotating
bank passes), or an outcome with options, separated by spaces:

====================  =============================================================
``w l p n b``         win, loss, push, natural, bust
``dw dl``             doubled win (+2x the bet), doubled loss (-2x)
``w/l``               a split: each hand's outcome, left hand first
``@10``               the bet, when it is not the normal bet
``i`` ``i2.5``        insured for half the bet, or for this amount
``bj``                the bank had blackjack (an insured hand then nets 0)
====================  =============================================================
"""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.engine.money import in_cents
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.table_rules import insurance_stake
from blackjack_tui.ledger.events import Entry, LedgerError
from blackjack_tui.ledger.money import is_money, parse_money
from blackjack_tui.ledger.outcomes import CODES, Play, SheetResult, settle

HELP = "w win l loss p push n natural b bust · dw dl doubled · w/l split · i bj @10"
"""One line of the codes, short enough for an 80-column terminal."""


def parse_play(text: str, bet: Decimal, rules: Rules) -> Play:
    """The :class:`Play` that ``text`` describes (outcome notation only)."""
    hands: tuple[SheetResult, ...] = ()
    insurance = Decimal(0)
    insured = False
    bank_blackjack = False
    for token in text.lower().split():
        if token == "bj":
            bank_blackjack = True
        elif token.startswith("@"):
            try:
                bet = parse_money(token[1:])
            except ValueError:
                raise LedgerError(f"{token!r}: write the bet after @, like @10") from None
            if not in_cents(bet):
                raise LedgerError(f"{token!r}: a bet is in whole cents, like @10 or @2.50")
        elif token == "i":
            insured = True
        elif token.startswith("i") and is_money(token[1:]):
            insured = True
            try:
                insurance = parse_money(token[1:])
            except ValueError as err:
                raise LedgerError(str(err)) from None
            if not in_cents(insurance):
                raise LedgerError(f"{token!r}: insurance is in whole cents, like i5 or i2.50")
        elif all(part in CODES for part in token.split("/")):
            if hands:
                raise LedgerError(f"two outcomes given ({text.strip()!r}); "
                                  "write a split as w/l")
            hands = tuple(CODES[part] for part in token.split("/"))
        else:
            raise LedgerError(f"{token!r} is not an outcome or an amount")
    if not hands:
        raise LedgerError(f"no outcome in {text.strip()!r} (w, l, p, n, b, dw, dl)")
    if insured and insurance == 0:
        insurance = insurance_stake(rules, bet)
    return Play(bet, hands, insurance, bank_blackjack)


def parse_entry(text: str, *, bet: Decimal, rules: Rules) -> Entry:
    """The entry ``text`` stands for, with ``bet`` as the normal bet; :class:`LedgerError`
    says what is wrong with it."""
    cleaned = " ".join(text.split())
    if not cleaned:
        raise LedgerError("type the hand's outcome (w l p n b dw dl) or the net amount")
    tokens = cleaned.split()
    if is_money(tokens[0]):
        rest = [t.lower() for t in tokens[1:]]
        if rest not in ([], ["n"]):
            raise LedgerError(f"after an amount only 'n' (a natural) may follow, not {rest[0]!r}")
        try:
            amount = parse_money(tokens[0])
        except ValueError as err:
            raise LedgerError(str(err)) from None
        return Entry(amount=amount, natural=bool(rest) and amount > 0, text=cleaned)
    play = parse_play(cleaned, bet, rules)
    entry = settle(play, rules)
    return entry.model_copy(update={"text": cleaned})
