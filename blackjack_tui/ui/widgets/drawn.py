"""A widget drawn from lines of text that redraws only when what it shows has changed.

Every widget on the felt and in the bars is one of these. Each is given what it shows as plain
values (its *key*: a tuple of what the picture depends on, its size included); when the key is
the same as the last one nothing happens at all — no new Rich text, no repaint, no layout. The
widgets have fixed sizes (set by the felt's CSS for each card size), so a redraw is a repaint of
that one widget's region and never a layout pass. A line wider than the widget is cropped and the
widget remembers it (:attr:`cut`), so tests can check that nothing on screen is ever cut.

The lines go to the screen through Textual's line API (:meth:`render_line`): each is turned into a
strip once per picture, without Textual's general text pipeline (wrapping, markup, alignment),
which this fixed, pre-laid-out text never needs.
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
from blackjack_tui.ui.widgets.kept import KeptLines, _CountingStylesCache


class Drawn(KeptLines, Widget):
    """Lines of Rich text, made by a function only when the key changes."""

    DEFAULT_CSS = "Drawn { height: 1; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._styles_cache = _DrawnLines()
        self._key: Hashable = object()
        self._text: Text | None = None
        self._strips: list[Strip | None] | None = None
        self._width = 0
        self._base = Style()
        self._marks: tuple[object, ...] = ()
        self._content_width = 0
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
            return self._size
        width, height = self._size
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
        return [f for f in super().get_line_filters() if not isinstance(f, MinimumContrast)]

    def render(self) -> Text:
        if self._text is None:
            text = Text("\n").join(self.lines)
            text.no_wrap = True
            text.overflow = "crop"
            self._text = text
        return self._text

    def render_line(self, y: int) -> Strip:
        marks = (self._size, self.styles._cache_key)
        if marks != self._marks:
            # The content width is worked out again only for a new size or new styles (it costs
            # more than drawing a line).
            self._marks = marks
            self._content_width = self.content_size.width
        width = self._content_width
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


class _DrawnLines(_CountingStylesCache):
    """The styles cache of a drawn widget: a widget with no border, padding, outline, tint,
    hatch or opacity (every one on the felt) is painted from its own strips.

    For such a widget Textual's styling of a line (:meth:`StylesCache.render_line`) gives the
    content line as it is: the widget's strips are already its width, on its own colours. Its
    cost, some 25 µs a line and 0.1-0.2 ms a widget for colours, sizes and borders worked out
    again, was a good part of a hit's frame (the box and the shoe are painted again at every
    card). Any widget styled otherwise, and any line Textual's links hover style would change,
    takes Textual's own way."""

    def render_widget(self, widget: Widget, crop: Region) -> list[Strip]:
        if not _plain(widget):
            return super().render_widget(widget, crop)
        width = self._width = widget._size.width  # (its region's: no border, no padding)
        self._cache.clear()  # (Textual's way, if it is taken later, paints every line anew)
        self._dirty_lines.clear()
        render_line = widget.render_line
        strips = [render_line(y) for y in crop.line_range]
        if any(strip.cell_length != width for strip in strips):
            return super().render_widget(widget, crop)
        filters = widget.get_line_filters()
        if filters:
            background = widget.background_colors[1]
            for line_filter in filters:
                strips = [strip.apply_filter(line_filter, background) for strip in strips]
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips


def _plain(widget: Widget) -> bool:
    """Whether Textual's styling leaves each content line of ``widget`` as it is."""
    styles = widget.styles
    if widget._border_title is not None or widget._border_subtitle is not None:
        return False
    if any(edge for edge, _ in styles.border) or any(edge for edge, _ in styles.outline):
        return False
    if any(styles.padding) or styles.tint.a or styles.text_opacity != 1.0:
        return False
    if styles.has_rule("hatch") and styles.hatch != "none":
        return False
    if widget.opacity != 1.0:
        return False
    if widget.auto_links:
        hover = widget.hover_style
        if hover._link_id and hover._meta and "@click" in hover.meta:
            return False
    return True


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
