"""An interrupted round comes back at the same point, and is booked exactly once."""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.store import Store
from tests.ui.conftest import settle

CARDS = ["TS", "7D", "9H", "8C", "TC", "4S"]


async def test_a_round_left_mid_decision_resumes_at_the_same_point(make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(CARDS, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        saved = app.session.round.to_dict()
        assert app.screen.decision is not None
    # The app closed mid-round (as a killed terminal would leave it): the round is on disk.
    again = make_app(data_dir=data)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.session.round.to_dict() == saved
        assert again.screen.decision is not None
        assert again.session.bankroll == Decimal(1000)  # the stake is on the table, not lost
        await pilot.press("s")
        await settle(pilot, again)
        assert again.session.round.over
        assert again.session.bankroll == Decimal(1001)
    third = make_app(data_dir=data)
    async with third.run_test(size=(80, 24)) as pilot:
        await settle(pilot, third)
        assert third.session.round is None
        assert third.session.bankroll == Decimal(1001)
    rows, _ = Store(data).recent()
    assert len(rows) == 1 and rows[0].net == 1
