"""The main screens look as they should: the screenshot scenes, compared with stored snapshots.

Update after a deliberate change of looks with ``pytest tests/ui/test_snapshots.py
--snapshot-update`` and look at the report before committing.
"""

from __future__ import annotations

import pytest

from blackjack_tui.ui.demo import SCENES, SIZE, make_app, play, warm_analysis


@pytest.fixture(scope="session")
def warm_cache() -> None:
    warm_analysis()


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_screen_looks(scene, snap_compare, tmp_path, warm_cache):
    app = make_app(scene, tmp_path / "data")

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await play(scene, pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
