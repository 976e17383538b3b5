"""MkDocs hook: files from outside ``docs/`` that the manual shows, and the optional pages.

The screenshots live at the top of the repository (``screenshots/``, where ``render.py`` makes
them and the README shows them); the verifier lives in ``scripts/``. They are added to the site
under the same paths, so that a page writes ``![…](screenshots/split.svg)`` and ``--strict``
checks the link. A page listed in :data:`OPTIONAL` whose file does not exist is dropped from the
nav instead of failing the build (pages other work adds); every other missing page still fails.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

OPTIONAL = {"counting.md"}
SHARED = [("screenshots", "*.svg"), ("scripts", "verify_shoe.py")]


def on_config(config: Any) -> Any:
    docs = Path(config["docs_dir"])

    def keep(entry: Any) -> bool:
        target = next(iter(entry.values())) if isinstance(entry, dict) else entry
        return not (isinstance(target, str) and target in OPTIONAL
                    and not (docs / target).exists())

    config["nav"] = [entry for entry in config["nav"] or [] if keep(entry)]
    return config


def on_files(files: Files, config: Any) -> Files:
    top = Path(config["config_file_path"]).parent
    for folder, pattern in SHARED:
        for path in sorted((top / folder).glob(pattern)):
            files.append(File(f"{folder}/{path.name}", src_dir=str(top),
                              dest_dir=config["site_dir"],
                              use_directory_urls=config["use_directory_urls"]))
    return files
