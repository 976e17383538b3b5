"""Lines of the felt made of runs: pieces of text with their styles, each run drawn once.

A fanned hand's row is the same few pieces at every card: each card's slice of that row (its
edge and its ink), the box's wall, the marker of the hand in play. As Rich text, each new row
was appended piece by piece and then cut back into segments, a dozen style sums a row: a third
of a hit's own work at 120×40. A :class:`Runs` line keeps the pieces in *runs* (a card's slice,
a wall), each a tuple made once and kept (:func:`blackjack_tui.ui.cards.fan_runs`); its strip is
the runs' segments, made once for each run and felt colour, side by side.

A line of runs draws exactly as the Rich text it stands for (:meth:`Runs.text`): the same
segments, cut where Rich cuts (at every piece with a style; unstyled text next to unstyled text
is one segment), in the same styles. ``tests/ui/test_kept_lines.py`` checks every line on the
felt both ways.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TypeAlias

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text
from textual.strip import Strip

Piece = tuple[str, Style | None]
"""Text and its style (``None``: the line's own, the felt's)."""
Run = tuple[Piece, ...]
"""Pieces side by side, kept as one (a card's slice of a row, a wall)."""


class Runs:
    """A line made of runs (see the module): what a row of the felt shows, as values."""

    __slots__ = ("_cells", "_plain", "runs")

    def __init__(self, runs: tuple[Run, ...], cells: int | None = None) -> None:
        """``cells``: the line's width, when the maker knows it (else counted when asked)."""
        self.runs = runs
        self._plain: str | None = None
        self._cells = cells

    @property
    def plain(self) -> str:
        if self._plain is None:
            self._plain = "".join(text for run in self.runs for text, _ in run)
        return self._plain

    @property
    def cell_len(self) -> int:
        if self._cells is None:
            self._cells = sum(run_cells(run) for run in self.runs)
        return self._cells

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Runs):
            return NotImplemented
        return self.runs == other.runs

    def __hash__(self) -> int:
        return hash(self.runs)

    def __repr__(self) -> str:
        return f"Runs({self.plain!r})"

    def text(self) -> Text:
        """The line as the Rich text it stands for."""
        spans = []
        offset = 0
        for run in self.runs:
            for text, style in run:
                end = offset + len(text)
                if style is not None and end > offset:
                    spans.append(Span(offset, end, style))
                offset = end
        return Text(self.plain, spans=spans)

    # Making lines of lines (each as the Rich text of the same name makes it)

    def after(self, run: Run) -> Runs:
        """``run``, then this line (``Text.assemble(run, line)``)."""
        if not run:
            return self
        return Runs(_joined((run, *self.runs)), run_cells(run) + self.cell_len)

    def padded(self, width: int) -> Runs | Text:
        """The line made ``width`` cells wide with unstyled spaces (cropped if wider)."""
        cells = self.cell_len
        if cells > width:
            return self.cropped(width)
        if cells == width:
            return self
        return Runs(_joined((*self.runs, ((" " * (width - cells), None),))), width)

    def on(self, width: int, ground: Style) -> Runs | Text:
        """The line made ``width`` cells wide, every cell on ``ground`` (the hand in play's well:
        what a Rich text of that style gives)."""
        cells = self.cell_len
        if cells > width:
            return _grounded_text(self.cropped(width), ground)
        runs = tuple(_grounded(run, ground) for run in self.runs)
        if cells < width:
            runs += (((" " * (width - cells), ground),),)
        return Runs(runs, width)

    def walled(self, width: int, wall: str, edge: Style) -> Runs | Text:
        """``wall``, the line made ``width`` cells wide, ``wall`` (a row of a box)."""
        cells = self.cell_len
        if cells > width:
            return self.cropped(width)
        pad = ((" " * (width - cells), None),) if cells < width else ()
        side = _wall(wall, edge)
        return Runs(_joined((side, *self.runs, pad, side)), width + 2 * run_cells(side))

    def cropped(self, width: int) -> Text:
        text = self.text()
        text.truncate(width, overflow="crop")
        return text

    # Drawing

    def strip(self, width: int, base: Style) -> Strip:
        """The line as a strip ``width`` cells wide (at least its own) on ``base`` (the felt's
        colours): each run's segments as made the first time, side by side."""
        cells = self.cell_len
        if cells > width:
            raise ValueError(f"a line of {cells} cells drawn in {width}")  # (panes crop first)
        segments: list[Segment] = []
        for run in self.runs:
            segments.extend(_segments(run, base))
        if cells < width:
            segments.append(Segment(" " * (width - cells), base))
        return Strip(segments, width)


Line: TypeAlias = Text | Runs
"""A line of a pane: Rich text, or runs."""


def _joined(runs: tuple[Run, ...]) -> tuple[Run, ...]:
    """The runs without empty ones, and unstyled text next to unstyled text made one piece (as
    Rich draws it: one segment, no span between)."""
    out: list[Run] = []
    for run in runs:
        if not run:
            continue
        if out and out[-1][-1][1] is None and run[0][1] is None:
            last = out[-1]
            out[-1] = (*last[:-1], (last[-1][0] + run[0][0], None))
            run = run[1:]
            if not run:
                continue
        out.append(run)
    return tuple(out)


@lru_cache(maxsize=4096)
def run_cells(run: Run) -> int:
    """How many cells ``run`` takes."""
    return sum(cell_len(text) for text, _ in run)


@lru_cache(maxsize=4096)
def _segments(run: Run, base: Style) -> tuple[Segment, ...]:
    """The run's segments on ``base``, made once for each run and felt colour."""
    return tuple(Segment(text, base + style if style is not None else base)
                 for text, style in run if text)


@lru_cache(maxsize=4096)
def _grounded(run: Run, ground: Style) -> Run:
    """The run on ``ground``: each piece's style over it."""
    return tuple((text, ground + style if style is not None else ground) for text, style in run)


@lru_cache(maxsize=64)
def _wall(wall: str, edge: Style) -> Run:
    return ((wall, edge),)


def _grounded_text(text: Text, ground: Style) -> Text:
    text.style = ground
    return text
