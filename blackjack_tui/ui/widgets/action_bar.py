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

One line of text drawn as a row of buttons: a change of what is legal redraws that line (no button
widgets shown or hidden, no layout). A click on a button posts its own intent as a message
(:class:`ActionBar.Decide`, ``AddChip``, ``Clear``, ``Rebet``, ``Deal``).
"""

from __future__ import annotations

from collections.abc import Hashable
from decimal import Decimal
from typing import TYPE_CHECKING

from textual import events
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widgets import Static

from blackjack_tui.engine.actions import SPEC, SPECS, Action, Decision
from blackjack_tui.engine.money import money_str

if TYPE_CHECKING:
    from typing import Self

DECIDES = {f"act-{spec.name}": Action(spec.name) for spec in SPECS}
"""The intent each decision button posts, by the button's name."""
MAX_CHIPS = 8
# The theme's own colours (readable on every built-in theme): main buttons on the primary
# colour itself (its muted shade faded into a light theme's panel), the others on the panel
# colour, chips as plain bold labels.
STYLES = {"main": "bold $text on $primary", "action": "$text on $panel",
          "chip": "bold $text"}
MAIN = {"act-hit", "act-stand", "bet-deal"}
KEPT_BARS = 16  # bars drawn and kept (the sets of buttons a table offers are few)


class ActionBar(Static):
    class Decide(Message):
        """The player chose ``action`` (insurance at the full stake: the home game's screen
        asks how much)."""

        def __init__(self, action: Action) -> None:
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

    DEFAULT_CSS = "ActionBar { height: 1; background: $surface; padding: 0 1; }"

    _look = 0
    """Moved on by every repaint asked for but a new set of buttons, and by new CSS."""
    _drawing = False

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii_only = ascii_only
        self._shown: tuple[tuple[str, str], ...] = ()
        self._spans: list[tuple[int, int, str]] = []
        self._pending: tuple[tuple[str, str], ...] | None = None
        self._bars: dict[Hashable, list[Strip]] = {}

    def _want(self, buttons: dict[str, str], now: bool = True) -> None:
        # Emptying waits until the current step is done: at the instant pace the next decision
        # follows in the same step, and the bar never shows (or pays for) the gap between.
        wanted = tuple(buttons.items())
        if now:
            self._pending = None
            self._apply(wanted)
        elif self._pending is None:
            self._pending = wanted
            self.call_later(self._apply_pending)

    def _apply_pending(self) -> None:
        if self._pending is not None:
            wanted, self._pending = self._pending, None
            self._apply(wanted)

    def _apply(self, wanted: tuple[tuple[str, str], ...]) -> None:
        if wanted == self._shown or not self.is_mounted:
            return
        self._shown = wanted
        parts: list[tuple[str, str] | str] = []
        self._spans = []
        x = 0
        for name, label in wanted:
            kind = "main" if name in MAIN else "chip" if name.startswith("chip-") else "action"
            text = f" {label} "
            parts += [(text, STYLES[kind]), " "]
            width = Content(text).cell_length
            self._spans.append((x, x + width, name))
            x += width + 1
        self._drawing = True
        try:
            self.update(Content.assemble(*parts), layout=False)
        finally:
            self._drawing = False

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if not self._drawing:  # (a new set of buttons is in the key: the others stay good)
            self._look += 1
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        self._look += 1
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The bar as Textual paints it, kept for each set of buttons: a hit takes the double
        away, the next hand gives it back, and the bar is not painted anew each time. Kept
        while the bar's look stays: any repaint asked for but the bar's own change of buttons
        (a style set, a colour it inherits, a theme: Textual refreshes the widget for each) and
        any change of CSS forget them all; the size, the filters and the hover style are in
        the key."""
        key = (crop, self._shown, self._look, self.outer_size, tuple(self.get_line_filters()),
               self.hover_style)
        lines = self._bars.get(key)
        if lines is None:
            lines = super().render_lines(crop)
            if len(self._bars) >= KEPT_BARS:
                self._bars.clear()
            self._bars[key] = lines
        return lines

    def show_decision(self, decision: Decision) -> None:
        buttons = {}
        for action in decision.actions:
            spec = SPEC[action]
            key, label = spec.key, spec.button
            if action == "insurance" and decision.stake is not None:
                most = "<=" if self.ascii_only else "≤"
                up_to = most if decision.any_amount else ""
                typed = decision.most_typed if decision.any_amount else None
                label = f"Insurance {up_to}{money_str(decision.stake if typed is None else typed)}"
            buttons[f"act-{action}"] = f"{label} [{key}]"
        self._want(buttons)

    def show_betting(self, chips: tuple[Decimal, ...], can_rebet: bool) -> None:
        """The chips, clear, rebet and deal (no chips: only the deal, e.g. holding the bank)."""
        buttons = {f"chip-{i}": f"+{money_str(c)}" for i, c in enumerate(chips[:MAX_CHIPS])}
        if chips:
            buttons["bet-clear"] = "Clear [x]"
        if can_rebet:
            buttons["bet-rebet"] = "Rebet [b]"
        buttons["bet-deal"] = "Deal [enter]"
        self._want(buttons)

    def show_waiting(self, now: bool = False) -> None:
        """No buttons: at once (``now``: the dealer or another seat plays), or once the current
        step is over (a question may follow in the same step)."""
        self._want({}, now=now)

    @property
    def shown(self) -> list[str]:
        """The buttons on show (their names), for tests."""
        return [name for name, _ in self._shown]

    def offset_of(self, name: str) -> tuple[int, int]:
        """Where button ``name`` is drawn (x, y within the bar), for clicks in tests."""
        for start, _end, shown in self._spans:
            if shown == name:
                return start + self.styles.padding.left + 1, 0
        raise KeyError(name)

    def on_click(self, event: events.Click) -> None:
        x = event.x - self.styles.padding.left
        for start, end, name in self._spans:
            if start <= x < end:
                event.stop()
                self.post_message(self._intent(name))
                return

    def _intent(self, name: str) -> Message:
        kind, _, what = name.partition("-")
        if kind == "act":
            return self.Decide(DECIDES[name])
        if kind == "chip":
            return self.AddChip(int(what))
        if what == "clear":
            return self.Clear()
        if what == "rebet":
            return self.Rebet()
        return self.Deal()
