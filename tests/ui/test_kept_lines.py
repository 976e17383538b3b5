"""The lines a widget keeps for the compositor are exactly the lines Textual would paint afresh.

A fresh paint is asked for through the public API only: the widget is refreshed (Textual forgets
every styled line of it) and Textual's own ``Widget.render_lines`` paints it, past the kept lines.
"""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.style import Style
from rich.text import Span, Text
from textual.filter import ANSIToTruecolor
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from blackjack_tui.ui.app import BlackjackApp
from blackjack_tui.ui.runs import Runs
from blackjack_tui.ui.widgets.action_bar import ActionBar
from blackjack_tui.ui.widgets.bet_box import BetBox
from blackjack_tui.ui.widgets.drawn import Drawn, strip_of
from blackjack_tui.ui.widgets.hands import GOLD
from blackjack_tui.ui.widgets.kept import KeptLines
from blackjack_tui.ui.widgets.status_bar import StatusBar
from blackjack_tui.ui.widgets.table import DealerPanel, Table
from tests.ui.conftest import press_settled, settle

ROUND = ["2S", "TD", "3H", "7C", "4D", "5S", "9H", "8C", "6D", "KS"]


def _fresh(widget: Widget, crop: Region) -> list[Strip]:
    """The lines of ``widget`` in ``crop`` as Textual paints them anew."""
    widget.refresh()
    return Widget.render_lines(widget, crop)


def _differ(app: BlackjackApp) -> list[str]:
    """The kept widgets whose kept lines differ from a fresh paint (no cache at all)."""
    kept = [w for w in app.screen.walk_children(Widget, with_self=True)
            if isinstance(w, KeptLines) and w.display and w.size.area]
    assert len(kept) >= 4 and any(isinstance(w, Table) for w in kept)  # the felt, the bars,
    # the message line, the screen itself
    # Every kept paint is taken before any fresh one (a fresh paint forgets the kept lines).
    shown = [(widget, crop, widget.render_lines(crop)) for widget in kept
             for crop in (widget.size.region, Region(0, 1, widget.size.width, 1))
             if crop.height <= widget.size.height]
    return [f"{type(widget).__name__}#{widget.id} {crop}" for widget, crop, lines in shown
            if lines != _fresh(widget, crop)]


async def test_kept_lines_are_what_a_fresh_paint_gives(make_app):
    app = make_app(ROUND * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert _differ(app) == []
        await press_settled(pilot, app, "enter")  # the deal: boxes, dealer, shoe, bars change
        assert _differ(app) == []
        await press_settled(pilot, app, "h")  # one row of a box, the shoe, the action bar
        assert _differ(app) == []
        app.theme = "textual-light"  # the bars in new colours; the felt keeps its own
        await pilot.pause()
        assert _differ(app) == []
        await pilot.resize_terminal(120, 40)  # every widget another size
        await settle(pilot, app)
        assert _differ(app) == []
        await press_settled(pilot, app, "s")
        assert _differ(app) == []


async def test_kept_lines_are_given_again_only_while_nothing_changed(make_app):
    app = make_app(ROUND * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_settled(pilot, app, "enter")
        box = app.screen.query_one(Table)  # (the felt: its boxes are panes of it)
        crop = box.size.region
        first = box.render_lines(crop)
        assert box.render_lines(crop) is first  # nothing changed: the same lines
        await press_settled(pilot, app, "h")
        assert box.render_lines(crop) is not first  # a new card: painted again


def _bar_differs(app: BlackjackApp) -> bool:
    """Whether the action bar's kept line differs from the bar drawn anew."""
    bar = app.screen.query_one(ActionBar)
    crop = bar.size.region
    kept = bar.render_lines(crop)
    return _fresh(bar, crop) != kept


async def test_the_action_bar_kept_for_its_buttons_is_the_bar_drawn_anew(make_app):
    app = make_app(ROUND * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        bar = app.screen.query_one(ActionBar)
        betting = bar.render_lines(bar.size.region)
        await press_settled(pilot, app, "enter")
        assert bar.shown == ["act-hit", "act-stand", "act-double"]
        assert not _bar_differs(app)
        await press_settled(pilot, app, "h")  # the double goes
        assert bar.shown == ["act-hit", "act-stand"]
        assert bar.render_lines(bar.size.region) != betting
        assert not _bar_differs(app)
        await press_settled(pilot, app, "s", "space")  # betting again, then the next deal
        assert not _bar_differs(app)
        app.theme = "textual-light"
        await pilot.pause()
        assert not _bar_differs(app)
        await press_settled(pilot, app, "h")
        assert not _bar_differs(app)
        light = bar.render_lines(bar.size.region)
        bar.styles.background = "darkred"  # a new look for the same buttons: painted anew
        await pilot.pause()
        assert bar.render_lines(bar.size.region) != light
        assert not _bar_differs(app)


def _reference(line: Text, width: int, base: Style, console: Console) -> Strip:
    return (Strip(list(line.render(console, end="")), line.cell_len)
            .crop_extend(0, width, None).apply_style(base))


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
async def test_a_drawn_line_is_the_strip_rich_and_textual_would_make(make_app, size):
    """Every line drawn (the bars' and the felt's, at each card size, on both themes) makes the
    strip Rich and Textual make of it; a line of runs (the cards' rows at the larger sizes) the
    strip of the Rich text it stands for."""
    app = make_app(ROUND * 4)
    async with app.run_test(size=size) as pilot:
        lines: list[tuple[Text | Runs, Style]] = []

        def collect() -> None:
            for widget in app.screen.query(Drawn):
                lines.extend((line, widget.visual_style.rich_style) for line in widget.lines)
            felt = app.screen.query_one(Table)  # (its parts draw their lines the same way)
            for pane in felt.panes:
                lines.extend((line, felt.pane_style(pane)) for line in pane.lines)

        await settle(pilot, app)
        collect()
        for key in ("enter", "h", "s", "space", "d"):
            await press_settled(pilot, app, key)
            collect()
        app.theme = "textual-light"
        await pilot.pause()
        collect()
        assert len(lines) > 100
        console = app.console
        red, bold = Style(color="red"), Style(bold=True)
        plain = [(Text(""), Style()), (Text("x", style="bold"), Style()),
                 # overlapping, empty, out-of-order and overlong spans: Rich's own way
                 (Text("abcdef", style="italic", spans=[Span(0, 4, red), Span(2, 6, bold)]), red),
                 (Text("abcdef", spans=[Span(3, 3, red), Span(4, 5, "bold #c0152f")]), bold),
                 (Text("abcdef", spans=[Span(4, 6, red), Span(0, 2, bold)]), bold),
                 (Text("abc", spans=[Span(1, 9, red)]), bold),
                 (Text("ab", style="bold"), red),
                 (Text("abcdef", style="on #0b4329", spans=[Span(1, 3, red), Span(3, 5, "bold")]),
                  bold),
                 # nested spans (a styled part appended), zero-length cuts, equal ranges
                 (Text("abcdefgh", style="italic", spans=[
                     Span(0, 8, red), Span(1, 3, bold), Span(2, 2, "blue"), Span(3, 7, "on red"),
                     Span(3, 7, "underline"), Span(4, 5, bold), Span(7, 7, red)]), bold),
                 (Text("abcdefgh", spans=[Span(0, 0, red), Span(0, 4, bold), Span(4, 8, red),
                                          Span(8, 8, bold)]), red),
                 (Text("abcdefgh", spans=[Span(0, 4, bold), Span(2, 6, red)]), red),
                 (Text("abcdefgh", spans=[Span(1, 6, bold), Span(2, 4, red), Span(3, 6, red)]),
                  red)]
        runs = 0
        for line, base in lines + plain:
            if isinstance(line, Runs):  # (a pane crops a line of runs wider than itself first)
                runs += 1
                for width in {line.cell_len, line.cell_len + 3, 52}:
                    if width >= line.cell_len:
                        assert line.strip(width, base) == \
                            _reference(line.text(), width, base, console), (line, width)
                continue
            for width in {line.cell_len, line.cell_len + 3, max(0, line.cell_len - 2), 26}:
                assert strip_of(line, width, base, console) == \
                    _reference(line, width, base, console), (line, width)
        assert runs > 20  # (the cards' rows)


def test_a_walled_row_is_the_text_assembling_its_pieces_gives() -> None:
    """A box's row made in one step equals wall + padded line + wall assembled by Rich (the
    same plain text and the same spans in the same order), for plain, styled, spanned, short,
    exact and too-long lines and wide characters."""
    from blackjack_tui.ui.widgets.bet_box import _padded, walled

    edge = Style(color="#6aa383")
    bold = Style(bold=True)
    lines = [
        Text(""), Text("stake 10", style="bold"), Text.assemble(" ", ("8♠", "red"), " 3♥  11"),
        Text("x" * 30), Text("too long for the box, by some way", style=bold),
        Text.assemble(("▶ ", "bold #f2c94c"), Text("A♠ K♦", spans=[Span(0, 2, "red")]), "  21"),
        Text("宽字符 wide"), Text("", style="italic"),
    ]
    for line in lines:
        for width in (0, 5, 12, 30):
            for wall in ("│", "┃", "|"):
                assembled = Text.assemble((wall, edge))
                assembled.append_text(_padded(line, width))
                assembled.append(wall, edge)
                made = walled(line, width, wall, edge)
                assert made.plain == assembled.plain
                assert made.spans == assembled.spans
                assert made == assembled


async def test_kept_lines_are_forgotten_when_a_style_changes_from_code(make_app):
    """A style set on a drawn widget, or on the felt, is painted at once: Textual refreshes the
    widgets it touches, and a refresh forgets the kept lines."""
    app = make_app(ROUND * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_settled(pilot, app, "enter")
        box = app.screen.query_one(StatusBar)
        before = box.render_lines(box.size.region)
        box.styles.padding = (0, 1)
        box.styles.border = ("round", "red")
        box.styles.opacity = 0.5
        await pilot.pause()
        assert box.render_lines(box.size.region) != before
        assert _differ(app) == []
        app.screen.query_one("#table").styles.background = "navy"  # under every part of it
        await pilot.pause()
        assert _differ(app) == []
        app.screen.query_one("#table").styles.opacity = 0.5
        await pilot.pause()
        assert _differ(app) == []
        await press_settled(pilot, app, "h")
        assert _differ(app) == []


async def test_a_hit_paints_again_only_the_rows_of_the_box_that_changed(make_app, monkeypatch):
    """A card in a box repaints the felt's rows where a part changed (``refresh`` of their
    regions: the box's new rows, the shoe's count): the other rows are Textual's kept lines,
    not drawn again."""
    app = make_app(ROUND * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_settled(pilot, app, "enter")
        felt = app.screen.query_one(Table)
        box = felt.boxes[0]
        before = {pane.id: list(pane.lines) for pane in felt.panes}
        asked: list[int] = []
        line = Table.render_line

        def counted(self: Table, y: int) -> Strip:
            if self is felt:
                asked.append(y)
            return line(self, y)

        monkeypatch.setattr(Table, "render_line", counted)
        await press_settled(pilot, app, "h")
        in_box = {y for y, (a, b) in enumerate(zip(before["box-1"], box.lines, strict=True))
                  if a != b}
        assert in_box and len(in_box) < box.size.height
        changed = {pane.region.y + y for pane in felt.panes if pane.display
                   for y, (a, b) in enumerate(zip(before[pane.id], pane.lines, strict=True))
                   if a != b}
        assert {box.region.y + y for y in in_box} <= changed
        assert set(asked) == changed


async def test_a_drawn_widget_draws_at_the_size_textual_gives_its_content(make_app):
    """``drawn_size`` (the size a drawing asks for, without finding the widget on its screen)
    is the content size Textual gives, for every drawn widget shown (the status bar, with its
    padding, included): betting, in a round, after resizes larger and back."""
    app = make_app(ROUND * 4)

    def wrong() -> list[str]:
        return [f"{type(w).__name__}#{w.id}: {w.drawn_size} != {w.content_size}"
                for w in app.screen.query(Drawn) if w.display and w.drawn_size != w.content_size]

    def outside() -> list[str]:  # the felt's parts lie inside the felt, each at its size
        felt = app.screen.query_one(Table)
        inside = felt.content_size.region
        return [f"{pane.id}: {pane.region} outside {inside}" for pane in felt.panes
                if pane.display and not inside.contains_region(pane.region)]

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert wrong() == [] and outside() == []
        await press_settled(pilot, app, "enter", "h")
        assert wrong() == []
        for size in ((120, 40), (160, 50), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot, app)
            assert wrong() == [] and outside() == []
        await press_settled(pilot, app, "s")
        assert wrong() == []


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
async def test_the_felt_draws_in_true_colours_only_so_it_skips_the_ansi_filter(make_app, size):
    """Textual turns ANSI colours into true colours line by line; the felt leaves that filter
    out while its own colours are true colours, so every row it draws must have only those
    (on both themes, at each card size, in betting, a round, a settlement): the filter would
    give each row back unchanged. With an ANSI colour under the felt the filter is back."""
    app = make_app(ROUND * 4)
    async with app.run_test(size=size) as pilot:
        felt = app.screen.query_one(Table)
        ansi = ANSIToTruecolor(app.ansi_theme)
        rows = 0

        def check() -> None:
            nonlocal rows
            assert not any(isinstance(f, ANSIToTruecolor) for f in felt.get_line_filters())
            background = felt.background_colors[1]
            for y in range(felt.content_size.height):
                segments = list(felt.render_line(y))
                assert ansi.apply(segments, background) == segments, y
                rows += 1

        await settle(pilot, app)
        check()
        for key in ("enter", "h", "s", "space"):
            await press_settled(pilot, app, key)
            check()
        app.theme = "textual-light"
        await pilot.pause()
        check()
        assert rows > 100
        assert any(isinstance(f, ANSIToTruecolor) for f in app.get_line_filters())
        felt.styles.color = "ansi_bright_red"
        await pilot.pause()
        assert any(isinstance(f, ANSIToTruecolor) for f in felt.get_line_filters())


async def test_a_hit_that_ends_the_round_at_once_draws_each_part_once(make_app, monkeypatch):
    """At the instant pace a hit that ends the hand (its card, the dealer's turn, the payout,
    the booking) shows in one frame: the box and the dealer are drawn once each, not at each of
    the steps no frame shows, nor once more for the betting that follows. The felt then shows
    the round as it ended, the box chosen for the next bets marked."""
    # T+6 against a 9 (7 in the hole); the hit draws a 5: 21, the dealer draws a 2: 18.
    app = make_app(["TS", "9D", "6H", "7C", "5D", "2C"] * 2)
    drawn: list[str] = []
    for kind in (BetBox, DealerPanel):
        def counting(self, *args, _draw=kind._picture, **kwargs):  # type: ignore[no-untyped-def]
            drawn.append(self.id)
            return _draw(self, *args, **kwargs)

        monkeypatch.setattr(kind, "_picture", counting)
    async with app.run_test(size=(120, 40)) as pilot:
        await press_settled(pilot, app, "enter")
        drawn.clear()
        await press_settled(pilot, app, "h")
        assert sorted(drawn) == ["box-1", "dealer"]
        felt = app.screen.query_one(Table)
        box = felt.boxes[0]
        assert "WIN +1 " in box.plain and "21" in box.plain
        assert "18" in felt.dealer.plain
        head = box.lines[0]
        assert isinstance(head, Text) and "Box 1" in head.plain
        assert app.screen.betting.selected == 1
        assert head.spans[0].style == Style(color=GOLD)  # marked: the box chosen for the bets
