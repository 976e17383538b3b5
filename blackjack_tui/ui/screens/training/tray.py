"""The discard tray drawn to scale: one row a deck, the top row's fill in quarter decks."""

from __future__ import annotations

from rich.text import Text

# A row's fill by quarter decks (0-4), lower blocks: the cards lie flat in the tray.
BLOCKS = (" ", "▂", "▄", "▆", "█")
ASCII = (" ", ".", "-", "=", "#")
WIDTH = 10


def tray(decks: int, quarters: int, *, ascii: bool = False) -> list[Text]:
    """The tray of a ``decks``-deck shoe holding ``quarters`` quarter decks, top row first,
    with the deck marks at its side."""
    blocks = ASCII if ascii else BLOCKS
    side = "|" if ascii else "│"
    lines = []
    for row in range(decks, 0, -1):  # the top row is the last deck's
        fill = min(4, max(0, quarters - (row - 1) * 4))
        line = Text(f"{row:>2} ", style="dim")
        line.append(side, style="dim")
        line.append(blocks[fill] * WIDTH, style="#c9b27c")
        line.append(side, style="dim")
        lines.append(line)
    bottom = Text("   " + ("+" + "-" * WIDTH + "+" if ascii else "└" + "─" * WIDTH + "┘"),
                  style="dim")
    bottom.append("   " + "  ".join(f"{blocks[q]} {words}" for q, words in
                                    ((1, "1/4"), (2, "1/2"), (3, "3/4"), (4, "a deck"))),
                  style="dim")
    lines.append(bottom)
    return lines
