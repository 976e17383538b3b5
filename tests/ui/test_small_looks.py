"""Issue 24, item 11: small looks (Pilot tests at 80×24, and at 160×50 for the extra-large cards).

An overlapped 10 shows its suit; the fair-shoe toast and Options' note say the same; ``edge
--ascii`` says whom ``--ascii`` is for; a large terminal gets extra-large cards and a felt with no
empty band; the boxes stand in one row; the Deal button keeps its emphasis in a light theme.
"""

from __future__ import annotations

from rich.color import Color
from textual.color import Color as TextualColor
from textual.geometry import Region
from textual.widgets import Switch

from blackjack_tui.cli import main
from blackjack_tui.engine.cards import parse_cards
from blackjack_tui.ui.cards import CardStyle
from blackjack_tui.ui.demo import SCENES, make_app, play
from blackjack_tui.ui.widgets.action_bar import ActionBar
from blackjack_tui.ui.widgets.table import Table
from tests.ui.conftest import settle

SPLIT = next(s for s in SCENES if s.name == "split")


def test_an_overlapped_ten_shows_its_suit():
    top, middle, bottom = CardStyle().fan(parse_cards(["TH", "TS", "AC"]), "small")
    assert middle.plain == "│10♥│10♠│A♣ │"
    assert len(top.plain) == len(middle.plain) == len(bottom.plain) == CardStyle.fan_width(
        3, "small", tens=2)
    for size in ("medium", "large", "xlarge"):  # the larger sizes show the corner already
        rows = CardStyle().fan(parse_cards(["TD", "5C"]), size)
        assert rows[1].plain.startswith("│10♦")


async def test_an_overlapped_ten_shows_its_suit_on_the_felt(tmp_path):
    app = make_app(SPLIT, tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await play(SPLIT, pilot)
        box = app.screen.query_one(Table).boxes[2]
        assert "10♦" in box.hand_text(1)  # the ten lies under the nine


async def test_the_fair_shoe_toast_and_its_note_agree(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        said: list[str] = []
        notify = app.notify

        def recorded(message: str, **kwargs: object) -> None:
            said.append(message)
            notify(message, **kwargs)  # type: ignore[arg-type]

        app.notify = recorded  # type: ignore[method-assign]
        await pilot.press("o")
        await pilot.pause()
        note = str(app.screen.query_one("#settings-note").render())
        app.screen.query_one("#fair-switch", Switch).value = True
        await pilot.pause()
        assert app.game.settings.provably_fair
        assert said and "from the next shoe" in said[-1]
        assert "from the next shoe" in note
        assert "from now on" not in said[-1] + note


def test_edge_ascii_says_ascii_is_only_for_play(capsys):
    assert main(["edge", "--ascii"]) == 2
    assert main(["--ascii", "edge"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["blackjack-tui edge: --ascii is only for play and train"] * 2


def gaps(table: Table) -> list[int]:
    """The empty rows above the dealer, between the dealer and the boxes, and below them."""
    rules, boxes = table.felt_rules.region, table.boxes[0].region  # (in the felt's content)
    return [table.dealer.region.y, boxes.y - rules.bottom, table.content_size.height - boxes.bottom]


async def test_a_large_terminal_gets_extra_large_cards_and_a_balanced_felt(tmp_path):
    app = make_app(SPLIT, tmp_path / "data")
    async with app.run_test(size=(160, 50)) as pilot:
        await play(SPLIT, pilot)
        table = app.screen.query_one(Table)
        assert table.card_size == "xlarge"
        assert app.screen.query_one(Table).dealer.plain.count("\n") >= 12  # 11-row cards
        spare = gaps(table)
        assert max(spare) < 10 and max(spare) - min(spare) <= 2, spare
        assert "│10♦" in app.screen.query_one(Table).boxes[2].hand_text(1)
    app = make_app(SPLIT, tmp_path / "small")
    async with app.run_test(size=(120, 40)) as pilot:  # 120 columns keep the large cards
        await play(SPLIT, pilot)
        assert app.screen.query_one(Table).card_size == "large"


async def test_the_middle_box_stands_in_line_with_the_others(tmp_path):
    for size in ((80, 24), (120, 40), (160, 50)):
        app = make_app(SPLIT, tmp_path / f"data{size[0]}")
        async with app.run_test(size=size) as pilot:
            await play(SPLIT, pilot)
            tops = {box.region.y for box in app.screen.query_one(Table).boxes}
            assert len(tops) == 1, (size, tops)


def background_at(bar: ActionBar, x: int) -> Color | None:
    strip = bar.render_lines(Region(0, 0, bar.size.width, 1))[0]
    at = 0
    for segment in strip:
        if at <= x < at + segment.cell_length:
            return segment.style.bgcolor if segment.style else None
        at += segment.cell_length
    return None


async def test_the_deal_button_keeps_its_emphasis_in_a_light_theme(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for theme in ("textual-light", "textual-dark"):
            app.theme = theme
            await pilot.pause()
            bar = app.screen.query_one(ActionBar)
            assert "bet-deal" in bar.shown
            x, _ = bar.offset_of("bet-deal")
            deal = background_at(bar, x + 1)
            assert deal is not None and deal.triplet is not None
            primary = TextualColor.parse(app.theme_variables["primary"])
            assert (deal.triplet.red, deal.triplet.green, deal.triplet.blue) == primary.rgb, theme
