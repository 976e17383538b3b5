"""The drills' screens: the menu (``g``), one screen per drill, the progress screen.

Each screen shows a pure drill of :mod:`blackjack_tui.controller.training` and hands the sitting
(an :class:`~blackjack_tui.controller.training.base.Attempt`) to the menu's ``keep`` when it is
closed; nothing here touches the bankroll.
"""
