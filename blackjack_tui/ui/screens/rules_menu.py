"""The rules menu: every table with its house edge; the highlighted one's rules in plain words.

| key | does |
|-----|------|
| up / down | choose a table (its rules show beside the list) |
| enter | sit at it (queued during a round) |
| t | the next table-limit tier |
| c | its basic-strategy chart and index plays / its rules |
| u | a counting plan at it: spread, indices, bankroll, and what they are worth |
| pgup / pgdn | scroll the rules or the chart (the list keeps the arrows) |
| escape, m | back |

Each table's house edges (the chart's and the best play's, and for the Swedish ace the other
reading's) and its index plays are worked out in threads; "…" stands in until they are known, and
for a table of the player's own (not shipped worked out) a progress bar shows how far they are.
"""

from __future__ import annotations

from msgspec import Struct
from rich.console import Group, RenderableType
from rich.padding import Padding
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
from blackjack_tui.controller.strategy import (
    Progress,
    analysis_of,
    cached_only,
    index_rows,
    other_reading,
)
from blackjack_tui.engine.rules import Rules
from blackjack_tui.rules_text import describe, differences, player_words
from blackjack_tui.ui.screens.pane_title import PANE_TITLE_CSS
from blackjack_tui.ui.widgets.strategy_chart import Codes, IndexRow, StrategyChart
from blackjack_tui.ui.widgets.work_progress import WorkProgress

LIST_MIN = 24
LIST_MAX = 34
TOPIC_WIDTH = max(len(topic) for topic, _ in describe(Rules(name="x"))) + 2  # "◆ " mark


class Edges(Struct):
    """What the thread found for one table."""

    chart: float
    optimal: float
    codes: Codes
    other: float | None = None


class RulesMenu(ModalScreen[None]):
    DEFAULT_CSS = PANE_TITLE_CSS + """
    RulesMenu { align: center middle; background: $background; }
    #rules-menu { width: 96%; height: 94%; border: round $text-accent; background: $surface; }
    #rules-table { width: 100%; }
    #rules-body { height: 1fr; }
    #rules-list-pane { height: 1fr; }
    #rules-list { height: 1fr; border: none; padding: 0; scrollbar-size-vertical: 1; }
    #rules-list:focus { border: none; }
    #rules-detail { width: 1fr; height: 1fr; padding: 0 0 0 1; }
    #rules-title { width: 1fr; height: 1; }
    #rules-edge { height: auto; color: $text-muted; }
    #rules-scroll { height: 1fr; }
    #rules-description { padding: 1 1 0 0; color: $text-muted; height: auto; }
    #rules-keys { height: auto; padding: 0 1; }
    """

    BINDINGS = [
        Binding("escape,m", "close", "Close", id="rules.close"),
        Binding("t", "next_tier", "Tier", id="rules.next_tier"),
        Binding("c", "toggle_chart", "Chart", id="rules.toggle_chart"),
        Binding("u", "plan", "Plan", id="rules.plan"),
        # Priority: the list would take the page keys for itself.
        Binding("pagedown", "scroll_detail(1)", "Scroll", show=False, priority=True,
                id="rules.page_down"),
        Binding("pageup", "scroll_detail(-1)", "Scroll", show=False, priority=True,
                id="rules.page_up"),
        # Not a priority: the list takes enter after the arrow keys before it (a burst keeps its
        # order) and says so with OptionSelected; this binding serves when the list has no focus.
        Binding("enter", "choose", "Sit here", id="rules.choose"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.highlighted: Rules | None = None
        self.tier_index: dict[str, int] = {}
        self.edges: dict[str, float] = {}
        self.found: dict[str, Edges] = {}
        self.indices: dict[str, list[IndexRow]] = {}
        self.charts: dict[str, Codes] = {}
        self.chart_shown = False
        self.working: dict[str, tuple[str, int, int]] = {}
        """What a thread is working out for a table now: what, steps done, steps in all."""

    @property
    def sets(self) -> dict[str, Rules]:
        return self.game.rule_sets

    def compose(self) -> ComposeResult:
        self._current = self.game.session.rules
        for name, rules in self.sets.items():
            # What the disk cache holds shows at once; the threads work out the rest.
            found = cached_only(rules)
            if found is not None:
                other = other_reading(rules)
                cached_other = cached_only(other) if other is not None else None
                self._store(name, found.house_edge_percent, found.optimal_edge_percent,
                            found.chart.codes(),
                            None if cached_other is None else cached_other.house_edge_percent)
            rows = index_rows(rules)
            if rows is not None:
                self.indices[name] = rows
        # Room for the longest title whole: the mark, the title, the scroll bar.
        width = max(LIST_MIN, min(LIST_MAX, 4 + max(len(r.title or r.name)
                                                     for r in self.sets.values())))
        self.list_width = width
        # The detail pane comes filled for the table you sit at, which the list highlights on
        # mount: the first frame is the whole menu, not an empty pane laid out and drawn again.
        first = self._detail(self._current) if self._current.name in self.sets else {}
        self._filled = (self._current.name, self._tier(self._current)) if first else None
        with Vertical(id="rules-menu"):
            with Horizontal(id="rules-body"):
                with Vertical(id="rules-list-pane") as pane:
                    pane.styles.width = width
                    yield Label("Tables", classes="pane-title")
                    yield OptionList(*[Option(self.option_label(r), id=n)
                                       for n, r in self.sets.items()], id="rules-list")
                with Vertical(id="rules-detail"):
                    yield Label(first.get("rules-title", ""), id="rules-title",
                                classes="pane-title")
                    yield Static(first.get("rules-edge", ""), id="rules-edge")
                    # A table of the player's own: how far its analysis has come.
                    yield WorkProgress(id="rules-progress")
                    # The tier under the edge, always in view: t changes it at any size.
                    yield Static(first.get("rules-tier", ""), id="rules-tier")
                    with VerticalScroll(id="rules-scroll"):
                        yield Static(first.get("rules-table", ""), id="rules-table")
                        yield Static(first.get("rules-description", ""), id="rules-description")
                        yield StrategyChart(id="rules-chart")
            yield Static(Text("↑↓ table  ⏎ sit  t tier  c chart  pgup/pgdn scroll  "
                              "esc back  ◆ differs", style="dim"), id="rules-keys")

    def _store(self, name: str, chart: float, optimal: float, codes: Codes,
               other: float | None) -> None:
        self.edges[name] = chart
        self.charts[name] = codes
        self.found[name] = Edges(chart, optimal, codes, other)

    def option_label(self, rules: Rules) -> Text:
        """Two lines per table: its title whole, then its house edge (and a mark if you sit)."""
        here = rules.name == self.game.session.rules.name
        edge = self.edges.get(rules.name)
        shown = "house edge …" if edge is None else f"house edge {edge:.2f}%"
        return Text.assemble(("● " if here else "  ", "#f2c94c"),
                             (rules.title or rules.name, "bold"), "\n  ", (shown, "#e3b341"))

    def on_mount(self) -> None:
        option_list = self.query_one(OptionList)
        names = list(self.sets)
        if self._current.name in names:
            option_list.highlighted = names.index(self._current.name)
        option_list.focus()
        self.query_one(StrategyChart).display = False
        missing = [n for n in names if n not in self.found
                   or (self.sets[n].double_ace_as_one is not None and self.found[n].other is None)]
        if missing:
            self._analyse(sorted(missing, key=lambda n: n != self._current.name))

    # House edges, charts and index plays, worked out off the event loop

    def _told(self, name: str, what: str) -> Progress:
        """A progress callback for the worker's thread: each step shown on the event loop."""
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, name, what, done, total)
        return progress

    def _progress(self, name: str, what: str, done: int, total: int) -> None:
        if done < total:
            self.working[name] = (what, done, total)
        else:
            self.working.pop(name, None)
        if self.is_attached and self.highlighted is not None and self.highlighted.name == name:
            self._show_progress(self.highlighted)

    def _show_progress(self, rules: Rules) -> None:
        bar = self.query_one(WorkProgress)
        state = self.working.get(rules.name)
        if state is None:
            bar.hide()
        else:
            bar.show(*state)

    @work(thread=True, exclusive=True, group="rules-analysis")
    def _analyse(self, names: list[str]) -> None:
        for name in names:
            rules = self.sets[name]
            result = analysis_of(rules, self._told(name, "Working out its edge"))
            other = other_reading(rules)
            other_edge = analysis_of(other, self._told(name, "Working out the other reading")
                                     ).house_edge_percent if other is not None else None
            self.app.call_from_thread(self._analysed, name, result.house_edge_percent,
                                      result.optimal_edge_percent, result.chart.codes(),
                                      other_edge)

    def _analysed(self, name: str, chart: float, optimal: float, codes: Codes,
                  other: float | None) -> None:
        self._store(name, chart, optimal, codes, other)
        if not self.is_attached:
            return
        self.query_one(OptionList).replace_option_prompt(name, self.option_label(self.sets[name]))
        if self.highlighted is not None and self.highlighted.name == name:
            self._show_edges(self.highlighted)
            self._show_chart(self.highlighted)

    @work(thread=True, exclusive=True, group="rules-indices")
    def _work_out_indices(self, name: str) -> None:
        rows = index_rows(self.sets[name], compute=True,
                          progress=self._told(name, "Working out index plays")) or []
        self.app.call_from_thread(self._indices_known, name, rows)

    def _indices_known(self, name: str, rows: list[IndexRow]) -> None:
        self.indices[name] = rows
        if self.is_attached and self.highlighted is not None and self.highlighted.name == name:
            self._show_chart(self.highlighted)

    # What the detail pane shows

    def _show_edges(self, rules: Rules) -> None:
        self.query_one("#rules-edge", Static).update(self._edges_text(rules))
        self._show_progress(rules)

    def _edges_text(self, rules: Rules) -> Text:
        found = self.found.get(rules.name)
        if found is None:
            text = Text("House edge: working it out…", style="dim italic")
        else:
            # Two lines by design: one would wrap over an orphaned word in the pane's width.
            text = Text.assemble(("House edge ", "dim"), (f"{found.chart:.3f}%", "bold #e3b341"),
                                 (" with the chart\n           ", "dim"),
                                 (f"{found.optimal:.3f}%", "bold"), (" with the best play", "dim"))
            if rules.double_ace_as_one is not None:
                text.append("\nAn ace drawn to a double counts ", style="dim")
                text.append("1" if rules.double_ace_as_one == "all" else "as usual")
                text.append("; if it counted " + ("as usual" if rules.double_ace_as_one == "all"
                                                  else "1") + ": ", style="dim")
                text.append("…" if found.other is None else f"{found.other:.3f}%", style="bold")
        return text

    def _show_chart(self, rules: Rules) -> None:
        chart = self.query_one(StrategyChart)
        edge = self.edges.get(rules.name)
        chart.title = "Basic strategy · house edge " + ("…" if edge is None else f"{edge:.3f}%")
        chart.codes = self.charts.get(rules.name)
        chart.indices = self.indices.get(rules.name)
        if self.chart_shown and rules.name not in self.indices:
            self._work_out_indices(rules.name)

    def action_toggle_chart(self) -> None:
        self.chart_shown = not self.chart_shown
        self.query_one(StrategyChart).display = self.chart_shown
        for part in ("#rules-description", "#rules-table"):
            self.query_one(part).display = not self.chart_shown
        rules = self._reached()
        self.query_one("#rules-tier").display = not self.chart_shown and bool(
            rules is not None and rules.tiers)
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)
        if self.highlighted is not None:
            self._show_chart(self.highlighted)

    def action_scroll_detail(self, pages: int) -> None:
        """Page the rules or the chart (the list keeps the arrow keys)."""
        pane = self.query_one("#rules-scroll", VerticalScroll)
        if pages > 0:
            pane.scroll_page_down(animate=False)
        else:
            pane.scroll_page_up(animate=False)

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

    def _detail(self, rules: Rules) -> dict[str, RenderableType]:
        """What the detail pane shows of ``rules``, by the id of the widget that shows it."""
        tier = self._tier(rules)
        return {
            "rules-title": Text(rules.title or rules.name, style="bold"),
            "rules-edge": self._edges_text(rules),
            "rules-description": Text.assemble(
                (f"{rules.name}: {player_words(rules.description)}", "italic"),
                ("\nSource: ", "dim"),
                (rules.source, "dim")),
            "rules-table": self._rules_table(rules, differences(rules, self._current)),
            "rules-tier": Text.assemble(("Tier: ", "dim"), (tier, "bold"),
                                        (f" {rules.limits(tier).describe()}", "bold"),
                                        ("  (t changes)", "dim")) if tier else "",
        }

    def _show(self, rules: Rules) -> None:
        filled, self._filled = self._filled, None
        if filled != (rules.name, self._tier(rules)):  # (else composed with it already)
            for part, content in self._detail(rules).items():
                self.query_one(f"#{part}", Static).update(content)
        self.query_one("#rules-tier").display = bool(rules.tiers) and not self.chart_shown
        self._show_progress(rules)
        self._show_chart(rules)

    def _rules_table(self, rules: Rules, changed: set[str]) -> RenderableType:
        """Topic beside words where there is room; else each topic over its words."""
        rows = [(("◆ " if topic in changed else "  ") + topic,
                 "bold #e3b341" if topic in changed else "bold", words)
                for topic, words in describe(rules)]
        room = int(self.app.size.width * 0.96) - self.list_width - 4
        if room >= TOPIC_WIDTH + 40:
            table = RichTable(show_header=False, box=None, padding=(0, 1, 0, 0), expand=True)
            table.add_column("rule", min_width=TOPIC_WIDTH, no_wrap=True)
            table.add_column("words", ratio=1)
            for label, style, words in rows:
                table.add_row(Text(label, style=style), Text(words))
            return table
        parts: list[RenderableType] = []
        for label, style, words in rows:
            parts.append(Text(label, style=style))
            parts.append(Padding(Text(words), (0, 0, 0, 4)))
        return Group(*parts)

    def _reached(self) -> Rules | None:
        """The table the list's cursor is on now. Read from the list itself, not from
        :attr:`highlighted`: in a burst of keys (down, down, enter) the list's highlight messages
        arrive after the keys that act on them."""
        option_list = self.query_one(OptionList)
        index = option_list.highlighted
        if index is None:
            return None
        return self.sets[option_list.get_option_at_index(index).id or ""]

    def action_next_tier(self) -> None:
        rules = self._reached()
        if rules is None or not rules.tiers:
            self.notify("This table has one set of limits")
            return
        self.tier_index[rules.name] = (self.tier_index.get(rules.name, 0) + 1) % len(rules.tiers)
        self._show(rules)

    def action_choose(self) -> None:
        rules = self._reached()
        if rules is None:
            return
        if self.game.switch_rules(rules, self._tier(rules)):
            self.notify(f"{rules.title or rules.name} from the next round", timeout=5)
        self.dismiss(None)

    def action_plan(self) -> None:
        from blackjack_tui.ui.screens.plan import PlanScreen

        rules = self._reached()
        if rules is None:
            return
        self.app.push_screen(PlanScreen(self.game, rules, rules.limits(self._tier(rules))))

    def action_close(self) -> None:
        self.dismiss(None)
