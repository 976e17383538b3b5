"""What every drill shares: the score (:class:`Tally`), the verdict, the attempt kept.

The clock is the drill's (``time.monotonic`` unless a test hands it another), started when a
question is shown and read when it is answered; an attempt's seconds are the sum of those spans,
so the time spent reading a verdict is not the player's speed.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable

from msgspec import Struct, field

Clock = Callable[[], float]


class Verdict(Struct, frozen=True):
    """One answer scored: right or not, what was said, what was right, and a word on it."""

    right: bool
    said: str
    expected: str
    note: str = ""
    item: str = ""
    """The question in a few characters (``6D 4 rc+3``): what a miss is kept as."""


class Attempt(Struct, frozen=True):
    """One sitting at a drill, as the progress keeps it."""

    drill: str
    day: dt.date
    asked: int
    right: int
    seconds: float
    missed: tuple[str, ...] = ()


class Tally(Struct):
    """The score of a sitting: asked, right, the seconds spent answering, the items missed."""

    drill: str
    clock: Clock = time.monotonic
    asked: int = 0
    right: int = 0
    seconds: float = 0.0
    missed: list[str] = field(default_factory=list)
    _since: float | None = None

    def start(self) -> None:
        """A question is on the screen: its time runs from now."""
        self._since = self.clock()

    def score(self, verdict: Verdict) -> Verdict:
        if self._since is not None:
            self.seconds += max(0.0, self.clock() - self._since)
            self._since = None
        self.asked += 1
        if verdict.right:
            self.right += 1
        elif verdict.item:
            self.missed.append(verdict.item)
        return verdict

    def words(self) -> str:
        """``7/9 right (78%) · 2.4 s a question``."""
        if not self.asked:
            return "no answers yet"
        pace = self.seconds / self.asked
        share = self.right / self.asked
        return f"{self.right}/{self.asked} right ({share:.0%}) · {pace:.1f} s a question"

    def attempt(self, day: dt.date | None = None) -> Attempt | None:
        """The sitting as kept (``None`` when nothing was answered)."""
        if not self.asked:
            return None
        return Attempt(self.drill, day or dt.date.today(), self.asked, self.right,
                       round(self.seconds, 2), tuple(self.missed))


def parse_whole(text: str, what: str = "the count") -> int:
    """A whole number typed by the player (``+3``, ``-2``, ``0``); ValueError in one line."""
    bare = text.strip().replace("−", "-")
    try:
        return int(bare)
    except ValueError:
        raise ValueError(f"{what} is a whole number such as -2, 0 or +3, "
                         f"not {text.strip()[:12]!r}") from None
