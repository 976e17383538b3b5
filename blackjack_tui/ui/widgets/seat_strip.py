"""The other seats at the table, in a compact strip under the dealer: each computer player's name,
stack, cards and result, and the player's bet behind the box (Swedish "bakomspel").

Clicking a seat selects its box for a bet behind (keys 4 to 7 do the same).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from rich.table import Table as Grid
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from blackjack_tui.controller.view import BoxView, TableView
from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.seats import seat_box


@dataclass(frozen=True)
class SeatInfo:
    """A computer seat between rounds (or during one, with its box from the view)."""

    name: str
    stack: Decimal
    box: int
    behind: Decimal | None
    selected: bool
    sitting_out: bool
    banker: bool = False


SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _card(text: str) -> str:
    """``TD`` as ``10♦``: the strip is too narrow for drawn cards."""
    return text[:-1].replace("T", "10") + SUITS.get(text[-1], text[-1])


def _signed(amount: Decimal) -> str:
    return ("+" if amount > 0 else "") + money_str(amount)


class SeatStrip(Widget):
    """Two lines per seat, side by side; hidden when the player sits alone."""

    DEFAULT_CSS = "SeatStrip { height: 2; width: 1fr; color: #dfe9df; }"

    seats: reactive[tuple[SeatInfo, ...]] = reactive((), always_update=True)
    view: reactive[TableView | None] = reactive(None, always_update=True)

    class Selected(Message):
        """The player clicked a seat (to bet behind its box)."""

        def __init__(self, box: int) -> None:
            super().__init__()
            self.box = box

    def render(self) -> Grid:
        grid = Grid.grid(expand=True, padding=(0, 1))
        for _ in self.seats:
            grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        boxes = {b.number: b for b in self.view.seat_boxes()} if self.view else {}
        grid.add_row(*(self._top(s, boxes.get(s.box)) for s in self.seats))
        grid.add_row(*(self._bottom(s, boxes.get(s.box)) for s in self.seats))
        return grid

    def _top(self, seat: SeatInfo, box: BoxView | None) -> Text:
        style = "bold #f2c94c" if seat.selected else "bold"
        text = Text(f"{seat.box} {seat.name}", style=style)
        text.append(f" {money_str(seat.stack)}", style="dim")
        if seat.banker:
            text.append(" BANK", style="bold #7ee787")
        if box is not None and box.hands and box.hands[0].cards:
            for index, hand in enumerate(box.hands):
                text.append(" │ " if index else "  ")
                text.append(" ".join(_card(c.text) for c in hand.cards))
                text.append(f" {hand_label(hand)}", style="bold")
        return text

    def _bottom(self, seat: SeatInfo, box: BoxView | None) -> Text:
        if seat.sitting_out and box is None:
            return Text("holds the bank" if seat.banker else "sits out", style="dim")
        text = Text()
        if box is not None:
            text.append(f"bet {money_str(sum((h.stake for h in box.hands), Decimal(0)))}")
            if all(h.outcome for h in box.hands):
                net = box.net
                text.append(f" {_signed(net)}",
                            style="#7ee787" if net > 0 else "#ff7b72" if net < 0 else "")
            behind = box.behind_staked
            if behind:
                text.append(f"  you {money_str(behind)}", style="#e3b341")
                if all(h.behind_net is not None for h in box.hands if h.behind):
                    text.append(f" {_signed(box.behind_result)}", style="bold #e3b341")
        elif seat.behind:
            text.append(f"you behind {money_str(seat.behind)}", style="#e3b341")
        elif seat.selected:
            text.append("+ bets behind", style="dim")
        return text

    def on_click(self, event: events.Click) -> None:
        if not self.seats:
            return
        index = min(len(self.seats) - 1, event.x * len(self.seats) // max(1, self.size.width))
        self.post_message(self.Selected(self.seats[index].box))


def hand_label(hand: object) -> str:
    label = hand.label()  # type: ignore[attr-defined]
    if getattr(hand, "bust", False):
        return f"{label} bust"
    return str(label)


def seats_of(others: list[tuple[str, Decimal]], behind: dict[int, Decimal], selected: int,
             sitting_out: set[str], banker: str | None) -> tuple[SeatInfo, ...]:
    """The strip's seats from the session's computer players (seat 1 first)."""
    return tuple(SeatInfo(name, stack, seat_box(n), behind.get(seat_box(n)),
                          selected == seat_box(n), name in sitting_out, name == banker)
                 for n, (name, stack) in enumerate(others, start=1))
