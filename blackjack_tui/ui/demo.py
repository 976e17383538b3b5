"""Fixed scenes of the table: stacked shoes and key presses that the screenshots and the snapshot
tests both play, so the README shows exactly what the tests check."""

from __future__ import annotations

import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from msgspec import Struct, field
from textual.pilot import Pilot

from blackjack_tui.ui.app import BlackjackApp, PlayOptions

SIZE = (80, 24)

# Three boxes against a ten: box 1 splits its eights and doubles the left hand, box 2 doubles
# 11, box 3 stands on 19; the dealer stands on 17.
SPLIT_SHOE = ["8S", "5H", "TD", "TC", "8D", "6C", "9S", "7H", "3H", "KC", "9D", "QH", "5S"]
# An ace up: insurance is asked of every box, box 3's blackjack is offered even money.
INSURANCE_SHOE = ["9S", "TH", "KD", "AC", "7C", "TS", "AS", "6D", "5C"]
# The home game, an ace up: insurance of any amount up to half the bet, typed in.
HOME_ACE_SHOE = ["9S", "AH", "8D", "7C", "TS", "5D"]
# Four computer players at the Swedish table and bets behind two of them (no hole card: each
# seat gets two cards, the dealer one; then the seats play, the player, the dealer).
SEATS_SHOE = ["TS", "9H", "8C", "KD", "6H", "5C", "7S", "9D", "TD", "2C", "3H", "8H", "AC",
              "4S", "TH", "5S", "2D", "9C", "6S", "7D", "3C", "QH", "4D", "8S"]


class Scene(Struct):
    name: str
    title: str
    shoe: list[str] | None
    keys: list[str] = field(default_factory=list)
    rules: str = "nordic"
    after: Callable[[Pilot[None]], Awaitable[None]] | None = None
    before: Callable[[Pilot[None]], Awaitable[None]] | None = None


async def wait_for_table(pilot: Pilot[None], limit: int = 300) -> None:
    """Let the round run until the table waits for the player."""
    from blackjack_tui.ui.screens.table_screen import TableScreen

    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        running = [w for w in app.workers if w.group == "round" and not w.is_finished]
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        if not running or (tables and tables[0].decision is not None):
            return


async def out_of_chips(pilot: Pilot[None]) -> None:
    """The bankroll gone (booked as such), so the next deal offers a fresh one."""
    from decimal import Decimal

    from blackjack_tui.store import BANKROLL, Line

    game = pilot.app.game  # type: ignore[attr-defined]
    game.store.post([Line(BANKROLL, "fresh", -game.bankroll, "a scene: out of chips")])
    game.session.bankroll = Decimal(0)


SCENES = [
    Scene("betting", "Betting: chips in three boxes", None,
          ["right_square_bracket", "plus", "2", "plus", "plus", "3", "right_square_bracket",
           "plus"]),
    Scene("split", "Three boxes, box 1 split, box 2 to play", SPLIT_SHOE,
          ["right_square_bracket", "plus", "2", "plus", "3", "plus", "plus", "enter", "p", "d",
           "s"]),
    Scene("insurance", "Insurance asked box by box against an ace", INSURANCE_SHOE,
          ["2", "plus", "3", "plus", "enter"]),
    Scene("settlement", "The dealer draws to 17; every hand settled", SPLIT_SHOE,
          ["right_square_bracket", "plus", "2", "plus", "3", "plus", "plus", "enter", "p", "d",
           "s", "d", "s"]),
    Scene("rules-menu", "The rules menu: differences from your table marked", None, ["m"]),
    Scene("help", "Help: the keys and the house's rules", None, ["question_mark"]),
    Scene("options", "Options: one line each", None, ["o"]),
    Scene("seats", "Four computer players, bets behind two of them, settled", SEATS_SHOE,
          ["a", "a", "a", "a", "4", "plus", "5", "plus", "plus", "1", "enter", "j", "s"],
          rules="swedish"),
    Scene("insurance-amount", "The home game: insurance of any amount", HOME_ACE_SHOE,
          ["enter", "i"], rules="home"),
    Scene("broke", "Out of chips: a fresh bankroll offered", None, ["enter"],
          before=out_of_chips),
]


def warm_analysis() -> None:
    """Work out every shipped table's house edge and chart into the cache first, so that the
    rules menu shows them at once (not "…" while its thread works)."""
    from blackjack_tui.controller.strategy import analysis_of
    from blackjack_tui.rulesets import load_all

    for rules in load_all()[0].values():
        analysis_of(rules)


def make_app(scene: Scene, data_dir: Path) -> BlackjackApp:
    stacked = tuple(scene.shoe) if scene.shoe is not None else None
    options = PlayOptions(rules=scene.rules, seed=7, data_dir=data_dir, speed="instant",
                          stacked=stacked)
    return BlackjackApp(options)


async def play(scene: Scene, pilot: Pilot[None]) -> None:
    await wait_for_table(pilot)
    if scene.before is not None:
        await scene.before(pilot)
    for key in scene.keys:
        await pilot.press(key)
        await wait_for_table(pilot)
    if scene.after is not None:
        await scene.after(pilot)
    await pilot.pause()


# The scenes the README shows (the others are checked by the snapshot tests only).
SCREENSHOTS = ("betting", "split", "insurance", "settlement", "rules-menu", "help", "options",
               "seats")


async def render_all(folder: Path) -> list[Path]:
    """Save every scene as an SVG in ``folder``; returns the files."""
    warm_analysis()
    written = []
    shots = [(scene, SIZE, scene.name) for scene in SCENES if scene.name in SCREENSHOTS]
    split = next(s for s in SCENES if s.name == "split")
    shots.append((split, (120, 40), "large-cards"))  # the cards a larger terminal gets
    shots.append((split, (160, 50), "xlarge-cards"))  # and a large one
    for scene, size, name in shots:
        with tempfile.TemporaryDirectory() as data:
            app = make_app(scene, Path(data))
            async with app.run_test(size=size) as pilot:
                await play(scene, pilot)
                written.append(Path(app.save_screenshot(f"{name}.svg", str(folder))))
    return written + await render_ledger(folder)


# An evening at the scorekeeper: five players, the bank with Erik, hands typed in as at a table.
LEDGER_PLAYERS = "Ann, Bo, Cy, Dina, Erik"
LEDGER_HANDS = (("w", "l", "dw", "p", "l"), ("l", "p", "p", "l", "w"),
                ("n", "w", "l", "l", "w"), ("w/l", "dw", "w", "p", "l"), ("w", "?"))


async def type_keys(pilot: Pilot[None], text: str) -> None:
    keys = {" ": "space", "/": "slash", "?": "question_mark", ",": "comma", "'": "apostrophe"}
    for char in text:
        await pilot.press(keys.get(char, char))


async def render_ledger(folder: Path) -> list[Path]:
    """The scorekeeper's new-evening form (its focus marked) and an evening's sheet, at 80×24."""
    from blackjack_tui.rulesets import load_all
    from blackjack_tui.store import Store
    from blackjack_tui.store.evenings import EveningStore
    from blackjack_tui.ui.ledger import LedgerApp

    written = []
    with tempfile.TemporaryDirectory() as data:
        store = Store(Path(data))
        try:
            app = LedgerApp(EveningStore(store), load_all()[0]["home"])
            async with app.run_test(size=SIZE) as pilot:
                await pilot.press("n")
                await pilot.pause()
                app.screen.query_one("#name").focus()  # a name, not today's date
                await pilot.press("ctrl+u")
                await type_keys(pilot, "Friday at Ole's")
                app.screen.query_one("#players").focus()
                await pilot.pause()
                written.append(Path(app.save_screenshot("ledger-setup.svg", str(folder))))
                await type_keys(pilot, LEDGER_PLAYERS)
                app.screen.query_one("#bank").focus()
                await pilot.press("ctrl+u")
                await type_keys(pilot, "Erik")
                await pilot.press("ctrl+s")
                await pilot.pause()
                for hand in LEDGER_HANDS:
                    for entry in hand:
                        await type_keys(pilot, entry)
                        if entry != "?":
                            await pilot.press("enter")
                        await pilot.pause()
                written.append(Path(app.save_screenshot("ledger.svg", str(folder))))
        finally:
            store.close()
    return written
