"""Cards and their text form (``AS``, ``TD``, ``QH``).

There are exactly 52 distinct cards; each is an interned :class:`Card` so that parsing, copying a
shoe and comparing cards cost nothing on the simulator's hot path.
"""

from __future__ import annotations

from typing import Final

from blackjack_tui.engine.vocabulary import AcesLow

RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class CardError(ValueError):
    """A card's text form was not understood."""


class Card:
    """A playing card: ``rank`` in ``A23456789TJQK``, ``suit`` in ``SHDC``.

    ``value`` is the blackjack value with the ace as 1 (tens and faces are 10).
    """

    __slots__ = ("rank", "suit", "text", "value")

    rank: str
    suit: str
    text: str
    value: int

    def __new__(cls, text: str) -> Card:
        return parse_card(text)

    @classmethod
    def _make(cls, rank: str, suit: str) -> Card:
        card = object.__new__(cls)
        card.rank = rank
        card.suit = suit
        card.text = rank + suit
        card.value = min(RANKS.index(rank) + 1, 10)
        return card

    @property
    def is_ace(self) -> bool:
        return self.value == 1

    @property
    def is_ten(self) -> bool:
        """A ten-value card: T, J, Q or K."""
        return self.value == 10

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (self.text,))


_CARDS: Final[dict[str, Card]] = {r + s: Card._make(r, s) for s in SUITS for r in RANKS}
DECK: Final[tuple[Card, ...]] = tuple(_CARDS.values())


def parse_card(text: str) -> Card:
    """Return the card for ``text`` (``"AS"``, ``"td"``, ``"10H"``); :class:`CardError` if none."""
    if not isinstance(text, str):
        raise CardError(f"a card is written like 'AS' or 'TD', not {text!r}")
    key = text.strip().upper()
    if key.startswith("10"):
        key = "T" + key[2:]
    card = _CARDS.get(key)
    if card is None:
        raise CardError(
            f"{text!r} is not a card: write a rank from {RANKS} and a suit from {SUITS}, like 'AS'"
        )
    return card


def parse_cards(texts: list[str] | tuple[str, ...]) -> list[Card]:
    """Parse a list of card texts, naming the position of the first bad one."""
    cards = []
    for i, text in enumerate(texts):
        try:
            cards.append(parse_card(text))
        except CardError as err:
            raise CardError(f"card {i + 1}: {err}") from None
    return cards


def best_total(hard: int, ace: bool) -> int:
    """A hand's best total from its hard total (every ace 1) and whether it holds an ace: one
    ace counts 11 when that does not bust it. The hand is soft when this differs from ``hard``."""
    return hard + 10 if ace and hard <= 11 else hard


def hand_totals(cards: list[Card] | tuple[Card, ...]) -> tuple[int, bool]:
    """Return ``(best_total, soft)`` for a hand: soft when an ace counts as 11."""
    hard = 0
    ace = False
    for card in cards:
        hard += card.value
        if card.value == 1:
            ace = True
    best = best_total(hard, ace)
    return best, best != hard


def hand_value(cards: list[Card] | tuple[Card, ...],
               aces_low: AcesLow | None = None) -> tuple[int, bool]:
    """``(best total, soft)`` of a hand, with the aces of a doubled hand as the rules count them.

    ``aces_low`` is ``None`` for the usual count; :attr:`AcesLow.ALL` counts every ace 1;
    :attr:`AcesLow.HELD` counts 1 the aces of the first two cards (those held when the hand
    doubled), while a card drawn after them may still count 11.
    """
    if aces_low is None:
        return hand_totals(cards)
    hard = 0
    for card in cards:
        hard += card.value
    if aces_low is AcesLow.ALL:
        return hard, False
    best = best_total(hard, any(c.value == 1 for c in cards[2:]))
    return best, best != hard


def total_label(total: int, soft: bool) -> str:
    """A total as a player reads it: ``7/17`` when soft, ``17`` otherwise."""
    return f"{total - 10}/{total}" if soft else str(total)


def format_total(cards: list[Card] | tuple[Card, ...]) -> str:
    """The total as a player reads it: ``7/17`` for a soft hand, ``17`` otherwise."""
    return total_label(*hand_totals(cards))


def is_blackjack(cards: list[Card] | tuple[Card, ...], from_split: bool = False) -> bool:
    """21 on two cards, not after a split: a blackjack (a natural). Also the dealer's test."""
    return len(cards) == 2 and not from_split and hand_totals(cards)[0] == 21
