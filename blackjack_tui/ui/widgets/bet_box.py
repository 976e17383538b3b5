"""A box on the felt: its stake as chips, its hands side by side when split, insurance, result."""

from __future__ import annotations

from decimal import Decimal

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from blackjack_tui.controller.view import BoxView
from blackjack_tui.engine.money import ZERO, money_str
from blackjack_tui.ui.cards import CardStyle
from blackjack_tui.ui.widgets.hand_panel import HandPanel

MAX_HANDS = 4
CHIP_COLOURS = ("#e8e8e8", "#d64545", "#2f9e44", "#3b5bdb", "#7950f2", "#f08c00")


def chip_stack(amount: Decimal, chips: tuple[Decimal, ...]) -> Text:
    """The amount as the fewest chips, largest first: ``●25 ●5 ●1×2``."""
    text = Text()
    rest = amount
    for index in range(len(chips) - 1, -1, -1):
        chip = chips[index]
        count = int(rest // chip)
        if count:
            rest -= chip * count
            colour = CHIP_COLOURS[index % len(CHIP_COLOURS)]
            text.append("●", style=f"bold {colour}")
            text.append(money_str(chip) + (f"×{count}" if count > 1 else "") + " ")
    if rest > 0:
        text.append(f"+{money_str(rest)}")
    return text


class BetBox(Vertical):
    """Box ``number``: in betting it shows the stake being built; in a round, its hands."""

    class Selected(Message):
        """The player clicked this box."""

        def __init__(self, box: BetBox) -> None:
            super().__init__()
            self.box = box

        @property
        def control(self) -> BetBox:
            return self.box

    def __init__(self, number: int, **kwargs: object) -> None:
        super().__init__(id=f"box-{number}", classes="bet-box", **kwargs)  # type: ignore[arg-type]
        self.number = number
        self.border_title = f"Box {number}"
        self.card_size = "small"
        """The largest card size the felt has room for (a hand steps down if it must)."""
        self._lines: dict[str, Text] = {}

    def compose(self) -> ComposeResult:
        yield Static(classes="box-stake")
        with Horizontal(classes="hands"):
            for index in range(MAX_HANDS):
                yield HandPanel(id=f"box-{self.number}-hand-{index + 1}")
        yield Static(classes="box-footer")

    def _line(self, name: str, text: Text) -> None:
        """Update the stake or footer line only when it changes (one line: no new layout)."""
        if self._lines.get(name) != text:
            self._lines[name] = text
            self.query_one(f".box-{name}", Static).update(text, layout=False)

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Selected(self))

    def show_bet(self, bet: Decimal | None, chips: tuple[Decimal, ...], limits: str,
                 selected: bool, enabled: bool) -> None:
        """Betting: the stake as chips (or how to place one) and the box's limits."""
        self.set_class(selected, "-selected")
        self.set_class(not enabled, "-disabled")
        self.set_class(False, "-active")
        self._hide_panels(0)
        if not enabled:
            self._line("stake", Text("closed at this table", style="dim"))
            self._line("footer", Text(""))
            self.border_subtitle = ""
            return
        if bet:
            self._line("stake", Text.assemble(Text(money_str(bet), style="bold"), "  ",
                                              chip_stack(bet, chips)))
        else:
            hint = "+ adds a chip" if selected else f"press {self.number} or click"
            self._line("stake", Text(f"no bet · {hint}", style="dim"))
        self._line("footer", Text(f"limits {limits}", style="dim"))
        self.border_subtitle = "selected" if selected else ""

    def show_round(self, box: BoxView | None, active: tuple[int, int] | None,
                   card_style: CardStyle) -> None:
        """In a round: the box's hands, the active one marked, insurance and the box's result."""
        self.set_class(False, "-selected")
        self.set_class(box is None, "-disabled")
        panels = list(self.query(HandPanel))
        if box is None:
            self._line("stake", Text("no bet", style="dim"))
            self._line("footer", Text(""))
            self._hide_panels(0)
            self.set_class(False, "-active")
            self.border_subtitle = ""
            return
        is_active = active is not None and active[0] == box.number
        self.set_class(is_active, "-active")
        staked = sum((h.stake for h in box.hands), ZERO)
        self._line("stake", Text(f"stake {money_str(staked)}", style="bold"))
        # Two hands sit side by side at the felt's card size (each steps down if it must) when
        # even the smallest fans fit; otherwise the hands are stacked as one-line tiles.
        count = len(box.hands)
        per = (self.size.width - 2) // max(count, 1)
        compact = count > 1 and (count > 2 or any(
            CardStyle.fan_width(max(len(h.cards), 2), "small") + 2 > per for h in box.hands))
        self.set_class(compact, "-stacked")
        for index, panel in enumerate(panels):
            if index < len(box.hands):
                if not panel.display:
                    panel.display = True
                panel.compact = compact
                panel.card_size = self.card_size
                panel.card_style = card_style
                panel.active = is_active and active is not None and active[1] == index + 1
                panel.hand = box.hands[index]
        self._hide_panels(len(box.hands))
        self._line("footer", self._footer(box))
        self.border_subtitle = ""
        if all(h.outcome is not None for h in box.hands) and box.hands:
            net = box.net
            sign = "+" if net > 0 else ""
            self.border_subtitle = f"{sign}{money_str(net)}"

    def _hide_panels(self, keep: int) -> None:
        for panel in list(self.query(HandPanel))[keep:]:
            if panel.display:
                panel.display = False

    @staticmethod
    def _footer(box: BoxView) -> Text:
        if box.even_money:
            return Text("even money taken", style="#e3b341")
        if box.insurance is None:
            return Text("")
        if box.insurance == 0:
            return Text("no insurance", style="dim")
        text = Text(f"insured {money_str(box.insurance)}", style="#e3b341")
        if box.insurance_net is not None:
            sign = "+" if box.insurance_net > 0 else ""
            text.append(f"  {sign}{money_str(box.insurance_net)}",
                        style="bold #7ee787" if box.insurance_net > 0 else "bold #ff7b72")
        return text
