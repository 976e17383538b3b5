"""The footer: the keys that do something now, drawn as one line of text.

Textual's ``Footer`` recomposes a widget per key on every change of bindings, which costs a frame's
worth of restyling each time and keeps the old key widgets alive (Textualize/textual issue 6666:
memory grows with every change). This bar redraws one line instead, from the screen's active
bindings, and a click on a key runs its action as the key would.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Static

KEY_STYLE = "bold reverse"  # the key on the bar's own colours, swapped: readable on every theme
TEXT_STYLE = ""


class KeyBar(Static):
    """One line: ``key description`` for every shown, enabled binding of the screen."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom; height: 1; width: 1fr;
        background: $panel; color: $text;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._spans: list[tuple[int, int, str, DOMNode]] = []
        self._shown: tuple[object, ...] = ()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self._bindings_changed, self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if not self.is_attached or screen is not self.screen:
            return
        shown: list[tuple[Binding, DOMNode]] = []
        actions: set[str] = set()
        for node, binding, enabled, _tooltip in screen.active_bindings.values():
            if binding.show and enabled and binding.action not in actions:
                actions.add(binding.action)
                shown.append((binding, node))
        key = tuple((b.key, b.action, b.description) for b, _ in shown)
        if key == self._shown:
            return  # the same keys: nothing to redraw
        self._shown = key
        parts: list[tuple[str, str]] = []
        self._spans = []
        x = 0
        for binding, node in shown:
            label = f" {self.app.get_key_display(binding)} "
            words = f"{binding.description} "
            parts += [(label, KEY_STYLE), (words, TEXT_STYLE)]
            width = Content(label).cell_length + Content(words).cell_length
            self._spans.append((x, x + width, binding.action, node))
            x += width
        self.update(Content.assemble(*parts))

    async def on_click(self, event: events.Click) -> None:
        for start, end, action, node in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.app.run_action(action, node)
                return

    @property
    def keys(self) -> list[str]:
        """The actions on offer now, in order (for tests)."""
        return [action for *_, action, _node in self._spans]
