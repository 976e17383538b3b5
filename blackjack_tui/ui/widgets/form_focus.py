"""What every form of the game shares, so that a player always sees where the focus is.

- :data:`FORM_CSS`: the row holding the focused control is marked (a bar at its left, its label in
  the accent colour, bold), in dark and light themes alike; a placeholder is dimmed and italic, so
  that it never looks like a value.
- :class:`SwitchWord`: "on" or "off" in words beside a switch (a knob's side alone says little).
"""

from __future__ import annotations

from textual.widgets import Label, Switch

FORM_CSS = """
.form-row { border-left: blank; }
.form-row:focus-within { border-left: thick $text-accent; background: $boost; }
.form-row:focus-within > Label.form-label { color: $text-accent; text-style: bold; }
.form-row Input > .input--placeholder { color: $text-muted; text-style: italic; }
.form-row Input:focus { background: $boost; }
SwitchWord { width: 5; padding-left: 1; color: $text-muted; }
SwitchWord.-on { color: $text-success; text-style: bold; }
"""
"""The rule set a form's screen adds to its own CSS (rows carry ``form-row``, their labels
``form-label``)."""


class SwitchWord(Label):
    """``on`` or ``off``, following ``switch``'s value however it changes (a click, a key, or
    the screen setting it back)."""

    def __init__(self, switch: Switch) -> None:
        super().__init__(self.word(switch.value))
        self.switch = switch
        self.set_class(switch.value, "-on")

    @staticmethod
    def word(value: bool) -> str:
        return "on" if value else "off"

    def on_mount(self) -> None:
        self.watch(self.switch, "value", self._follow, init=False)

    def _follow(self, value: bool) -> None:
        self.update(self.word(value))
        self.set_class(value, "-on")
