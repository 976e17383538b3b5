"""The basic-strategy chart, coloured like the printed cards: hard, soft and pairs × the up card.

Given the chart as text codes (``{"hard": {"12": {"2": "H", ...}}}``, see
:func:`blackjack_tui.controller.strategy.chart_codes`); ``None`` shows that it is being worked out.
Hard totals sit beside soft totals and pairs when the widget is wide enough, under them otherwise.
The Hi-Lo index plays (``indices``: hand, index, play) follow the chart, in columns.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

Codes = dict[str, dict[str, dict[str, str]]]
IndexRow = tuple[str, int, str, str]
"""``("16 v 10", 1, "stand", "hit")``: stand at true count +1 or more, hit below."""
PLAY_LETTERS = {"hit": "H", "stand": "S", "double": "D", "split": "P", "surrender": "R",
                "insurance": "take", "no-insurance": "no"}

STYLES = {
    "H": "bold white on #b42318",    # hit: red
    "S": "bold black on #e3c53a",    # stand: yellow
    "D": "bold black on #4aa3df",    # double: blue
    "P": "bold white on #2f7d32",    # split: green
    "R": "bold white on #6b6b6b",    # surrender: grey
}
LEGEND = (("H", "hit"), ("S", "stand"), ("Dh", "double, else hit"), ("Ds", "double, else stand"),
          ("P·", "split, else the small letter"), ("R·", "surrender, else the small letter"))
TITLES = {"hard": "Hard totals", "soft": "Soft totals", "pair": "Pairs"}
UPS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
LABEL = 6
SECTION_WIDTH = LABEL + 3 * len(UPS)


def section(kind: str, rows: dict[str, dict[str, str]]) -> list[Text]:
    """One section's lines: the title and up cards, then a row per total or pair."""
    head = Text(" " * LABEL)
    for up in UPS:
        head.append(f"{up:>3}", style="bold")
    lines = [Text(TITLES[kind], style="bold underline"), head]
    for label, cells in rows.items():
        line = Text(f"{label:>{LABEL - 1}} ", style="bold")
        for up in UPS:
            code = cells.get(up, "?")
            line.append(f"{code:^3}", style=STYLES.get(code[:1], ""))
        lines.append(line)
    return lines


def legend() -> Text:
    text = Text()
    for code, meaning in LEGEND:
        text.append(f"{code:^4}", style=STYLES[code[0]])
        text.append(f" {meaning}  ")
    return text


class StrategyChart(Widget):
    """The chart of one rule set (``codes``), or a note that it is being computed."""

    DEFAULT_CSS = """
    StrategyChart { height: auto; width: 1fr; }
    """

    codes: reactive[Codes | None] = reactive(None, layout=True)
    title: reactive[str] = reactive("")
    indices: reactive[list[IndexRow] | None] = reactive(None, layout=True)

    def render(self) -> RenderableType:
        codes = self.codes
        if codes is None:
            return Text("Working out the best play for every hand…", style="dim italic")
        hard = section("hard", codes["hard"])
        rest = [*section("soft", codes["soft"]), Text(""), *section("pair", codes["pair"])]
        if self.size.width >= 2 * SECTION_WIDTH + 3:
            lines = []
            for i in range(max(len(hard), len(rest))):
                left = hard[i].copy() if i < len(hard) else Text("")
                left.pad_right(SECTION_WIDTH + 3 - left.cell_len)
                if i < len(rest):
                    left.append_text(rest[i])
                lines.append(left)
        else:
            lines = [*hard, Text(""), *rest]
        head = [Text(self.title, style="bold")] if self.title else []
        return Group(*head, *lines, Text(""), legend(), Text(""), *self._index_lines())

    def _index_lines(self) -> list[Text]:
        title = Text.assemble(("Index plays", "bold underline"),
                              ("  (Hi-Lo true count; +1 S/H: S at +1 or more, else H)", "dim"))
        if self.indices is None:
            return [title, Text("Working out the index plays…", style="dim italic")]
        rows = [_index_line(row) for row in self.indices]
        width = max((r.cell_len for r in rows), default=0) + 3
        per_line = max(1, self.size.width // width) if width else 1
        lines = [title]
        for start in range(0, len(rows), per_line):
            line = Text("")
            for cell in rows[start:start + per_line]:
                cell = cell.copy()
                cell.pad_right(width - cell.cell_len)
                line.append_text(cell)
            lines.append(line)
        return lines


def _index_line(row: IndexRow) -> Text:
    """``16 v 10   +1 S/H``: the play at the index and above, then the one below."""
    hand, number, above, below = row
    plays = f"{PLAY_LETTERS.get(above, above)}/{PLAY_LETTERS.get(below, below)}"
    return Text.assemble((f"{hand:<10}", "bold"), (f"{number:+3d} ", "bold #f2c94c"), plays)
