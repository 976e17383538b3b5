"""Cards and their text form (``AS``, ``TD``, ``QH``).

There are exactly 52 distinct cards; each is an interned :class:`Card` so that parsing, copying a
shoe and comparing cards cost nothing on the simulator's hot path. A hand's total and every other
rule formula are in :mod:`.kernel`.
"""

from __future__ import annotations

from typing import Final

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


def total_label(total: int, soft: bool) -> str:
    """A total as a player reads it: ``7/17`` when soft, ``17`` otherwise."""
    return f"{total - 10}/{total}" if soft else str(total)
