"""The key bar: the keys that do something now, worked out again only when what it shows can
change."""

from __future__ import annotations

from textual.screen import Screen

from blackjack_tui.ui.widgets.key_bar import KeyBar
from tests.ui.conftest import press_settled, settle

# One box: 9 and 7 against an ace up (insurance is asked) and a five in the hole; then 4s.
ACE_UP = ["9S", "AD", "7H", "5C"] + ["4D"] * 8


async def test_a_hit_that_takes_the_double_away_leaves_the_key_bar_as_it_is(make_app,
                                                                            monkeypatch):
    """The double leaves the action bar's buttons at the first hit; the key bar shows none of
    the play keys (the buttons show them), so it does not work the screen's bindings out
    again."""
    app = make_app(["2S", "TD", "3H", "7C", "4D", "5S"] * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_settled(pilot, app, "enter")
        bar = app.screen.query_one(KeyBar)
        keys = list(bar.keys)
        calls: list[object] = []
        screen = type(app.screen)
        active = Screen.active_bindings

        def counted(self):  # type: ignore[no-untyped-def]
            calls.append(self)
            return active.fget(self)  # type: ignore[attr-defined]

        monkeypatch.setattr(screen, "active_bindings", property(counted))
        await press_settled(pilot, app, "h")
        await pilot.pause()
        assert calls == []
        assert bar.keys == keys


async def test_the_key_bar_follows_the_question_the_round_and_the_betting(make_app):
    app = make_app(ACE_UP)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        bar = app.screen.query_one(KeyBar)
        betting = list(bar.keys)
        assert "hint" not in betting
        await press_settled(pilot, app, "enter")
        await pilot.pause()
        assert app.screen.decision is not None and app.screen.decision.kind == "insurance"
        assert "hint" not in bar.keys
        await press_settled(pilot, app, "n")  # no insurance: the play begins, a hint is on offer
        await pilot.pause()
        assert app.screen.decision is not None and app.screen.decision.kind == "play"
        assert "hint" in bar.keys
        await press_settled(pilot, app, "h")  # 9 7 4: 20, the double gone, the hint still there
        await pilot.pause()
        assert "hint" in bar.keys
        await press_settled(pilot, app, "s")
        await pilot.pause()
        assert bar.keys == betting
