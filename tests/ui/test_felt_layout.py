"""The felt lays its parts out itself (:func:`felt_layout`): exactly where Textual puts them as
widgets under the CSS the felt had when each part was a widget of its own (the layout its
snapshots were taken with). Textual is the oracle: the same CSS on stand-in widgets, laid out at
many sizes, with and without the seats, at every card size."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.widget import Widget

from blackjack_tui.ui.cards import ORDER
from blackjack_tui.ui.widgets.table import card_size_for, felt_layout

# The felt's CSS as it was for its widgets (app.tcss and their DEFAULT_CSS, before the one felt).
OLD_CSS = """
Felt { height: 1fr; padding: 0 1; }
#dealer-row { height: 6; padding-top: 1; }
Felt.-medium #dealer-row { height: 7; padding-top: 0; }
Felt.-large #dealer-row { height: 11; padding-top: 0; }
Felt.-medium #dealer { height: 7; }
Felt.-large #dealer { height: 11; }
Felt.-xlarge #dealer-row { height: 13; padding-top: 0; }
Felt.-xlarge #dealer { height: 13; }
#shoe { width: 20; height: 4; }
#discards { width: 20; height: 2; }
#dealer { height: 5; width: 1fr; }
Felt .gap { height: 1fr; }
Felt .gap.-middle { height: 2fr; }
Felt.-small .gap.-top, Felt.-small .gap.-bottom { display: none; }
#felt-rules { display: none; height: 1; width: 1fr; }
Felt.-medium #felt-rules, Felt.-large #felt-rules, Felt.-xlarge #felt-rules { display: block; }
#boxes { height: 12; align: center top; }
.bet-box { width: 1fr; max-width: 34; height: 12; }
Felt.-medium #boxes, Felt.-medium .bet-box { height: 11; }
Felt.-medium .bet-box { max-width: 40; }
Felt.-large #boxes, Felt.-large .bet-box { height: 15; }
Felt.-large .bet-box { max-width: 46; }
Felt.-xlarge #boxes, Felt.-xlarge .bet-box { height: 17; }
Felt.-xlarge .bet-box { max-width: 52; }
Felt.-xlarge .gap.-middle { height: 1fr; }
#seats { display: none; height: 4; width: 1fr; }
Felt.-seats #seats { display: block; }
Felt.-seats.-small #dealer-row { height: 5; padding-top: 0; }
Felt.-seats.-small #boxes, Felt.-seats.-small .bet-box { height: 10; }
"""

PARTS = ("discards", "dealer", "shoe", "felt-rules", "seats", "box-1", "box-2", "box-3")


class Felt(Vertical):
    def compose(self) -> ComposeResult:
        yield Widget(classes="gap -top")
        with Horizontal(id="dealer-row"):
            yield Widget(id="discards")
            yield Widget(id="dealer")
            yield Widget(id="shoe")
        yield Widget(id="felt-rules")
        yield Widget(classes="gap -middle")
        yield Widget(id="seats")
        with Horizontal(id="boxes"):
            for number in (1, 2, 3):
                yield Widget(id=f"box-{number}", classes="bet-box")
        yield Widget(classes="gap -bottom")


class Stand(App[None]):
    CSS = OLD_CSS

    def compose(self) -> ComposeResult:
        yield Felt()


def _textual(felt: Felt) -> dict[str, Region]:
    inside = felt.content_region
    found = {}
    for name in PARTS:
        widget = felt.query_one(f"#{name}")
        if widget.display and widget.region.area:
            found[name] = widget.region.translate((-inside.x, -inside.y))
    return found


async def test_the_felt_lays_its_parts_out_where_textual_laid_them_out() -> None:
    app = Stand()
    async with app.run_test(size=(80, 24)) as pilot:
        felt = app.query_one(Felt)
        wrong = []
        for width, height in ((80, 20), (84, 24), (99, 26), (100, 28), (101, 33), (120, 36),
                              (139, 40), (140, 46), (160, 46), (200, 52), (81, 21), (143, 31)):
            await pilot.resize_terminal(width, height)
            for seats in (False, True):
                # The sizes the felt takes there: the largest it has room for, or smaller.
                room = ORDER.index(card_size_for(width, height, seats))
                for size in ORDER[room:]:
                    for name in ORDER:
                        felt.set_class(name == size, f"-{name}")
                    felt.set_class(seats, "-seats")
                    await pilot.pause()
                    inside = felt.content_size
                    mine = felt_layout(inside.width, inside.height, size, seats)
                    theirs = _textual(felt)
                    got = {name: mine[name] for name in PARTS if name in mine}
                    if got != theirs:
                        wrong.append(((width, height, size, seats), got, theirs))
        assert wrong == []


async def test_the_felt_is_laid_out_before_its_first_paint(tmp_path, monkeypatch) -> None:
    """The first time Textual paints the felt, the table is on it (the dealer, the boxes): the
    felt lays itself out for the size it is painted at, not an empty felt first and the table
    a frame later, when the felt hears of its size."""
    from blackjack_tui.ui.app import BlackjackApp, PlayOptions
    from blackjack_tui.ui.widgets.table import Table

    painted: list[str] = []
    paint = Table.render_lines

    def first(self: Table, crop: Region) -> list:  # type: ignore[type-arg]
        lines = paint(self, crop)
        painted.append("\n".join(line.text for line in lines))
        return lines

    monkeypatch.setattr(Table, "render_lines", first)
    for size in ((80, 24), (120, 40)):
        painted.clear()
        app = BlackjackApp(PlayOptions(data_dir=tmp_path / f"data{size[0]}"))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
        assert painted and "DEALER" in painted[0] and "Box 1" in painted[0], (size, painted[:1])
