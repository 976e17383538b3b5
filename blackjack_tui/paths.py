"""Where the player's files live: platformdirs' user folders, or ``--data-dir``.

With ``--data-dir DIR`` everything a run writes stays in DIR: the profile and history, the analysis
cache (``DIR/cache``) and the log (``DIR/logs``). The environment variables
``BLACKJACK_TUI_CACHE_DIR`` and ``BLACKJACK_TUI_LOG_DIR`` choose those two folders over both.
The config folder (your own ``rulesets.toml``) is always the platform's.
"""

from __future__ import annotations

import os
import stat
from fnmatch import fnmatch
from pathlib import Path

APP = "blackjack-tui"
CACHE_ENV = "BLACKJACK_TUI_CACHE_DIR"  # read by analysis/cache.py, which must not import this
LOG_ENV = "BLACKJACK_TUI_LOG_DIR"


def data_dir(override: str | Path | None = None) -> Path:
    """The folder for the profile, history and saved rounds (created on first use by the store)."""
    if override is not None:
        return Path(override).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP, appauthor=False)


def config_dir() -> Path:
    """The folder for the player's own ``rulesets.toml``."""
    from platformdirs import user_config_path

    return user_config_path(APP, appauthor=False)


def user_rules_file() -> Path:
    return config_dir() / "rulesets.toml"


def cache_dir(data_override: str | Path | None = None) -> Path:
    """The folder of the analysis cache (house edges and charts worked out once per rule set)."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env).expanduser()
    if data_override is not None:
        return data_dir(data_override) / "cache"
    from platformdirs import user_cache_path

    return user_cache_path(APP, appauthor=False) / "analysis"


def log_dir(data_override: str | Path | None = None) -> Path:
    """The folder of the log file."""
    env = os.environ.get(LOG_ENV)
    if env:
        return Path(env).expanduser()
    if data_override is not None:
        return data_dir(data_override) / "logs"
    from platformdirs import user_log_path

    return user_log_path(APP, appauthor=False)


# ------------------------------------------------------------------------ checking a named folder

NAME_MAX = 255  # bytes in one file name: the common limit (ext4, APFS, NTFS), asked where we can
PATH_MAX = 4096


class FolderError(ValueError):
    """A folder the player named that cannot be used as named; the message is one line."""


def _limit(existing: Path, name: str, default: int) -> int:
    try:
        return int(os.pathconf(existing, name))
    except (AttributeError, ValueError, OSError):  # Windows has no pathconf
        return default


def _nearest_existing(path: Path) -> Path:
    for folder in (path, *path.parents):
        try:
            if folder.exists():
                return folder
        except OSError:
            continue
    return Path(path.anchor or ".")


def own_roots() -> list[Path]:
    """The folders a missing parent may be made under: the player's home, the platform's (and
    XDG's) data folder, and the system's temporary folder."""
    import tempfile

    from platformdirs import user_data_path

    found = [Path.home(), user_data_path(), Path(tempfile.gettempdir())]
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        found.append(Path(xdg))
    return [Path(os.path.realpath(p)) for p in found]


def check_folder(text: str, option: str = "--data-dir") -> Path:
    """The folder ``text`` names, checked before anything is made or opened in it:
    :class:`FolderError` for an empty name, a name longer than the file system allows, a file in
    the way, or missing parent folders outside the player's own folders (``parents=True`` made
    them anywhere, ``/usr/x/y`` too, from one typo)."""
    if not text.strip():
        raise FolderError(f"{option} {text!r}: an empty name; name a folder (. for this one)")
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # ~name of nobody, or no home at all
        raise FolderError(f"{option} {text}: no home folder for {text.split('/')[0]}") from None
    existing = _nearest_existing(path)
    name_max = _limit(existing, "PC_NAME_MAX", NAME_MAX)
    for part in path.parts:
        size = len(os.fsencode(part))
        if size > name_max:
            raise FolderError(f"{option}: the name {part[:24]}… is {size} bytes long; a name "
                              f"in a path may have at most {name_max}")
    size = len(os.fsencode(os.path.abspath(path)))
    path_max = _limit(existing, "PC_PATH_MAX", PATH_MAX)
    if size >= path_max:
        raise FolderError(f"{option}: the path is {size} bytes long; at most {path_max - 1}")
    try:
        if existing == path:
            if not path.is_dir():
                raise FolderError(f"{option} {text}: a file, not a folder")
            return path
        if not existing.is_dir():
            raise FolderError(f"{option} {text}: {existing} is a file, not a folder")
    except OSError as err:
        raise FolderError(f"{option} {text}: {err.strerror or err}") from None
    parent = path.parent
    if parent != existing:  # more than the folder itself is missing
        real = Path(os.path.realpath(existing))
        if not any(real == root or root in real.parents for root in own_roots()):
            raise FolderError(f"{option} {text}: the folder {parent} does not exist; create it "
                              f"first (missing folders are made only under your home or the "
                              f"temporary folder)")
    return path


# ------------------------------------------------------------------------ keeping files private

PRIVATE_FILE, PRIVATE_FOLDER = 0o600, 0o700
DATA_NAMES = ("blackjack*", "*.json", "*.jsonl", "evenings", "exports", "backups", "cache",
              "logs", ".*.tmp")
"""What the game writes in a data folder (its database and lock, 0.1.0's files, the home
game's evenings and exports, the backups, the cache and the log): all that is tightened in a
folder the player named, which may hold files of his own."""
_MOST = 5000  # entries looked at in one folder tree: a start never walks a whole disk


def tighten(folder: Path, names: tuple[str, ...] | None = None) -> int:
    """Make what the game keeps in ``folder`` 0600 (files) and 0700 (folders), on POSIX: files
    written before the game kept them private. ``names`` (globs) are the game's in a folder the
    player named, which is itself left as he made it (``--data-dir .`` must not close his
    project folder; the files in it are private whatever the folder's mode); ``None``: the
    folder is the game's own, and it and everything in it are tightened. Only the player's own
    files and folders, never through a link; a folder with the sticky bit (``/tmp``), the home
    folder or the root is left alone. Returns how many were changed."""
    if os.name != "posix":
        return 0
    try:
        info = folder.lstat()
    except OSError:
        return 0
    if not stat.S_ISDIR(info.st_mode) or info.st_mode & stat.S_ISVTX or \
            os.path.realpath(folder) in (os.path.realpath(Path.home()), "/"):
        return 0
    changed = _private(folder, info) if names is None else 0
    todo: list[Path] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if names is None or any(fnmatch(entry.name, n) for n in names):
                    todo.append(Path(entry.path))
    except OSError:
        return changed
    seen = 0
    while todo and seen < _MOST:
        path = todo.pop()
        seen += 1
        try:
            info = path.lstat()
        except OSError:
            continue
        changed += _private(path, info)
        if stat.S_ISDIR(info.st_mode):
            try:
                todo.extend(Path(e.path) for e in os.scandir(path))
            except OSError:
                continue
    return changed


def _private(path: Path, info: os.stat_result) -> int:
    mode = stat.S_IMODE(info.st_mode)
    if not mode & 0o077 or info.st_uid != os.getuid() or stat.S_ISLNK(info.st_mode):
        return 0
    if not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
        return 0
    try:
        os.chmod(path, mode & 0o700)
    except OSError:
        return 0
    return 1


def tighten_all(data_override: str | Path | None) -> None:
    """Keep the game's folders private (see :func:`tighten`): the data folder (only what the game
    writes there, when the player named it), the cache and the log (only the game's files
    there, when an environment variable or the data folder names them). The folders the game
    makes are 0700 from the start (the umask of :func:`blackjack_tui.cli.main`)."""
    if data_override is None:
        tighten(data_dir())
    else:
        tighten(data_dir(data_override), DATA_NAMES)
    own_cache = not os.environ.get(CACHE_ENV) and data_override is None
    tighten(cache_dir(data_override), None if own_cache else ("*.json", ".tmp-*"))
    own_log = not os.environ.get(LOG_ENV) and data_override is None
    tighten(log_dir(data_override), None if own_log else ("blackjack-tui.log*",))
