"""Card-counting systems as data: each a table of tags, its unbalanced start, its ace side count.

A system gives every card a *tag*; the running count is the sum of the tags of the cards seen.
Tags are kept exact as whole *points* with a ``scale`` (points per tag): Wong Halves' ½ tags are
points of a half (scale 2), every other system here has whole tags (scale 1). Red 7 tags a card
by its colour as well as its value (a red seven +1, a black one 0), so a card's tag is asked of
the :class:`~.cards.Card`, and :meth:`CountSystem.mean_tag` gives the tag of a value on average
over its suits (what an analysis by card value uses).

*Balanced* systems sum to 0 over a deck: the true count is the running count per deck left.
*Unbalanced* ones (KO: +4 a deck, Red 7: +2) are played by the running count from an initial
running count (IRC) that depends on the decks: KO starts at ``4 - 4 * decks`` so that its *pivot*
+4 means about the same edge at any depth (Vancura & Fuchs, *Knock-Out Blackjack*, 1998), Red 7
at ``-2 * decks`` so that 0 is its pivot (Snyder, *Blackbelt in Blackjack*, 1983/2005). KO's key
counts (where the book's "rookie" counter raises the bet) are :meth:`CountSystem.key_count`.

Sources of the tag tables (and ``docs/count-systems.md``):

- Hi-Lo: Braun/Thorp, as in Schlesinger, *Blackjack Attack* (3rd ed., 2005), ch. 1.
- KO: Vancura & Fuchs, *Knock-Out Blackjack* (1998), ch. 5.
- Hi-Opt I and Hi-Opt II: Humble & Cooper, *The World's Greatest Blackjack Book* (1980).
- Omega II: Carlson, *Blackjack for Blood* (1992).
- Zen: Snyder, *Blackbelt in Blackjack* (1983; 2005 ed.).
- Wong Halves: Wong, *Professional Blackjack* (1975; 1994 ed.).
- Red 7: Snyder, *Blackbelt in Blackjack* (1983; 2005 ed.).

The same tables appear side by side in Griffin, *The Theory of Blackjack* (6th ed., 1999), and
on qfit.com's and the Wizard of Odds' count pages, which the tests were checked against.
"""

from __future__ import annotations

import math
from fractions import Fraction

from msgspec import Struct

from blackjack_tui.engine.cards import Card

VALUES = tuple(range(1, 11))
"""Card values, the ace as 1 and every ten-card as 10."""
PER_DECK = {value: (16 if value == 10 else 4) for value in VALUES}
"""Cards of each value in one deck."""
RED = frozenset("HD")


class CountSystem(Struct, frozen=True):
    """One counting system: its tags by card value, in points (see the module's docstring)."""

    name: str
    """The key used everywhere (``hi-lo``, ``ko`` ...)."""
    title: str
    """As players write it (``Hi-Lo``)."""
    points: tuple[int, ...]
    """Points by value: ``points[0]`` is the ace's, ``points[9]`` the ten's."""
    scale: int = 1
    """Points per tag (2 for Wong Halves' halves)."""
    red_seven: int = 0
    """Points a red seven adds over ``points[6]`` (Red 7: +1; a black seven keeps 0)."""
    ace_side_count: bool = False
    """The system keeps aces in a side count (it tags the ace 0)."""
    initial_per_deck: int = 0
    """The initial running count is ``initial_per_deck * decks + initial_offset`` (points)."""
    initial_offset: int = 0
    pivot: int = 0
    """An unbalanced system's pivot: the running count at which its edge is the same at any
    depth (KO +4, Red 7 0)."""
    source: str = ""

    @property
    def balanced(self) -> bool:
        """The tags of a deck sum to 0: the true count is the running count per deck left."""
        return self.deck_points() == 0

    def points_of(self, card: Card) -> int:
        """The card's tag in points (a red seven's own for Red 7)."""
        extra = self.red_seven if card.value == 7 and card.suit in RED else 0
        return self.points[card.value - 1] + extra

    def tag(self, card: Card) -> Fraction:
        """The card's tag, exact (``Fraction(1, 2)`` for a Halves five's half)."""
        return Fraction(self.points_of(card), self.scale)

    def mean_points(self, value: int) -> Fraction:
        """The points of a card of ``value`` on average over its suits (a seven in Red 7: ½)."""
        extra = Fraction(self.red_seven, 2) if value == 7 else Fraction(0)
        return self.points[value - 1] + extra

    def mean_tag(self, value: int) -> Fraction:
        return self.mean_points(value) / self.scale

    def deck_points(self) -> Fraction:
        """The points of a whole deck (0 for a balanced system, +4 for KO, +2 for Red 7)."""
        return sum((PER_DECK[v] * self.mean_points(v) for v in VALUES), Fraction(0))

    def deck_sum(self) -> Fraction:
        """The tags of a whole deck."""
        return self.deck_points() / self.scale

    def initial(self, decks: int) -> int:
        """The running count, in points, before the first card of a shoe of ``decks`` decks."""
        return self.initial_per_deck * decks + self.initial_offset

    def key_count(self, decks: int) -> int | None:
        """KO's key count for ``decks`` decks (the book's table: 1 deck +2, 2 decks +1, 6 decks
        -4, 8 decks -6; other shoes in a straight line between, halves up), None for other
        systems."""
        if self.name != "ko":
            return None
        table = {1: 2, 2: 1, 6: -4, 8: -6}
        if decks in table:
            return table[decks]
        lower = max((d for d in table if d < decks), default=1)
        upper = min((d for d in table if d > decks), default=8)
        share = Fraction(decks - lower, upper - lower)
        return math.floor(table[lower] + share * (table[upper] - table[lower]) + Fraction(1, 2))

    def side_aces_expected(self, cards_seen: int) -> Fraction:
        """Aces expected among ``cards_seen`` cards (one in 13): the side count's baseline."""
        return Fraction(cards_seen, 13)

    def table(self) -> list[tuple[str, Fraction]]:
        """The tag table as printed: ``("A", -1) ... ("T", -1)`` (Red 7's seven: its mean)."""
        labels = "A23456789T"
        return [(labels[v - 1], self.mean_tag(v)) for v in VALUES]


def _system(name: str, title: str, points: tuple[int, ...], source: str, **more: int | bool
            ) -> CountSystem:
    return CountSystem(name, title, points, source=source, **more)  # type: ignore[arg-type]


#                          A   2  3  4  5  6  7  8   9   T
SYSTEMS: dict[str, CountSystem] = {s.name: s for s in (
    _system("hi-lo", "Hi-Lo", (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1),
            "Schlesinger, Blackjack Attack (2005), ch. 1"),
    _system("ko", "KO", (-1, 1, 1, 1, 1, 1, 1, 0, 0, -1),
            "Vancura & Fuchs, Knock-Out Blackjack (1998)",
            initial_per_deck=-4, initial_offset=4, pivot=4),
    _system("hi-opt-i", "Hi-Opt I", (0, 0, 1, 1, 1, 1, 0, 0, 0, -1),
            "Humble & Cooper, The World's Greatest Blackjack Book (1980)", ace_side_count=True),
    _system("hi-opt-ii", "Hi-Opt II", (0, 1, 1, 2, 2, 1, 1, 0, 0, -2),
            "Humble & Cooper, The World's Greatest Blackjack Book (1980)", ace_side_count=True),
    _system("omega-ii", "Omega II", (0, 1, 1, 2, 2, 2, 1, 0, -1, -2),
            "Carlson, Blackjack for Blood (1992)", ace_side_count=True),
    _system("zen", "Zen", (-1, 1, 1, 2, 2, 2, 1, 0, 0, -2),
            "Snyder, Blackbelt in Blackjack (2005 ed.)"),
    _system("halves", "Wong Halves", (-2, 1, 2, 2, 3, 2, 1, 0, -1, -2),
            "Wong, Professional Blackjack (1994 ed.)", scale=2),
    _system("red-7", "Red 7", (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1),
            "Snyder, Blackbelt in Blackjack (2005 ed.)", red_seven=1, initial_per_deck=-2),
)}
"""Every system, by name."""

NAMES = tuple(SYSTEMS)
ALIASES = {"hilo": "hi-lo", "hi_lo": "hi-lo", "k-o": "ko", "knock-out": "ko",
           "hiopt1": "hi-opt-i", "hi-opt-1": "hi-opt-i", "hiopt2": "hi-opt-ii",
           "hi-opt-2": "hi-opt-ii", "omega": "omega-ii", "omega2": "omega-ii",
           "omega-2": "omega-ii", "wong-halves": "halves", "red7": "red-7", "zen-count": "zen"}
"""Other spellings a player may type (``sim --count hilo`` kept working)."""
DEFAULT = "hi-lo"


def system(name: str) -> CountSystem:
    """The system called ``name`` (any case, or an alias); ValueError naming the known ones."""
    key = name.strip().lower().replace(" ", "-")
    key = ALIASES.get(key, key)
    found = SYSTEMS.get(key)
    if found is None:
        raise ValueError(f"unknown count {name!r}; known: {', '.join(NAMES)}")
    return found
