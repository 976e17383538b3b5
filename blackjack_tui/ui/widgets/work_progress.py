"""A progress bar for analysis worked out while the player waits: what is worked out, and how far.

The rules menu shows it for a table of the player's own (one not shipped worked out with the
game), while its house edge, chart or index plays are computed in a thread: one step (a single
exact solve) is shown as a moving bar, several (the index plays' seventeen solves) as a share.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, ProgressBar


class WorkProgress(Horizontal):
    """``what`` and a bar; hidden until :meth:`show` is called, and again after :meth:`hide`."""

    DEFAULT_CSS = """
    WorkProgress { height: 1; display: none; }
    WorkProgress.-working { display: block; }
    WorkProgress > Label { width: auto; padding: 0 1 0 0; color: $text-muted; }
    WorkProgress > ProgressBar { width: 1fr; }
    WorkProgress > ProgressBar > Bar { width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Label()
        yield ProgressBar(total=None, show_eta=False)

    def show(self, what: str, done: int, total: int) -> None:
        """``done`` steps of ``total`` (a single step: the bar moves without a share)."""
        self.add_class("-working")
        self.query_one(Label).update(what)
        self.query_one(ProgressBar).update(total=total if total > 1 else None, progress=done)

    def hide(self) -> None:
        self.remove_class("-working")

    @property
    def working(self) -> bool:
        return self.has_class("-working")

    @property
    def shown(self) -> tuple[str, float, float | None]:
        """What it says, the steps done and their total (``None``: one step), for tests."""
        bar = self.query_one(ProgressBar)
        return str(self.query_one(Label).render()), bar.progress, bar.total
