"""The ledger sheet: a row per hand, a column per player and the bank, the stacks pinned on top."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from rich.style import Style
from rich.text import Text
from textual.color import Color, ColorParseError
from textual.widgets import DataTable

from blackjack_tui.ledger import Entry, Evening, Row, fmt_money

BANKER = "◆"


class LedgerTable(DataTable[Text]):
    """The evening's sheet, rebuilt from the evening whenever it changes.

    Row 1 (fixed) holds the running stacks; below it every hand, rebuy and leaving in order, and
    last the hand being entered. The banker's cell in a hand row is the bank's entry; a ``◆``
    marks who holds the bank.
    """

    DEFAULT_CSS = """
    LedgerTable { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="none", zebra_stripes=True, fixed_rows=1,
                         cell_padding=1, show_cursor=False)

    def _styles(self) -> dict[str, Style]:
        variables = self.app.get_css_variables()
        background = Color.parse(variables.get("background", "black"))

        def colour(name: str, fallback: str) -> Style:
            # Theme variables, so the sheet follows light and dark themes alike.
            try:
                value = Color.parse(variables[name])
            except (KeyError, ColorParseError):
                return Style.parse(fallback)
            if value.a < 1:
                value = background + value
            return Style(color=value.rich_color)

        return {
            "plus": colour("text-success", "green"),
            "minus": colour("text-error", "red"),
            "zero": colour("foreground-muted", "grey50"),
            "rebuy": colour("text-accent", "cyan"),
            "pending": colour("text-warning", "yellow") + Style(italic=True),
        }

    def _money(self, amount: Decimal, styles: dict[str, Style], *, suffix: str = "") -> Text:
        key = "plus" if amount > 0 else "minus" if amount < 0 else "zero"
        return Text(fmt_money(amount, sign=True) + suffix, style=styles[key], justify="right")

    def _stacks(self, evening: Evening, styles: dict[str, Style]) -> list[Text]:
        """The pinned first row: every player's running stack (``r`` after a rebuy), the bank's."""
        standings = evening.standings
        cells = [Text("Stack", style="bold", justify="right")]
        for player in evening.players:
            status = standings.status[player]
            text = fmt_money(standings.stacks[player])
            if standings.rebuys_used[player]:
                text += "r"
            style = Style(bold=True) if status == "in" else styles["zero"] + Style(strike=True)
            if status == "broke":
                style = styles["minus"] + Style(bold=True)
            cells.append(Text(text, style=style, justify="right"))
        cells.append(self._money(standings.house, styles) if standings.banker is None
                     else Text(f"{BANKER}{standings.banker}", justify="right"))
        return cells

    def _row(self, row: Row, players: Sequence[str], styles: dict[str, Style]) -> list[Text]:
        """A hand's row (each player's result, the bank's), or a rebuy's or a leaving's."""
        cells: list[Text] = []
        if row.kind == "hand":
            for player in players:
                if player not in row.entries:
                    cells.append(Text(""))
                    continue
                suffix = BANKER if player == row.banker else (
                    "*" if player in row.naturals else "")
                cells.append(self._money(row.entries[player], styles, suffix=suffix))
            return [Text(str(row.hand), justify="right"), *cells,
                    self._money(row.bank or Decimal(0), styles)]
        for player in players:
            if row.kind == "rebuy" and player in row.entries:
                cells.append(Text("+" + fmt_money(row.entries[player]),
                                  style=styles["rebuy"], justify="right"))
            elif row.kind == "retire" and row.who == player:
                cells.append(Text("out", style=styles["zero"], justify="right"))
            else:
                cells.append(Text(""))
        label = Text({"rebuy": "R", "retire": "out", "close": "end"}[row.kind],
                     style=styles["rebuy"], justify="right")
        return [label, *cells, Text("")]

    def _pending(self, number: int, players: Sequence[str], pending: dict[str, Entry],
                 current: str | None, styles: dict[str, Style]) -> list[Text]:
        """The hand being entered: the amounts given so far, ``?`` for the one asked now."""
        cells = []
        for player in players:
            if player in pending:
                cells.append(self._money(pending[player].amount, styles))
            elif player == current:
                cells.append(Text("?", style=styles["pending"], justify="right"))
            else:
                cells.append(Text(""))
        total = sum((e.amount for e in pending.values()), Decimal(0))
        bank = self._money(-total, styles) if pending else Text("")
        return [Text(f"›{number}", style=styles["pending"], justify="right"), *cells, bank]

    def show(self, evening: Evening, pending: dict[str, Entry] | None = None,
             current: str | None = None, correcting: bool = False) -> None:
        """Redraw the sheet from ``evening``, with ``pending`` entries of the hand being entered
        (``current`` is the player whose entry is asked for)."""
        styles = self._styles()
        standings = evening.standings
        players = evening.players
        header = [Text("Hand", justify="right")]
        for player in players:
            name = f"{player}{BANKER}" if player == standings.banker else player
            header.append(Text(name, justify="right"))
        header.append(Text("Bank", justify="right"))
        lines: list[tuple[list[Text], str]] = [(self._stacks(evening, styles), "stacks")]
        rows = standings.rows
        if correcting:
            last = max(i for i, row in enumerate(rows) if row.kind == "hand")
            rows = rows[:last]
        for index, row in enumerate(rows):
            lines.append((self._row(row, players, styles), f"row-{index}"))
        if pending is not None:
            number = standings.hands if correcting else standings.hands + 1
            lines.append((self._pending(number, players, pending, current, styles), "pending"))

        # Columns as wide as their widest cell (and never narrower than 6), so the banker's
        # mark and long amounts are never cut off, and the sheet does not jump as it grows.
        widths = [max(6, header[i].cell_len, *(cells[i].cell_len for cells, _ in lines))
                  for i in range(len(header))]
        self.clear(columns=True)
        for column, (title, width) in enumerate(zip(header, widths, strict=True)):
            self.add_column(title, key=str(column), width=width)
        for cells, key in lines:
            self.add_row(*cells, key=key)
        self.scroll_end(animate=False)
