"""``blackjack-tui [play]``: sit at the table."""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blackjack_tui.cli import UsageError

if TYPE_CHECKING:
    from textual.app import App

    from blackjack_tui.config import Config
    from blackjack_tui.controller.game import Game

log = logging.getLogger(__name__)


def report_crashes(app: App[Any]) -> None:
    """Keep the traceback of an unexpected exception off the terminal: Textual would print it
    (with local variables) once the terminal is restored; we log it and print one paragraph.

    Textual routes every unhandled exception (handlers, workers, timers) to ``_handle_exception``;
    this wraps it on the instance, so that the app keeps its own class (and its CSS path).
    """
    from textual.worker import WorkerFailed

    handle = app._handle_exception
    app.crash = None  # type: ignore[attr-defined]

    def _handle_exception(error: Exception) -> None:
        if isinstance(error, WorkerFailed) and isinstance(error.error, Exception):
            error = error.error  # the worker's own exception, with its traceback
        if app.crash is None:  # type: ignore[attr-defined]
            app.crash = error  # type: ignore[attr-defined]
        else:
            log.error("and then", exc_info=error)
        handle(error)
        app._exit_renderables.clear()

    app._handle_exception = _handle_exception  # type: ignore[method-assign]


PLUGINS_ENV = "PYDANTIC_DISABLE_PLUGINS"


def without_pydantic_plugins() -> None:
    """Pydantic, at the first model it builds, looks through the entry points of every installed
    distribution for plugins that observe validation; the game uses none, and that scan is start-up
    time that grows with the environment it is installed in. ``PYDANTIC_DISABLE_PLUGINS`` is
    Pydantic's documented switch; set here, in the process of the game (and of anything it starts),
    only when the player has not set it: a value of their own is kept. Validation is the same."""
    os.environ.setdefault(PLUGINS_ENV, "__all__")


def run(args: argparse.Namespace) -> int:
    without_pydantic_plugins()
    from blackjack_tui import config

    args.config = config.load()
    if getattr(args, "narrate", None) or (args.config.get("narrate")
                                          and not getattr(args, "drill_name", None)):
        return _narrate(args)
    collector = Collector()
    try:
        app = _sit_down(args, first_frame=collector.resume)
        if app is None:
            return 1
        app.run()
    finally:
        collector.resume()  # once only: when no frame came (an error, a quit before it)
    log.debug("the game closed (return code %s)", app.return_code)
    crash: Exception | None = app.crash  # type: ignore[attr-defined]
    if crash is not None:
        raise crash  # the command line logs it and prints the paragraph, as for any command
    return app.return_code or 0


class Collector:
    """The cyclic garbage collector paused from the start until the first frame is on the screen.

    The imports, the set-up and the first screen make some 90 000 objects that live as long as
    the program and leave a few hundred to collect; left on, the collector walked the growing
    heap some 140 times on the way to the table (35-70 ms of a start of 450-600 ms), and some 30
    times more (3-5 ms) while the table was composed, styled and drawn. :meth:`resume`, at the
    first frame, freezes what was made (:func:`gc.freeze`), so that the collections during play
    walk only what play makes. A collector the caller paused stays paused, and nothing is frozen
    then."""

    def __init__(self) -> None:
        self._was = gc.isenabled()
        self._paused = True
        gc.disable()

    def resume(self) -> None:
        """The collector as it was (the first call only)."""
        if not self._paused:
            return
        self._paused = False
        if self._was:
            gc.freeze()
            gc.enable()


def _narrate(args: argparse.Namespace) -> int:
    """``--narrate``: the same game in plain lines of text (no Textual at all)."""
    from blackjack_tui.plain.narrate import run as narrate

    game = open_game(args)
    if game is None:
        return 1
    found = getattr(args, "config", None)
    return narrate(game, args.speed or (found.get("speed") if found else None))


def open_game(args: argparse.Namespace) -> Game | None:
    """The game the command line asks for, its data folder locked (``None``, the reason printed,
    when the folder cannot be had); a bad ``--rules`` or ``--data-dir`` is a UsageError."""
    from blackjack_tui.controller.game import Game, GameOptions
    from blackjack_tui.paths import user_rules_file
    from blackjack_tui.rulesets import load_all

    found: Config | None = getattr(args, "config", None)
    options = GameOptions(
        rules=args.rules, seed=args.seed,
        data_dir=Path(args.data_dir) if args.data_dir else None,
        speed=args.speed or (found.get("speed") if found else None), ascii=args.ascii,
        card_size=found.get("card_size") if found else None,
        hint=found.get("hint") if found else None,
    )
    # Read (and validated) once: --rules is checked against them, and the game is handed them.
    sets, errors = load_all(user_rules_file())
    if options.rules is not None and options.rules not in sets:
        raise UsageError(f"no rule set {options.rules!r}; choose one of: "
                         f"{', '.join(sorted(sets))}")
    if options.data_dir is not None and options.data_dir.exists() and not options.data_dir.is_dir():
        raise UsageError(f"--data-dir {options.data_dir} is a file, not a folder")
    from blackjack_tui.store import StoreError

    log.debug("sitting down: %s", options)
    try:
        game = Game.open(options, rule_sets=sets)
    except StoreError as err:  # another game on this folder, or a disk that cannot hold it
        log.warning("%s", err)
        print(f"blackjack-tui: {err}", file=sys.stderr)
        args.refused = str(err)  # (a browser tab shows it as a page: see _sit_down)
        return None
    game.notices[:0] = [str(e) for e in errors]  # what is wrong in the player's rules file
    if found is not None:
        with_config(game, found)
    for notice in game.notices:  # shown on the table too; kept in the log for a report
        log.warning("%s", notice)
    return game


def with_config(game: Game, found: Config) -> None:
    """The file's and the environment's values over the saved settings, for this run (the
    command line's ``--speed`` and ``--ascii`` stay over them); each bad value is a notice."""
    from blackjack_tui.config import SETTINGS_FIELD

    game.notices[:0] = found.problems
    for key, field in SETTINGS_FIELD.items():
        if key in found.values and key != "speed":  # (the speed went in with the options)
            game.override(field, found.values[key].value)


def _sit_down(args: argparse.Namespace,
              first_frame: Callable[[], None] | None = None) -> App[Any] | None:
    """The app, its game open (``None``, the reason printed, when the folder cannot be had);
    ``first_frame`` is called once the table is on the screen."""
    from blackjack_tui.ui.app import BlackjackApp
    from blackjack_tui.ui.screens import table_screen  # noqa: F401  (the first screen drawn)
    game = open_game(args)
    if game is None:
        from blackjack_tui.ui.web import InUseApp, on_web_driver

        if on_web_driver() and getattr(args, "refused", None):
            page = InUseApp(args.refused)  # a tab, never a splash screen that waits for ever
            report_crashes(page)
            return page
        return None
    app = BlackjackApp(game.options, game=game, first_frame=first_frame,
                       drill=getattr(args, "drill_name", None))
    keymap = getattr(getattr(args, "config", None), "keymap", None)
    if keymap:
        app.set_keymap(keymap)  # bindings by id: Textual's keymap
    report_crashes(app)
    return app
