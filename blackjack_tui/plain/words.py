"""The game in plain words: a card, a hand, one sentence per event, one question per decision.

Everything here is a pure function of the controller's :class:`~blackjack_tui.controller.view.
TableView` (the round as shown so far) and the engine's value types: no colour, no symbols, no
layout, so that a screen reader, a braille display, a log or a pipe reads it as it is.
"""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.controller.view import HandView, TableView
from blackjack_tui.engine.actions import Decision
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.kernel import hand_value
from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.vocabulary import EventKind as K

RANKS = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
         "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
         "K": "king"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_words(card: Card) -> str:
    """``ten of hearts``."""
    return f"{RANKS[card.rank]} of {SUITS[card.suit]}"


def the(card: Card) -> str:
    """``the six of spades``, ``an ace``-free: every card reads with ``the``."""
    return "the " + card_words(card)


def total_words(total: int, soft: bool) -> str:
    if total > 21:
        return f"{total}, bust"
    return f"soft {total}" if soft else str(total)


def hand_words(hand: HandView) -> str:
    """``ten of hearts, ace of clubs, blackjack``: the cards, then what they make."""
    cards = ", ".join(card_words(c) for c in hand.cards)
    if len(hand.cards) < 2:
        return cards
    made = "blackjack" if hand.blackjack else total_words(*hand.totals())
    return f"{cards}, {made}"


def dealer_total(view: TableView) -> str:
    shown = [c for c in view.dealer if c is not None]
    if len(shown) == len(view.dealer) == 2 and hand_value(shown)[0] == 21:
        return "blackjack"
    return total_words(*hand_value(shown))


def where(view: TableView, box: int, hand: int = 1) -> str:
    """``Box 1``, ``Box 2, hand 2``, ``Ana's box 5``."""
    owner = ""
    for b in view.boxes:
        if b.number == box and b.owner:
            owner = f"{b.owner}'s "
    name = f"{owner}box {box}" if owner else f"Box {box}"
    split = any(b.number == box and len(b.hands) > 1 for b in view.boxes)
    return name + (f", hand {hand}" if split and hand else "")


def _hand(view: TableView, box: int, hand: int) -> HandView | None:
    for b in view.boxes:
        if b.number == box and 0 < hand <= len(b.hands):
            return b.hands[hand - 1]
    return None


SETTLED = {"win": "wins {won}", "blackjack": "has blackjack and wins {won}", "push": "pushes",
           "lose": "loses {lost}", "bust": "is bust and loses {lost}",
           "surrender": "surrendered and loses {lost}",
           "even-money": "took even money and wins {won}"}


def _settled(outcome: str, net: Decimal | None) -> str:
    net = net or Decimal(0)
    return SETTLED.get(outcome, outcome).format(won=money_str(net), lost=money_str(-net))


def event_sentence(event: Event, view: TableView) -> str | None:
    """One sentence for one step, read after ``view`` has taken it (``None``: nothing to say)."""
    kind, box, hand, card = event.kind, event.box, event.hand, event.card
    who = where(view, box, hand) if box else "Dealer"
    outcome = str(event.outcome or "")
    if kind == K.CARD and card is not None:
        if box == 0:
            if len(view.dealer) == 1:
                return f"Dealer shows {the(card)}."
            return f"Dealer draws {the(card)}: {dealer_total(view)}."
        shown = _hand(view, box, hand)
        return f"{who}: {hand_words(shown) if shown else card_words(card)}."
    sentences = {
        K.HOLE: "Dealer takes a card face down.",
        K.REVEAL: f"Dealer turns {the(card)}: {dealer_total(view)}." if card else None,
        K.PEEK: "Dealer has blackjack." if outcome == "blackjack"
        else "Dealer checks for blackjack: none.",
        K.INSURANCE: f"{who} takes insurance for {money_str(event.amount)}."
        if event.amount else f"{who} declines insurance.",
        K.EVEN_MONEY: f"{who} takes even money.",
        K.SPLIT: f"{where(view, box, 0)} splits.",
        K.DOUBLE: f"{who} doubles for {money_str(event.amount or Decimal(0))} more.",
        K.STAND: f"{who} stands on {event.total}.",
        K.SURRENDER: f"{who} surrenders.",
        K.INSURANCE_SETTLED: f"Insurance on {where(view, box, 0).lower()} "
                             f"{_settled(outcome, event.amount)}.",
        K.SETTLE: f"{who} {_settled(outcome, event.amount)}.",
        K.DEALER_TOTAL: f"Dealer busts with {event.total}." if outcome == "bust"
        else f"Dealer stands on {event.total}.",
        K.SHUFFLE: "The shoe is shuffled.",
        K.BEHIND_JOIN: f"Your bet behind {who.lower()} joins the {outcome} for "
                       f"{money_str(event.amount)}." if event.amount
        else f"Your bet behind {who.lower()} stays out of the {outcome}.",
        K.BEHIND_SETTLE: f"Your bet behind {who.lower()} {_settled(outcome, event.amount)}.",
        K.BEHIND_INSURANCE: f"You insure your bet behind {who.lower()} for "
                            f"{money_str(event.amount)}." if event.amount
        else f"You decline insurance behind {who.lower()}.",
        K.BEHIND_INSURANCE_SETTLED: f"Your insurance behind {who.lower()} "
                                    f"{_settled(outcome, event.amount)}.",
        K.BEHIND_EVEN_MONEY: f"You take even money behind {who.lower()}.",
    }
    return sentences.get(kind)


ANSWER_WORDS = {"hit": "hit", "stand": "stand", "double": "double", "split": "split",
                "surrender": "surrender", "insurance": "insurance", "no-insurance": "no",
                "even-money": "even money", "no-even-money": "no", "join": "join",
                "no-join": "stay out"}
ANSWER_KEYS = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r",
               "insurance": "i", "no-insurance": "n", "even-money": "e", "no-even-money": "n",
               "join": "j", "no-join": "n"}


def plural(count: int, noun: str) -> str:
    """``1 round``, ``2 rounds``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def either(words: list[str], last: str = "or") -> str:
    """``hit, stand or double``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def question(decision: Decision, view: TableView | None) -> str:
    """The prompt for a decision: what is asked, then the legal answers in words and keys."""
    actions = [str(a) for a in decision.actions]
    answers = either([ANSWER_WORDS[a] for a in actions]).capitalize()
    keys = " ".join(ANSWER_KEYS[a] for a in actions)
    stake = money_str(decision.stake or Decimal(0))
    box = where(view, decision.box, decision.hand) if view else f"Box {decision.box}"
    if decision.kind.startswith("join-"):
        what = "split" if decision.kind == "join-split" else "double"
        holder = where(view, decision.box, 0) if view else box
        asked = f"{holder} {what}s: join with {stake} behind?"
    elif decision.kind == "insurance":
        more = f" up to {stake} (insurance AMOUNT)" if decision.any_amount else f" for {stake}"
        behind = "Your bet behind " if decision.behind else ""
        asked = f"{behind}{box}: insurance{more} against the dealer's ace? It pays 2 to 1."
    elif decision.kind == "even-money":
        asked = f"{box}: blackjack against an ace. Take even money?"
    else:
        hand = _hand(view, decision.box, decision.hand) if view else None
        total = total_words(*hand.totals()) if hand is not None and hand.cards else "your hand"
        up = next((c for c in (view.dealer if view else []) if c is not None), None)
        against = f" against {the(up)}" if up is not None else ""
        asked = f"{box}: {total}{against}."
    return f"{asked} {answers}? ({keys})"


def table_sentences(view: TableView, events: list[Event]) -> list[str]:
    """The table as it stands after ``events`` (a resumed round): the dealer, then each hand."""
    for event in events:
        view.apply(event)
    return table_lines(view)


def table_lines(view: TableView) -> list[str]:
    """The dealer's cards, then each hand's, as they are shown now."""
    lines = []
    up = [c for c in view.dealer if c is not None]
    if up:
        hidden = " and a card face down" if any(c is None for c in view.dealer) else ""
        lines.append(f"Dealer: {', '.join(card_words(c) for c in up)}{hidden}.")
    for box in view.boxes:
        for n, hand in enumerate(box.hands, start=1):
            if hand.cards:
                lines.append(f"{where(view, box.number, n)}: {hand_words(hand)}.")
    return lines
