"""What a bug report needs: the versions in play, a log file, and one paragraph after a crash.

The log is a rotated file in the platform's log folder (:func:`blackjack_tui.paths.log_dir`),
written only when there is something to say: warnings and errors by default, everything the game
logs with ``--debug``. An unexpected exception ends with :func:`report_crash`: the traceback goes
to the log, the terminal gets one paragraph saying where the log is and what to attach.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

LOG_NAME = "blackjack-tui.log"
LOG_BYTES = 512 * 1024  # a few thousand lines: enough for a report, small enough to attach
LOG_BACKUPS = 2
PACKAGES = (("Textual", "textual"), ("Rich", "rich"), ("Pydantic", "pydantic"))

log = logging.getLogger("blackjack_tui")


def versions() -> list[tuple[str, str]]:
    """(name, version) of blackjack-tui, Python, Textual, Rich and Pydantic, then the system."""
    import platform
    from importlib import metadata

    from blackjack_tui import __version__

    found = [("blackjack-tui", __version__), ("Python", platform.python_version())]
    for name, dist in PACKAGES:
        try:
            found.append((name, metadata.version(dist)))
        except metadata.PackageNotFoundError:
            found.append((name, "not installed"))
    found.append(("System", platform.platform(terse=True)))
    return found


def versions_text() -> str:
    return "\n".join(f"{name} {version}" for name, version in versions())


class _LogFile(logging.Handler):
    """A rotated log file, opened (its folder made, logging.handlers imported) on the first
    record, never before: most runs log nothing. A disk that says no never breaks the game."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.failed = False
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._file is None:
                from logging.handlers import RotatingFileHandler

                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._file = RotatingFileHandler(self.path, maxBytes=LOG_BYTES,
                                                 backupCount=LOG_BACKUPS, encoding="utf-8")
                self._file.setFormatter(self.formatter)
                self._file.handleError = self.handleError  # type: ignore[method-assign]
            self._file.emit(record)
        except Exception:
            self.handleError(record)

    def handleError(self, record: logging.LogRecord) -> None:
        self.failed = True

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


class Logging:
    """The log for one run of the command line; :meth:`close` undoes :func:`start_logging`."""

    def __init__(self, path: Path, handler: _LogFile, level: int | None) -> None:
        self.path = path
        self._handler = handler
        self._level = level

    @property
    def written(self) -> bool:
        """Whether the log file exists and every record reached it."""
        try:
            return self.path.exists() and not self._handler.failed
        except (OSError, ValueError):  # a name too long, a NUL: then it was not written either
            return False

    def close(self) -> None:
        logging.getLogger().removeHandler(self._handler)
        self._handler.close()
        log.setLevel(self._level or logging.NOTSET)
        logging.captureWarnings(False)


def start_logging(folder: Path, *, debug: bool = False) -> Logging:
    """Log to ``folder``/blackjack-tui.log: warnings from anything (Python's warnings too), and
    with ``debug`` everything blackjack-tui itself logs."""
    path = folder / LOG_NAME
    handler = _LogFile(path)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.WARNING:
        root.setLevel(logging.WARNING)
    previous = log.level
    log.setLevel(logging.DEBUG if debug else logging.NOTSET)
    logging.captureWarnings(True)
    return Logging(path, handler, previous)


def report_crash(error: BaseException, logs: Logging, command: str,
                 argv: Sequence[str]) -> int:
    """Log ``error`` with its traceback, print one paragraph for the player; exit status 1.

    The report itself never raises: it runs when something is already wrong (a folder that
    cannot be named, a disk that says no, a closed stderr), and a second traceback in place of
    the paragraph is the worst answer there is. What it cannot say it leaves out."""
    try:
        return _report(error, logs, command, argv)
    except Exception:
        with contextlib.suppress(Exception):
            print(f"blackjack-tui stopped on an unexpected error ({type(error).__name__}); "
                  f"the report could not be written either.", file=sys.stderr)
        return 1


def _report(error: BaseException, logs: Logging, command: str, argv: Sequence[str]) -> int:
    log.critical("blackjack-tui %s stopped on an unexpected error (argv %s)\n%s", command,
                 list(argv), versions_text(), exc_info=error)
    first = (str(error).strip().splitlines() or [""])[0][:200]
    what = f"{type(error).__name__}: {first}" if first else type(error).__name__
    saved = (" Your bankroll is saved, and so is the round in play, after every card and "
             "decision: the next start resumes it." if command == "play" else "")
    if logs.written:
        where = (f" The details are in {logs.path}. To report the problem, say what you were "
                 f"doing, and attach that file and what `blackjack-tui --version` prints.")
    else:
        where = (" The log could not be written, so the details follow. To report the problem, "
                 "say what you were doing, and attach the text below and what "
                 "`blackjack-tui --version` prints.")
    print(f"blackjack-tui stopped on an unexpected error ({what}).{saved}{where}",
          file=sys.stderr)
    if not logs.written:
        import traceback

        traceback.print_exception(error, file=sys.stderr)
    return 1
