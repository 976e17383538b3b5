"""The index drill's plays in the count system the player chose in Options.

The indices are the analysis's (:func:`blackjack_tui.analysis.indices.compute`), for the rules in
force and the chosen system, read from the disk cache or worked out and kept there: the same
figures ``blackjack-tui strategy --indices --count NAME`` prints. A balanced system's are true
counts; KO's and Red 7's are running counts (from the shoe's initial count), and the drill says
so (:func:`count_note`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from blackjack_tui.controller.training.tags import count_words
from blackjack_tui.engine.count_systems import system as count_system
from blackjack_tui.engine.rules import Rules

if TYPE_CHECKING:
    from blackjack_tui.analysis.indices import Indices, Progress


def indices_for(rules: Rules, count: str = "hi-lo", progress: Progress | None = None
                ) -> Indices:
    """The index plays of ``rules`` for the system ``count`` (any spelling Options takes):
    from the disk cache, or worked out (seconds: seventeen exact solves) and kept."""
    from blackjack_tui.analysis.cache import cached_indices

    return cached_indices(rules, count=count_system(count).name, progress=progress)


def by_count(count: str) -> str:
    """``true count`` for a balanced system, ``running count`` for KO and Red 7."""
    return "true count" if count_system(count).balanced else "running count"


def count_note(count: str, decks: int) -> str:
    """A line on how the drill's counts are read (empty for a balanced system)."""
    from blackjack_tui.analysis.indices import DEPTH

    found = count_system(count)
    if found.balanced:
        return ""
    start = count_words(found.initial(decks) // found.scale)
    pivot = count_words(found.pivot)
    return (f"{found.title} plays by the running count: from {start} at the shuffle "
            f"({decks} decks), pivot {pivot}; its indices are read at "
            f"{decks * DEPTH:g} decks left")
