"""``--ascii``: every cell on screen in plain ASCII, whatever a widget (ours or Textual's) draws.

A line filter on the app: each character outside ASCII becomes its nearest ASCII look-alike of the
same width (box drawing to ``+-|``, blocks to ``#``, suits to ``s h d c``, arrows to ``> <``),
and anything else to ``?``. The cards and the key names choose ASCII themselves; this catches the
rest (borders, gauges, footer symbols, scrollbars, Textual's own widgets).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

NEAREST = {
    "♠": "s", "♥": "h", "♦": "d", "♣": "c", "●": "o", "•": "*", "·": "-", "–": "-", "—": "-",
    "×": "x", "→": ">", "←": "<", "↑": "^", "↓": "v", "▶": ">", "◀": "<", "▲": "^", "▼": "v",
    "…": ".", "≤": "<", "≥": ">", "◆": "*", "✓": "v", "✗": "x", "⏎": "~", "␣": "_", "⌫": "<",
    "░": ".", "▒": ":", "▓": "#", "█": "#", "▕": "|", "▏": "|", "▌": "|", "▐": "|",
    "╱": "/", "╲": "\\", "╳": "X", "‘": "'", "’": "'", "“": '"', "”": '"', "€": "E",
}


@lru_cache(4096)
def ascii_of(char: str) -> str:
    """The ASCII stand-in for one character, as many cells wide as the character."""
    if char.isascii():
        return char
    if char in NEAREST:
        return NEAREST[char]
    name = unicodedata.name(char, "")
    wide = unicodedata.east_asian_width(char) in ("W", "F")
    if name.startswith("BOX DRAWINGS"):
        if "HORIZONTAL" in name and "VERTICAL" not in name:
            return "-"
        if "VERTICAL" in name and "HORIZONTAL" not in name:
            return "|"
        if "ARC" in name or "DOWN" in name or "UP" in name:
            return "+"
        return "+"
    if name.startswith(("LOWER", "UPPER", "FULL BLOCK", "LEFT", "RIGHT", "QUADRANT")):
        return "#"
    if unicodedata.combining(char):
        return ""
    return "??" if wide else "?"


@lru_cache(4096)
def ascii_text(text: str) -> str:
    return "".join(ascii_of(c) for c in text) if not text.isascii() else text


class AsciiFilter(LineFilter):
    """Replace every non-ASCII character on screen."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(ascii_text(text), style, control) if not text.isascii() else
                Segment(text, style, control) for text, style, control in segments]
