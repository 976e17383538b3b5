"""What "nothing is cut" means on a screen, checked from the screen itself.

- No widget is clipped by its container or by the terminal (its region lies inside its clip),
  except the lines inside a scrolling container (those are scrolled to, not cut).
- Every part of the felt and every bar drew its lines whole (``Pane.cut``, ``Drawn.cut``,
  ``KeyBar.cut``).
- A Textual label or static whose text would be wider than its region (with wrapping off) is cut.
- No ``…`` on screen: it is where Rich or Textual cut a label short.
"""

from __future__ import annotations

from textual.app import App
from textual.containers import ScrollableContainer
from textual.widget import Widget
from textual.widgets import DataTable

from blackjack_tui.ui.widgets.drawn import Drawn
from blackjack_tui.ui.widgets.key_bar import KeyBar
from blackjack_tui.ui.widgets.table import Table


def screen_text(app: App[object]) -> list[str]:
    update = app.screen._compositor.render_full_update(simplify=True)
    return ["".join(seg.text for strip in line for seg in strip) for line in update.strips]


def _scrolled(widget: Widget) -> bool:
    """Inside a container that scrolls (its content is reached by scrolling, not cut)."""
    return any(isinstance(node, ScrollableContainer | DataTable) and node is not widget
               for node in widget.ancestors)


def cuts(app: App[object]) -> list[str]:
    """Everything on the current screen that is cut, in words (empty when nothing is)."""
    screen = app.screen
    found = []
    for widget, geometry in screen._compositor.full_map.items():
        if not widget.display or not widget.visible or widget is screen:
            continue
        name = f"{type(widget).__name__}#{widget.id or ''}"
        region, clip = geometry.region, geometry.clip
        if region.area and not clip.contains_region(region) and not _scrolled(widget):
            found.append(f"{name} clipped: {region} outside {clip}")
        if isinstance(widget, Drawn) and widget.cut:
            found.append(f"{name} drew a line wider than itself")
        if isinstance(widget, Table):
            found.extend(f"{name}: its part #{pane.id} drew a line wider than itself"
                         for pane in widget.panes if pane.display and pane.cut)
        if isinstance(widget, KeyBar) and widget.cut:
            found.append(f"{name} left out keys for want of room")
    for row, line in enumerate(screen_text(app)):
        if "…" in line:
            found.append(f"row {row} shows an ellipsis: {line.strip()!r}")
    return found
