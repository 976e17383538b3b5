"""Widgets that hand the compositor the lines they last painted while nothing under them changed.

Textual repaints the bounding box of all the regions that changed in a frame, and asks every
widget under that box for its lines — on a hit the box, the shoe gauge and the action bar change,
so that is nearly every widget on the screen. Textual keeps each widget's lines (its styles
cache), but still works out the widget's colours, opacity and filters and runs every line
through the filters on each such call: some 40 µs a widget, most of a frame in which one row of
one box changed.

:class:`KeptLines` keeps the list of lines it last gave for a crop, and gives it again while
nothing that Textual's own line cache depends on has changed: every repaint of the widget (a
``refresh``, a changed row, a new size; a changed colour refreshes the widget and all under it)
moves the widget's paint *epoch* on, and the line filters, the
size and the hover style are part of the key. So the kept lines are exactly the lines Textual
would give: its styles cache would give the same cached lines, through the same filters.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from textual._styles_cache import StylesCache
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.widget import Widget

    _Base = Widget
else:
    _Base = object


class _CountingStylesCache(StylesCache):
    """Textual's styles cache, counting the changes that make it paint lines again."""

    def __init__(self) -> None:
        super().__init__()
        self.epoch = 0

    def clear(self) -> None:
        self.epoch += 1
        super().clear()

    def set_dirty(self, *regions: Region) -> None:
        self.epoch += 1
        super().set_dirty(*regions)


class KeptLines(_Base):
    """Mix into a widget (before the widget class) to keep its last painted lines."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._styles_cache = _CountingStylesCache()
        self._kept_key: Hashable = None
        self._kept: list[Strip] = []

    def render_lines(self, crop: Region) -> list[Strip]:
        cache = self._styles_cache
        assert isinstance(cache, _CountingStylesCache)
        key = (crop, cache.epoch, self._size, tuple(self.get_line_filters()), self.hover_style)
        if key == self._kept_key:
            return self._kept
        lines = super().render_lines(crop)
        # (rendering may itself clear the cache, e.g. for a new width: key on the epoch after)
        self._kept_key = (crop, cache.epoch, self._size, key[3], key[4])
        self._kept = lines
        return lines


class KeptStatic(KeptLines, Static):
    """A ``Static`` that keeps its lines."""


class KeptHorizontal(KeptLines, Horizontal):
    """A ``Horizontal`` that keeps its lines (the felt shows through between its children)."""


class KeptVertical(KeptLines, Vertical):
    """A ``Vertical`` that keeps its lines."""
