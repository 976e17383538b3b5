"""Help: the keys, and the active house's rules in plain words."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from blackjack_tui.engine.actions import SPECS
from blackjack_tui.engine.rules import Rules
from blackjack_tui.rules_text import describe, player_words

# Richer words for some actions than the footer's one word; every key still comes from the
# screens' own bindings, so the help cannot drift from what the keys do.
WORDS = {
    "select_box": "choose a box (4-7: behind a computer player)",
    "add_chip": "add the chip in hand to the box", "remove_chip": "take a chip off the box",
    "chip_down": "a smaller chip in hand", "chip_up": "a larger chip in hand",
    "clear": "clear the box", "rebet": "the last round's bets again",
    "rebet_deal": "deal the bets placed, or the last ones again",
    "deal": "deal (after a round: the same bets again)",
    "players": "computer players at the table: 0 to 4", "ledger": "the home game's ledger",
    "hint": "the best play and every action's EV",
    "toggle_coach": "coach on/off: flags a play that was not the best",
    "toggle_count": "Hi-Lo count on/off: running, true count, shoe dealt",
    "drill": "drills: strategy, index plays, the count; progress",
    "rules_menu": "rules menu: switch tables and tiers",
    "help": "this help", "settings": "options", "history": "history: recall the last rounds",
    "fair": "the fair shoe: commitment and verification", "statistics": "statistics",
    "quit": "quit (a round in play is kept)", "command_palette": "command palette",
    # The decisions' keys, in their own definitions' words.
    **{spec.binding: spec.help for spec in SPECS if spec.help is not None},
}


def screens() -> list[tuple[str, type[object]]]:
    """Every screen with keys of its own, in the order the player meets them (the app's own
    keys, good anywhere, are handed to :class:`HelpScreen` by the app)."""
    from blackjack_tui.ui.screens.drill import DrillScreen
    from blackjack_tui.ui.screens.fair import FairScreen
    from blackjack_tui.ui.screens.history import HistoryScreen, RecallScreen
    from blackjack_tui.ui.screens.home_ledger import HomeLedger
    from blackjack_tui.ui.screens.rules_menu import RulesMenu
    from blackjack_tui.ui.screens.settings import SettingsScreen
    from blackjack_tui.ui.screens.statistics import StatisticsScreen
    from blackjack_tui.ui.screens.table_screen import TableScreen
    from blackjack_tui.ui.screens.training.drills import RunningCountScreen
    from blackjack_tui.ui.screens.training.menu import DrillMenu

    return [("At the table", TableScreen),
            ("Rules menu", RulesMenu), ("Drills", DrillMenu), ("Strategy drill", DrillScreen),
            ("Count drill", RunningCountScreen),
            ("History", HistoryScreen), ("Recall", RecallScreen), ("Options", SettingsScreen),
            ("Statistics", StatisticsScreen), ("Fair shoe", FairScreen),
            ("Home ledger", HomeLedger)]


def key_rows(owner: type[object] | Sequence[BindingType], display: object) -> list[tuple[str, str]]:
    """``(keys, what)`` rows from a screen's bindings (or a list of bindings); keys of one
    action share a row."""
    rows: dict[str, tuple[list[str], str]] = {}
    bindings = owner if isinstance(owner, Sequence) else getattr(owner, "BINDINGS", [])
    for binding in bindings:
        if not isinstance(binding, Binding):
            binding = Binding(*binding)
        name = binding.action.split("(")[0]
        words = WORDS.get(name) or binding.description or name.replace("_", " ")
        keys, _ = rows.setdefault(name if name in WORDS else binding.action, ([], words))
        for key in binding.key.split(","):
            shown = display(Binding(key.strip(), binding.action))  # type: ignore[operator]
            if shown not in keys:
                keys.append(shown)
    return [(" ".join(keys), words) for keys, words in rows.values()]


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background; }
    #help {
        width: 96%; max-width: 100; height: 90%; border: round $foreground;
        background: $surface;
        padding: 0 1;
    }
    """

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close", id="help.close")]

    def __init__(self, rules: Rules, anywhere: list[tuple[str, Sequence[BindingType]]]) -> None:
        """``rules``: the table's; ``anywhere``: keys good on every screen (the app's)."""
        super().__init__()
        self.rules = rules
        self.anywhere = anywhere

    def compose(self) -> ComposeResult:
        rules = self.rules
        # Each screen's name on a line of its own above its keys: the words keep the width
        # (at 80 columns a key's words fit on one line).
        keys = RichTable(title="Keys", title_justify="left", show_header=False, box=None,
                         padding=(0, 1))
        keys.add_column(no_wrap=True)
        keys.add_column()
        sections: list[tuple[str, type[object] | Sequence[BindingType]]] = list(screens())
        sections[1:1] = self.anywhere
        for title, owner in sections:
            keys.add_row(Text(title, style="bold underline"), "")
            for key, what in key_rows(owner, self.app.get_key_display):
                keys.add_row(Text(" " + key, style="bold"), what)
        keys.add_row(Text(" ctrl+p", style="bold"), WORDS["command_palette"])
        house = RichTable(title=f"This table: {rules.title or rules.name}", title_justify="left",
                          show_header=False, box=None, padding=(0, 1))
        house.add_column(no_wrap=True)
        house.add_column()
        for topic, words in describe(rules):
            house.add_row(Text(topic, style="bold"), words)
        with VerticalScroll(id="help"):
            yield Static(keys)
            yield Static(house)
            yield Static(Text(player_words(rules.description), style="italic"))
            yield Static(Text("escape closes", style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)
