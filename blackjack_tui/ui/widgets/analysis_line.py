"""The coach line under the felt: the session's hands won, lost and pushed (always), the card
count (in the system chosen in Options) and the coach's tally when either is switched on, and the
table's notes (the coach's verdicts, what the game has to say) for a while: a note takes a row
from the felt, never covers a card, a question or a result."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from blackjack_tui.controller.coach import Coach
from blackjack_tui.controller.count import CountView


class AnalysisLine(Static):
    """Hidden (``display: none``) while neither the count nor the coach is on."""

    DEFAULT_CSS = """
    AnalysisLine { height: auto; max-height: 2; padding: 0 1; background: $panel; color: $text; }
    AnalysisLine.-warning { color: $text-warning; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._key: tuple[object, ...] | None = None

    @staticmethod
    def shows(count: CountView | None, coach: Coach | None, note: str | None = None,
              session: str | None = None, plan: str | None = None) -> bool:
        """Whether the line is in view with these parts (else hidden)."""
        return count is not None or coach is not None or bool(note) or bool(session) \
            or bool(plan)

    def show(self, count: CountView | None, coach: Coach | None, note: str | None = None,
             warning: bool = False, session: str | None = None,
             plan: str | None = None) -> None:
        key = (count, coach.summary() if coach is not None else None,
               bool(coach and coach.mistakes), note, warning, session, plan)
        if key == self._key:
            return
        self._key = key
        on = self.shows(count, coach, note, session, plan)
        if self.display != on:
            self.display = on  # the felt gives up a row (a layout, only when switched)
        parts: list[Text] = []
        if session:
            parts.append(Text(session))
        if count is not None:
            words: list[str | tuple[str, str]] = []
            for label, value in count.words():
                words += [("  " if words else "") + label, (value, "bold")]
            parts.append(Text.assemble(*words))
        if plan:
            parts.append(Text(plan))  # the plan's bet and the betting errors, by the coach's
        if coach is not None:
            parts.append(Text.assemble(
                "Coach ", (coach.summary(), "bold" if coach.mistakes else "")))
        if note:
            parts.append(Text(note, style="bold" if warning else ""))
        # The last part (the note, else the coach's tally …) always shows; the session's tally,
        # then the count, make room for it where the line has none (one row: the felt keeps
        # its height, and no part is cut).
        width = (self.size.width or self.app.size.width - 2) - 2
        while len(parts) > 1 and sum(p.cell_len for p in parts) + 3 * (len(parts) - 1) > width:
            parts.pop(0)
        self.set_class(warning and bool(note), "-warning")
        self.update(Text("   ").join(parts), layout=bool(note) or self.size.height != 1)
