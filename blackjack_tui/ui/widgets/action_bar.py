"""The action bar: only what is legal now, each with its key.

| key     | action                 |
|---------|------------------------|
| h       | hit                    |
| s       | stand                  |
| d       | double                 |
| p       | split                  |
| r       | surrender              |
| i       | insurance              |
| e       | even money             |
| n       | no (insurance / even money) |
| enter   | deal                   |
"""

from __future__ import annotations

from decimal import Decimal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button

from blackjack_tui.engine.actions import Decision
from blackjack_tui.engine.money import money_str

ACTION_KEYS = {
    "hit": ("h", "Hit"), "stand": ("s", "Stand"), "double": ("d", "Double"),
    "split": ("p", "Split"), "surrender": ("r", "Surrender"),
    "insurance": ("i", "Insurance"), "no-insurance": ("n", "No"),
    "even-money": ("e", "Even money"), "no-even-money": ("n", "No"),
    "join": ("j", "Join"), "no-join": ("n", "Stay out"),
}


class ActionBar(Horizontal):
    class Chosen(Message):
        """A button was pressed: ``action`` is an engine action or a betting command."""

        def __init__(self, action: str) -> None:
            super().__init__()
            self.action = action

    def compose(self) -> ComposeResult:
        yield from ()

    _signature: tuple[object, ...] = ()

    def _set(self, buttons: list[Button]) -> None:
        # Keys act through the screen's bindings, so buttons never take focus (a focused button
        # would swallow enter, and one removed while focused would swallow every key).
        for button in buttons:
            button.can_focus = False
        self.remove_children()
        self.mount_all(buttons)

    def show_decision(self, decision: Decision) -> None:
        signature = ("decision", decision.actions, decision.stake, decision.any_amount)
        if signature == self._signature:
            return
        self._signature = signature
        buttons = []
        for action in decision.actions:
            key, label = ACTION_KEYS[action]
            if action == "insurance" and decision.stake is not None:
                label = f"Insurance {money_str(decision.stake)}"
                if decision.any_amount:
                    label = f"Insurance ≤{money_str(decision.stake)}"
            buttons.append(Button(Text(f"{label} [{key}]"), name=f"act-{action}",
                                  variant="primary" if action in ("hit", "stand") else "default",
                                  classes="action"))
        self._set(buttons)

    def show_betting(self, chips: tuple[Decimal, ...], can_rebet: bool) -> None:
        signature = ("betting", chips, can_rebet)
        if signature == self._signature:
            return
        self._signature = signature
        buttons = [Button(f"+{money_str(c)}", name=f"chip-{index}", classes="chip")
                   for index, c in enumerate(chips)]
        buttons.append(Button(Text("Clear [x]"), name="bet-clear", classes="action"))
        if can_rebet:
            buttons.append(Button(Text("Rebet [b]"), name="bet-rebet", classes="action"))
        buttons.append(Button(Text("Deal [enter]"), name="bet-deal", variant="success",
                              classes="action"))
        self._set(buttons)

    def show_waiting(self) -> None:
        if self._signature != ("waiting",):
            self._signature = ("waiting",)
            self._set([])

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        ident = event.button.name or ""
        if ident.startswith("act-"):
            self.post_message(self.Chosen(ident.removeprefix("act-")))
        elif ident.startswith("chip-") or ident.startswith("bet-"):
            self.post_message(self.Chosen(ident))
