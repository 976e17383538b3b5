"""A part of the felt: lines of text at a place on the one felt widget, redrawn only when what it
shows has changed.

The felt (:class:`~blackjack_tui.ui.widgets.table.Table`) is one widget: the dealer, the shoe, the
discard tray, the boxes, the seats and the printed rules are *panes* of it, not widgets of their
own. Each pane is handed what it shows as plain values (its *key*, as a
:class:`~blackjack_tui.ui.widgets.drawn.Drawn` widget is); when the key is the same as the last
one nothing happens at all. A new picture tells the felt which of the pane's rows changed, and
the felt draws those rows again (a chip: one row of a box). A line wider than the pane is cropped
and the pane remembers it (:attr:`cut`), so tests can check that nothing on the felt is ever cut.

Why not widgets: every widget costs Textual its composition, its styling, its place in the layout
and a paint of its own at the first frame; a dozen of them were a third of the start.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Protocol

from rich.text import Text
from textual.geometry import Region, Size

from blackjack_tui.ui.runs import Line, Runs

if TYPE_CHECKING:
    from textual.message import Message


class Felt(Protocol):
    """What a pane tells of itself: the felt it lies on (the table widget)."""

    def pane_drawn(self, pane: Pane, rows: Sequence[int] | None) -> None:
        """``rows`` of ``pane`` (``None``: all of them) show something new."""


class _Nowhere:
    """The felt of a pane not on one yet: nothing to draw again."""

    def pane_drawn(self, pane: Pane, rows: Sequence[int] | None) -> None:
        pass


class Pane:
    """Lines of Rich text on the felt, made by a function only when the key changes."""

    colour: str | None = None
    """The pane's text colour on the felt (``None``: the felt's own)."""
    on_ground = False
    """Whether the pane's blank cells are the felt's colour alone (no text colour: as a
    ``Static`` aligns its text), rather than the pane's colours."""

    def __init__(self, *, id: str | None = None) -> None:
        self.id = id
        self.felt: Felt = _Nowhere()
        self.region = Region(0, 0, 0, 0)
        """Where the pane lies on the felt (in the felt's content, as laid out for its size)."""
        self.display = True
        """Whether the felt shows the pane at its size (the seats, the printed rules)."""
        self._key: Hashable = object()
        self.cut = False
        """Whether a line of the last picture was wider than the pane (and cropped)."""
        self.lines: list[Line] = []
        """The last picture, line by line (for tests and the ``shown`` helper)."""

    @property
    def drawn_size(self) -> Size:
        """The pane's size on the felt."""
        return self.region.size

    @property
    def size(self) -> Size:
        return self.region.size

    def draw(self, key: Hashable, make: Callable[[], Sequence[Line]],
             width: int | None = None) -> bool:
        """Show what ``make`` draws, if ``key`` differs from the last; returns whether it did."""
        if key == self._key:
            return False
        self._key = key
        lines = list(make())
        limit = width if width is not None else self.region.width
        self.cut = bool(limit) and any(line.cell_len > limit for line in lines)
        if self.cut and limit:
            lines = [line if line.cell_len <= limit else _crop(line, limit) for line in lines]
        old, self.lines = self.lines, lines
        if len(old) != len(lines):
            self.felt.pane_drawn(self, None)
            return True
        rows = [y for y, (before, after) in enumerate(zip(old, lines, strict=True))
                if before is not after and before != after]  # (a kept line is the same one)
        if rows:
            self.felt.pane_drawn(self, rows)
        return True

    def forget(self) -> None:
        """Draw again at the next :meth:`draw`, even with the same key (the size changed)."""
        self._key = object()

    def redraw(self) -> None:
        """Draw from the pane's own state (after a new size); subclasses that keep it say how."""

    def click(self, x: int, y: int) -> Message | None:
        """A click at ``x``, ``y`` in the pane: the message the felt posts for it, if any."""
        return None

    @property
    def plain(self) -> str:
        """What the pane shows, as plain text."""
        return "\n".join(line.plain for line in self.lines)


def _crop(line: Line, width: int) -> Text:
    if isinstance(line, Runs):
        return line.cropped(width)
    cropped = line.copy()
    cropped.truncate(width, overflow="crop")
    return cropped
