"""A theme change redraws everything in the new theme's colours, the felt's own widgets too."""

from __future__ import annotations

from blackjack_tui.ui.widgets.status_bar import StatusBar
from tests.ui.conftest import settle


async def test_a_theme_change_repaints_the_bars_in_the_new_colours(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        bar = app.screen.query_one(StatusBar)
        bar.render_line(0)  # drawn once in the dark theme
        app.theme = "textual-light"
        await pilot.pause()
        assert bar.visual_style.background.brightness > 0.5
        grounds = {seg.style.bgcolor.triplet for seg in bar.render_line(0)
                   if seg.style and seg.style.bgcolor}
        assert grounds == {bar.visual_style.background.rich_color.triplet}
