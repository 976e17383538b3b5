"""The drill menu (``g`` at the table): every drill by its number, and the progress.

| key | does |
|-----|------|
| 1-7, enter | open a drill (or click it) |
| p | the progress: each drill's accuracy and speed by day |
| escape, g | back to the table |
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from blackjack_tui.controller.training import DRILLS
from blackjack_tui.controller.training.base import Attempt
from blackjack_tui.ui.cards import CardStyle
from blackjack_tui.ui.screens.pane_title import PANE_TITLE_CSS

if TYPE_CHECKING:
    from blackjack_tui.controller.game import Game

PROGRESS = "progress"


def drill_screen(name: str, game: Game, card_style: CardStyle,
                 keep: object = None) -> Screen[None]:
    """The screen of the drill ``name`` (one of :data:`DRILLS`); ``keep`` takes its attempt."""
    from blackjack_tui.controller.training.pairs import PairsDrill
    from blackjack_tui.controller.training.running import RunningCountDrill
    from blackjack_tui.controller.training.tags import drill_system
    from blackjack_tui.controller.training.true_count import TrueCountDrill
    from blackjack_tui.ui.screens.training import drills

    keeper = keep if callable(keep) else None
    counted = drill_system(game.settings.count_system)  # the player's count
    if name in ("strategy", "indices"):
        from blackjack_tui.controller.training.progress import recent_misses
        from blackjack_tui.ui.screens.drill import DrillScreen

        review = recent_misses(game.store, "strategy") + recent_misses(game.store, "indices")
        return DrillScreen(game.session.rules, card_style,
                           kind="counts" if name == "indices" else "all", keep=keeper,
                           review=review, count=counted)
    screens: dict[str, Callable[..., Screen[None]]] = {
        "running-count": drills.RunningCountScreen, "true-count": drills.TrueCountScreen,
        "decks": drills.DeckScreen, "bet-ramp": drills.BetRampScreen,
        "pairs": drills.PairsScreen}
    if name not in screens:
        raise ValueError(f"no drill {name!r}; the drills are: {', '.join(DRILLS)}")
    if name == "running-count":
        return drills.RunningCountScreen(RunningCountDrill(system=counted), card_style, keeper)
    if name == "pairs":
        return drills.PairsScreen(PairsDrill(system=counted), card_style, keeper)
    if name == "true-count":
        return drills.TrueCountScreen(TrueCountDrill(system=counted), card_style, keeper)
    return screens[name](card_style=card_style, keep=keeper)


class DrillMenu(ModalScreen[None]):
    DEFAULT_CSS = PANE_TITLE_CSS + """
    DrillMenu { align: center middle; }
    DrillMenu > Vertical {
        width: 64; height: auto; max-height: 100%;
        padding: 0 1; border: round $text-accent; background: $surface;
    }
    DrillMenu OptionList { height: auto; max-height: 12; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(i), f"open({i - 1})", name, show=False, id=f"drills.{name}")
          for i, name in enumerate(DRILLS, start=1)),
        Binding("p", "open_progress", "Progress", id="drills.progress"),
        Binding("escape,g", "close", "Back", id="drills.close"),
    ]

    def __init__(self, game: Game, card_style: CardStyle | None = None) -> None:
        super().__init__()
        self.game = game
        self.card_style = card_style or CardStyle()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Drills · practice that never touches the bankroll", classes="pane-title")
            yield OptionList(
                *(Option(f"{i}  {line}", id=name)
                  for i, (name, line) in enumerate(DRILLS.items(), start=1)),
                Option("p  Progress: accuracy and speed by day", id=PROGRESS),
                id="drill-list")
            yield Static(Text("1-7 or enter: a drill · p: progress · escape: back", style="dim"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open_drill(event.option.id or "")

    def action_open(self, index: int) -> None:
        self.open_drill(list(DRILLS)[index])

    def action_open_progress(self) -> None:
        self.open_drill(PROGRESS)

    def open_drill(self, name: str) -> None:
        if name == PROGRESS:
            from blackjack_tui.ui.screens.training.progress import ProgressScreen

            self.app.push_screen(ProgressScreen(self.game, self.card_style))
            return
        self.app.push_screen(drill_screen(name, self.game, self.card_style, self.keep))

    def keep(self, attempt: Attempt) -> None:
        """A drill's sitting into the progress (a notice if the disk will not take it)."""
        from blackjack_tui.controller.training.progress import keep_attempt

        problem = keep_attempt(self.game, attempt)
        if problem:
            self.notify(problem, severity="warning")

    def action_close(self) -> None:
        self.dismiss(None)
