"""Messages a screen sends up to the app for what only the app can do."""

from __future__ import annotations

from textual.message import Message


class CardsChanged(Message):
    """The way cards are drawn changed (ASCII, four colours): the app redraws every screen."""
