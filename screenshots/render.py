"""Render the README's screenshots: the app draws itself at 80×24 from fixed scenes.

    python screenshots/render.py          # writes screenshots/*.svg
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from blackjack_tui.ui.demo import render_all


def main() -> None:
    folder = Path(__file__).resolve().parent
    for path in asyncio.run(render_all(folder)):
        print(path.relative_to(folder.parent))


if __name__ == "__main__":
    main()
