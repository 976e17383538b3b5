"""The main screens look as they should: the screenshot scenes, compared with stored snapshots.

Update after a deliberate change of looks with ``pytest tests/ui/test_snapshots.py
--snapshot-update`` and look at the report before committing.
"""

from __future__ import annotations

import pytest

from blackjack_tui.ui.demo import SCENES, SIZE, make_app, play


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_screen_looks(scene, snap_compare, tmp_path, warm_cache):
    app = make_app(scene, tmp_path / "data")

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await play(scene, pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


LARGER = [(name, size) for name in ("split", "settlement") for size in ((120, 40), (160, 50))]


@pytest.mark.parametrize(("name", "size"), LARGER,
                         ids=[f"{n}-{w}x{h}" for n, (w, h) in LARGER])
def test_larger_terminals_get_larger_cards(name, size, snap_compare, tmp_path, warm_cache):
    scene = next(s for s in SCENES if s.name == name)
    app = make_app(scene, tmp_path / "data")

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await play(scene, pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("name", ["settlement", "help"])
def test_a_light_theme(name, snap_compare, tmp_path, warm_cache):
    scene = next(s for s in SCENES if s.name == name)
    app = make_app(scene, tmp_path / "data")

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.theme = "textual-light"
        await play(scene, pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_a_light_theme_with_extra_large_cards(snap_compare, tmp_path, warm_cache):
    scene = next(s for s in SCENES if s.name == "settlement")
    app = make_app(scene, tmp_path / "data")

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.theme = "textual-light"
        await play(scene, pilot)

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)
