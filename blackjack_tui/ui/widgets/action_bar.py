"""The action bar: only what is legal now, each with its key, and clickable.

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

Each button posts its own intent as a message (:class:`ActionBar.Decide`, ``AddChip``, ``Clear``,
``Rebet``, ``Deal``). The buttons are made once and shown or hidden: mounting new buttons for every
decision cost a frame's worth of styling each time.
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
BETTING = ("clear", "rebet", "deal")
MAX_CHIPS = 8


class ActionBar(Horizontal):
    class Decide(Message):
        """The player chose ``action`` (an engine action: ``hit``, ``insurance`` …)."""

        def __init__(self, action: str) -> None:
            super().__init__()
            self.action = action

    class AddChip(Message):
        """A chip button: put the table's chip number ``index`` in the selected box."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Clear(Message):
        """Clear the selected box."""

    class Rebet(Message):
        """Place the last round's bets again."""

    class Deal(Message):
        """Deal with the bets on the table."""

    def __init__(self, *, ascii_only: bool = False, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.ascii_only = ascii_only
        self._wanted: dict[str, str] = {}
        self._shown: dict[str, str] = {}
        self._pending = False

    def compose(self) -> ComposeResult:
        # Keys act through the screen's bindings, so buttons never take focus (a focused button
        # would swallow enter).
        for index in range(MAX_CHIPS):
            yield self._button(f"chip-{index}", "chip")
        for name in BETTING:
            yield self._button(f"bet-{name}", "action -deal" if name == "deal" else "action")
        for action in ACTION_KEYS:
            yield self._button(f"act-{action}",
                               "action -main" if action in ("hit", "stand") else "action")

    @staticmethod
    def _button(name: str, classes: str) -> Button:
        # One variant for all: the theme's button colours are not all readable (Textual's
        # success and primary text falls under 3:1 on some themes); the main ones are bold.
        button = Button("", name=name, classes=classes)
        button.can_focus = False
        button.display = False
        return button

    def _want(self, buttons: dict[str, str], now: bool = True) -> None:
        # Emptying waits until the current step is done: at the instant pace the next decision
        # follows in the same step, and the bar never shows (or pays for) the gap between.
        self._wanted = buttons
        if now:
            self._apply()
        elif not self._pending:
            self._pending = True
            self.call_later(self._apply)

    def _apply(self) -> None:
        self._pending = False
        if not self.is_mounted:
            return
        wanted = self._wanted
        if wanted == self._shown:
            return
        for button in self.query(Button):
            name = button.name or ""
            label = wanted.get(name)
            if label is None:
                if button.display:
                    button.display = False
                continue
            if self._shown.get(name) != label:
                button.label = Text(label)
            if not button.display:
                button.display = True
        self._shown = dict(wanted)

    def show_decision(self, decision: Decision) -> None:
        buttons = {}
        for action in decision.actions:
            key, label = ACTION_KEYS[action]
            if action == "insurance" and decision.stake is not None:
                most = "<=" if self.ascii_only else "≤"
                up_to = most if decision.any_amount else ""
                label = f"Insurance {up_to}{money_str(decision.stake)}"
            buttons[f"act-{action}"] = f"{label} [{key}]"
        self._want(buttons)

    def show_betting(self, chips: tuple[Decimal, ...], can_rebet: bool) -> None:
        buttons = {f"chip-{i}": f"+{money_str(c)}" for i, c in enumerate(chips[:MAX_CHIPS])}
        buttons["bet-clear"] = "Clear [x]"
        if can_rebet:
            buttons["bet-rebet"] = "Rebet [b]"
        buttons["bet-deal"] = "Deal [enter]"
        self._want(buttons)

    def show_waiting(self) -> None:
        self._want({}, now=False)

    @property
    def shown(self) -> list[str]:
        """The buttons on show (their names), for tests."""
        return list(self._shown)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        name = event.button.name or ""
        kind, _, what = name.partition("-")
        message: Message
        if kind == "act":
            message = self.Decide(what)
        elif kind == "chip":
            message = self.AddChip(int(what))
        elif what == "clear":
            message = self.Clear()
        elif what == "rebet":
            message = self.Rebet()
        else:
            message = self.Deal()
        self.post_message(message)
