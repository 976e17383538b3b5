"""Shared helpers for the store tests: rule sets and rounds played by a seeded random player."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from blackjack_tui.controller.game import Game, GameOptions
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.rulesets import load_all
from blackjack_tui.store import Store

RULE_SETS: dict[str, Rules] = load_all()[0]


def open_game(folder: Path, rule_sets: dict[str, Rules] | None = None, **options: Any) -> Game:
    """The game on ``folder`` as a start would open it (no lock: tests open it in turn), its
    start's work on the database's thread done (the head, a backup), as a player's first deal
    comes seconds later."""
    game = Game(Store(folder), rule_sets or RULE_SETS, GameOptions(**options))
    game.drain()
    return game


def steps(rules: Rules, seed: int, shoe: Shoe | None = None,
          bets: tuple[object, ...] = (10, 20), bankroll: int = 10_000) -> Iterator[Round]:
    """Yield the round before the deal, after the deal and after every decision."""
    chooser = random.Random(seed)
    low, high = rules.limits()
    stakes = [max(low, min(high, b)) for b in (int(x) for x in bets)]  # type: ignore[call-overload]
    rnd = Round(rules, shoe or Shoe.seeded(rules.decks, seed), stakes[:rules.max_boxes], bankroll)
    yield rnd
    rnd.deal()
    yield rnd
    while (decision := rnd.legal_actions()) is not None:
        rnd.apply(Action(chooser.choice(decision.actions)))
        yield rnd
