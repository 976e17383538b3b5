"""A widget drawn from lines of text that redraws only when what it shows has changed.

Every widget on the felt and in the bars is one of these. Each is given what it shows as plain
values (its *key*: a tuple of what the picture depends on, its size included); when the key is
the same as the last one nothing happens at all — no new Rich text, no repaint, no layout. The
widgets have fixed sizes (set by the felt's CSS for each card size), so a redraw is a repaint of
that one widget's region and never a layout pass. A line wider than the widget is cropped and the
widget remembers it (:attr:`cut`), so tests can check that nothing on screen is ever cut.

The lines go to the screen through Textual's line API (:meth:`render_line`): each is turned into a
strip once per picture, without Textual's general text pipeline (wrapping, markup, alignment),
which this fixed, pre-laid-out text never needs. A new picture of as many lines refreshes only
the regions of the rows that changed (a chip: one row of a box), so Textual styles those rows
again and keeps the others; the compositor is handed the widget's kept lines (:class:`KeptLines`)
while nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.filter import LineFilter
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from blackjack_tui.ui.min_contrast import MinimumContrast
from blackjack_tui.ui.widgets.kept import KeptLines


class Drawn(KeptLines, Widget):
    """Lines of Rich text, made by a function only when the key changes."""

    DEFAULT_CSS = "Drawn { height: 1; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._key: Hashable = object()
        self._text: Text | None = None
        self._strips: list[Strip | None] | None = None
        self._width = 0
        self._base = Style()
        self.cut = False
        """Whether a line of the last picture was wider than the widget (and cropped)."""
        self.lines: list[Text] = []
        """The last picture, line by line (for tests and the ``shown`` helper)."""

    def draw(self, key: Hashable, make: Callable[[], Sequence[Text]],
             width: int | None = None) -> bool:
        """Show what ``make`` draws, if ``key`` differs from the last; returns whether it did."""
        if key == self._key:
            return False
        self._key = key
        lines = list(make())
        limit = width if width is not None else self.drawn_size.width
        self.cut = bool(limit) and any(line.cell_len > limit for line in lines)
        if self.cut and limit:
            lines = [line if line.cell_len <= limit else _crop(line, limit) for line in lines]
        old, self.lines = self.lines, lines
        self._text = None
        strips = self._strips
        if strips is None or len(old) != len(lines) or (strips and limit != self._width):
            self._strips = None
            self.refresh()
            return True
        # Only the rows that changed are drawn again (a chip: one row of a box).
        top = self.styles.padding.top
        row_width = self.drawn_size.width
        rows = []
        for y, (before, after) in enumerate(zip(old, lines, strict=True)):
            if before is not after and before != after:  # (a kept line is the same one)
                strips[y] = None
                rows.append(Region(0, top + y, row_width, 1))
        if rows:
            self.refresh(*rows)
        return True

    @property
    def drawn_size(self) -> Size:
        """The size of the widget's content, for its drawing: the size the last layout gave the
        widget, less its border and padding (what ``content_size`` gives, without finding the
        widget on its screen, as that does at every call)."""
        gutter = self.styles.gutter
        if not gutter:
            return self.outer_size
        width, height = self.outer_size
        return Size(max(0, width - gutter.width), max(0, height - gutter.height))

    def forget(self) -> None:
        """Draw again at the next :meth:`draw`, even with the same key (the size changed)."""
        self._key = object()

    def on_resize(self) -> None:
        self.forget()
        self.redraw()

    def redraw(self) -> None:
        """Draw from the widget's own state (after a resize); subclasses that keep it say how."""

    def get_line_filters(self) -> Sequence[LineFilter]:
        """The app's filters but the contrast floor: these widgets' colours read as they are
        (the felt's palette, the theme's text on its bars; the contrast test checks them)."""
        return [f for f in super().get_line_filters() if type(f) is not MinimumContrast]

    def render(self) -> Text:
        if self._text is None:
            text = Text("\n").join(self.lines)
            text.no_wrap = True
            text.overflow = "crop"
            self._text = text
        return self._text

    def render_line(self, y: int) -> Strip:
        width = self.drawn_size.width
        base = self.visual_style.rich_style
        if self._strips is None or width != self._width or base != self._base:
            # A new size or new colours under the lines (another theme): every strip again.
            self._strips = [None] * len(self.lines)
            self._width, self._base = width, base
        strips = self._strips
        if y >= len(strips):
            return Strip.blank(width, base)
        strip = strips[y]
        if strip is None:
            strip = strips[y] = strip_of(self.lines[y], width, base, self.app.console)
        return strip

    @property
    def plain(self) -> str:
        """What the widget shows, as plain text."""
        return "\n".join(line.plain for line in self.lines)


def strip_of(line: Text, width: int, base: Style, console: Console) -> Strip:
    """The line as a strip exactly ``width`` cells wide, on ``base``: what
    ``Strip(line.render(console)).crop_extend(0, width, None).apply_style(base)`` gives, made
    without the two strips between (a line of a box is drawn in a third of the time)."""
    length = line.cell_len
    if length > width or not base:
        return (Strip(list(line.render(console, end="")), length)
                .crop_extend(0, width, None).apply_style(base))
    add = base.__add__
    parts = _segments(line, console)
    if parts is None:
        segments = [Segment(text, add(style)) for text, style, _ in line.render(console, end="")]
    else:
        segments = [Segment(text, add(style)) for text, style in parts]
    if length < width:
        segments.append(Segment(" " * (width - length), base))
    return Strip(segments, width)


def _segments(line: Text, console: Console) -> list[tuple[str, Style | None]] | None:
    """``line.render(console)`` for a line whose spans follow one another or nest (a part
    appended with a style of its own, then the part's spans, as ``append_text`` leaves them):
    nearly every line drawn. Each piece of text gets the line's style plus the styles of the
    spans around it, outermost first, and the pieces are cut where Rich cuts them (at every
    span's start and end). ``None`` for any other line: Rich renders it."""
    plain = line.plain
    spans = line.spans
    if not spans:
        return [(plain, None)]  # (Rich gives the bare text, without the line's own style)
    size = len(plain)
    get = console.get_style
    null = Style.null()
    out: list[tuple[str, Style | None]] = []
    # The spans around the text at ``pos``: (where each ends, the style inside it).
    stack: list[tuple[int, Style]] = [(size, get(line.style, default=null))]
    pos = 0
    for start, end, style in spans:
        if start < pos or end < start or end > size:
            return None
        while len(stack) > 1 and stack[-1][0] <= start:  # spans that end here: text, then out
            until, inside = stack.pop()
            if until > pos:
                out.append((plain[pos:until], inside))
                pos = until
        if end > stack[-1][0]:
            return None  # overlaps the span it starts in without nesting
        if start > pos:
            out.append((plain[pos:start], stack[-1][1]))
            pos = start
        if end > start:
            stack.append((end, stack[-1][1] + get(style, default=null)))
    while stack:
        until, inside = stack.pop()
        if until > pos:
            out.append((plain[pos:until], inside))
            pos = until
    return out


def _crop(line: Text, width: int) -> Text:
    cropped = line.copy()
    cropped.truncate(width, overflow="crop")
    return cropped
