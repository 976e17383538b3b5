"""The engine stays pure: importing any of it loads neither Textual, Rich nor asyncio."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import blackjack_tui.engine as engine

MODULES = ["blackjack_tui.engine"] + [
    f"blackjack_tui.engine.{info.name}" for info in pkgutil.iter_modules(engine.__path__)]


@pytest.mark.parametrize("module", MODULES)
def test_engine_modules_load_no_ui(module: str) -> None:
    code = (f"import sys, {module}; "
            "bad = [m for m in ('textual', 'rich', 'asyncio') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
