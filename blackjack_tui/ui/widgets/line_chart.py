"""A line chart in braille dots (plain ASCII on request): a few series over the same steps.

Each terminal cell holds 2×4 braille dots, so an 80-column chart has 150-odd points across. The
values are floats because this only places dots; the figures printed beside the chart come from
the caller's own formatting of the exact amounts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from msgspec import Struct
from rich.text import Text
from textual.widget import Widget

# Braille dot bits by (column, row) inside a cell (Unicode's dot numbering).
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
PALETTE = ("primary", "warning", "success", "error", "accent", "secondary")


class Series(Struct, frozen=True):
    label: str
    values: tuple[float, ...]
    colour: str = ""  # a theme variable (``primary``, ``success``…) or a Rich colour


class Rule(Struct, frozen=True):
    """A horizontal line across the chart (the ledger's floor)."""

    label: str
    value: float
    colour: str = "error"


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 or value == int(value) else f"{value:,.2f}"


def money_label(value: float) -> str:
    """A chart's axis label for an amount (whole above 100, else to the cent)."""
    from decimal import Decimal

    from blackjack_tui.engine.money import money_str

    return money_str(Decimal(f"{value:.0f}" if abs(value) >= 100 else f"{value:.2f}"))


def _line(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The dots from one point to the next (Bresenham)."""
    points = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        points.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return points
        twice = 2 * err
        if twice >= dy:
            err += dy
            x0 += sx
        if twice <= dx:
            err += dx
            y0 += sy


class _Canvas:
    """Cells of dots, each with the colour of the last line drawn through it."""

    def __init__(self, columns: int, rows: int, ascii: bool) -> None:
        self.columns, self.rows, self.ascii = columns, rows, ascii
        self.across, self.down = (1, 1) if ascii else (2, 4)
        self.bits = [[0] * columns for _ in range(rows)]
        self.ink: list[list[str]] = [[""] * columns for _ in range(rows)]
        self.glyph = [[""] * columns for _ in range(rows)]

    @property
    def width(self) -> int:
        return self.columns * self.across

    @property
    def height(self) -> int:
        return self.rows * self.down

    def dot(self, x: int, y: int, colour: str, glyph: str = "*") -> None:
        column, row = x // self.across, y // self.down
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            return
        self.bits[row][column] |= _DOTS[x % self.across][y % self.down]
        self.ink[row][column] = colour
        self.glyph[row][column] = glyph

    def text(self, row: int) -> Text:
        line = Text()
        for column in range(self.columns):
            bits = self.bits[row][column]
            if not bits:
                line.append(" ")
            elif self.ascii:
                line.append(self.glyph[row][column], self.ink[row][column])
            else:
                line.append(chr(0x2800 + bits), self.ink[row][column])
        return line


def draw(series: Sequence[Series], width: int, height: int, *, title: str = "",
         x_label: str = "", rules: Sequence[Rule] = (), ascii: bool = False,
         y_format: Callable[[float], str] = _number,
         colours: Callable[[str], str] = lambda name: name) -> list[Text]:
    """The chart as ``height`` lines of ``width`` cells: title, plot and y axis, x axis, key."""
    values = [v for s in series for v in s.values] + [r.value for r in rules]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if low == high:
        low, high = low - 1, high + 1
    labels = [y_format(high), y_format((low + high) / 2), y_format(low)] if values else [""] * 3
    if labels[1] in (labels[0], labels[2]):
        labels[1] = ""  # a middle figure that reads like an end one says nothing
    gutter = max(len(label) for label in labels) + 1
    plot_rows = max(1, height - 3)
    canvas = _Canvas(max(1, width - gutter - 1), plot_rows, ascii)
    steps = max((len(s.values) for s in series), default=1)

    def place(i: int, value: float) -> tuple[int, int]:
        x = round(i * (canvas.width - 1) / max(1, steps - 1))
        y = round((high - value) / (high - low) * (canvas.height - 1))
        return x, y

    for rule in rules:
        _, y = place(0, rule.value)
        for x in range(0, canvas.width, 2):
            canvas.dot(x, y, colours(rule.colour), "-")
    for series_ in series:
        colour = colours(series_.colour)
        points = [place(i, v) for i, v in enumerate(series_.values)]
        for (x0, y0), (x1, y1) in pairwise(points):
            for x, y in _line(x0, y0, x1, y1):
                canvas.dot(x, y, colour)
        if len(points) == 1:
            canvas.dot(*points[0], colour)

    lines = [Text(title.center(width)[:width].rstrip(), style="bold")]
    for row in range(plot_rows):
        label = labels[0] if row == 0 else labels[2] if row == plot_rows - 1 else \
            labels[1] if row == plot_rows // 2 else ""
        line = Text()
        line.append(label.rjust(gutter - 1) + " │", style="dim")
        line.append_text(canvas.text(row))
        lines.append(line)
    first, last = "0", str(steps - 1)
    axis = "└" + "─" * canvas.columns
    lines.append(Text(" " * gutter + axis, style="dim"))
    key = Text(" " * gutter + first.ljust(2))
    for s in series:
        key.append("━━ " if not ascii else "-- ", colours(s.colour))
        key.append(f"{s.label}  ")
    for rule in rules:
        key.append("┄┄ " if not ascii else ".. ", colours(rule.colour))
        key.append(f"{rule.label}  ")
    tail = f"{x_label} {last}".strip()
    key.append(" " * max(1, width - len(key.plain) - len(tail)) + tail, style="dim")
    lines.append(key)
    for line in lines:
        line.truncate(width)
    return lines[:height]


class LineChart(Widget):
    """Draws :func:`draw` at the widget's size, in the theme's colours; :meth:`plot` sets it."""

    DEFAULT_CSS = """
    LineChart { width: 1fr; height: 1fr; min-height: 6; }
    """

    def __init__(self, *, ascii: bool = False, y_format: Callable[[float], str] = _number,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.ascii = ascii
        self.y_format = y_format
        self._series: tuple[Series, ...] = ()
        self._rules: tuple[Rule, ...] = ()
        self._title = ""
        self._x_label = ""

    def plot(self, series: Sequence[Series], *, title: str = "", x_label: str = "",
             rules: Sequence[Rule] = ()) -> None:
        self._series = tuple(Series(s.label, s.values, s.colour or PALETTE[i % len(PALETTE)])
                             for i, s in enumerate(series))
        self._rules, self._title, self._x_label = tuple(rules), title, x_label
        self.refresh()

    def _colour(self, name: str) -> str:
        return self.app.theme_variables.get(name, name)

    def render(self) -> Text:
        lines = draw(self._series, self.size.width, self.size.height, title=self._title,
                     x_label=self._x_label, rules=self._rules, ascii=self.ascii,
                     y_format=self.y_format, colours=self._colour)
        return Text("\n").join(lines)
