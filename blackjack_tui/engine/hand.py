"""What lies on a box: each seat's wagers, the hands, the box.

A box is a betting spot held by one seat (0: the player; 1..: a computer seat). Every seat with
money on it has a :class:`Position` there: the holder's, and at the Swedish table the player's bet
behind the box. A position holds the seat's original bet, its insurance and whether it took even
money. Each hand of the box carries a :class:`Wager` for every position in it: that seat's stake
on the hand (grown by a double; a split gives the new hand a wager of its own) and, once settled,
its outcome and net. Settling a hand settles each of its wagers the same way, whoever owns it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from blackjack_tui.engine.cards import Card, parse_cards, total_label
from blackjack_tui.engine.kernel import HAND_TOTALS, best_total, counted
from blackjack_tui.engine.money import ZERO
from blackjack_tui.engine.vocabulary import AcesLow, HandState, Outcome
from blackjack_tui.engine.wagers import Position, Wager, read_insurance, read_wager

__all__ = ["DONE", "PLAYING", "STOOD", "Box", "Hand", "Position", "Wager"]

# Kept for callers of the earlier string constants.
PLAYING, STOOD, DONE = HandState.PLAYING, HandState.STOOD, HandState.DONE
ALL, HELD = AcesLow.ALL, AcesLow.HELD


class Hand:
    """The cards of one hand, its progress, and the wagers on it (the holder's first).

    ``total`` and ``soft`` are kept as cards are added (:meth:`add`); ``aces_low`` says which
    aces a doubled hand counts 1 (:class:`AcesLow`, ``None``: as usual). Setting ``cards`` works
    the total out again; the engine's own hot path reads ``_cards`` (a property costs a call).
    """

    __slots__ = ("_cards", "aces_low", "doubled", "from_split", "hard", "high_ace", "soft",
                 "split_aces", "state", "total", "wagers")

    def __init__(self, cards: list[Card], stake: Decimal = ZERO, *, from_split: bool = False,
                 split_aces: bool = False, wagers: list[Wager] | None = None) -> None:
        self.wagers = wagers if wagers is not None else [Wager(0, stake)]
        self.from_split = from_split
        self.split_aces = split_aces
        self.doubled = False
        self.aces_low: AcesLow | None = None
        self.state = PLAYING
        self._cards = cards
        if cards:
            self.recount()
        else:
            self.hard = self.total = 0
            self.high_ace = self.soft = False

    # The cards and their total

    @property
    def cards(self) -> list[Card]:
        """The cards, in the order dealt. Add a card with :meth:`add`, which keeps the total."""
        return self._cards

    @cards.setter
    def cards(self, cards: list[Card]) -> None:
        self._cards = cards
        self.recount()

    def recount(self) -> None:
        """Work the total out again from the cards (after they were set, or the rule changed)."""
        hard, high = counted(self._cards, self.aces_low)
        self.hard = hard
        self.high_ace = high
        self.total = best_total(hard, high)
        self.soft = self.total != hard

    def add(self, card: Card) -> None:
        """Add a dealt card and keep the total."""
        self._cards.append(card)
        value = card.value
        hard = self.hard + value
        self.hard = hard
        if value == 1 and self.aces_low is not ALL:
            self.high_ace = True
        # best_total, looked up: this runs for every card
        self.total, self.soft = HAND_TOTALS[self.high_ace][hard]

    def add_two(self, first: Card, second: Card) -> None:
        """Add two dealt cards (the deal's) and keep the total: :meth:`add` twice, in one call."""
        self._cards += (first, second)
        hard = self.hard + first.value + second.value
        self.hard = hard
        if (first.value == 1 or second.value == 1) and self.aces_low is not ALL:
            self.high_ace = True
        self.total, self.soft = HAND_TOTALS[self.high_ace][hard]

    def double_down(self, aces_low: AcesLow | None) -> None:
        """Mark the hand doubled; under ``aces_low`` its aces so far count 1 from now on."""
        self.doubled = True
        if aces_low is not None:
            self.aces_low = aces_low
            self.recount()

    def totals(self) -> tuple[int, bool]:
        """``(best total, soft)``."""
        return self.total, self.soft

    @property
    def is_blackjack(self) -> bool:
        """21 on the first two cards of a hand that was not split."""
        return self.total == 21 and len(self._cards) == 2 and not self.from_split

    @property
    def is_bust(self) -> bool:
        return self.total > 21

    def label(self) -> str:
        """The total as a player reads it: ``7/17`` when soft."""
        return total_label(self.total, self.soft)

    # The money on it

    @property
    def holder(self) -> Wager:
        """The box holder's wager."""
        return self.wagers[0]

    def behind_wager(self) -> Wager | None:
        """The player's wager behind the box on this hand, if he is in it."""
        wagers = self.wagers
        return wagers[1] if len(wagers) > 1 else None

    @property
    def stake(self) -> Decimal:
        """The holder's stake on the hand (the bet, doubled if the hand doubled)."""
        return self.wagers[0].stake

    @property
    def outcome(self) -> Outcome | None:
        return self.wagers[0].outcome

    @property
    def net(self) -> Decimal | None:
        return self.wagers[0].net

    @property
    def behind(self) -> Decimal:
        """The stake of the player behind in this hand (0: he is not in it)."""
        wager = self.behind_wager()
        return ZERO if wager is None else wager.stake

    @property
    def behind_outcome(self) -> Outcome | None:
        wager = self.behind_wager()
        return None if wager is None else wager.outcome

    @property
    def behind_net(self) -> Decimal | None:
        wager = self.behind_wager()
        return None if wager is None else wager.net

    @property
    def settled(self) -> bool:
        """The holder's wager is settled."""
        return self.wagers[0].outcome is not None

    @property
    def open(self) -> bool:
        """Some money on the hand (the holder's or a player's behind) still waits for the dealer."""
        for wager in self.wagers:  # noqa: SIM110 (a loop: any() would build a generator each time)
            if wager.outcome is None:
                return True
        return False

    # Saving

    def to_dict(self) -> dict[str, Any]:
        """The hand as saved: the holder's money by its earlier names, a bet behind apart."""
        holder = self.wagers[0]
        data: dict[str, Any] = {
            "cards": [c.text for c in self._cards],
            "stake": str(holder.stake),
            "from_split": self.from_split,
            "split_aces": self.split_aces,
            "doubled": self.doubled,
            # true / false as before "held" existed; "held" only for the new reading
            "aces_low": "held" if self.aces_low is AcesLow.HELD else self.aces_low is not None,
            "state": str(self.state),
            "outcome": None if holder.outcome is None else str(holder.outcome),
            "net": _opt(holder.net),
        }
        behind = self.behind_wager()
        if behind is not None:  # only when someone bets behind: older saves stay as they were
            data["behind"] = str(behind.stake)
            data["behind_outcome"] = None if behind.outcome is None else str(behind.outcome)
            data["behind_net"] = _opt(behind.net)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], owner: int = 0) -> Hand:
        """Read back :meth:`to_dict`; ``owner`` is the seat holding the box."""
        holder = read_wager(owner, data["stake"], data["outcome"], data["net"])
        wagers = [holder]
        behind = Decimal(data.get("behind", "0"))
        if behind:
            wagers.append(read_wager(0, behind, data.get("behind_outcome"), data.get("behind_net"),
                                 behind=True))
        hand = cls([], from_split=bool(data["from_split"]), split_aces=bool(data["split_aces"]),
                   wagers=wagers)
        hand.doubled = bool(data["doubled"])
        low = data["aces_low"]
        hand.aces_low = AcesLow.HELD if low == "held" else AcesLow.ALL if low else None
        hand.state = HandState(data["state"])
        hand.cards = parse_cards(list(data["cards"]))
        return hand


class Box:
    """A betting spot: its number, the seat that holds it, the positions on it, its hands."""

    __slots__ = ("hands", "number", "owner", "positions")

    def __init__(self, number: int, bet: Decimal, owner: int = 0, behind: Decimal = ZERO) -> None:
        self.number = number
        self.owner = owner
        self.positions = [Position(owner, bet)]
        wagers = [Wager(owner, bet)]
        if behind:
            self.positions.append(Position(0, behind, True))
            wagers.append(Wager(0, behind, True))
        self.hands: list[Hand] = [Hand([], wagers=wagers)]

    def add_behind(self, amount: Decimal) -> None:
        """The player bets ``amount`` behind this box (before the deal)."""
        self.positions.append(Position(0, amount, True))
        self.hands[0].wagers.append(Wager(0, amount, True))

    # Reading the money, per position

    def staked(self, position: Position) -> Decimal:
        """Everything ``position`` has in the box's hands: its bet, splits and doubles joined."""
        behind = position.behind
        total = ZERO  # a loop, not sum() over a generator: this is asked at every insurance
        for hand in self.hands:
            for wager in hand.wagers:
                if wager.behind is behind:
                    total += wager.stake
        return total

    def live_for(self, position: Position) -> bool:
        """Some wager of ``position`` still waits for the dealer."""
        behind = position.behind
        for hand in self.hands:  # a loop, not any() over a generator (as staked())
            for wager in hand.wagers:
                if wager.behind is behind and wager.outcome is None:
                    return True
        return False

    @property
    def holder(self) -> Position:
        return self.positions[0]

    @property
    def behind_position(self) -> Position | None:
        return self.positions[1] if len(self.positions) > 1 else None

    # The holder's and the player behind's figures, by their earlier names

    @property
    def bet(self) -> Decimal:
        """The holder's original bet."""
        return self.positions[0].bet

    @property
    def insurance(self) -> Decimal | None:
        return self.positions[0].insurance

    @property
    def insurance_net(self) -> Decimal | None:
        return self.positions[0].insurance_net

    @property
    def even_money(self) -> bool:
        return self.positions[0].even_money

    @property
    def total_stake(self) -> Decimal:
        """Everything the holder has on the box's hands: the bet, splits and doubles."""
        return self.staked(self.positions[0])

    @property
    def live(self) -> bool:
        """Some hand still waits for the dealer (the holder's money on it)."""
        return self.live_for(self.positions[0])

    @property
    def behind_bet(self) -> Decimal:
        """The player's original bet behind the box (0: none)."""
        position = self.behind_position
        return ZERO if position is None else position.bet

    @property
    def behind_insurance(self) -> Decimal | None:
        position = self.behind_position
        return None if position is None else position.insurance

    @property
    def behind_insurance_net(self) -> Decimal | None:
        position = self.behind_position
        return None if position is None else position.insurance_net

    @property
    def behind_even_money(self) -> bool:
        position = self.behind_position
        return position is not None and position.even_money

    @property
    def behind_stake(self) -> Decimal:
        """Everything the player behind has in the box's hands."""
        position = self.behind_position
        return ZERO if position is None else self.staked(position)

    @property
    def behind_live(self) -> bool:
        """The player behind still has a bet waiting for the dealer."""
        position = self.behind_position
        return position is not None and self.live_for(position)

    # Saving

    def to_dict(self) -> dict[str, Any]:
        """The box as saved (keys for a bet behind only when there is one)."""
        holder = self.positions[0]
        data: dict[str, Any] = {
            "number": self.number,
            "bet": str(holder.bet),
            "hands": [h.to_dict() for h in self.hands],
            "insurance": _opt(holder.insurance),
            "insurance_net": _opt(holder.insurance_net),
            "even_money": holder.even_money,
        }
        if self.owner:
            data["owner"] = self.owner
        behind = self.behind_position
        if behind is not None:
            data["behind_bet"] = str(behind.bet)
            data["behind_insurance"] = _opt(behind.insurance)
            data["behind_insurance_net"] = _opt(behind.insurance_net)
            data["behind_even_money"] = behind.even_money
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Box:
        """Read back :meth:`to_dict`."""
        owner = int(data.get("owner", 0))
        box = cls(int(data["number"]), Decimal(data["bet"]), owner)
        box.hands = [Hand.from_dict(h, owner) for h in data["hands"]]
        read_insurance(box.positions[0], data["insurance"], data["insurance_net"],
                   data["even_money"])
        behind = Decimal(data.get("behind_bet", "0"))
        if behind:
            position = Position(0, behind, True)
            box.positions.append(position)
            read_insurance(position, data.get("behind_insurance"), data.get("behind_insurance_net"),
                       data.get("behind_even_money", False))
        return box


def _opt(amount: Decimal | None) -> str | None:
    return None if amount is None else str(amount)


