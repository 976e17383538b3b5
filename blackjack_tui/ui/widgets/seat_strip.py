"""The other seats at the table, in a strip under the dealer: each computer player's name, stack,
cards and result, and the player's bet behind the box (Swedish "bakomspel").

Four lines a seat, one column each: who, the cards, the seat's bet and result, the player's bet
behind and its result. A column too narrow for a line draws it tighter (cards without spaces, then
only the totals) rather than cutting it. Clicking a seat selects its box for a bet behind (keys 4
to 7 do the same).
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct
from rich.text import Text
from textual.message import Message

from blackjack_tui.controller.view import BoxView, HandView, TableView
from blackjack_tui.engine.money import money_str, signed
from blackjack_tui.engine.seats import seat_box
from blackjack_tui.ui.widgets.hands import (
    GOLD,
    PUSH,
    WIN,
    hand_key,
    net_style,
    total_text,
)
from blackjack_tui.ui.widgets.pane import Pane

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SOFT = "#cfe3d4"
ROWS = 4


class SeatInfo(Struct, frozen=True):
    """A computer seat between rounds (or during one, with its box from the view)."""

    name: str
    stack: Decimal
    box: int
    behind: Decimal | None
    selected: bool
    sitting_out: bool
    banker: bool = False


def _card(text: str) -> str:
    """``TD`` as ``10♦``: the strip is too narrow for drawn cards."""
    return text[:-1].replace("T", "10") + SUITS.get(text[-1], text[-1])


def hand_label(hand: HandView) -> str:
    label = total_text(hand)
    return f"{label} bust" if hand.bust else label


class SeatStrip(Pane):
    """The computer players' seats side by side; hidden when the player sits alone."""

    colour = "#dfe9df"

    class Selected(Message):
        """The player clicked a seat (to bet behind its box)."""

        def __init__(self, box: int) -> None:
            super().__init__()
            self.box = box

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seats: tuple[SeatInfo, ...] = ()
        self.view: TableView | None = None

    def show(self, seats: tuple[SeatInfo, ...], view: TableView | None) -> None:
        self.seats = seats
        self.view = view
        self.redraw()

    def redraw(self) -> None:
        boxes = {b.number: b for b in self.view.seat_boxes()} if self.view else {}
        width = self.drawn_size.width
        key = (self.seats, tuple(_box_key(boxes.get(s.box)) for s in self.seats), width)
        self.draw(key, lambda: self._picture(boxes, width), width=width)

    def _picture(self, boxes: dict[int, BoxView], width: int) -> list[Text]:
        if not self.seats:
            return []
        per = width // len(self.seats)
        columns = [self._column(s, boxes.get(s.box), per - 1) for s in self.seats]
        lines = []
        for row in range(ROWS):
            line = Text()
            for index, column in enumerate(columns):
                part = column[row]
                pad = per - part.cell_len if index < len(columns) - 1 else 0
                line.append_text(part)
                line.append(" " * max(pad, 0))
            lines.append(line)
        return lines

    def _column(self, seat: SeatInfo, box: BoxView | None, width: int) -> list[Text]:
        return [_who(seat, width), _cards(box, width), self._bet(seat, box),
                self._behind(seat, box)]

    @staticmethod
    def _bet(seat: SeatInfo, box: BoxView | None) -> Text:
        if box is None:
            if seat.sitting_out:
                return Text("holds the bank" if seat.banker else "sits out", style=SOFT)
            return Text("")
        text = Text(f"bet {money_str(sum((h.stake for h in box.hands), Decimal(0)))}")
        if box.hands and all(h.outcome for h in box.hands):
            text.append(f" {signed(box.net)}", style=net_style(box.net))
        return text

    @staticmethod
    def _behind(seat: SeatInfo, box: BoxView | None) -> Text:
        if box is not None and box.behind_staked:
            text = Text(f"you {money_str(box.behind_staked)}", style=PUSH)
            if all(h.behind_net is not None for h in box.hands if h.behind):
                text.append(f" {signed(box.behind_result)}", style=net_style(box.behind_result))
            return text
        if box is None and seat.behind:
            return Text(f"you behind {money_str(seat.behind)}", style=PUSH)
        if box is None and seat.selected:
            return Text("+ bets behind", style=SOFT)
        return Text("")

    def click(self, x: int, y: int) -> Message | None:
        if not self.seats:
            return None
        index = min(len(self.seats) - 1, x * len(self.seats) // max(1, self.size.width))
        return self.Selected(self.seats[index].box)


def _who(seat: SeatInfo, width: int) -> Text:
    """Who sits there, the stack and the bank's mark; a column too narrow for all of it drops
    the box number first (the home game, where a bank is held, has no bets behind), then the
    mark, rather than running into the next seat."""
    style = f"bold {GOLD}" if seat.selected else "bold"
    for number, mark in ((True, True), (False, True), (False, False)):
        who = Text(f"{seat.box} {seat.name}" if number else seat.name, style=style)
        who.append(f" {money_str(seat.stack)}", style=SOFT)
        if seat.banker and mark:
            who.append(" BANK", style=f"bold {WIN}")
        if who.cell_len <= width:
            break
    return who


def _cards(box: BoxView | None, width: int) -> Text:
    """The seat's hands as card names and totals, as tight as the column needs."""
    if box is None or not box.hands or not box.hands[0].cards:
        return Text("")
    for gap, join in ((" ", " │ "), ("", "│")):
        text = Text()
        for index, hand in enumerate(box.hands):
            if index:
                text.append(join)
            text.append(gap.join(_card(c.text) for c in hand.cards))
            text.append(f" {hand_label(hand)}", style="bold")
        if text.cell_len <= width:
            return text
    return Text(" │ ".join(hand_label(h) for h in box.hands), style="bold")


def _box_key(box: BoxView | None) -> tuple[object, ...] | None:
    if box is None:
        return None
    return (tuple(hand_key(h) for h in box.hands), box.behind_insurance,
            box.behind_insurance_net, box.behind_even_money)


def seats_of(others: list[tuple[str, Decimal]], behind: dict[int, Decimal], selected: int,
             sitting_out: set[str], banker: str | None) -> tuple[SeatInfo, ...]:
    """The strip's seats from the session's computer players (seat 1 first)."""
    return tuple(SeatInfo(name, stack, seat_box(n), behind.get(seat_box(n)),
                          selected == seat_box(n), name in sitting_out, name == banker)
                 for n, (name, stack) in enumerate(others, start=1))
