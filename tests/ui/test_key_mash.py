"""Thousands of random keys, clicks and resizes through many rounds: after every round the chips
and the cards add up, and the app still answers."""

from __future__ import annotations

import os
import random
from decimal import Decimal

from tests.money import check_money
from tests.ui.conftest import settle

PRESSES = int(os.environ.get("MASH_PRESSES", "1500"))
PLAY = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r",
        "insurance": "i", "no-insurance": "n", "even-money": "e", "no-even-money": "n"}
BETTING = ["enter", "enter", "space", "space", "plus", "1", "2", "3", "right_square_bracket"]
# Every key the table binds, and some it does not. Left out: the command palette (typing into
# it at random could run its Quit command, which is no crash) and the Options screen (random
# keys there slow the dealing down to "slow", which makes the run long, not broken).
KEYS = [*"hsdprienbx123+-[]mtq?zkcgyf", "enter", "space", "escape", "backspace", "tab",
        "up", "down", "left", "right", "f1"]


async def test_mashing_keys_and_clicks_never_breaks_the_table(make_app, tmp_path):
    data = tmp_path / "data"
    app = make_app(data_dir=data)
    # Every shoe the mash deals comes from this seed (a table switch makes a new shoe from the
    # session's source): how many rounds 1,500 presses play depends on the cards.
    app.session.shoe.rng = app.session.rng = random.Random(7)
    rng = random.Random(1234)
    store = app.game.store
    rounds = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for press in range(PRESSES):
            roll = rng.random()
            table = app.screen_stack[0]
            if roll < 0.5 and app.screen is table:
                # Half the time a key that means something now, so that rounds get played.
                decision = table.decision
                if decision is not None:
                    await pilot.press(PLAY[rng.choice(decision.actions)])
                else:
                    await pilot.press(rng.choice(BETTING))
            elif roll < 0.9:
                await pilot.press(rng.choice(KEYS))
            elif roll < 0.98:
                width, height = app.size
                await pilot.click(offset=(rng.randrange(width), rng.randrange(height)))
            else:
                await pilot.resize_terminal(rng.choice([60, 80, 100]), rng.choice([20, 24, 32]))
            assert app.is_running, f"the app stopped at press {press}: {app.return_code}"
            booked, _ = store.recent(limit=None)
            if len(booked) != rounds:
                rounds = len(booked)
                check_money(app.game)
                fresh = store.read(lambda c: c.execute(
                    "SELECT coalesce(decsum(amount), '0') FROM journal WHERE kind = 'fresh'"
                ).fetchone()[0])
                net = sum((r.net for r in booked), Decimal(fresh))
                assert store.balance() == Decimal(1000) + net, f"after press {press}"
                shoe = app.session.shoe
                if app.session.round_over:
                    assert shoe.remaining + len(shoe.discards) == shoe.total
        await pilot.resize_terminal(80, 24)
        for _ in range(10):  # close any menu left open
            if len(app.screen_stack) <= 1:
                break
            await pilot.press("escape")
            await pilot.pause()
        assert len(app.screen_stack) == 1, f"escape does not close {app.screen}"
        await settle(pilot, app)
        assert app.is_running
    assert rounds >= 20, f"only {rounds} rounds were played"
