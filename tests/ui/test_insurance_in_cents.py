"""The home game's insurance prompt never offers an amount it refuses: half of 9.99 is offered
as 4.99 (it offered "up to 4.995", then refused ``4.995`` as not whole cents)."""

from __future__ import annotations

from decimal import Decimal

from textual.app import App
from textual.widgets import Input, Label

from blackjack_tui.engine.actions import INSURANCE_ACTIONS, Decision
from blackjack_tui.engine.vocabulary import DecisionKind
from blackjack_tui.ui.screens.insurance import InsuranceAmount
from blackjack_tui.ui.widgets.action_bar import ActionBar

OFFER = Decision(DecisionKind.INSURANCE, 1, 1, INSURANCE_ACTIONS, Decimal("4.995"), True)


async def test_the_home_game_offers_insurance_up_to_4_99_not_4_995_and_takes_it() -> None:
    chosen: list[Decimal | None] = []
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(InsuranceAmount(OFFER), chosen.append)
        await pilot.pause()
        question = str(app.screen.query(Label).first().render())
        assert "Up to 4.99 ·" in question and "4.995" not in question
        field = app.screen.query_one("#amount", Input)
        assert field.value == "4.99"
        field.value = "4.995"
        await pilot.press("enter")
        await pilot.pause()
        assert "at most 4.99, in whole cents" in str(app.screen.query_one("#why", Label).render())
        field.value = "4.99"
        await pilot.press("enter")
        await pilot.pause()
    assert chosen == [Decimal("4.99")]


async def test_the_insurance_button_names_the_most_that_may_be_typed() -> None:
    class Bar(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield ActionBar()

    app = Bar()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(ActionBar)
        bar.show_decision(OFFER)
        await pilot.pause()
        text = str(bar.render())
        assert "Insurance ≤" in text and "4.99" in text and "4.995" not in text
