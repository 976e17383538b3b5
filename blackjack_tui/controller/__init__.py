"""The async bridge between the engine and the UI: the session at a table, the round controller
that paces the engine's events as animation, the coach, the count, recall. No Textual here."""
