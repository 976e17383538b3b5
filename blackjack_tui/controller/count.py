"""The card count, kept from the events the player is shown, in the system chosen in Options.

A card is counted when it is shown face up: a dealt card when its ``card`` event is animated, the
hole card only when it is revealed (its ``hole`` event is face down). A ``shuffle`` event starts
the count again: the cards seen so far are back in the shoe (or, for a shoe that ran dry
mid-round, out of it for good).

The system is one of :mod:`blackjack_tui.engine.count_systems` (Hi-Lo unless the player chose
another); switching it recounts the cards seen since the shuffle, so the overlay is right at
once. A balanced system shows its true count, the running count per deck still in the shoe; an
unbalanced one (KO, Red 7) is played by its running count from its initial count (KO ``4 - 4 x
decks``, Red 7 ``-2 x decks``), which the overlay shows with the system's pivot. Hi-Opt I and II
and Omega II tag the ace 0 and keep the aces on the side: the overlay shows the aces seen against
the one in 13 expected. The penetration is how much of the shoe has been dealt. All of it reads
the shoe's size, which the player can see in the shoe and the tray.
"""

from __future__ import annotations

from fractions import Fraction

from msgspec import Struct

from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.count_systems import DEFAULT, SYSTEMS, CountSystem, system
from blackjack_tui.engine.events import Event

COUNT_TITLES = {name: found.title for name, found in SYSTEMS.items()}
"""Every count system's name and title, for Options (Hi-Lo first)."""

HI_LO = {1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, 10: -1}


def hi_lo(card: Card) -> int:
    """The Hi-Lo tag of one card."""
    return HI_LO[card.value]


def _tags(value: Fraction) -> str:
    """``+3``, ``-1.5``: a count in tags, halves shown as such."""
    text = f"{float(value):+.1f}" if value.denominator != 1 else f"{int(value):+d}"
    return text


class CountView(Struct, frozen=True):
    running: int
    """The running count in the system's points (its tags for every system but Wong Halves,
    whose points are halves: see :attr:`tags`); an unbalanced system's from its initial count."""
    true_count: float
    """A balanced system's running count per deck left; an unbalanced system's running count
    (it is played by that)."""
    penetration: float
    """Fraction of the shoe dealt, 0 to 1."""
    seen: int
    """Cards counted since the shuffle."""
    system: str = DEFAULT
    """The count system's name."""
    scale: int = 1
    balanced: bool = True
    aces: int | None = None
    """Aces seen since the shuffle, for a system with an ace side count (else ``None``)."""
    aces_expected: float = 0.0
    """Aces expected among the cards seen (one in 13)."""
    pivot: int = 0

    @property
    def tags(self) -> Fraction:
        """The running count in tags, exact (``Fraction(3, 2)`` for Halves' +1.5)."""
        return Fraction(self.running, self.scale)

    @property
    def running_text(self) -> str:
        """``+3``, ``+1.5``."""
        return _tags(self.tags)

    @property
    def title(self) -> str:
        return system(self.system).title

    def words(self) -> list[tuple[str, str]]:
        """The overlay's parts, ``(label, value)``: the running count, then the true count (a
        balanced system) or the pivot (an unbalanced one), the side count's aces where the
        system keeps one, and the share of the shoe dealt."""
        name = "Count" if self.system == DEFAULT else self.title  # Hi-Lo's line as it was
        parts = [(f"{name} ", self.running_text)]
        if self.balanced:
            parts.append(("true ", f"{self.true_count:+.1f}"))
        else:
            parts.append(("pivot ", f"{self.pivot:+d}"))
        if self.aces is not None:
            parts.append(("aces ", f"{self.aces}/{self.aces_expected:.1f}"))
        parts.append(("dealt ", f"{self.penetration:.0%}"))
        return parts


class HiLoCount:
    """The running count since the last shuffle, fed one animated event at a time.

    (The name is from when the game counted Hi-Lo only; it counts any system now.)"""

    def __init__(self, count: CountSystem | str = DEFAULT, decks: int = 0) -> None:
        self.system = system(count) if isinstance(count, str) else count
        self.decks = decks
        """The shoe's decks, for an unbalanced system's initial count (0: not yet known)."""
        self.cards: list[Card] = []
        self.running = 0
        self.seen = 0
        self.reset()

    def reset(self) -> None:
        self.cards = []
        self.running = self.system.initial(self.decks)
        self.seen = 0

    def set_system(self, count: CountSystem | str, decks: int | None = None) -> None:
        """Count with ``count`` from now on, the cards seen since the shuffle recounted."""
        self.system = system(count) if isinstance(count, str) else count
        if decks is not None:
            self.decks = decks
        cards = self.cards
        self.reset()
        for card in cards:
            self._add(card)

    def set_decks(self, decks: int) -> None:
        """The shoe's size (an unbalanced system's initial count depends on it)."""
        if decks != self.decks:
            self.running += self.system.initial(decks) - self.system.initial(self.decks)
            self.decks = decks

    def _add(self, card: Card) -> None:
        self.cards.append(card)
        self.running += self.system.points_of(card)
        self.seen += 1

    def observe(self, event: Event) -> None:
        """Count what this event shows the player."""
        if event.kind == "shuffle":
            self.reset()
        elif event.kind in ("card", "reveal") and event.card is not None:
            self._add(event.card)

    def view(self, remaining: int, total: int) -> CountView:
        """The count against a shoe holding ``remaining`` of ``total`` cards."""
        if total and total % 52 == 0:
            self.set_decks(total // 52)
        counted = self.system
        decks_left = max(remaining, 13) / 52  # never divide by less than a quarter deck
        penetration = 1 - remaining / total if total else 0.0
        tags = self.running / counted.scale
        true_count = tags / decks_left if counted.balanced else tags
        aces = sum(1 for c in self.cards if c.value == 1) if counted.ace_side_count else None
        return CountView(self.running, true_count, penetration, self.seen, counted.name,
                         counted.scale, counted.balanced, aces, self.seen / 13, counted.pivot)
