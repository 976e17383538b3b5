"""The engine and the analysis stay free of the UI: importing any of their modules, in a fresh
interpreter, loads neither Textual, Rich nor asyncio."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import blackjack_tui.analysis as analysis
import blackjack_tui.engine as engine

MODULES = [package.__name__ for package in (engine, analysis)] + [
    f"{package.__name__}.{info.name}"
    for package in (engine, analysis) for info in pkgutil.iter_modules(package.__path__)]


@pytest.mark.parametrize("module", MODULES)
def test_pure_modules_load_no_ui(module: str) -> None:
    # The analysis package exports lazily (PEP 562): touch the exports too.
    touch = "import blackjack_tui.analysis as a; a.hint; a.analyse; " \
        if module.startswith(analysis.__name__) else ""
    code = (f"import sys, {module}; {touch}"
            "bad = [m for m in ('textual', 'rich', 'asyncio') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
