"""The plain mode on a real terminal with a stacked shoe: ``python narrate_child.py DIR RULES
[CARD ...]`` opens the game on DIR at RULES (the cards, top first, padded with whole decks) and
narrates it on this process's standard input and output (a pseudo-terminal in the tests)."""

import sys
from pathlib import Path

from blackjack_tui.controller.game import Game, GameOptions
from blackjack_tui.engine.cards import DECK
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.plain.narrate import run

folder, rules, *cards = sys.argv[1:]
shoe = Shoe.stacked([*cards, *(c.text for c in DECK * 4)]) if cards else None
game = Game.open(GameOptions(rules=rules, data_dir=Path(folder)), shoe=shoe)
sys.exit(run(game))
