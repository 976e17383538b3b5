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

from blackjack_tui.ui.widgets.kept import KeptLines

KEY_STYLE = "bold reverse"  # the key on the bar's own colours, swapped: readable on every theme
TEXT_STYLE = ""


class KeyBar(KeptLines, Static):
    """One line: ``key description`` for every shown, enabled binding of the screen."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom; height: 1; width: 1fr;
        background: $panel; color: $text;
    }
    """

    def __init__(self, elsewhere: frozenset[str] = frozenset(), *,
                 id: str | None = None) -> None:
        """``elsewhere``: actions the screen shows with their keys elsewhere (the action bar's
        buttons): the bar leaves them out, so no key is shown twice."""
        super().__init__(id=id)
        self.elsewhere = elsewhere
        self._spans: list[tuple[int, int, str, DOMNode]] = []
        self._shown: tuple[object, ...] = ()
        self.cut = False
        """Whether keys on offer had to be left out for want of room."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self._bindings_changed, self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        if self.is_attached:
            self._bindings_changed(self.screen)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if not self.is_attached or screen is not self.screen:
            return
        shown: list[tuple[Binding, DOMNode]] = []
        actions: set[str] = set()
        for node, binding, enabled, _tooltip in screen.active_bindings.values():
            if binding.show and enabled and binding.action not in actions \
                    and binding.action not in self.elsewhere:
                actions.add(binding.action)
                shown.append((binding, node))
        width = self.size.width
        key = (tuple((b.key, b.action, b.description) for b, _ in shown), width)
        if key == self._shown:
            return  # the same keys: nothing to redraw
        self._shown = key
        items = [(f" {self.app.get_key_display(b)} ", f"{b.description} ", b.action, node)
                 for b, node in shown]
        fitted = self._fit(items, width)
        self.cut = len(fitted) < len(items)
        parts: list[tuple[str, str]] = []
        self._spans = []
        x = 0
        for label, words, action, node in fitted:
            parts += [(label, KEY_STYLE), (words, TEXT_STYLE)]
            size = Content(label).cell_length + Content(words).cell_length
            self._spans.append((x, x + size, action, node))
            x += size
        self.update(Content.assemble(*parts), layout=False)

    def _fit(self, items: list[tuple[str, str, str, DOMNode]],
             width: int) -> list[tuple[str, str, str, DOMNode]]:
        """The keys not shown elsewhere; when they do not all fit, the first that fit whole,
        with help (which lists every key) kept last."""
        def length(chosen: list[tuple[str, str, str, DOMNode]]) -> int:
            return sum(Content(a).cell_length + Content(b).cell_length for a, b, *_ in chosen)

        chosen = items
        if not width or length(chosen) - 1 <= width:
            return chosen
        helps = [i for i in chosen if i[2] == "help"]
        rest = [i for i in chosen if i[2] != "help"]
        while rest and length(rest + helps) - 1 > width:
            rest.pop()
        return rest + helps

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
