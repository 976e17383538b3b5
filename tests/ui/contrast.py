"""WCAG contrast measured from a rendered screen: the SVG export's colours, cell by cell.

    python -m tests.ui.contrast [SCENE ...]   # the lowest contrast of text / marks per theme

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


async def render(theme: str, keys: list[str], size: tuple[int, int] = (80, 24),
                 rules: str = "nordic", shoe: list[str] | None = None,
                 broke: bool = False) -> str:
    """The app's screen as SVG, in ``theme``, after ``keys`` (``broke``: out of chips first)."""
    import tempfile
    from decimal import Decimal
    from pathlib import Path

    from blackjack_tui.ui.app import BlackjackApp, PlayOptions
    from blackjack_tui.ui.demo import wait_for_table

    with tempfile.TemporaryDirectory() as data:
        app = BlackjackApp(PlayOptions(rules=rules, seed=1, data_dir=Path(data),
                                       speed="instant",
                                       stacked=tuple(shoe) if shoe is not None else None))
        async with app.run_test(size=size) as pilot:
            app.theme = theme
            await wait_for_table(pilot)
            if broke:
                from blackjack_tui.store import BANKROLL, Line

                app.game.store.post([Line(BANKROLL, "fresh", -app.game.bankroll, "broke")])
                app.game.session.bankroll = Decimal(0)
            for key in keys:
                await pilot.press(key)
                await wait_for_table(pilot)
            await pilot.pause()
            return app.export_screenshot()


SPLIT = ["8S", "5H", "TD", "TC", "8D", "6C", "9S", "7H", "3H", "KC", "9D", "QH", "5S"]
ACE_UP = ["9S", "AH", "8D", "7C", "TS", "5D"]
# name: (keys, rules, shoe, broke)
SCENES: dict[str, tuple[list[str], str, list[str] | None, bool]] = {
    "table": ([], "nordic", None, False),
    "round": (["right_square_bracket", "plus", "2", "plus", "3", "plus", "enter", "p"],
              "nordic", SPLIT, False),
    "settled": (["2", "plus", "3", "plus", "enter", "p", "d", "s", "d", "s"], "nordic", SPLIT,
                False),
    "seats": (["a", "a", "4", "plus", "enter"], "swedish", None, False),
    "insurance": (["enter", "i"], "home", ACE_UP, False),
    "broke": (["enter"], "nordic", None, True),
    "help": (["question_mark"], "nordic", None, False),
    "options": (["o"], "nordic", None, False),
    "rules": (["m"], "nordic", None, False),
    "history": (["enter", "s", "y"], "nordic", ["TS", "7D", "9H", "8C", "TC"], False),
    "statistics": (["enter", "s", "w"], "nordic", ["TS", "7D", "9H", "8C", "TC"], False),
    "fair": (["f"], "nordic", None, False),
}


def text_cells(svg: str) -> list[Cell]:
    """The letters and digits on screen: text, held to WCAG 1.4.3 (4.5:1)."""
    return [c for c in cells(svg) if c.char.isalnum()]


def mark_cells(svg: str) -> list[Cell]:
    """Everything else drawn (borders, switch knobs, arrows, gauges): WCAG 1.4.11 (3:1)."""
    return [c for c in cells(svg) if not c.char.isalnum()]


async def scene_svg(theme: str, name: str) -> str:
    keys, rules, shoe, broke = SCENES[name]
    return await render(theme, keys, rules=rules, shoe=shoe, broke=broke)


async def report(names: list[str] | None = None) -> None:
    """The lowest contrast of text and of marks, per theme and screen."""
    from textual.app import App

    names = names or list(SCENES)
    for theme in sorted(App().available_themes):
        line = [f"{theme:20}"]
        for name in names:
            svg = await scene_svg(theme, name)
            text = min(text_cells(svg), key=lambda c: c.ratio, default=None)
            mark = min(mark_cells(svg), key=lambda c: c.ratio, default=None)
            line.append(f"{name} {text.ratio if text else 0:4.1f}/{mark.ratio if mark else 0:4.1f}"
                        f"{'' if text is None or text.ratio >= 4.5 else '!' + text.char}")
        print("  ".join(line), flush=True)


if __name__ == "__main__":
    import asyncio
    import sys

    asyncio.run(report(sys.argv[1:] or None))
