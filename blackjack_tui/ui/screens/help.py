"""Help: the keys, and the active house's rules in plain words."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from blackjack_tui.rules_text import describe

KEYS = [
    ("Betting", "1 2 3 or click", "choose a box"),
    ("", "+ / -  or click a chip", "add / take off the chip in hand"),
    ("", "[ ]", "a smaller / larger chip"),
    ("", "x", "clear the box"),
    ("", "b / space", "rebet the last bets / rebet and deal"),
    ("", "enter", "deal"),
    ("Playing", "h s", "hit, stand"),
    ("", "d p r", "double, split, surrender"),
    ("", "i e n", "insurance, even money, no"),
    ("", "t", "hint: the best play and every action's EV"),
    ("Analysis", "c", "coach on / off: says when a play is not the best, and what it cost"),
    ("", "k", "card count on / off: Hi-Lo running and true count, shoe dealt"),
    ("", "g", "strategy drill"),
    ("Anywhere", "m", "rules menu: switch tables and tiers"),
    ("", "? or f1", "this help"),
    ("", "ctrl+p", "command palette"),
    ("", "ctrl+q", "quit (a round in play is kept)"),
]


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def compose(self) -> ComposeResult:
        rules = self.app.session.rules  # type: ignore[attr-defined]
        keys = RichTable(title="Keys", title_justify="left", show_header=False, box=None,
                         padding=(0, 2))
        for group, key, what in KEYS:
            keys.add_row(Text(group, style="bold"), Text(key, style="bold #f2c94c"), what)
        house = RichTable(title=f"This table: {rules.title or rules.name}", title_justify="left",
                          show_header=False, box=None, padding=(0, 2))
        for topic, words in describe(rules):
            house.add_row(Text(topic, style="bold"), words)
        with VerticalScroll(id="help"):
            yield Static(keys)
            yield Static(house)
            yield Static(Text(rules.description, style="italic"))
            yield Static(Text("escape closes", style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)
