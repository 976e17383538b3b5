"""What the player sees of a round, rebuilt event by event.

The engine settles a decision at once; the table shows it one card at a time. ``TableView`` is the
picture so far: the controller applies the engine's events to it one by one, at the chosen pace, and
the widgets draw it. Built from events only, it also serves resuming a saved round and recall.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from msgspec import Struct, field

from blackjack_tui.engine.cards import Card, total_label
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.kernel import dealer_blackjack, hand_totals, hand_value, is_blackjack
from blackjack_tui.engine.money import ZERO
from blackjack_tui.engine.vocabulary import AcesLow

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round


class HandView(Struct):
    cards: list[Card] = field(default_factory=list)
    stake: Decimal = ZERO
    doubled: bool = False
    split: bool = False
    aces_low: AcesLow | None = None
    """Which aces count 1 once the hand has doubled (the Swedish rule); ``None``: as usual."""
    outcome: str | None = None
    net: Decimal | None = None
    stood: bool = False
    done: bool = False
    """The round has no more decisions for the hand (it stood, or it reached a 21 that takes no
    card); set by the controller from the engine once the hand's cards are shown."""
    behind: Decimal = ZERO
    """The player's stake behind this hand of another seat's box (0: he is not in it)."""
    behind_outcome: str | None = None
    behind_net: Decimal | None = None

    def totals(self) -> tuple[int, bool]:
        return hand_value(self.cards, self.aces_low)

    def label(self) -> str:
        """``7/17`` for a soft hand, ``17`` otherwise; empty before the first card."""
        if not self.cards:
            return ""
        if self.blackjack:
            return "21"
        return total_label(*self.totals())

    @property
    def blackjack(self) -> bool:
        return is_blackjack(self.cards, self.split)

    @property
    def bust(self) -> bool:
        return self.totals()[0] > 21


class BoxView(Struct):
    number: int
    bet: Decimal
    hands: list[HandView] = field(default_factory=list)
    insurance: Decimal | None = None
    insurance_net: Decimal | None = None
    even_money: bool = False
    owner: str = ""
    """The computer player who holds the box; empty for the player's own boxes."""
    behind_insurance: Decimal | None = None
    behind_insurance_net: Decimal | None = None
    behind_even_money: bool = False

    @property
    def staked(self) -> Decimal:
        return sum((h.stake for h in self.hands), ZERO) + (self.insurance or ZERO)

    @property
    def net(self) -> Decimal:
        return sum((h.net or ZERO for h in self.hands), ZERO) + (self.insurance_net or ZERO)

    @property
    def behind_staked(self) -> Decimal:
        return sum((h.behind for h in self.hands), ZERO) + (self.behind_insurance or ZERO)

    @property
    def behind_result(self) -> Decimal:
        return (sum((h.behind_net or ZERO for h in self.hands), ZERO)
                + (self.behind_insurance_net or ZERO))


class TableView(Struct):
    """The round as shown: dealer cards (``None`` = face down), boxes, the active hand."""

    aces_low_on_double: AcesLow | None = None
    dealer_wins_ties: tuple[int, ...] = ()
    dealer: list[Card | None] = field(default_factory=list)
    hole: Card | None = None
    boxes: list[BoxView] = field(default_factory=list)
    active: tuple[int, int] | None = None  # (box number, hand number), 1-based
    dealer_outcome: str | None = None
    peek: str | None = None
    over: bool = False
    net: Decimal | None = None
    shuffled: bool = False
    seat_starts: dict[str, Decimal] = field(default_factory=dict)
    """Each computer player's chips when the round was dealt, before his bet."""

    @classmethod
    def for_bets(cls, bets: list[tuple[int, Decimal]],
                 aces_low_on_double: AcesLow | None) -> TableView:
        view = cls(aces_low_on_double=aces_low_on_double)
        view.boxes = [BoxView(n, bet, [HandView(stake=bet)]) for n, bet in bets]
        return view

    @classmethod
    def for_round(cls, rnd: Round) -> TableView:
        """The table as the round's bets were placed: the player's boxes and the other seats'."""
        view = cls(aces_low_on_double=rnd.table.aces_low,
                   dealer_wins_ties=tuple(rnd.rules.dealer_wins_ties))
        names = {s.number: s.name for s in rnd.seats}
        view.seat_starts = {s.name: s.bankroll_start for s in rnd.seats}
        for box in rnd.boxes:
            first = HandView(stake=box.bet, behind=box.behind_bet)
            view.boxes.append(BoxView(box.number, box.bet, [first], owner=names.get(box.owner, "")))
        return view

    def seat_stack(self, name: str) -> Decimal | None:
        """A computer player's chips off the table as the round shows them, as the player's own
        header counts his: the stack at the deal, less the bets still out, plus what the settled
        ones brought back (``None`` for a player not dealt in)."""
        stack = self.seat_starts.get(name)
        if stack is None:
            return None
        for box in self.boxes:
            if box.owner != name:
                continue
            for hand in box.hands:
                stack += hand.net if hand.outcome is not None and hand.net is not None \
                    else -hand.stake
            if box.insurance is not None:
                stack += box.insurance_net if box.insurance_net is not None else -box.insurance
        return stack

    def hands_done(self) -> None:
        """Every hand has had its last card: the dealer plays."""
        for box in self.boxes:
            for hand in box.hands:
                hand.done = True

    def own_boxes(self) -> list[BoxView]:
        return [b for b in self.boxes if not b.owner]

    def seat_boxes(self) -> list[BoxView]:
        return [b for b in self.boxes if b.owner]

    def box(self, number: int) -> BoxView:
        for box in self.boxes:
            if box.number == number:
                return box
        raise KeyError(number)

    def hand(self, box: int, hand: int) -> HandView:
        return self.box(box).hands[hand - 1]

    @property
    def dealer_cards(self) -> list[Card]:
        return [c for c in self.dealer if c is not None]

    def dealer_label(self) -> str:
        cards = self.dealer_cards
        if not cards:
            return ""
        total, soft = hand_totals(cards)
        return total_label(total, soft and not self.over)

    @property
    def dealer_blackjack(self) -> bool:
        """The dealer's two cards, both shown, make a blackjack."""
        return len(self.dealer) == 2 and None not in self.dealer and dealer_blackjack(
            self.dealer_cards)

    def ties_lost(self) -> list[int]:
        """Totals at which one of the player's hands lost a tie to the bank (Swedish 17-19)."""
        if not self.over or not self.dealer_wins_ties:
            return []
        dealer = hand_totals(self.dealer_cards)[0]
        return sorted({dealer for box in self.own_boxes() for hand in box.hands
                       if hand.outcome == "lose" and not hand.bust
                       and hand.totals()[0] == dealer and dealer in self.dealer_wins_ties})

    @property
    def staked(self) -> Decimal:
        """The player's chips on the table: his boxes and his bets behind."""
        return sum((b.behind_staked if b.owner else b.staked for b in self.boxes), ZERO)

    def apply(self, event: Event) -> None:
        """Show one more step of the round."""
        kind = event.kind
        if kind == "card":
            if event.box == 0:
                self.dealer.append(event.card)
            else:
                self.hand(event.box, event.hand).cards.append(event.card)  # type: ignore[arg-type]
        elif kind == "hole":
            self.hole = event.card
            self.dealer.append(None)
        elif kind == "reveal":
            self.dealer = [self.hole if c is None else c for c in self.dealer]
        elif kind == "peek":
            self.peek = event.outcome
        elif kind == "split":
            self._split(event)
        elif kind == "double":
            hand = self.hand(event.box, event.hand)
            hand.stake += event.amount or ZERO
            hand.doubled = True
            hand.aces_low = self.aces_low_on_double
        elif kind == "stand":
            self.hand(event.box, event.hand).stood = True
        elif kind in ("insurance", "even-money", "insurance-settled"):
            self._insurance(event)
        elif kind == "settle":
            hand = self.hand(event.box, event.hand)
            hand.outcome = event.outcome
            hand.net = event.amount
        elif kind == "dealer-total":
            self.dealer_outcome = event.outcome
        elif kind == "round-over":
            self.over = True
            self.active = None
            self.net = event.amount
        elif kind == "shuffle":
            self.shuffled = True
        elif kind.startswith("behind-"):
            self._apply_behind(event)

    def _split(self, event: Event) -> None:
        box = self.box(event.box)
        hand = box.hands[event.hand - 1]
        left = HandView([hand.cards[0]], hand.stake, split=True, behind=hand.behind)
        right = HandView(hand.cards[1:2], event.amount or hand.stake, split=True)
        box.hands[event.hand - 1:event.hand] = [left, right]

    def _insurance(self, event: Event) -> None:
        box = self.box(event.box)
        if event.kind == "insurance":
            box.insurance = event.amount
        elif event.kind == "even-money":
            box.even_money = True
        else:
            box.insurance_net = event.amount

    def _apply_behind(self, event: Event) -> None:
        kind = event.kind
        box = self.box(event.box)
        if kind == "behind-join":
            # After a split the right hand holds what joined; after a double the hand adds it.
            hand = box.hands[event.hand if event.outcome == "split" else event.hand - 1]
            hand.behind += event.amount or ZERO
        elif kind == "behind-settle":
            hand = box.hands[event.hand - 1]
            hand.behind_outcome = event.outcome
            hand.behind_net = event.amount
        elif kind == "behind-insurance":
            box.behind_insurance = event.amount
        elif kind == "behind-insurance-settled":
            box.behind_insurance_net = event.amount
        elif kind == "behind-even-money":
            box.behind_even_money = True
