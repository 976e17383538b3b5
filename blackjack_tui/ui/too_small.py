"""The smallest terminal the felt is drawn for, and what a screen says when it is smaller."""

from __future__ import annotations

MIN_WIDTH, MIN_HEIGHT = 80, 24


def is_too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


def too_small_words(width: int, height: int, waits: str) -> str:
    """The notice over a screen that cannot be drawn whole; ``waits``: what waits meanwhile."""
    return (f"blackjack-tui needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            f"This one is {width}×{height}: make it larger; {waits}.")
