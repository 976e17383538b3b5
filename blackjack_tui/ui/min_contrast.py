"""A floor under contrast: every colour on screen reads against what is drawn beneath it.

A line filter on the app, after Textual's own (which turns the terminal's named colours and dim
text into real colours): a run of text whose colour would read under WCAG 4.5:1 against its
background is drawn darker or lighter, towards black or white, whichever the background allows,
until it does; lines, blocks and arrows (borders, gauges, a switch's knob) are held to 3:1, the
mark for graphics (WCAG 1.4.11). Colours that read already are left as they are, so the felt and
the cards keep their own palette and every theme its look; only what a theme (or a widget's fixed
colour on a theme it was not made for) would leave unreadable moves. Terminals offer the same as
a "minimum contrast" setting. The terminal's own named colours (the ``ansi`` themes) are the
terminal's to draw and are left alone.
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

TEXT, MARKS = 4.5, 3.0
RGB = tuple[int, int, int]
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)


def luminance(rgb: RGB) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def ratio(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@lru_cache(4096)
def legible(fg: RGB, bg: RGB, floor: float) -> RGB:
    """``fg``, or the nearest colour towards black or white that reads at ``floor`` on ``bg``."""
    if ratio(fg, bg) >= floor:
        return fg
    end = BLACK if ratio(BLACK, bg) >= ratio(WHITE, bg) else WHITE
    for step in range(1, 21):
        t = step / 20
        r, g, b = (round(f + (e - f) * t) for f, e in zip(fg, end, strict=True))
        if ratio((r, g, b), bg) >= floor:
            return r, g, b
    return end


def _is_text(text: str) -> bool:
    return any(c.isalnum() for c in text)


class MinimumContrast(LineFilter):
    """Text at 4.5:1 at least, marks at 3:1, against the colour beneath."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        # Most runs read already: one cached look-up each, and the line is returned as it is.
        ground = background.rgb
        out: list[Segment] | None = None
        for index, (text, style, control) in enumerate(segments):
            if style is None or control or text.isspace():
                continue
            fixes = _fixes(style, ground)
            if fixes is None:
                continue
            fixed = fixes[0] if _is_text(text) else fixes[1]
            if fixed is not style:
                if out is None:
                    out = list(segments)
                out[index] = Segment(text, fixed, control)
        return segments if out is None else out


@lru_cache(4096)
def _fixes(style: Style, ground: RGB) -> tuple[Style, Style] | None:
    """``None`` when the style reads as text already; else the style for text, for marks."""
    fg, bg = style.color, style.bgcolor
    fg_rgb: tuple[int, int, int] | None = fg.triplet if fg is not None else None
    bg_rgb: tuple[int, int, int] | None = bg.triplet if bg is not None else ground
    if style.reverse:
        fg_rgb, bg_rgb = bg_rgb, fg_rgb
    if fg_rgb is None or bg_rgb is None:
        return None  # the terminal's own colours (or its default): not ours to know
    fg_t, bg_t = (fg_rgb[0], fg_rgb[1], fg_rgb[2]), (bg_rgb[0], bg_rgb[1], bg_rgb[2])
    now = ratio(fg_t, bg_t)
    if now >= TEXT:
        return None
    marks = style if now >= MARKS else _with(style, legible(fg_t, bg_t, MARKS))
    return _with(style, legible(fg_t, bg_t, TEXT)), marks


def _with(style: Style, colour: RGB) -> Style:
    new = RichColor.from_rgb(*colour)
    return style + (Style(bgcolor=new) if style.reverse else Style(color=new))
