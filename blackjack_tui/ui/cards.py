"""Cards drawn as Rich text: full cards fanned like a dealt hand, compact one-line tiles, ASCII.

```
╭──╭──╭───╮     A♠ 8♦ ▒▒
│A │8 │10♥│
╰──╰──╰───╯
```
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from msgspec import Struct
from rich.style import Style
from rich.text import Text

from blackjack_tui.engine.cards import Card
from blackjack_tui.ui.card_faces import back_rows, large_face, medium_face, xlarge_face
from blackjack_tui.ui.runs import Run, Runs, run_cells

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game

# A card size: (rows, columns, columns shown of a card under the next one in a fan).
SIZES = {"small": (3, 5, 3), "medium": (5, 7, 4), "large": (9, 11, 4), "xlarge": (11, 13, 5)}
ORDER = ("xlarge", "large", "medium", "small")
"""The sizes, largest first."""

FACES = {"medium": medium_face, "large": large_face, "xlarge": xlarge_face}

SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_ASCII = {"S": "s", "H": "h", "D": "d", "C": "c"}

FACE = "#fbfaf5"
BACK = "#24539b"
INK = {"S": "#111111", "H": "#c0152f", "D": "#c0152f", "C": "#111111"}
INK_FOUR = {"S": "#111111", "H": "#c0152f", "D": "#1f5fcf", "C": "#13803a"}
# The styles of a card's ink, edge and back, made once: the same Style object each time lets
# Rich's caches of combined styles find it by identity (a new, equal Style is hashed and compared
# at every use; a row of a fanned hand adds a dozen).
_INKS = {(four, suit): Style(color=(INK_FOUR if four else INK)[suit], bgcolor=FACE, bold=True)
         for four in (False, True) for suit in INK}
_BACK = Style(color="#9fb8e0", bgcolor=BACK)
_EDGE = Style(color="#777777", bgcolor=FACE)


class CardStyle(Struct, frozen=True):
    """How cards are drawn: Unicode or ASCII, two or four suit colours."""

    ascii: bool = False
    four_colour: bool = False

    def rank(self, card: Card) -> str:
        return "10" if card.rank == "T" else card.rank

    def suit(self, card: Card) -> str:
        return (SUIT_ASCII if self.ascii else SUIT_GLYPHS)[card.suit]

    def ink(self, card: Card) -> Style:
        return _INKS[self.four_colour, card.suit]

    @property
    def back(self) -> Style:
        return _BACK

    @property
    def edge(self) -> Style:
        return _EDGE

    # Full cards: 3 rows, 5 columns; all but the last show their left 3 columns (a 10 its left
    # 4: "10" and its suit, never a 10 without its suit).

    def full_width(self, count: int) -> int:
        return 0 if count == 0 else 3 * (count - 1) + 5

    def full(self, cards: list[Card | None]) -> list[Text]:
        """Three lines of a fanned hand; ``None`` is a face-down card."""
        return [row.text() for row in self.fan_runs(cards, "small")]

    # Any size: the hand fanned as dealt, each card under the next showing its left corner.

    @staticmethod
    def fan_width(count: int, size: str, tens: int = 0) -> int:
        """Columns of a fan of ``count`` cards; ``tens``: how many 10s lie under another card
        (each a column wider at the small size, for its suit)."""
        _, width, step = SIZES[size]
        wider = tens if size == "small" else 0
        return 0 if count == 0 else step * (count - 1) + width + wider

    def fan(self, cards: list[Card | None], size: str = "small") -> list[Text]:
        """The rows of a fanned hand at ``size``; ``None`` is a face-down card."""
        if size == "small":
            return self.full(cards)
        return [row.text() for row in self.fan_runs(cards, size)]

    def fan_runs(self, cards: list[Card | None], size: str) -> list[Runs]:
        """:meth:`fan` as lines of runs: each card's slice of a row is a run made once (see
        :mod:`blackjack_tui.ui.runs`)."""
        height, width, step = SIZES[size]
        last = len(cards) - 1
        if size == "small":
            shown = [_small_rows(self, card, i == last) for i, card in enumerate(cards)]
        else:
            shown = [_shown_rows(self, card, size, width if i == last else step, i < last)
                     for i, card in enumerate(cards)]
        cells = sum(run_cells(rows[0]) for rows in shown)  # (a card's rows are as wide)
        return [Runs(tuple(rows[row] for rows in shown), cells) for row in range(height)]

    def _card_rows(self, card: Card | None, size: str, height: int,
                   width: int) -> list[tuple[list[str], list[Style]]]:
        if self.ascii:
            tl, tr, bl, br, horiz, vert = "+", "+", "+", "+", "-", "|"
        else:
            tl, tr, bl, br, horiz, vert = "╭", "╮", "╰", "╯", "─", "│"
        inner = width - 2
        if card is None:
            style = self.back
            inside = back_rows(inner, height - 2, self.ascii)
            edge = ink = style
        else:
            suit = self.suit(card)
            face = FACES[size]
            inside = face(card.rank, suit, self.ascii)
            edge, ink = self.edge, self.ink(card)
        rows: list[tuple[list[str], list[Style]]] = [([tl + horiz * inner + tr], [edge])]
        rows += [([vert, line, vert], [edge, ink, edge]) for line in inside]
        rows.append(([bl + horiz * inner + br], [edge]))
        return rows

    # Compact tiles: one row, for split hands and narrow spaces.

    def tile(self, card: Card | None) -> Text:
        if card is None:
            return Text("##" if self.ascii else "▒▒▒", self.back)
        text = f"{self.rank(card)}{self.suit(card)}"
        if self.ascii:
            return Text(f"[{text}]", self.ink(card))
        return Text(f"{text:>3}", self.ink(card))

    def tiles(self, cards: list[Card | None]) -> Text:
        line = Text()
        for i, card in enumerate(cards):
            if i:
                line.append(" ")
            line.append_text(self.tile(card))
        return line

    def tiles_width(self, count: int) -> int:
        return 0 if count == 0 else count * (5 if self.ascii else 3) + count - 1


@lru_cache(maxsize=1024)
def _shown_rows(style: CardStyle, card: Card | None, size: str, shown: int,
                under: bool) -> tuple[Run, ...]:
    """Each row of ``card`` at ``size`` as (text, style) pieces, cut to its first ``shown``
    cells (``under``: the next card covers the rest). Made once for each card, size and cut: a
    fan is these pieces side by side."""
    height, width, _ = SIZES[size]
    drawn = style._card_rows(card, size, height, width)
    if size == "medium" and under and card is not None:
        # Under the next card only the corner shows (not a cut-off "1" of a 10).
        for index in (2, 3):
            parts, styles = drawn[index]
            drawn[index] = ([parts[0], " " * len(parts[1]), parts[2]], styles)
    out = []
    for texts, styles in drawn:
        left = shown
        pieces = []
        for part, part_style in zip(texts, styles, strict=True):
            if left <= 0:
                break
            if part[:left]:
                pieces.append((part[:left], part_style))
            left -= len(part[:left])
        out.append(tuple(pieces))
    return tuple(out)


@lru_cache(maxsize=256)
def _small_rows(style: CardStyle, card: Card | None, last: bool) -> tuple[Run, ...]:
    """:meth:`CardStyle.full`'s three rows of one card, as runs (``last``: shown whole)."""
    return tuple(tuple((text, piece) for text, piece in zip(texts, styles, strict=True) if text)
                 for texts, styles in _small_card(style, card, last))


def _small_card(style: CardStyle, card: Card | None,
                last: bool) -> list[tuple[list[str], list[Style]]]:
    """The pieces of one small card's three rows: its left three columns under the next card
    (a 10 its left four), all five when ``last``."""
    if style.ascii:
        corner_tl, corner_tr, corner_bl, corner_br, horiz, vert = "+", "+", "+", "+", "-", "|"
    else:
        corner_tl, corner_tr, corner_bl, corner_br, horiz, vert = "╭", "╮", "╰", "╯", "─", "│"
    if card is None:
        back = style.back
        face = "#" * 3 if style.ascii else "░░░"
        width = 3 if last else 2
        return [([corner_tl + horiz * width + (corner_tr if last else "")], [back]),
                ([vert + face[:width] + (vert if last else "")], [back]),
                ([corner_bl + horiz * width + (corner_br if last else "")], [back])]
    ink, edge = style.ink(card), style.edge
    inner = f"{style.rank(card)}{style.suit(card)}".ljust(3)
    width = 3 if last or card.rank == "T" else 2
    return [([corner_tl + horiz * width + (corner_tr if last else "")], [edge]),
            ([vert, inner[:width], vert if last else ""], [edge, ink, edge]),
            ([corner_bl + horiz * width + (corner_br if last else "")], [edge])]


def overlapped_tens(cards: Sequence[Card | None]) -> int:
    """How many 10s of a fanned hand lie under the next card (see :meth:`CardStyle.fan_width`)."""
    return sum(1 for card in cards[:-1] if card is not None and card.rank == "T")


def card_style_of(game: Game) -> CardStyle:
    """How the game's settings (and ``--ascii``) say cards are drawn."""
    settings = game.settings
    return CardStyle(ascii=bool(game.options.ascii) or settings.ascii_cards,
                     four_colour=settings.four_colour)
