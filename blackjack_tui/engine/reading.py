"""What a round tells those who read it: the cards, the chips, the decision due, the result.

:class:`~.round.Round` plays; this base class only reads its parts (:mod:`.seats`,
:mod:`.wagering`, :mod:`.dealer`), so the names callers have always read (``rnd.player``,
``rnd.seats``, ``rnd.hole_hidden``, ``rnd.net`` ...) stay where they were.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from blackjack_tui.engine import state
from blackjack_tui.engine.actions import Decision
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.dealer import Dealer
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.hand import Box, Hand
from blackjack_tui.engine.insurance import Insurance
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import Seat, Seating
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.table_rules import TableRules
from blackjack_tui.engine.vocabulary import ActionName, DecisionKind, Phase
from blackjack_tui.engine.wagering import Wagers

ASK_PLAY = DecisionKind.PLAY
OVER = Phase.OVER


class RoundReading:
    """The reading side of a round; the parts and the flow's state are the round's."""

    __slots__ = ()

    rules: Rules
    table: TableRules
    tier: str | None
    shoe: Shoe
    log: list[Event]
    seating: Seating
    wagers: Wagers
    boxes: list[Box]
    dealer: Dealer
    insurance: Insurance
    phase: Phase
    join: tuple[ActionName, int, int] | None
    cursor: tuple[int, int]
    actions: list[str]
    decision: Decision | None

    @property
    def up_card(self) -> Card:
        return self.dealer.cards[0]

    @property
    def hole_hidden(self) -> bool:
        return self.dealer.hole_hidden

    @property
    def dealt(self) -> list[Card]:
        """Every card drawn this round, in order."""
        return self.dealer.dealt

    @property
    def over(self) -> bool:
        return self.phase is OVER

    @property
    def player(self) -> Seat:
        return self.seating.player

    @property
    def seats(self) -> list[Seat]:
        """The computer seats, seat 1 first."""
        return self.seating.others

    @property
    def player_seat(self) -> int:
        return self.seating.player_seat

    @property
    def bankroll(self) -> Decimal:
        """The player's chips now (what is on the table is out of it)."""
        return self.seating.player.bankroll

    @property
    def bankroll_start(self) -> Decimal:
        return self.seating.player.bankroll_start

    def legal_actions(self) -> Decision | None:
        """Who must decide now and what they may do; ``None`` before the deal or when over."""
        return self.decision

    def stack(self, seat: int) -> Decimal:
        """The chips seat ``seat`` has in front of it now (0: the player)."""
        return self.seating.chips(seat)

    def box(self, number: int) -> Box:
        """The box numbered ``number`` (box numbers skip boxes without a bet)."""
        for box in self.boxes:
            if box.number == number:
                return box
        raise KeyError(number)

    def hand_in_play(self) -> Hand | None:
        """The hand the play decision due now is about (``None`` when none is)."""
        decision = self.decision
        if decision is None or decision.kind is not ASK_PLAY:
            return None
        bi, hi = self.cursor
        return self.boxes[bi].hands[hi]

    def table_cards(self) -> list[Card]:
        """Every card on the table: the boxes' hands in order, then the dealer's."""
        return [c for b in self.boxes for h in b.hands for c in h._cards] + self.dealer.cards

    @property
    def net(self) -> Decimal:
        """The player's gain (negative: loss) so far, counting chips still on the table as out."""
        return self.seating.player_net

    def seat_net(self, seat: int) -> Decimal:
        """Seat ``seat``'s gain so far (0: the player, the same as :attr:`net`)."""
        return self.seating.purses[seat].net

    @property
    def staked(self) -> Decimal:
        """Everything the player has put on the table this round, his bets behind included."""
        return self.wagers.staked_by_player()

    def player_boxes(self) -> list[Box]:
        """The player's own boxes (not the computer seats')."""
        return [b for b in self.boxes if b.owner == 0]

    # ------------------------------------------------------------------ serialization

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (the form is :mod:`.state`'s)."""
        seating = self.seating
        dealer = self.dealer
        return state.write(state.Saved(
            rules=self.rules, table=self.table, tier=self.tier, shoe=self.shoe,
            player=seating.player, others=seating.others, player_seat=seating.player_seat,
            boxes=self.boxes, dealer=dealer.cards, hole_hidden=dealer.hole_hidden,
            dealt=dealer.dealt, phase=self.phase, queue=self.insurance.queue, join=self.join,
            cursor=self.cursor, actions=self.actions, log=self.log))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RoundReading) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
