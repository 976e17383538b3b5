"""WCAG contrast measured from a rendered screen: the SVG export's colours, cell by cell.

    python -m tests.ui.contrast            # the lowest contrast per theme and screen

Rich's SVG export draws each run of background as a ``<rect fill>`` and each run of text as a
``<text class>`` whose class sets its ``fill``; both sit on a grid of cells. Every character that
is not a space gets the contrast of its text colour against the background under it.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

CELL_W, LINE_H, TOP = 12.2, 24.4, 1.5
RECT = re.compile(r'<rect fill="(#[0-9a-fA-F]{6})" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"')
TEXT = re.compile(r'<text class="([\w-]+)" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>')
CLASS = re.compile(r"\.([\w-]+) \{ fill: (#[0-9a-fA-F]{6})")


def luminance(colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Cell:
    row: int
    col: int
    char: str
    ratio: float


def cells(svg: str) -> list[Cell]:
    """Every visible character of the screenshot with its contrast ratio."""
    fills = dict(CLASS.findall(svg))
    background: dict[tuple[int, int], str] = {}
    for fill, x, y, width in RECT.findall(svg)[1:]:  # the first is the window frame
        row = round((float(y) - TOP) / LINE_H)
        start = round(float(x) / CELL_W)
        for col in range(start, start + round(float(width) / CELL_W)):
            background[row, col] = fill
    out = []
    for cls, x, y, text in TEXT.findall(svg):
        fg = fills.get(cls)
        if fg is None:
            continue
        row = int((float(y) - TOP) // LINE_H)
        col = round(float(x) / CELL_W)
        for offset, char in enumerate(html.unescape(text)):
            if char.strip() and char != "\xa0":
                bg = background.get((row, col + offset))
                if bg is not None:
                    out.append(Cell(row, col + offset, char, contrast(fg, bg)))
    return out


def lowest(svg: str, rows: range | None = None, cols: range | None = None) -> Cell | None:
    found = [c for c in cells(svg) if (rows is None or c.row in rows)
             and (cols is None or c.col in cols)]
    return min(found, key=lambda c: c.ratio) if found else None


async def render(theme: str, keys: list[str], size: tuple[int, int] = (80, 24)) -> str:
    import tempfile
    from pathlib import Path

    from blackjack_tui.ui.app import BlackjackApp, PlayOptions

    with tempfile.TemporaryDirectory() as data:
        app = BlackjackApp(PlayOptions(rules="nordic", seed=1, data_dir=Path(data),
                                       speed="instant"))
        async with app.run_test(size=size) as pilot:
            app.theme = theme
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            await pilot.pause()
            return app.export_screenshot()


SCREENS = {"table": [], "help": ["question_mark"], "options": ["o"], "statistics": ["w"]}


async def report() -> None:
    from textual.app import App

    for theme in sorted(App().available_themes):
        line = [f"{theme:22}"]
        for name, keys in SCREENS.items():
            cell = lowest(await render(theme, keys))
            line.append(f"{name} {cell.ratio:5.2f} ({cell.char!r})" if cell else f"{name} -")
        print("  ".join(line), flush=True)


if __name__ == "__main__":
    import asyncio

    asyncio.run(report())
