"""A rule set in plain words: for ``blackjack-tui rules NAME``, the rules menu and the help
screen."""

from __future__ import annotations

import re

from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.rules import Rules

DOUBLE_WORDS = {"any": "any two cards", "9-11": "9, 10 or 11", "10-11": "10 or 11",
                "7-11": "7 to 11"}
INSURANCE_STAKE_WORDS = {
    "half-bet": "half the original bet",
    "half-box": "half the box's whole bet, doubles and splits included",
    "up-to-half": "any amount up to half the bet",
}


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


ACE_READINGS = {
    "all": ("counting an ace as 1: every ace of the doubled hand counts 1, also one drawn on the "
            "double (7+A = 8/18, doubled, a 3 drawn: 11; 5+4 doubled, an ace drawn: 10, not 20)"),
    "held": ("counting an ace as 1: the aces held when doubling count 1, the card drawn counts "
             "as usual (7+A = 8/18, doubled, a 3 drawn: 11; 5+4 doubled, an ace drawn: 20)"),
}


def ace_as_one_words(reading: str | None) -> str:
    """The doubling rule for aces in plain words, with the sheet's example and the drawn ace."""
    return ACE_READINGS.get(reading or "", "aces count as usual")


def even_money_words(r: Rules) -> str:
    """What a blackjack against an ace is offered: even money, insurance or nothing."""
    if r.insurance == "none" and not r.even_money:
        return "not offered"
    if r.even_money:
        words = "a blackjack against an ace is offered even money (1:1 at once) on its whole bet"
        if r.insurance != "none":
            words += ", not insurance"
        return words
    if r.insure_blackjack:
        return "not offered: a blackjack against an ace may be insured instead"
    return "not offered, and a blackjack may not be insured: it waits for the dealer"


def describe(rules: Rules) -> list[tuple[str, str]]:
    """``(topic, words)`` rows, one per rule, in the order a player asks about them."""
    r = rules
    rows: list[tuple[str, str]] = []
    shuffle = ("shuffled before every round" if r.shuffle == "every-round"
               else f"reshuffled when the cut card comes out ({round(r.penetration * 100)}% dealt)")
    rows.append(("Shoe", f"{r.decks} deck{'s' if r.decks > 1 else ''}, {shuffle}"))
    dealer = "hits soft 17" if r.dealer_hits_soft_17 else "stands on all 17s"
    dealer += ("; draws only while a hand still waits for it: when every hand is bust or a "
               "blackjack, no more cards")
    if r.hole_card == "none":
        dealer += " (the second card still comes while a blackjack or an insurance bet waits)"
    rows.append(("Dealer", dealer))
    if r.hole_card == "peek":
        rows.append(("Hole card", "dealt face down; the dealer peeks for blackjack under an ace "
                                  "or a ten"))
    else:
        lost = ("all bets, doubles and splits too" if r.no_hole_card_loses == "all"
                else "the original bet only")
        rows.append(("Hole card", f"none (European): the dealer's second card comes at the "
                                  f"dealer's turn; a dealer blackjack takes {lost}"))
    rows.append(("Blackjack pays", r.blackjack_pays + (
        ", at once when the dealer cannot have blackjack" if r.blackjack_paid_at_once else "")))
    if r.dealer_wins_ties:
        totals = ", ".join(str(t) for t in r.dealer_wins_ties)
        rows.append(("Ties", f"the dealer wins ties at {totals}; other ties push"))
    else:
        rows.append(("Ties", "push"))
    rows.append(("Double", f"on {DOUBLE_WORDS[r.double_on]}"
                           + (", " + ace_as_one_words(r.double_ace_as_one)
                              if r.double_ace_as_one else "")))
    das = "no"
    if r.double_after_split:
        das = "yes, on any total" if r.double_after_split_any_total else "yes"
    rows.append(("Double after split", das))
    if r.max_split_hands < 2:
        rows.append(("Split", "no"))
    else:
        by = "equal value (K+T)" if r.split_by == "value" else "equal rank only (K+K)"
        more = ("once, no resplit" if r.max_split_hands == 2
                else f"resplit up to {r.max_split_hands} hands")
        rows.append(("Split", f"pairs of {by}, {more}"))
        aces = "one card each" if r.split_aces_one_card else "played like any hand"
        aces += "; an ace on an ace may be split again" if r.resplit_aces else ""
        rows.append(("Split aces", aces))
    rows.append(("Soft 21", "may take another card" if r.hit_soft_21 else "stands"))
    if r.insurance == "none":
        rows.append(("Insurance", "not offered"))
    else:
        when = ("right after the deal" if r.insurance == "after-deal"
                else "at the dealer's turn, before the dealer's second card")
        rows.append(("Insurance", f"against an ace, {when}; costs "
                                  f"{INSURANCE_STAKE_WORDS[r.insurance_stake]}; pays 2:1"))
        rows.append(("Insure a blackjack", _yes(r.insure_blackjack)))
    rows.append(("Even money", even_money_words(r)))
    rows.append(("Surrender", "late (after the peek), half the bet back"
                 if r.surrender == "late" else "no"))
    boxes = f"up to {r.max_boxes} box{'es' if r.max_boxes > 1 else ''}"
    if r.tiers:  # the limits are the chosen tier's: saying the first tier's here misled
        rows.append(("Bets", f"per box by the tier you sit at (below), {boxes}"))
    else:
        rows.append(("Bets", f"{money_str(r.min_bet)} to {money_str(r.max_bet)} per box, "
                             f"{boxes}"))
    rows.append(("Chips", ", ".join(money_str(c) for c in r.chips)))
    for tier in r.tiers:
        rows.append((f"Tier {tier.name}",
                     f"{money_str(tier.min_bet)} to {money_str(tier.max_bet)}"))
    if r.ledger is not None:
        led = r.ledger
        end = f"after {led.hands} hands" if led.hands else "when one stack is left"
        rows.append(("Ledger", f"start {money_str(led.starting_stack)}, normal bet "
                               f"{money_str(led.normal_bet)}, out at {money_str(led.floor)}, "
                               f"{led.rebuys} rebuy, ends {end}"
                               + (", the bank passes on a natural" if led.rotating_bank else "")))
    return rows


def differences(rules: Rules, current: Rules) -> set[str]:
    """Topics whose words differ between two rule sets (for marking them in the rules menu)."""
    mine = dict(describe(rules))
    theirs = dict(describe(current))
    return {topic for topic, words in mine.items() if theirs.get(topic) != words}


def felt_line(rules: Rules, ascii_only: bool = False) -> str:
    """The rules a table has printed on its felt: ``BLACKJACK PAYS 3 TO 2 · …``."""
    pays = rules.blackjack_pays.replace(":", " TO ")
    parts = [f"BLACKJACK PAYS {pays}",
             "DEALER HITS SOFT 17" if rules.dealer_hits_soft_17 else "DEALER STANDS ON ALL 17s"]
    if rules.dealer_wins_ties:
        dash = "-" if ascii_only else "–"
        ties = dash.join(str(t) for t in (rules.dealer_wins_ties[0], rules.dealer_wins_ties[-1]))
        parts.append(f"TIES AT {ties} GO TO THE BANK")
    if rules.insurance != "none":
        parts.append("INSURANCE PAYS 2 TO 1")
    return (" - " if ascii_only else " · ").join(parts)


_FILE_SYNTAX = re.compile(r';?\s*\b[a-z]+(?:_[a-z]+)+\s*=\s*"[^"]*"[^;).]*')


def player_words(description: str) -> str:
    """A rule set's description as a player reads it: without the rule file's own syntax
    (``double_ace_as_one = "held"``), which is for whoever writes a rule file."""
    return _FILE_SYNTAX.sub("", description)
