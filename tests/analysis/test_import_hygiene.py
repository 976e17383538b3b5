"""The analysis stays free of the UI: importing it loads neither Textual nor Rich nor asyncio."""

from __future__ import annotations

import subprocess
import sys

import pytest

MODULES = ["blackjack_tui.analysis", "blackjack_tui.analysis.edge", "blackjack_tui.analysis.hints",
           "blackjack_tui.analysis.cache"]


@pytest.mark.parametrize("module", MODULES)
def test_no_ui_imports(module: str) -> None:
    code = (f"import sys, {module}; import blackjack_tui.analysis as a; a.hint; a.analyse; "
            "bad = [m for m in ('textual', 'rich', 'asyncio') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
