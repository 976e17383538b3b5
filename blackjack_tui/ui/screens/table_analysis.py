"""The table's analysis keys: hint, coach, card count, drill. Mixed into :class:`TableScreen`.

Everything comes from the controller (``RoundController.hint``, ``.coach``, ``.count_view``); the
screen only shows it: the hint on the message line; the count, the coach's tally and his verdicts
on the coach line (:class:`AnalysisLine`) under the felt, never in a toast over the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.screen import Screen

from blackjack_tui.controller.coach import Coach, Verdict
from blackjack_tui.controller.controller import RoundController
from blackjack_tui.controller.tally import SessionTally, bust_chance
from blackjack_tui.engine.actions import label_of
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine

if TYPE_CHECKING:
    from textual.timer import Timer

    from blackjack_tui.controller.game import Game
    from blackjack_tui.ui.cards import CardStyle


TALLY_ROWS = 30


class TableAnalysis(Screen[None]):
    """Keys ``t`` hint, ``c`` coach on/off, ``k`` count on/off, ``g`` drill."""

    tally: Coach
    counting: bool
    controller: RoundController | None
    game: Game

    if TYPE_CHECKING:
        @property
        def card_style(self) -> CardStyle: ...

        def say(self, text: str, style: str = "") -> None: ...

    _analysis_line: AnalysisLine | None = None
    """The coach line, once it has shown something (:meth:`refresh_analysis`)."""

    def setup_analysis(self) -> None:
        """Call once the controller exists: the coach from the settings, the count off."""
        assert self.controller is not None
        self.tally = Coach()
        self.session_tally = SessionTally()
        """The player's hands this sitting, always in view on the coach line."""
        self._note: tuple[str | None, bool] = (None, False)
        """The coach line's note and whether it warns."""
        self._note_timer: Timer | None = None
        self.counting = self.game.settings.count
        self._counted_table: tuple[object, ...] = self._count_key()
        self.controller.on_verdict = self._verdict
        if self.game.settings.coach:
            self.controller.coach = self.tally
        self.refresh_analysis()

    def refresh_analysis(self) -> None:
        if self.controller is None or not self.is_attached:
            return
        self.check_count()
        shown = getattr(self, "counting", False) or getattr(self, "revealed", False)
        count = self.controller.count_view() if shown else None
        plan = self.plan_words() if hasattr(self, "plan_words") else None
        note, warning = getattr(self, "_note", (None, False))
        tally = getattr(self, "session_tally", None)
        coach = self.controller.coach
        # The session's tally is always in view where the felt has a row to spare (from
        # TALLY_ROWS rows); below that, whenever the line is there for the count, the coach or
        # a note (a full table at 80×24 has no row to give).
        room = self.size.height >= TALLY_ROWS or count is not None or coach is not None or note \
            or plan
        session = tally.words() if tally is not None and room else None
        line = self._analysis_line
        if line is None:
            if not AnalysisLine.shows(count, coach, note, session, plan):
                return  # (nothing to show: the line is made when it first has something)
            # Made the first time it shows, not composed hidden: one widget fewer to compose,
            # style and lay out before the first frame (a table at 80×24 with neither the
            # count nor the coach on shows no line).
            line = self._analysis_line = AnalysisLine(id="analysis")
            self.mount(line, before="#message")
        line.show(count, coach, note, warning, session, plan)

    def tell(self, text: str, severity: str = "information", timeout: float | None = None,
             *, alone: bool = False) -> None:
        """A note on the coach line (not a toast over the cards) for ``timeout`` seconds; notes
        that come together are shown together (``alone``: this one replaces them)."""
        warning = severity in ("warning", "error")
        note, was_warning = (None, False) if alone else getattr(self, "_note", (None, False))
        if note:
            text = note if text in note else f"{note} · {text}"
        self._note = (text, warning or was_warning)
        if self._note_timer is not None:
            self._note_timer.stop()
        self._note_timer = self.set_timer(timeout or 8, self._clear_note)
        self.refresh_analysis()

    def _clear_note(self) -> None:
        self._note = (None, False)
        self._note_timer = None
        self.refresh_analysis()

    def action_hint(self) -> None:
        self.show_hint()

    def show_hint(self, quiet: bool = False) -> None:
        """The hint on the message line (``quiet``: nothing said when there is none, as for
        insurance; config.toml's ``hint = on`` shows it at every play)."""
        advice = self.controller.hint() if self.controller is not None else None
        if advice is None:
            if not quiet:
                self.say("A hint comes when a hand waits for your play", "-warning")
            return
        best, value = advice.ranked[0]
        rnd = self.game.session.round
        busts = bust_chance(rnd) if rnd is not None and "hit" in dict(advice.ranked) else None
        self.say(hint_line(best, value, advice.ranked[1:], busts, advice.note,
                           self.app.size.width - 2), "-ask")

    def action_toggle_coach(self) -> None:
        assert self.controller is not None
        on = self.controller.coach is None
        self.controller.coach = self.tally if on else None
        self.game.settings.coach = on
        self.game.save_settings()
        if not on and self._note_timer is not None:
            self._note_timer.stop()
            self._note = (None, False)  # his last verdict goes with him
        self.refresh_analysis()  # (the coach line shows the tally while the coach is on)

    def action_toggle_count(self) -> None:
        self.counting = not self.counting
        self.game.settings.count = self.counting
        self.game.save_settings()
        if hasattr(self, "count_shown_or_hidden"):
            self.count_shown_or_hidden()  # (the plan's bet shows with the count)
        else:
            self.refresh_analysis()

    def _count_key(self) -> tuple[object, ...]:
        session = self.game.session
        # The shuffles too: a fair shoe revealed now (f, r) is shuffled whole, with no shuffle
        # shown at the table.
        return (id(session.shoe), session.shoe.shuffles, session.rules.name)

    def check_count(self) -> None:
        """A new shoe, a shuffle or another table: the count starts again from nothing. Another
        count system chosen in Options: the cards seen are recounted in it."""
        key = self._count_key()
        if key != getattr(self, "_counted_table", key) and self.controller is not None:
            self.controller.count.reset()
        self._counted_table = key
        chosen = self.game.settings.count_system
        if self.controller is not None and self.controller.count.system.name != chosen:
            self.controller.count.set_system(chosen, self.game.session.rules.decks)

    def action_drill(self) -> None:
        from blackjack_tui.ui.screens.training.menu import DrillMenu

        self.app.push_screen(DrillMenu(self.game, self.card_style))

    def action_plan(self) -> None:
        from blackjack_tui.ui.screens.plan import PlanScreen

        session = self.game.session
        self.app.push_screen(PlanScreen(self.game, session.rules, session.limits))

    def _verdict(self, verdict: Verdict) -> None:
        if verdict.mistake:
            self.tell(f"{label_of(verdict.action)} cost {verdict.money}; "
                      f"best {label_of(verdict.best)}", severity="warning", timeout=8, alone=True)
        self.refresh_analysis()


def hint_line(best: str, value: float, others: Sequence[tuple[str, float]],
              busts: float | None, note: str | None, width: int) -> str:
    """The hint in one line of ``width``: the best play and the chance a hit busts always; the
    other plays, the note and "(EV per unit bet)" as far as they fit, whole (never a cut word)."""
    head = [f"Best: {label_of(best)} {value:+.3f}"]
    if busts is not None:
        head.append(f"a hit busts {busts:.0%}")
    rest = [f"{label_of(a)} {v:+.3f}" for a, v in others] + ([note] if note else [])
    suffix = " (EV per unit bet)"
    for keep in range(len(rest), -1, -1):
        line = " · ".join(head + rest[:keep])
        if len(line) + len(suffix) <= width:
            return line + suffix
        if len(line) <= width:
            return line
    return " · ".join(head)
