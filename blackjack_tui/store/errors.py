"""The store's errors: each one line a player can read, never a traceback."""

from __future__ import annotations

import errno
from pathlib import Path


class StoreError(Exception):
    """A save or load that failed. ``str(err)`` is one line for the status bar."""


class RecordError(StoreError, ValueError):
    """A line or file whose content is not what the store expects (bad JSON, wrong shape)."""


_WHY = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EACCES: "the folder is not writable",
    errno.EPERM: "the folder is not writable",
    errno.EROFS: "the disk is read-only",
    errno.ENOENT: "the folder does not exist",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "a folder is in the way",
}


def os_error(action: str, path: Path, err: OSError) -> StoreError:
    """``could not save the profile to /x/profile.json: the disk is full``."""
    why = _WHY.get(err.errno or 0) or (err.strerror or str(err) or type(err).__name__)
    return StoreError(f"could not {action} {path}: {why}")
