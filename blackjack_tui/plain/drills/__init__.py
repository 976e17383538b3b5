"""The plain drills: one sitting at each drill in lines, the question a prompt, the answer a
typed line, the verdict a sentence; the sitting kept with the progress when it ends, however it
ends.

Each sitting drives a drill of :mod:`blackjack_tui.controller.training` (or the strategy drill of
:mod:`blackjack_tui.controller.drill`) through its public methods only, as the screens do, and
keeps its attempt as the screens keep it (:func:`~blackjack_tui.controller.training.progress.
keep_attempt`): the progress screen counts a plain sitting as it counts any other.

:meth:`Sitting.run` answers ``True`` to go back to the menu, ``False`` when the player quits
(``quit``, or the end of the input).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from blackjack_tui.plain.drills.base import Sitting, Trainer


def sitting(trainer: Trainer, name: str) -> Sitting | None:
    """The plain sitting at the drill ``name`` (``None``: a drill with no plain sitting)."""
    from blackjack_tui.controller.training.decks import DeckDrill
    from blackjack_tui.controller.training.pairs import PairsDrill
    from blackjack_tui.controller.training.ramp import BetRampDrill
    from blackjack_tui.controller.training.running import RunningCountDrill
    from blackjack_tui.controller.training.true_count import TrueCountDrill
    from blackjack_tui.plain.drills.quizzes import (
        BetRampSitting,
        DecksSitting,
        PairsSitting,
        TrueCountSitting,
    )
    from blackjack_tui.plain.drills.running import RunningCountSitting
    from blackjack_tui.plain.drills.strategy import StrategySitting

    rng, system = trainer.rng, trainer.system
    if name in ("strategy", "indices"):
        return StrategySitting(trainer, name)
    if name == "running-count":
        return RunningCountSitting(trainer, RunningCountDrill(rng=rng, system=system))
    if name == "pairs":
        return PairsSitting(trainer, PairsDrill(rng=rng, system=system))
    if name == "true-count":
        return TrueCountSitting(trainer, TrueCountDrill(rng=rng, system=system))
    if name == "decks":
        return DecksSitting(trainer, DeckDrill(rng=rng))
    if name == "bet-ramp":
        return BetRampSitting(trainer, BetRampDrill(rng=rng))
    return None
