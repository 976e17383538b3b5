"""Widgets that hand the compositor the lines they last painted while nothing under them changed.

Textual repaints the bounding box of all the regions that changed in a frame, and asks every
widget under that box for its lines (:meth:`Widget.render_lines`) — on a hit the box, the shoe
gauge and the action bar change, so that is nearly every widget on the screen. Textual keeps each
widget's styled lines, but still works out the widget's colours, size, opacity and filters and
runs every line through the filters on each such call: some 40 µs a widget, most of a frame in
which one row of one box changed.

:class:`KeptLines` keeps the list of lines Textual last painted for a crop and gives it again
while nothing that can change them has happened. Only public hooks say so: every repaint of the
widget goes through :meth:`Widget.refresh` (a changed row, ``update``, a style set from code or
CSS, a theme: Textual refreshes each widget whose styles change, and its children when a colour
they inherit does) and every change of CSS through :meth:`notify_style_update`; each moves the
widget's paint *epoch* on. The size, the line filters and the hover style are part of the key.
A new size repaints the widget without a ``refresh`` (the size is in the key).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Static

if TYPE_CHECKING:
    from typing import Self

    from textual.widget import Widget

    _Base = Widget
else:
    _Base = object


class KeptLines(_Base):
    """Mix into a widget (before the widget class) to keep its last painted lines."""

    kept_epoch = 0
    """How many times the widget was asked to repaint (each ask forgets the kept lines)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept_key: Hashable = None
        self._kept: list[Strip] = []

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        self.kept_epoch += 1
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        self.kept_epoch += 1
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        key = (crop, self.kept_epoch, self.outer_size, tuple(self.get_line_filters()),
               self.hover_style)
        if key == self._kept_key:
            return self._kept
        lines = super().render_lines(crop)
        self._kept_key = key
        self._kept = lines
        return lines


class KeptStatic(KeptLines, Static):
    """A ``Static`` that keeps its lines."""

