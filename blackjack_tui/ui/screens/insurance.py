"""Insurance of any amount up to half the bet (the home game): the player types the amount."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from blackjack_tui.engine.actions import Decision, whole_cents
from blackjack_tui.engine.money import money_str
from blackjack_tui.ui.screens.confirm import Question


class InsuranceAmount(Question[Decimal | None]):
    """The amount to insure, typed in (enter confirms, escape goes back)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="insurance.cancel")]

    def __init__(self, decision: Decision) -> None:
        super().__init__()
        self.decision = decision
        self.most = decision.most_typed or Decimal(0)  # in whole cents, as typed amounts are

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(f"Box {self.decision.box}: insure how much? Up to "
                        f"{money_str(self.most)} · enter confirms · escape goes back")
            yield Input(value=money_str(self.most), id="amount", compact=True)
            yield Label("", id="why")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            amount = Decimal(event.value.strip())
        except InvalidOperation:
            self.query_one("#why", Label).update("Type an amount like 5 or 2.50")
            return
        if not whole_cents(amount) or amount > self.most:
            self.query_one("#why", Label).update(
                f"An amount above 0 and at most {money_str(self.most)}, in whole cents")
            return
        self.dismiss(amount)

    def action_cancel(self) -> None:
        self.dismiss(None)
