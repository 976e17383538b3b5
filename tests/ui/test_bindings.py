"""Every key of the game has a binding id of its own (Textual's keymap, ``App.set_keymap``, finds
a binding by its id), and each action's key is the one its definition gives, wherever it is read:
the table, the action bar, the drill."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.binding import Binding

import blackjack_tui.ui
from blackjack_tui.engine.actions import SPECS, Decision
from blackjack_tui.engine.vocabulary import ActionName, DecisionKind
from blackjack_tui.ui.screens.drill import DrillScreen
from blackjack_tui.ui.screens.table_screen import TableScreen
from blackjack_tui.ui.widgets.action_bar import ActionBar
from blackjack_tui.ui.widgets.table import Table
from tests.ui.conftest import settle


def every_binding() -> list[tuple[str, Binding]]:
    """(where, binding) for each binding a class of the UI declares as its own."""
    found: list[tuple[str, Binding]] = []
    for info in pkgutil.walk_packages(blackjack_tui.ui.__path__, "blackjack_tui.ui."):
        module = importlib.import_module(info.name)
        for name, owner in inspect.getmembers(module, inspect.isclass):
            if owner.__module__ != module.__name__ or "BINDINGS" not in vars(owner):
                continue
            for binding in vars(owner)["BINDINGS"]:
                assert isinstance(binding, Binding), f"{name}: {binding!r} is not a Binding"
                found.append((f"{module.__name__}.{name}", binding))
    return found


def test_every_binding_in_the_game_has_an_id_of_its_own():
    bindings = every_binding()
    assert len(bindings) >= 81  # every screen, the app, the ledger's screens
    missing = [f"{where}: {b.key} -> {b.action}" for where, b in bindings if not b.id]
    assert not missing, missing
    ids = [b.id for _, b in bindings]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    # Meaningful: scoped by where it is good ("table.hit", "app.help").
    assert all(b.id and "." in b.id for _, b in bindings)


def test_each_action_s_key_is_its_definition_s_at_the_table_and_in_the_drill():
    table = {b.action: b for b in TableScreen.BINDINGS if isinstance(b, Binding)}
    drill = {b.action: b for b in DrillScreen.BINDINGS if isinstance(b, Binding)}
    for spec in SPECS:
        at_table = table[spec.binding]
        assert (at_table.key, at_table.id) == (spec.key, f"table.{spec.binding}")
        answer = drill.get(f"answer('{spec.name}')")
        if answer is not None:  # the drill asks plays and insurance
            assert (answer.key, answer.description) == (spec.key, spec.label)
    assert {b.id for b in DrillScreen.BINDINGS if isinstance(b, Binding)} >= {
        "drill.hit", "drill.stand", "drill.double", "drill.split", "drill.surrender",
        "drill.insurance", "drill.no"}


async def test_the_action_bar_labels_each_button_with_its_action_s_key_and_posts_an_action():
    from textual.app import App, ComposeResult

    posted: list[ActionBar.Decide] = []

    class Bar(App[None]):
        def compose(self) -> ComposeResult:
            yield ActionBar(id="actions")

        def on_action_bar_decide(self, message: ActionBar.Decide) -> None:
            posted.append(message)

    app = Bar()
    async with app.run_test(size=(100, 5)) as pilot:
        bar = app.query_one(ActionBar)
        decision = Decision(DecisionKind.JOIN_SPLIT, 1, 1, (ActionName.JOIN, ActionName.NO_JOIN),
                            behind=True)
        bar.show_decision(decision)
        await pilot.pause()
        assert bar.shown == ["act-join", "act-no-join"]
        assert "Join [j]" in str(bar.content) and "Stay out [n]" in str(bar.content)
        x, y = bar.offset_of("act-no-join")
        await pilot.click(ActionBar, offset=(x, y))
        await pilot.pause()
    assert [(m.action.name, m.action.amount) for m in posted] == [(ActionName.NO_JOIN, None)]


async def test_a_keymap_moves_the_hit_to_another_key_by_its_binding_id(make_app):
    # Textual's keymap finds a binding by its id: with "table.hit" on x, x hits and h does not.
    app = make_app(["TS", "7D", "4H", "8C", "5C", "9S"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.set_keymap({"table.hit": "x"})
        await pilot.press("enter")
        await settle(pilot, app)
        box = app.screen.query_one(Table).boxes[0]
        assert app.screen.decision is not None and app.screen.decision.kind == "play"
        await pilot.press("h")
        await settle(pilot, app)
        assert len(app.session.round.boxes[0].hands[0].cards) == 2  # h no longer hits
        await pilot.press("x")
        await settle(pilot, app)
        assert len(app.session.round.boxes[0].hands[0].cards) == 3
        assert "19" in box.hand_text(1)
