"""Counting at the table: the plan's bet for the true count, the betting-error tally, count checks
before a deal, and the count revealed for a moment (``v``) while it is hidden for practice.
Mixed into :class:`TableScreen`.

The plan's bet shows (at the selected box and on the coach line) only while the count is shown
(``k``) or revealed (``v``): with the count hidden the bet would give the count away. The bets
are scored either way, at the deal (:mod:`blackjack_tui.controller.bet_tally`).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from textual.screen import Screen

from blackjack_tui.controller.bet_tally import BetTally
from blackjack_tui.controller.count_checks import CountChecks, Question
from blackjack_tui.engine.money import money_str

if TYPE_CHECKING:
    from textual.timer import Timer

    from blackjack_tui.controller.controller import RoundController
    from blackjack_tui.controller.game import Game

REVEAL_SECONDS = 5


class TableCounting(Screen[None]):
    """Key ``v``: the count for a few seconds (while it is hidden)."""

    controller: RoundController | None
    game: Game
    counting: bool

    if TYPE_CHECKING:
        def tell(self, text: str, severity: str = "information", timeout: float | None = None,
                 *, alone: bool = False) -> None: ...

        def refresh_analysis(self) -> None: ...

        def check_count(self) -> None: ...

    def setup_counting(self) -> None:
        self.bet_tally = BetTally()
        self.count_checks = CountChecks()
        self.revealed = False
        self._reveal_timer: Timer | None = None

    # ------------------------------------------------------------------ the plan's bet

    def plan_bet(self) -> tuple[int, Decimal] | None:
        """The true count (floored) and the plan's bet at it, or ``None`` with no plan."""
        plan = self.game.settings.plan
        if plan is None or self.controller is None:
            return None
        from blackjack_tui.controller.plan import bet_at, floor_tc, unit_of  # (with a plan only)

        self.check_count()
        tc = floor_tc(self.controller.count_view().true_count)
        return tc, bet_at(plan, unit_of(self.game.session.limits, plan), tc)

    @property
    def count_in_view(self) -> bool:
        return getattr(self, "counting", False) or getattr(self, "revealed", False)

    def plan_words(self) -> str | None:
        """The coach line's plan part: the bet now (while the count shows) and the tally."""
        found = self.plan_bet() if hasattr(self, "bet_tally") else None
        if found is None:
            return None
        tc, bet = found
        parts = []
        if self.count_in_view and not getattr(self, "playing", False):
            parts.append((money_str(bet) if bet else "sit out") + f" at TC {tc:+d}")
        if self.bet_tally.rounds:
            parts.append(self.bet_tally.summary())
        return "Plan " + " · ".join(parts) if parts else None

    def plan_box_words(self) -> str:
        """The selected box's line about the plan's bet."""
        found = self.plan_bet() if hasattr(self, "bet_tally") else None
        if found is None:
            return ""
        if not self.count_in_view:
            return "plan hidden · v shows"
        return f"plan {money_str(found[1])}" if found[1] else "plan: sit out"

    # ------------------------------------------------------------------ at the deal

    def deal_checked(self, bets: list[Decimal | None], deal: Callable[[], object]) -> None:
        """Before the deal: maybe a count check; then the bets scored against the plan; then
        ``deal``."""
        assert self.controller is not None
        self.check_count()
        question = self.count_checks.due(self.game.settings.count_checks,
                                         self.controller.count_view())
        if question is None:
            self._judge(bets)
            deal()
            return
        from blackjack_tui.ui.screens.count_check import CountCheck

        asked_at = time.monotonic()

        def answered(text: str | None) -> None:
            self._judge(bets)
            self._scored(question, text, time.monotonic() - asked_at)  # beside the bet's verdict
            deal()

        self.app.push_screen(CountCheck(question), answered)

    def _scored(self, question: Question, text: str | None, seconds: float = 0.0) -> None:
        from blackjack_tui.controller.training.base import Attempt  # (the drills' store: at
        from blackjack_tui.controller.training.progress import keep_later  # the first check)

        scored = self.count_checks.score(question, text)
        # Kept with the drills (the progress screen's "count-checks"), off the frame.
        missed = () if scored.right else (f"{question.kind} {question.answer()}",)
        keep_later(self.game, Attempt("count-checks", dt.date.today(), 1, int(scored.right),
                                      round(seconds, 2), missed))
        self.tell(f"{scored.words} · {self.count_checks.summary()}",
                  severity="information" if scored.right else "warning", timeout=8)

    def _judge(self, bets: list[Decimal | None]) -> None:
        found = self.plan_bet()
        if found is None:
            return
        from blackjack_tui.controller.strategy import house_edge

        tc, plan_bet = found
        total = sum((b for b in bets if b is not None), Decimal(0))
        if total == 0:
            return  # the home game's bank deals with no bet of its own: nothing to judge
        verdict = self.bet_tally.judge(plan_bet, total, tc,
                                       house_edge(self.game.session.rules))
        if verdict.off:
            self.tell(verdict.words(), severity="warning", timeout=8, alone=True)
        self.refresh_analysis()

    # ------------------------------------------------------------------ v

    def action_reveal_count(self) -> None:
        if self.counting:
            self.tell("The count is on the coach line (k hides it for practice)", timeout=4)
            return
        self.revealed = True
        if self._reveal_timer is not None:
            self._reveal_timer.stop()
        self._reveal_timer = self.set_timer(REVEAL_SECONDS, self._hide_count)
        self.count_shown_or_hidden()

    def _hide_count(self) -> None:
        self.revealed = False
        self._reveal_timer = None
        self.count_shown_or_hidden()

    def count_shown_or_hidden(self) -> None:
        """The coach line, and between rounds the box's plan line, follow the count's view."""
        if not getattr(self, "playing", False) and hasattr(self, "draw_betting"):
            self.draw_betting()
        else:
            self.refresh_analysis()
