"""Setting up an evening: players, stacks, bet, floor, rebuy, end, and who holds the bank."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import ClassVar

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Label, Static

from blackjack_tui.engine.rules import LedgerSettings, Rules
from blackjack_tui.ledger import Evening, fmt_money, parse_money
from blackjack_tui.ui.widgets.key_bar import KeyBar


class SetupScreen(Screen[Evening | None]):
    """A form, one line per choice; ``enter`` moves on, ``ctrl+s`` starts the evening."""

    CSS_PATH = "ledger.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start the evening", id="ledger.start"),
        Binding("escape", "cancel", "Cancel", id="ledger.cancel"),
    ]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules
        self.defaults = rules.ledger or LedgerSettings()

    def _field(self, label: str, widget: Input | Checkbox, hint: str = "") -> Horizontal:
        return Horizontal(Label(label, classes="field-label"), widget,
                          Label(hint, classes="field-hint"), classes="field")

    def compose(self) -> ComposeResult:
        d = self.defaults
        today = dt.date.today()
        with VerticalScroll(id="setup-form"):
            yield Static("A new evening", id="setup-title")
            yield self._field("Name", Input(f"Evening {today:%d %b %Y}", id="name",
                                            compact=True))
            yield self._field("Players", Input(id="players", compact=True,
                                               placeholder="e.g. Ann, Bo, Cy"),
                              "in seat order, commas between")
            yield self._field("Starting stack", Input(fmt_money(d.starting_stack), id="stack",
                                                      compact=True))
            yield self._field("Normal bet", Input(fmt_money(d.normal_bet), id="bet",
                                                  compact=True))
            yield self._field("Floor", Input(fmt_money(d.floor), id="floor", compact=True),
                              "at or below it a player is out")
            yield self._field("Rebuy", Checkbox("one rebuy allowed", d.rebuys > 0, id="rebuy",
                                                compact=True))
            yield self._field("Hands", Input("" if d.hands is None else str(d.hands), id="hands",
                                             compact=True, placeholder="e.g. 20"),
                              "empty: play to the last stack")
            yield self._field("Bank held by", Input("house", id="bank", compact=True),
                              "house, or a player's name")
            yield self._field("Bank rotates", Checkbox("passes to a winning natural",
                                                       d.rotating_bank, id="rotating",
                                                       compact=True))
            yield Static("", id="setup-error")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#players", Input).focus()

    @on(Input.Submitted)
    def _next_field(self, event: Input.Submitted) -> None:
        if event.input.id == "rotating" or event.input.id == "bank":
            self.action_start()
        else:
            self.focus_next()

    def _error(self, text: str) -> None:
        self.query_one("#setup-error", Static).update(text)

    def _money(self, field: str, what: str) -> Decimal:
        text = self.query_one(f"#{field}", Input).value
        try:
            return parse_money(text)
        except ValueError:
            raise ValueError(f"{what}: {text.strip()!r} is not an amount") from None

    def build(self) -> Evening:
        """The evening the form describes; ``ValueError`` says what is wrong."""
        players = tuple(p.strip() for p in self.query_one("#players", Input).value.split(",")
                        if p.strip())
        hands_text = self.query_one("#hands", Input).value.strip()
        if hands_text and not hands_text.isdigit():
            raise ValueError(f"Hands: a whole number or empty, not {hands_text!r}")
        bank = self.query_one("#bank", Input).value.strip()
        banker = None
        if bank and bank.lower() != "house":
            match = [p for p in players if p.lower() == bank.lower()]
            if not match:
                raise ValueError(f"Bank held by: {bank!r} is not one of the players")
            banker = match[0]
        try:
            settings = LedgerSettings(
                starting_stack=self._money("stack", "Starting stack"),
                normal_bet=self._money("bet", "Normal bet"),
                floor=self._money("floor", "Floor"),
                rebuys=1 if self.query_one("#rebuy", Checkbox).value else 0,
                hands=int(hands_text) if hands_text else None,
                rotating_bank=self.query_one("#rotating", Checkbox).value,
            )
            return Evening(name=self.query_one("#name", Input).value.strip() or "Evening",
                           rules=self.rules.name, settings=settings, players=players,
                           first_banker=banker)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            message = first["msg"].removeprefix("Value error, ")
            raise ValueError(f"{where.replace('_', ' ') + ': ' if where else ''}{message}"
                             ) from None

    def action_start(self) -> None:
        try:
            evening = self.build()
        except ValueError as err:
            self._error(str(err))
            return
        self.dismiss(evening)

    def action_cancel(self) -> None:
        self.dismiss(None)
