"""Every screen reads on every built-in theme: text at WCAG 4.5:1 at least, marks (borders,
switch knobs, arrows, gauges) at 3:1, measured cell by cell from the app's own screenshot.

The ``ansi`` themes draw in the terminal's own colours, which are not known until it draws them.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.app import App

from blackjack_tui.ui.min_contrast import MARKS, TEXT, legible, ratio
from tests.ui.contrast import SCENES, mark_cells, scene_svg, text_cells

THEMES = sorted(t for t in App().available_themes if not t.startswith("ansi"))
LIGHT = ["textual-light", "solarized-light"]


def lowest(svg: str) -> tuple[float, float]:
    text = min(c.ratio for c in text_cells(svg))
    marks = min(c.ratio for c in mark_cells(svg))
    return text, marks


@pytest.mark.parametrize("theme", THEMES)
async def test_the_table_in_play_and_options_read_on_every_theme(theme, warm_cache):
    for scene in ("settled", "options"):
        text, marks = lowest(await scene_svg(theme, scene))
        assert text >= TEXT and marks >= MARKS, (scene, text, marks)


@pytest.mark.parametrize("theme", LIGHT)
@pytest.mark.parametrize("scene", list(SCENES))
async def test_every_screen_reads_on_light_themes(theme, scene, warm_cache):
    text, marks = lowest(await scene_svg(theme, scene))
    assert text >= TEXT and marks >= MARKS, (text, marks)


colour = st.tuples(*[st.integers(0, 255)] * 3)


@settings(max_examples=300, deadline=None)
@given(colour, colour, st.sampled_from([TEXT, MARKS]))
def test_a_colour_is_moved_only_as_far_as_it_must_to_read(fg, bg, floor):
    out = legible(fg, bg, floor)
    if ratio(fg, bg) >= floor:
        assert out == fg
    else:
        # black or white always reach 4.5:1 on one side of any colour
        assert ratio(out, bg) >= floor


async def test_a_theme_picked_from_the_command_palette_is_kept(make_app, tmp_path):
    data = tmp_path / "theme"
    app = make_app(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        for key in "theme":
            await pilot.press(key)
        await pilot.pause(0.3)
        await pilot.press("enter")  # "Theme": the palette lists the themes
        await pilot.pause(0.3)
        for key in "nord":
            await pilot.press(key)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.theme == "nord"
        app.game.drain()
    again = make_app(data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


def test_the_felts_own_palette_reads_on_the_felt_and_in_the_hand_in_play():
    """The felt keeps its colours on every theme (and is not touched by the contrast floor):
    each of its text colours reads at 4.5:1 on the felt and in the darker well of the hand in
    play, its edges and gauges at 3:1; each badge's word on its badge."""
    from blackjack_tui.ui.widgets import bet_box, hands, seat_strip
    from blackjack_tui.ui.widgets import table as felt

    def rgb(hex_colour: str) -> tuple[int, int, int]:
        return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]

    grounds = [bet_box.FELT, bet_box.ACTIVE_HAND]
    text = [hands.WIN, hands.LOSS, hands.PUSH, hands.GOLD, bet_box.TITLE, bet_box.CLOSED_TEXT,
            seat_strip.SOFT, felt.SOFT, "#f1f5ee", "#dfe9df", "#d4bf62"]
    marks = [bet_box.EDGE, "#c9a227", "#93a89a"]
    for ground in grounds:
        assert all(ratio(rgb(c), rgb(ground)) >= TEXT for c in text), ground
        assert all(ratio(rgb(c), rgb(ground)) >= MARKS for c in marks), ground
    for word, style in [("BUST", "bold #ffffff on #b3261e"), ("DBL", "bold #ffffff on #6b4fbb"),
                        ("SPLIT", "bold #ffffff on #2d6a9f"),
                        ("BLACKJACK", f"bold #1b1b1b on {hands.GOLD}")]:
        fg, bg = style.split()[1], style.split()[3]
        assert ratio(rgb(fg), rgb(bg)) >= TEXT, word
