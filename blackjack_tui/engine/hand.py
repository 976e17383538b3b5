"""A hand of cards and a box (a betting spot that may split into several hands)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from blackjack_tui.engine.cards import Card, parse_cards
from blackjack_tui.engine.money import ZERO

# A hand's state while the round is played.
PLAYING = "playing"
STOOD = "stood"
DONE = "done"  # finished without a decision of its own: 21, a split ace's one card, a double


class Hand:
    """Cards, stake and progress of one hand.

    ``outcome``/``net`` are set when the hand is settled: ``net`` is what the hand won (positive)
    or lost (negative), so the player gets back ``stake + net``. ``behind`` is the stake of a player
    betting behind the box who is in this hand (Swedish "bakomspel"; 0: nobody is), settled apart
    (``behind_outcome``/``behind_net``) because he may answer even money differently.
    """

    __slots__ = ("aces_low", "behind", "behind_net", "behind_outcome", "cards", "doubled",
                 "from_split", "net", "outcome", "split_aces", "stake", "state")

    def __init__(self, cards: list[Card], stake: Decimal, *, from_split: bool = False,
                 split_aces: bool = False) -> None:
        self.cards = cards
        self.stake = stake
        self.from_split = from_split
        self.split_aces = split_aces
        self.doubled = False
        self.aces_low = False  # the Swedish double: every ace counts 1
        self.state = PLAYING
        self.outcome: str | None = None
        self.net: Decimal | None = None
        self.behind = ZERO
        self.behind_outcome: str | None = None
        self.behind_net: Decimal | None = None

    def totals(self) -> tuple[int, bool]:
        """``(best total, soft)``."""
        total = 0
        ace = False
        for card in self.cards:
            total += card.value
            if card.value == 1:
                ace = True
        if ace and total <= 11 and not self.aces_low:
            return total + 10, True
        return total, False

    @property
    def total(self) -> int:
        return self.totals()[0]

    @property
    def is_blackjack(self) -> bool:
        """21 on the first two cards of a hand that was not split."""
        return len(self.cards) == 2 and not self.from_split and self.totals()[0] == 21

    @property
    def is_bust(self) -> bool:
        return self.totals()[0] > 21

    @property
    def settled(self) -> bool:
        return self.outcome is not None

    @property
    def open(self) -> bool:
        """Some money on the hand (the holder's or a player's behind) still waits for the dealer."""
        return self.outcome is None or (self.behind > 0 and self.behind_net is None)

    def label(self) -> str:
        """The total as a player reads it: ``7/17`` when soft."""
        total, soft = self.totals()
        return f"{total - 10}/{total}" if soft else str(total)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "cards": [c.text for c in self.cards],
            "stake": str(self.stake),
            "from_split": self.from_split,
            "split_aces": self.split_aces,
            "doubled": self.doubled,
            "aces_low": self.aces_low,
            "state": self.state,
            "outcome": self.outcome,
            "net": None if self.net is None else str(self.net),
        }
        if self.behind:  # written only when someone bets behind: older saves stay as they were
            data["behind"] = str(self.behind)
            data["behind_outcome"] = self.behind_outcome
            data["behind_net"] = None if self.behind_net is None else str(self.behind_net)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hand:
        hand = cls(parse_cards(list(data["cards"])), Decimal(data["stake"]),
                   from_split=bool(data["from_split"]), split_aces=bool(data["split_aces"]))
        hand.doubled = bool(data["doubled"])
        hand.aces_low = bool(data["aces_low"])
        hand.state = str(data["state"])
        hand.outcome = data["outcome"]
        hand.net = None if data["net"] is None else Decimal(data["net"])
        hand.behind = Decimal(data.get("behind", "0"))
        hand.behind_outcome = data.get("behind_outcome")
        behind_net = data.get("behind_net")
        hand.behind_net = None if behind_net is None else Decimal(behind_net)
        return hand


class Box:
    """A betting spot: the original ``bet``, its hands, and its insurance.

    ``insurance`` is the stake taken (``None`` if not yet asked, ``0`` if declined);
    ``insurance_net`` is set when it is settled. ``owner`` is the seat that holds the box (0: the
    player; 1.. the computer seats). ``behind_bet`` is the player's bet behind another seat's box,
    with his own insurance in ``behind_insurance``/``behind_insurance_net``.
    """

    __slots__ = ("behind_bet", "behind_even_money", "behind_insurance", "behind_insurance_net",
                 "bet", "even_money", "hands", "insurance", "insurance_net", "number", "owner")

    def __init__(self, number: int, bet: Decimal, owner: int = 0, behind: Decimal = ZERO) -> None:
        self.number = number
        self.bet = bet
        self.owner = owner
        self.behind_bet = behind
        self.hands: list[Hand] = [Hand([], bet)]
        self.hands[0].behind = behind
        self.insurance: Decimal | None = None
        self.insurance_net: Decimal | None = None
        self.even_money = False
        self.behind_insurance: Decimal | None = None
        self.behind_insurance_net: Decimal | None = None
        self.behind_even_money = False

    @property
    def total_stake(self) -> Decimal:
        """Everything on the box's hands: the bet, splits and doubles."""
        return sum((h.stake for h in self.hands), Decimal(0))

    @property
    def live(self) -> bool:
        """Some hand still waits for the dealer."""
        return any(not h.settled for h in self.hands)

    @property
    def behind_stake(self) -> Decimal:
        """Everything the player behind has in the box's hands."""
        return sum((h.behind for h in self.hands), ZERO)

    @property
    def behind_live(self) -> bool:
        """The player behind still has a bet waiting for the dealer."""
        return any(h.behind > 0 and h.behind_net is None for h in self.hands)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "bet": str(self.bet),
            "hands": [h.to_dict() for h in self.hands],
            "insurance": None if self.insurance is None else str(self.insurance),
            "insurance_net": None if self.insurance_net is None else str(self.insurance_net),
            "even_money": self.even_money,
        }
        if self.owner:
            data["owner"] = self.owner
        if self.behind_bet:
            data["behind_bet"] = str(self.behind_bet)
            data["behind_insurance"] = _opt(self.behind_insurance)
            data["behind_insurance_net"] = _opt(self.behind_insurance_net)
            data["behind_even_money"] = self.behind_even_money
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Box:
        box = cls(int(data["number"]), Decimal(data["bet"]), int(data.get("owner", 0)),
                  Decimal(data.get("behind_bet", "0")))
        box.hands = [Hand.from_dict(h) for h in data["hands"]]
        box.insurance = None if data["insurance"] is None else Decimal(data["insurance"])
        net = data["insurance_net"]
        box.insurance_net = None if net is None else Decimal(net)
        box.even_money = bool(data["even_money"])
        box.behind_insurance = _dec(data.get("behind_insurance"))
        box.behind_insurance_net = _dec(data.get("behind_insurance_net"))
        box.behind_even_money = bool(data.get("behind_even_money", False))
        return box


def _opt(amount: Decimal | None) -> str | None:
    return None if amount is None else str(amount)


def _dec(text: object) -> Decimal | None:
    return None if text is None else Decimal(str(text))
