"""The standings screen: the sheet, and each hand entered player by player from the keyboard.

=========  =========================================================================
key        does
=========  =========================================================================
enter      take the typed entry (``w l p n b dw dl w/l i bj @10`` or a net amount)
up         back to the previous player of the hand being entered
escape     drop the hand being entered; with none, back to the evening list
ctrl+z     undo the last hand          ctrl+r  correct the last hand
ctrl+g     chart of the stacks         ctrl+o  history of every change
ctrl+s     export CSV and JSON         ctrl+t  end the evening now
=========  =========================================================================
"""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from blackjack_tui.engine.rules import Rules
from blackjack_tui.ledger import Entry, Evening, LedgerError, fmt_money
from blackjack_tui.ledger.notation import HELP, parse_entry
from blackjack_tui.store.evenings import EveningStore
from blackjack_tui.ui.ledger.dialogs import AskDialog, WinnerDialog
from blackjack_tui.ui.ledger.table import BANKER, LedgerTable
from blackjack_tui.ui.widgets.key_bar import KeyBar


class StandingsScreen(Screen[None]):
    """One evening's sheet. Every change is saved at once, so closing the terminal loses nothing."""

    CSS_PATH = "ledger.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo", id="ledger.undo"),
        Binding("ctrl+r", "correct", "Correct", id="ledger.correct"),
        Binding("ctrl+g", "chart", "Chart", id="ledger.chart"),
        Binding("ctrl+o", "history", "History", id="ledger.history"),
        Binding("ctrl+s", "export", "Export", id="ledger.export"),
        Binding("ctrl+t", "end", "End", id="ledger.end"),
        Binding("up", "previous", "Prev player", show=False, id="ledger.previous"),
        Binding("escape", "leave", "Back", id="ledger.leave"),
    ]

    def __init__(self, evening: Evening, store: EveningStore, rules: Rules) -> None:
        super().__init__()
        self.evening = evening
        self.store = store
        self.rules = rules
        self._pending: dict[str, Entry] = {}
        self._order: tuple[str, ...] = ()
        self._index = 0
        self._correcting = False
        self._announced = False

    def compose(self) -> ComposeResult:
        yield Static(id="ledger-title")
        yield LedgerTable(id="sheet")
        with Horizontal(id="entry-row"):
            yield Label(id="prompt")
            yield Input(id="entry", compact=True, placeholder="an outcome, or the net like -5")
        yield Static(id="hint")
        yield Static(HELP, id="codes")
        yield KeyBar()

    def on_mount(self) -> None:
        self._start_hand()
        self.query_one("#entry", Input).focus()
        self._after_change()

    # Drawing.

    @property
    def _current(self) -> str | None:
        return self._order[self._index] if self._index < len(self._order) else None

    def _refresh(self) -> None:
        evening = self.evening
        standings = evening.standings
        banker = standings.banker or "house"
        hand = f"hand {standings.hands + 1}"
        if evening.settings.hands is not None:
            hand += f" of {evening.settings.hands}"
        parts = [evening.name, hand, f"bank: {banker}",
                 f"bet {fmt_money(evening.settings.normal_bet)}"]
        if standings.finished:
            parts = [evening.name, f"over after {standings.hands} hands",
                     f"winner {' & '.join(standings.winners)}"]
        self.query_one("#ledger-title", Static).update(" · ".join(parts))
        self.query_one(LedgerTable).show(
            evening, None if standings.finished else self._pending, self._current,
            self._correcting)
        prompt = self.query_one("#prompt", Label)
        entry = self.query_one("#entry", Input)
        entry.disabled = standings.finished
        entry.display = not standings.finished
        if standings.finished:
            prompt.update("The evening is over: ctrl+z takes the last hand back")
        elif self._current is not None:
            verb = f"Fix {standings.hands}" if self._correcting else f"Hand {standings.hands + 1}"
            prompt.update(f"{verb} · {self._current}:")

    def _hint(self, text: str, error: bool = False) -> None:
        hint = self.query_one("#hint", Static)
        hint.update(text)
        hint.set_class(error, "-error")

    # Entering a hand.

    def _start_hand(self, correcting: bool = False) -> None:
        self._correcting = correcting
        self._pending = {}
        self._index = 0
        if correcting:
            last = self.evening.hands()[-1]
            self._order = tuple(last.entries)
        else:
            self._order = self.evening.standings.in_hand
        self._load_text()

    def _load_text(self, text: str | None = None) -> None:
        entry = self.query_one("#entry", Input)
        if text is None and self._correcting and self._current is not None:
            # A correction starts from what was typed the first time.
            old = self.evening.hands()[-1].entries.get(self._current)
            if old is not None:
                text = old.text or fmt_money(old.amount, sign=True)
        text = text or ""
        entry.value = text
        entry.cursor_position = len(text)

    @on(Input.Submitted, "#entry")
    def _entered(self, event: Input.Submitted) -> None:
        player = self._current
        if player is None or self.evening.standings.finished:
            return
        try:
            entry = parse_entry(event.value, bet=self.evening.settings.normal_bet,
                                rules=self.rules)
        except LedgerError as err:
            self._hint(str(err), error=True)
            return
        self._pending[player] = entry
        how = f" ({entry.how})" if entry.how else ""
        self._hint(f"{player} {fmt_money(entry.amount, sign=True)}{how}")
        self._index += 1
        if self._index < len(self._order):
            self._load_text()
            self._refresh()
            return
        self._commit()

    def _commit(self) -> None:
        evening = self.evening
        try:
            if self._correcting:
                row = evening.correct_last_hand(self._pending)
            else:
                row = evening.add_hand(self._pending)
        except LedgerError as err:
            self._hint(str(err), error=True)
            self._start_hand(self._correcting)
            self._refresh()
            return
        self._save()
        bank = fmt_money(row.bank if row.bank is not None else Decimal(0), sign=True)
        done = "corrected" if self._correcting else "entered"
        self._hint(f"Hand {row.hand} {done}: bank {bank}" + (f"; {row.note}" if row.note else ""))
        self._start_hand()
        self._after_change()

    def _save(self) -> None:
        try:
            self.store.save_evening(self.evening)
        except OSError as err:
            self.notify(f"Could not save: {err}", severity="error", timeout=10)

    def _after_change(self) -> None:
        """Ask the rebuys the last hand made due, then announce the end if it came."""
        self._refresh()
        self._settle_questions()

    @work(exclusive=True, group="ledger-questions")
    async def _settle_questions(self) -> None:
        evening = self.evening
        for player in evening.standings.pending_rebuys:
            stack = fmt_money(evening.standings.stacks[player])
            amount = fmt_money(evening.settings.starting_stack)
            again = await self.app.push_screen_wait(AskDialog(
                f"{player} is at the floor",
                f"{player}'s stack is {stack} (floor {fmt_money(evening.settings.floor)}).\n"
                f"Buy back in once for {amount}?"))
            if again:
                evening.rebuy(player)
            else:
                evening.retire(player)
            self._save()
        if evening.standings.pending_rebuys:
            return
        self._start_hand()
        self._refresh()
        if evening.standings.finished and not self._announced:
            self._announced = True
            await self.app.push_screen_wait(self._winner_dialog())
        self.query_one("#entry", Input).focus()

    def _winner_dialog(self) -> WinnerDialog:
        standings = self.evening.standings
        winners = standings.winners
        top = fmt_money(standings.stacks[winners[0]])
        who = " and ".join(winners)
        headline = f"{who} {'win' if len(winners) > 1 else 'wins'} with {top}"
        why = {"last-stack": "the last stack standing",
               "hands": f"after the agreed {standings.hands} hands",
               "closed": f"ended early, after {standings.hands} hands"}
        lines = [f"The evening is over: {why[standings.ended_by or 'closed']}.", ""]
        ranked = sorted(self.evening.players, key=lambda p: standings.stacks[p], reverse=True)
        for place, player in enumerate(ranked, start=1):
            mark = "" if standings.status[player] != "out" else "  (out)"
            lines.append(f"{place}. {player:<12} {fmt_money(standings.stacks[player]):>9}{mark}")
        return WinnerDialog(headline, lines)

    # Keys.

    def action_previous(self) -> None:
        if self._index == 0:
            return
        self._index -= 1
        # Bring back what was typed for that player, so it can be fixed rather than retyped.
        entry = self._pending.pop(self._order[self._index], None)
        self._load_text(entry.text or fmt_money(entry.amount, sign=True) if entry else None)
        self._refresh()

    def action_leave(self) -> None:
        if self._pending or self._correcting:
            self._hint("Hand dropped" if not self._correcting else "Correction dropped")
            self._start_hand()
            self._refresh()
            return
        self.dismiss(None)

    def action_undo(self) -> None:
        if self._pending:
            self._hint("Finish or drop (escape) the hand being entered first", error=True)
            return
        try:
            hand = self.evening.undo_last_hand()
        except LedgerError as err:
            self._hint(str(err), error=True)
            return
        self._announced = False
        self._save()
        number = self.evening.standings.hands + 1
        self._hint(f"Hand {number} undone ({len(hand.entries)} entries); it stays in the history")
        self._start_hand()
        self._refresh()
        # An ended evening had no entry field: it is back, and the next hand is typed into it
        # (not taken as the app's keys).
        self.query_one("#entry", Input).focus()

    def action_correct(self) -> None:
        if not self.evening.hands():
            self._hint("No hand to correct yet", error=True)
            return
        self._start_hand(correcting=True)
        self._hint(f"Correcting hand {self.evening.standings.hands}: enter to keep an entry, "
                   "escape to drop the correction")
        self._refresh()
        self.query_one("#entry", Input).focus()

    def action_chart(self) -> None:
        from blackjack_tui.ui.ledger.chart import ChartScreen

        self.app.push_screen(ChartScreen(self.evening))

    def action_history(self) -> None:
        from blackjack_tui.ui.ledger.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.evening))

    def action_export(self) -> None:
        if self.app.is_web:  # in a browser: downloads, not files on the server's disk
            import io

            from blackjack_tui.store.evenings import evening_csv, evening_json

            evening = self.evening
            for text, suffix in ((evening_csv(evening), "csv"), (evening_json(evening), "json")):
                self.app.deliver_text(io.StringIO(text), save_filename=f"{evening.id}.{suffix}")
            self.notify(f"{evening.id}.csv and .json", title="Downloading", timeout=8)
            return
        try:
            csv_path, json_path = self.store.export_evening(self.evening)
        except OSError as err:
            self.notify(f"Could not export: {err}", severity="error", timeout=10)
            return
        self.notify(f"{csv_path}\n{json_path}", title="Exported", timeout=8)

    @work(exclusive=True, group="ledger-end")
    async def action_end(self) -> None:
        if self.evening.standings.finished:
            self._hint("The evening is already over", error=True)
            return
        if not await self.app.push_screen_wait(AskDialog(
                "End the evening?", "Stop here; the biggest stack wins.")):
            return
        try:
            self.evening.close()
        except LedgerError as err:
            self._hint(str(err), error=True)
            return
        self._save()
        self._after_change()


__all__ = ["BANKER", "StandingsScreen"]
