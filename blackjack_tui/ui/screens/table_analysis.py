"""The table's analysis keys: hint, coach, card count, drill. Mixed into :class:`TableScreen`.

Everything comes from the controller (``RoundController.hint``, ``.coach``, ``.count_view``); the
screen only shows it: the hint and the coach's verdicts on the message line and in toasts, the
count and the coach's tally on the :class:`AnalysisLine` under the felt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from blackjack_tui.controller.coach import Coach, Verdict
from blackjack_tui.controller.controller import RoundController
from blackjack_tui.engine.actions import label_of
from blackjack_tui.ui.widgets.analysis_line import AnalysisLine

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game
    from blackjack_tui.ui.cards import CardStyle




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

    def setup_analysis(self) -> None:
        """Call once the controller exists: the coach from the settings, the count off."""
        assert self.controller is not None
        self.tally = Coach()
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
        count = self.controller.count_view() if getattr(self, "counting", False) else None
        self.query_one(AnalysisLine).show(count, self.controller.coach)

    def action_hint(self) -> None:
        advice = self.controller.hint() if self.controller is not None else None
        if advice is None:
            self.say("A hint comes when a hand waits for your play", "-warning")
            return
        best, value = advice.ranked[0]
        others = " · ".join(f"{label_of(a)} {v:+.3f}" for a, v in advice.ranked[1:])
        self.say(f"Best: {label_of(best)} {value:+.3f}" + (f" · {others}" if others else "")
                 + " (EV per unit bet)" + (f" · {advice.note}" if advice.note else ""), "-ask")

    def action_toggle_coach(self) -> None:
        assert self.controller is not None
        on = self.controller.coach is None
        self.controller.coach = self.tally if on else None
        self.game.settings.coach = on
        self.game.save_settings()
        self.notify("Coach on: every play is checked against the best" if on else "Coach off",
                    timeout=4)
        self.refresh_analysis()

    def action_toggle_count(self) -> None:
        self.counting = not self.counting
        self.game.settings.count = self.counting
        self.game.save_settings()
        self.refresh_analysis()

    def _count_key(self) -> tuple[object, ...]:
        session = self.game.session
        # The shuffles too: a fair shoe revealed now (f, r) is shuffled whole, with no shuffle
        # shown at the table.
        return (id(session.shoe), session.shoe.shuffles, session.rules.name)

    def check_count(self) -> None:
        """A new shoe, a shuffle or another table: the count starts again from nothing."""
        key = self._count_key()
        if key != getattr(self, "_counted_table", key) and self.controller is not None:
            self.controller.count.reset()
        self._counted_table = key

    def action_drill(self) -> None:
        from blackjack_tui.ui.screens.drill import DrillScreen

        self.app.push_screen(DrillScreen(self.game.session.rules, self.card_style))

    def _verdict(self, verdict: Verdict) -> None:
        if verdict.mistake:
            self.notify(f"{label_of(verdict.action)} cost {verdict.cost:.3f} of the bet "
                        f"({verdict.money}); the best play was {label_of(verdict.best)}",
                        title="Coach", severity="warning", timeout=8)
        self.refresh_analysis()
