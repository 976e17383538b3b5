"""Game recall: the last rounds, newest first; enter replays one step by step on the table."""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Label, Static

from blackjack_tui.controller.exports import history_export, save_export
from blackjack_tui.controller.game import Game
from blackjack_tui.controller.recall import Recall
from blackjack_tui.engine.cards import parse_card
from blackjack_tui.engine.history import HandRecord, player_actions
from blackjack_tui.engine.money import money_str, signed
from blackjack_tui.engine.seats import SEAT_BOX_BASE
from blackjack_tui.store import StoreError
from blackjack_tui.store.reading import RoundRow
from blackjack_tui.ui.cards import CardStyle
from blackjack_tui.ui.screens.pane_title import PANE_TITLE_CSS
from blackjack_tui.ui.too_small import is_too_small, too_small_words
from blackjack_tui.ui.widgets.key_bar import KeyBar
from blackjack_tui.ui.widgets.seat_strip import seats_of
from blackjack_tui.ui.widgets.table import Table


def _tiles(codes: list[Any], style: CardStyle) -> Text:
    """Card codes (``TD``) as the felt draws them (``10♦``, or ``[10D]`` in ASCII)."""
    cards = []
    for code in codes:
        try:
            cards.append(parse_card(str(code)))
        except ValueError:
            continue
    return style.tiles(list(cards))


def _cards(record: dict[str, Any], style: CardStyle, *, whole: bool = False) -> Text:
    """The player's own hands (boxes 1-3; the computer players' are theirs) and the dealer's;
    ``whole``: with the hands he had a bet behind, each with the amount behind it."""
    result = record.get("result") or {}
    behind = record.get("behind") or {}
    line = Text()
    for hand in result.get("hands", []):
        box = int(hand.get("box", 1))
        if box > SEAT_BOX_BASE and not (whole and str(box) in behind):
            continue
        if line:
            line.append(" | ")
        if box > SEAT_BOX_BASE:
            line.append(f"behind box {box} ({money_str(Decimal(behind[str(box)]))}) ")
        line.append_text(_tiles(hand.get("cards", []), style))
    line.append(" v ")
    line.append_text(_tiles((result.get("dealer") or {}).get("cards", []), style))
    return line


class HistoryScreen(ModalScreen[None]):
    DEFAULT_CSS = PANE_TITLE_CSS + """
    HistoryScreen { align: center middle; background: $background; }
    #history {
        width: 94%; height: 90%; border: round $text-accent; background: $surface; padding: 0 1;
    }
    #history-table { height: 1fr; }
    #history-detail { height: auto; max-height: 4; }
    """

    BINDINGS = [
        Binding("escape,y", "close", "Close", id="history.close"),
        Binding("enter", "replay", "Replay", id="history.replay"),
        Binding("x", "export", "Export", id="history.export"),
    ]

    def __init__(self, game: Game, card_style: CardStyle) -> None:
        super().__init__()
        self.game = game
        self.card_style = card_style

    def compose(self) -> ComposeResult:
        with Vertical(id="history"):
            yield Label("RECALL · last 100 rounds, newest first · enter replays · x exports",
                        classes="pane-title")
            yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="history-detail")
            yield Static(id="history-notes")

    async def on_mount(self) -> None:
        rows, notices = await self.game.recent(100)
        self.rows: list[RoundRow] = rows
        table = self.query_one(DataTable)
        # The result first (net, the bankroll before and after): always in view at 80 columns;
        # the cards after it, and the highlighted round's cards and decisions in full under
        # the list (a split round's cards are longer than 80 columns have room for).
        table.add_columns("time", "table", "stakes", "net", "bankroll", "cards", "decisions")
        for row in self.rows:
            record = row.record
            style = "#7ee787" if row.net > 0 else ("#ff7b72" if row.net < 0 else "")
            stakes = " ".join(money_str(Decimal(b)) if b else "·" for b in record.get("bets", []))
            behind = sum((Decimal(b) for b in (record.get("behind") or {}).values()), Decimal(0))
            if behind:
                stakes += f" +{money_str(behind)} behind"
            chips = f"{money_str(row.before)} → {money_str(row.after)}"
            table.add_row(row.at.replace("T", " ")[5:16], row.ruleset, stakes,
                          Text(signed(row.net), style=style),
                          chips + (" home" if row.home else ""),
                          _cards(record, self.card_style),
                          " ".join(player_actions(record)) or "—")
        notes = list(notices)
        if not self.rows:
            notes.append("No rounds yet: play one and it is kept here.")
        self.query_one("#history-notes", Static).update(Text("\n".join(notes), style="dim"))
        table.focus()

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        rows = getattr(self, "rows", [])
        if not 0 <= event.cursor_row < len(rows):
            return
        record = rows[event.cursor_row].record
        detail = Text("cards ")
        detail.append_text(_cards(record, self.card_style, whole=True))
        detail.append(" · decisions " + (", ".join(player_actions(record)) or "—"))
        self.query_one("#history-detail", Static).update(detail)

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        self.action_replay()

    def action_replay(self) -> None:
        if not getattr(self, "rows", None):
            return
        row = self.rows[self.query_one(DataTable).cursor_row]
        try:
            record = HandRecord.model_validate(row.record)
        except ValueError as err:
            self.notify(f"This round's record cannot be replayed: {err}", severity="warning")
            return
        self.app.push_screen(RecallScreen(record, self.card_style, home=row.home))

    @work(exclusive=True, group="history-export")
    async def action_export(self) -> None:
        """Every booked round as CSV and JSON: downloads in a browser, files in a terminal."""
        export = await history_export(self.game)
        if not export.rounds:
            self.notify("No rounds to export yet.", timeout=5)
            return
        if self.app.is_web:  # in a browser: downloads, not files on the server's disk
            for text, suffix in ((export.csv, "csv"), (export.json, "json")):
                self.app.deliver_text(io.StringIO(text), save_filename=f"{export.stem}.{suffix}")
            self.notify(f"{export.stem}.csv and .json ({export.rounds:,} rounds)",
                        title="Downloading", timeout=8)
            return
        try:
            csv_path, json_path = await save_export(self.game, export)
        except StoreError as err:
            self.notify(f"Could not export: {err}", severity="error", timeout=10)
            return
        self.notify(f"{export.rounds:,} rounds\n{csv_path}\n{json_path}", title="Exported",
                    timeout=10)

    def action_close(self) -> None:
        self.dismiss(None)


class RecallScreen(Screen[None]):
    """A recorded round on the felt, one step at a time; clearly marked as recall."""

    DEFAULT_CSS = """
    #recall-banner, #recall-step { height: 1; padding: 0 1; background: $surface; }
    """

    BINDINGS = [
        Binding("right,space,l", "step(1)", "Next", id="recall.next"),
        Binding("left,h", "step(-1)", "Back", id="recall.back"),
        Binding("home", "jump(0)", "Start", id="recall.start"),
        Binding("end", "jump(-1)", "End", id="recall.end"),
        Binding("escape,q", "close", "Close", id="recall.close"),
    ]

    def __init__(self, record: HandRecord, card_style: CardStyle, home: bool = False) -> None:
        super().__init__()
        self.recall = Recall(record)
        self.card_style = card_style
        self.chips = "stack" if home else "bankroll"  # a home evening is played with its stack
        self.step = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="recall-main"):
            yield Static(id="recall-banner")
            yield Table(id="table")
            yield Static(id="recall-step")
            yield KeyBar()
        yield Static(id="too-small")

    def on_resize(self) -> None:
        small = is_too_small(self.size.width, self.size.height)
        self.set_class(small, "-too-small")
        self.refresh_bindings()
        if small:
            self.query_one("#too-small", Static).update(
                too_small_words(self.size.width, self.size.height, "escape closes the recall"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Behind the "too small" notice only closing does anything.
        return action == "close" or not self.has_class("-too-small")

    def on_mount(self) -> None:
        record = self.recall.record
        self.query_one("#recall-banner", Static).update(Text.assemble(
            (" RECALL ", "bold black on #f2c94c"), "  ",
            (f"{record.time.replace('T', ' ')[:19]} · {record.rules.title or record.rules.name}"
             f" · {self.chips} {money_str(record.bankroll_before)} → {record.result.bankroll}",
             "bold")))
        self._show()

    def _show(self) -> None:
        recall = self.recall
        view = recall.view_at(self.step)
        table = self.query_one(Table)
        table.show_round(view, self.card_style)
        # The computer players' boxes and the bets behind them, in the strip as at the table.
        table.show_seats(seats_of(recall.seats, recall.behind, 0, recall.sitting_out, None), view)
        # (The key bar below says the keys.)
        self.query_one("#recall-step", Static).update(
            f"step {self.step} of {recall.steps} · {recall.words(self.step)}")

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(self.recall.steps, self.step + delta))
        self._show()

    def action_jump(self, where: int) -> None:
        self.step = self.recall.steps if where < 0 else where
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)
