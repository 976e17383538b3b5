"""The counting plan: a count, a bet spread, the penetration, indices and a bankroll, and what
they are worth at this table.

| key | does |
|-----|------|
| tab / shift+tab | the next / previous field |
| enter | work the plan out (the figures of a plan seen before show at once) |
| ctrl+s | make it your plan: the table shows its bet and scores yours |
| ctrl+n | no plan at the table |
| escape | stop the simulation; again, back |

The simulation runs in a thread with a progress bar (the ``sim`` command's, one core); its
figures are kept per plan in the data folder (:mod:`blackjack_tui.store.plans`). The chart's
bands are the bankroll's 5, 25, 50, 75 and 95 % percentiles over the hours by the diffusion
formula from the simulated win rate and SD, not simulated paths.
"""

from __future__ import annotations

import math
from decimal import Decimal

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, ProgressBar, Select, Static
from textual.worker import Worker, WorkerState, get_current_worker

from blackjack_tui.controller import plan as plans
from blackjack_tui.controller.count import COUNT_TITLES
from blackjack_tui.controller.game import Game
from blackjack_tui.controller.plan import (
    COUNTS,
    PlanError,
    PlanOutcome,
    cached,
    preset,
    read_choice,
    work_out,
)
from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.rules import Limits, Rules
from blackjack_tui.store.plans import PRESETS, PlanChoice
from blackjack_tui.ui.widgets.line_chart import LineChart, Rule, Series

PRESET_NAMES = {"flat": "flat", "1-4": "1–4", "1-8": "1–8", "1-12": "1–12",
                "wonging": "wonging"}
BAND_COLOURS = {5: "error", 25: "warning", 50: "primary", 75: "warning", 95: "success"}


class PlanScreen(Screen[None]):
    DEFAULT_CSS = """
    PlanScreen { background: $background; }
    #plan { height: 1fr; padding: 0 1; }
    #plan-title { height: 1; text-style: bold; }
    .plan-row { height: 1; }
    .plan-row Label { padding: 0 1 0 0; }
    .plan-row .gap { padding: 0 1 0 2; }
    #count { width: 15; }  /* "Wong Halves" and the arrow */
    #preset { width: 13; }
    #indices { width: 14; }
    #spread { width: 1fr; }
    #unit, #bankroll { width: 10; }
    #penetration { width: 6; }
    #wong-in, #wong-out { width: 5; }
    #plan-state { width: 1fr; color: $text-muted; padding: 0 0 0 2; }
    #plan-error { height: 1; color: $text-warning; }
    #plan-progress { height: 1; }
    #plan-figures { height: 4; }
    #plan-chart { height: 1fr; min-height: 5; }
    """

    BINDINGS = [
        Binding("escape", "back", "Stop/Back", id="plan.back"),
        # Priority: the fields are inputs, which would take these keys for their own.
        Binding("ctrl+s", "use", "Use plan", priority=True, id="plan.use"),
        Binding("ctrl+n", "drop", "No plan", priority=True, id="plan.drop"),
    ]

    def __init__(self, game: Game, rules: Rules, limits: Limits, *,
                 rounds: int | None = None) -> None:
        super().__init__()
        self.game = game
        self.rules = rules
        self.limits = limits
        self.rounds = rounds or plans.ROUNDS
        self.choice: PlanChoice | None = None
        """The plan whose figures are shown (or being worked out)."""
        self.shown: PlanOutcome | None = None
        self._worker: Worker[None] | None = None

    def compose(self) -> ComposeResult:
        # A new plan counts in the system chosen in Options.
        start = self.game.settings.plan or PlanChoice(count=self.game.settings.count_system)
        table = self.rules.title or self.rules.name
        mine = " (your plan)" if self.game.settings.plan is not None else ""
        with Vertical(id="plan"):
            yield Label(f"Counting plan{mine} · {table} · limits "
                        f"{money_str(self.limits.low)}-{money_str(self.limits.high)}",
                        id="plan-title")
            with Horizontal(classes="plan-row"):
                yield Label("Count")
                yield Select([(COUNT_TITLES.get(n, n), n) for n in COUNTS], value=start.count,
                             allow_blank=False, compact=True, id="count")
                yield Label("Spread", classes="gap")
                yield Select([(PRESET_NAMES[n], n) for n in PRESETS], prompt="preset",
                             compact=True, id="preset",
                             value=self._preset_of(start) or Select.BLANK)
                yield Input(start.spread, compact=True, id="spread",
                            placeholder="TC:UNITS,... e.g. 1:1,2:2,3:4")
            with Horizontal(classes="plan-row"):
                yield Label("Unit")
                yield Input(str(start.unit or ""), compact=True, id="unit",
                            placeholder=money_str(self.limits.low))
                yield Label("Bankroll", classes="gap")
                yield Input(str(start.bankroll), compact=True, id="bankroll")
                yield Label("units  Penetration", classes="gap")
                yield Input(_percent(start.penetration), compact=True, id="penetration",
                            placeholder=_percent(self.rules.penetration))
                yield Label("%")
            with Horizontal(classes="plan-row"):
                yield Label("Indices")
                yield Select([("computed", True), ("none", False)], value=start.indices,
                             allow_blank=False, compact=True, id="indices")
                yield Label("Wong in", classes="gap")
                yield Input(_text(start.wong_in), compact=True, id="wong-in")
                yield Label("out", classes="gap")
                yield Input(_text(start.wong_out), compact=True, id="wong-out")
                yield Static("", id="plan-state")
            yield Static("", id="plan-error")
            yield ProgressBar(total=self.rounds, show_eta=False, id="plan-progress")
            yield Static("", id="plan-figures")
            yield LineChart(ascii=self.game.settings.ascii_cards or bool(self.game.options.ascii),
                            id="plan-chart")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#spread", Input).focus()
        self.work_out()

    @staticmethod
    def _preset_of(choice: PlanChoice) -> str:
        for name, (spread, w_in, w_out) in PRESETS.items():
            if (spread, w_in, w_out) == (choice.spread, choice.wong_in, choice.wong_out):
                return name
        return ""

    # ------------------------------------------------------------------ the fields

    def read(self) -> PlanChoice:
        """The fields as a plan (PlanError: one line)."""
        def field(name: str) -> str:
            return self.query_one(f"#{name}", Input).value

        indices = self.query_one("#indices", Select).value
        return read_choice(
            self.limits, count=str(self.query_one("#count", Select).value),
            spread=field("spread"), wong_in=field("wong-in"), wong_out=field("wong-out"),
            penetration=field("penetration"), indices=indices is True, unit=field("unit"),
            bankroll=field("bankroll"))

    def problem(self, text: str) -> None:
        self.query_one("#plan-error", Static).update(Text(text[: self.size.width - 2]))

    @on(Select.Changed, "#preset")
    def _preset(self, event: Select.Changed) -> None:
        if event.value is Select.BLANK:
            return
        spread, w_in, w_out = preset(str(event.value))
        self.query_one("#spread", Input).value = spread
        self.query_one("#wong-in", Input).value = _text(w_in)
        self.query_one("#wong-out", Input).value = _text(w_out)
        self.work_out()

    @on(Select.Changed, "#count, #indices")
    def _select(self) -> None:
        if self.is_mounted and self.choice is not None:
            self.work_out()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.work_out()

    # ------------------------------------------------------------------ the work

    def work_out(self) -> None:
        """Show the plan the fields say: at once if its figures are kept, else simulated."""
        try:
            choice = self.read()
        except PlanError as err:
            self.problem(str(err))
            return
        self.problem("")
        if choice == self.choice and (self.shown is not None or self.running):
            return
        self.choice = choice
        found = cached(self.game.store.folder, self.rules, self.limits, choice, self.rounds)
        if found is not None:
            if self._worker is not None:
                self._worker.cancel()
            self.show(choice, found)
            return
        self.shown = None
        self.query_one("#plan-figures", Static).update("")
        self.query_one(LineChart).plot([])
        self.query_one(ProgressBar).update(total=self.rounds, progress=0)
        self._state(f"simulating {self.rounds:,} rounds · escape stops")
        self._worker = self._simulate(choice)

    @property
    def running(self) -> bool:
        return self._worker is not None and self._worker.state in (WorkerState.PENDING,
                                                                   WorkerState.RUNNING)

    @work(thread=True, exclusive=True, group="plan")
    def _simulate(self, choice: PlanChoice) -> None:
        from blackjack_tui.analysis.plan_figures import Cancelled

        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._progress, choice, done)

        try:
            found = work_out(self.game.store.folder, self.rules, self.limits, choice,
                             self.rounds, progress, lambda: worker.is_cancelled)
        except Cancelled:
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show, choice, found)

    def _progress(self, choice: PlanChoice, done: int) -> None:
        if choice == self.choice and self.is_attached:
            self.query_one(ProgressBar).update(progress=done)

    def _state(self, text: str) -> None:
        self.query_one("#plan-state", Static).update(text)

    def show(self, choice: PlanChoice, found: PlanOutcome) -> None:
        if choice != self.choice or not self.is_attached:
            return
        self.shown = found
        est = found.estimate
        self.query_one(ProgressBar).update(total=est.rounds, progress=est.rounds)
        self._state(f"{est.rounds:,} rounds, {'kept' if found.cached else 'simulated'}")
        if found.notice:
            self.problem(found.notice)
        self.query_one("#plan-figures", Static).update(figure_lines(choice, found))
        hours = found.hours
        self.query_one(LineChart).plot(
            [Series(f"{p}%", values, BAND_COLOURS[p]) for p, values in found.bands.items()],
            title=f"Bankroll (units) over {hours:,.0f} hours: percentiles by the diffusion "
                  f"formula", x_label="hours", rules=[Rule("broke", 0.0)])

    # ------------------------------------------------------------------ keys

    def action_back(self) -> None:
        if self.running and self._worker is not None:
            self._worker.cancel()
            self.choice = None
            self._state("stopped · enter starts again")
            return
        self.dismiss(None)

    def action_use(self) -> None:
        try:
            choice = self.read()
        except PlanError as err:
            self.problem(str(err))
            return
        self.game.settings.plan = choice
        self.game.save_settings()
        self.query_one("#plan-title", Label).update(
            f"Counting plan (your plan) · {self.rules.title or self.rules.name}")
        self.notify("Your plan: the table shows its bet at each true count and scores yours",
                    timeout=6)

    def action_drop(self) -> None:
        self.game.settings.plan = None
        self.game.save_settings()
        self.query_one("#plan-title", Label).update(
            f"Counting plan · {self.rules.title or self.rules.name}")
        self.notify("No plan at the table", timeout=4)


def figure_lines(choice: PlanChoice, found: PlanOutcome) -> Text:
    """The figures in four lines of at most 78 cells."""
    f, est, unit = found.figures, found.estimate, found.unit
    per_hour = choice.hands_per_hour
    hour_money = (Decimal(repr(f.ev_per_hour)) * unit).quantize(Decimal("0.01"))
    n0 = "never" if not math.isfinite(f.n0) else f"{f.n0:,.0f} rounds ({f.hours_to_n0:,.0f} h)"
    need = ("never (a losing plan)" if not math.isfinite(f.bankroll_for_ruin)
            else f"{f.bankroll_for_ruin:,.0f} units")
    return Text.assemble(
        "Win ", (f"{f.ev_per_100:+.2f}", "bold"), f" units/100 rounds (±{f.ev_per_100_half:.2f})",
        " · ", (f"{money_str(hour_money)}", "bold"), f" an hour ({per_hour} rounds)\n",
        "SD ", (f"{f.sd:.2f}", "bold"), " units a round · average bet ",
        (f"{f.average_bet:.2f}", "bold"), " units · N0 ", (n0, "bold"), "\n",
        "SCORE ", (f"{f.score:.1f}", "bold"), " · DI ", (f"{f.di:.2f}", "bold"),
        " · risk of ruin ", (f"{f.risk_of_ruin:.1%}", "bold"),
        f" with {choice.bankroll:,} units\n",
        "Bankroll for a 5% risk of ruin: ", (need, "bold"),
        f" · played {est.played / est.rounds:.0%} of rounds")


def _percent(value: float | None) -> str:
    return "" if value is None else f"{value * 100:g}"


def _text(value: int | None) -> str:
    return "" if value is None else str(value)
