"""The rules menu: every rule set with its description; the highlighted one's rules in a table,
differences from the current table marked; tiers; enter switches (queued during a round).
Each table's house edge stands by its name and ``c`` shows the highlighted table's strategy chart:
both are worked out in a thread (the list shows "…" until then)."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from blackjack_tui.controller.game import Game
from blackjack_tui.controller.strategy import analysis_of, cached_only
from blackjack_tui.engine.rules import Rules
from blackjack_tui.rules_text import describe, differences
from blackjack_tui.ui.widgets.strategy_chart import Codes, StrategyChart


class RulesMenu(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,m", "close", "Close"),
        Binding("t", "next_tier", "Tier"),
        Binding("c", "toggle_chart", "Chart"),
        Binding("pagedown", "scroll_detail(1)", "Scroll", show=False),
        Binding("pageup", "scroll_detail(-1)", "Scroll", show=False),
        Binding("enter", "choose", "Sit here", priority=True),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.highlighted: Rules | None = None
        self.tier_index: dict[str, int] = {}
        self.edges: dict[str, float] = {}
        self.charts: dict[str, Codes] = {}

    @property
    def sets(self) -> dict[str, Rules]:
        return self.game.rule_sets

    def compose(self) -> ComposeResult:
        current = self.game.session.rules
        for name, rules in self.sets.items():
            # What the disk cache holds shows at once; the thread works out the rest.
            found = cached_only(rules)
            if found is not None:
                self.edges[name] = found.house_edge_percent
                self.charts[name] = found.chart.codes()
        options = []
        for name, rules in self.sets.items():
            options.append(Option(self.option_label(rules), id=name))
        with Horizontal(id="rules-menu"):
            with Vertical(id="rules-list-pane"):
                yield Label("Tables", classes="pane-title")
                yield OptionList(*options, id="rules-list")
            with Vertical(id="rules-detail"):
                yield Label("", id="rules-title", classes="pane-title")
                yield Static("", id="rules-description")
                with VerticalScroll(id="rules-table-scroll"):
                    yield Static(id="rules-table")
                with VerticalScroll(id="rules-chart-pane"):
                    yield StrategyChart(id="rules-chart")
                yield Static("", id="rules-tier")
                yield Static(Text("enter: sit at this table · t: tier · c: chart / rules · "
                                  "pgup pgdn: scroll · escape: back · ◆ differs from your table",
                                  style="dim"))
        self._current = current

    def option_label(self, rules: Rules) -> Text:
        """One line per table in the list: its title, and a mark on the one you sit at."""
        here = rules.name == self.game.session.rules.name
        edge = self.edges.get(rules.name)
        # The house edge first, in a column: "…" until the thread has worked it out.
        shown = f"{'…':^6} " if edge is None else f"{edge:5.2f}% "
        return Text.assemble(("● " if here else "  ", "#f2c94c"), (shown, "#e3b341"),
                             (rules.title or rules.name, "bold"))

    def on_mount(self) -> None:
        option_list = self.query_one(OptionList)
        names = list(self.sets)
        if self._current.name in names:
            option_list.highlighted = names.index(self._current.name)
        option_list.focus()
        self.query_one("#rules-chart-pane").display = False
        missing = [n for n in names if n not in self.edges]
        if missing:
            self._analyse(sorted(missing, key=lambda n: n != self._current.name))

    # House edges and charts, worked out off the event loop

    @work(thread=True, exclusive=True, group="rules-analysis")
    def _analyse(self, names: list[str]) -> None:
        for name in names:
            result = analysis_of(self.sets[name])
            self.app.call_from_thread(self._analysed, name, result.house_edge_percent,
                                      result.chart.codes())

    def _analysed(self, name: str, edge: float, codes: Codes) -> None:
        self.edges[name] = edge
        self.charts[name] = codes
        if not self.is_attached:
            return
        self.query_one(OptionList).replace_option_prompt(name, self.option_label(self.sets[name]))
        if self.highlighted is not None and self.highlighted.name == name:
            self._show_chart(self.highlighted)

    def _show_chart(self, rules: Rules) -> None:
        chart = self.query_one(StrategyChart)
        edge = self.edges.get(rules.name)
        chart.title = "Basic strategy · house edge " + ("…" if edge is None else f"{edge:.3f}%")
        chart.codes = self.charts.get(rules.name)

    def action_toggle_chart(self) -> None:
        pane = self.query_one("#rules-chart-pane")
        pane.display = not pane.display
        self.query_one("#rules-table-scroll").display = not pane.display
        self.query_one("#rules-description").display = not pane.display

    def action_scroll_detail(self, pages: int) -> None:
        """Page the chart or the rules (the list keeps the arrow keys)."""
        pane_id = "#rules-chart-pane" if self.query_one("#rules-chart-pane").display \
            else "#rules-table-scroll"
        pane = self.query_one(pane_id, VerticalScroll)
        pane.scroll_to(y=pane.scroll_y + pages * max(1, pane.size.height - 1), animate=False)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        rules = self.sets[event.option.id or ""]
        self.highlighted = rules
        self._show(rules)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose()

    def _tier(self, rules: Rules) -> str | None:
        if not rules.tiers:
            return None
        session = self.game.session
        default = 0
        if rules.name == session.rules.name and session.tier:
            names = [t.name for t in rules.tiers]
            default = names.index(session.tier) if session.tier in names else 0
        index = self.tier_index.setdefault(rules.name, default)
        return rules.tiers[index].name

    def _show(self, rules: Rules) -> None:
        changed = differences(rules, self._current)
        self.query_one("#rules-title", Label).update(
            Text.assemble((rules.title or rules.name, "bold"), (f"  {rules.source}", "dim")))
        self.query_one("#rules-description", Static).update(
            Text(f"{rules.name}: {rules.description}", style="italic"))
        table = RichTable(show_header=False, box=None, padding=(0, 1), expand=True)
        table.add_column("rule", ratio=2, min_width=15)
        table.add_column("words", ratio=5)
        for topic, words in describe(rules):
            mark = "◆ " if topic in changed else "  "
            table.add_row(Text(mark + topic, style="bold #e3b341" if topic in changed else "bold"),
                          Text(words))
        self.query_one("#rules-table", Static).update(table)
        self._show_chart(rules)
        tier = self._tier(rules)
        self.query_one("#rules-tier", Static).update(
            Text.assemble(("Tier: ", "dim"), (tier, "bold"), ("  (t changes)", "dim"))
            if tier else "")

    def action_next_tier(self) -> None:
        rules = self.highlighted
        if rules is None or not rules.tiers:
            self.notify("This table has one set of limits")
            return
        self.tier_index[rules.name] = (self.tier_index.get(rules.name, 0) + 1) % len(rules.tiers)
        self._show(rules)

    def action_choose(self) -> None:
        rules = self.highlighted
        if rules is None:
            return
        if self.game.switch_rules(rules, self._tier(rules)):
            self.notify(f"{rules.title or rules.name} from the next round", timeout=5)
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
