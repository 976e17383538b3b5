"""Hand-history records and replays.

Every finished round becomes a :class:`HandRecord`: the rules in full, the cards in the order dealt,
the bets, every decision and every payout. :func:`replay` re-runs a round strictly from such parts
(a scenario file has the same parts, with the rules named instead of given in full): an illegal
decision, a shoe that runs out, or decisions left unused are errors that say where.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.cards import parse_cards
from blackjack_tui.engine.errors import (
    EngineError,
    IllegalActionError,
    InvalidActionError,
    ShoeEmptyError,
)
from blackjack_tui.engine.kernel import hand_totals
from blackjack_tui.engine.money import cents_problem, in_cents, money_str, to_money
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import SeatBet
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.vocabulary import Outcome


class ReplayError(EngineError):
    """A replay that cannot run as written; the message names the decision and what was legal."""


class HandResult(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    box: int
    cards: list[str]
    stake: str
    outcome: Outcome | Literal["open"]
    """How the holder's money on the hand ended (``open``: never, in a round cut short)."""
    net: str


class InsuranceResult(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    box: int
    stake: str
    net: str


class DealerResult(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    cards: list[str]
    total: int


class RoundResult(BaseModel):
    """The settlement, as ``blackjack-tui replay --json`` prints it. Amounts are decimal strings."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dealer: DealerResult
    hands: list[HandResult]
    insurance: list[InsuranceResult]
    net: str
    bankroll: str

    @classmethod
    def of(cls, rnd: Round) -> RoundResult:
        """The result of a finished round: hands in box order, split hands left to right."""
        hands = [
            HandResult(box=box.number, cards=[c.text for c in hand.cards],
                       stake=money_str(hand.stake), outcome=hand.outcome or "open",
                       net=money_str(hand.net) if hand.net is not None else "0")
            for box in rnd.boxes for hand in box.hands
        ]
        insurance = [
            InsuranceResult(box=box.number, stake=money_str(box.insurance),
                            net=money_str(box.insurance_net or Decimal(0)))
            for box in rnd.boxes if box.insurance
        ]
        return cls(
            dealer=DealerResult(cards=[c.text for c in rnd.dealer.cards],
                                total=hand_totals(rnd.dealer.cards)[0] if rnd.dealer.cards else 0),
            hands=hands, insurance=insurance, net=money_str(rnd.net),
            bankroll=money_str(rnd.bankroll),
        )


class SeatRecord(BaseModel):
    """A computer seat as it sat down for the round: name, chips, bet (``None``: sat out)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    bankroll: Decimal
    bet: Decimal | None = None
    net: Decimal = Decimal(0)
    """What the seat won or lost in the round."""


class HandRecord(BaseModel):
    """One finished round, complete enough to replay it exactly."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = 1
    round_id: str = ""
    time: str = ""
    """When the round ended (ISO 8601), stamped by whoever records it: the engine has no clock."""
    rules: Rules
    tier: str | None = None
    bankroll_before: Decimal
    bets: list[Decimal | None]
    cards: list[str]
    """Every card in the order it left the shoe."""
    actions: list[str]
    result: RoundResult
    seats: list[SeatRecord] = []
    """The computer seats at the table (seat 1 first); empty when the player sat alone."""
    player_seat: int = 0
    """How many of the seats sat to the player's left."""
    behind: dict[int, Decimal] = {}
    """The player's bets behind other seats' boxes (box number: amount)."""

    @field_validator("cards")
    @classmethod
    def _cards_parse(cls, value: list[str]) -> list[str]:
        parse_cards(value)
        return value

    @classmethod
    def of(cls, rnd: Round, bets: Sequence[object | None], *, round_id: str = "",
           time: str = "") -> HandRecord:
        """The record of a finished round; ``bets`` as placed, one entry per box from box 1."""
        played = {b.owner: b for b in rnd.boxes if b.owner}
        seats = [SeatRecord(name=s.name, bankroll=s.bankroll_start,
                            bet=played[s.number].bet if s.number in played else None, net=s.net)
                 for s in rnd.seats]
        behind = {b.number: b.behind_bet for b in rnd.boxes if b.behind_bet}
        return cls(
            round_id=round_id, time=time, rules=rnd.rules, tier=rnd.tier,
            bankroll_before=rnd.bankroll_start,
            bets=[None if b is None else to_money(b) for b in bets],
            cards=[c.text for c in rnd.dealt], actions=list(rnd.actions),
            result=RoundResult.of(rnd), seats=seats, player_seat=rnd.player_seat,
            behind=behind,
        )

    def seat_bets(self) -> list[SeatBet]:
        return [SeatBet(s.name, s.bankroll, s.bet) for s in self.seats]

    def replay(self, deciders: list[int] | None = None) -> Round:
        """Re-run this round; the result must equal the recorded one. ``deciders`` collects who
        made each decision (0 the player, 1.. a computer seat)."""
        return replay(self.rules, self.cards, self.bets, self.bankroll_before, self.actions,
                      tier=self.tier, seats=self.seat_bets(), player_seat=self.player_seat,
                      behind=self.behind, deciders=deciders)

    def player_actions(self) -> list[str]:
        """The player's own decisions in order (the computer seats' are theirs); ReplayError
        for a record that does not replay."""
        if not self.seats:
            return list(self.actions)
        deciders: list[int] = []
        self.replay(deciders)
        return [a for a, seat in zip(self.actions, deciders, strict=True) if seat == 0]


def player_actions(data: Any) -> list[str]:
    """The player's own decisions in a stored record (the computer seats' are theirs); every
    decision of a record that cannot be read or replayed."""
    found = data.get("actions") if isinstance(data, dict) else None
    actions = [str(a) for a in found] if isinstance(found, list) else []
    if not isinstance(data, dict) or not data.get("seats"):
        return actions
    try:
        return HandRecord.model_validate(data).player_actions()
    except (ValueError, EngineError):
        return actions


class Scenario(BaseModel):
    """A scenario file: a named rule set, a stacked shoe, bets and the decisions in order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: str
    bankroll: Decimal = Field(default=Decimal(1000), ge=0)
    shoe: list[str]
    bets: list[Decimal | None]
    actions: list[str] = []
    tier: str | None = None

    @field_validator("shoe")
    @classmethod
    def _cards_parse(cls, value: list[str]) -> list[str]:
        parse_cards(value)
        return value

    @field_validator("bankroll", "bets", mode="before")
    @classmethod
    def _no_floats(cls, value: Any) -> Any:
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, float) and item == item and abs(item) != float("inf"):
                raise ValueError(f"amounts are exact: write {item!r} as a string like \"{item}\"")
            if isinstance(item, float):
                raise ValueError(f"{item!r} is not an amount")
        return value

    @field_validator("bankroll", "bets")
    @classmethod
    def _bounded(cls, value: Any) -> Any:
        # As everywhere amounts are read: at most MAX_DIGITS digits ("1e999" was printed as
        # 1e+999), a bet in whole cents.
        for item in value if isinstance(value, list) else [value]:
            if item is not None:
                to_money(item)
        if isinstance(value, list):
            for item in value:
                if item is not None and not in_cents(item):
                    raise ValueError(cents_problem(item))
        return value


def replay(rules: Rules, cards: Sequence[str], bets: Sequence[object | None], bankroll: object,
           actions: Sequence[str], *, tier: str | None = None, seats: Sequence[SeatBet] = (),
           player_seat: int = 0, behind: dict[int, Decimal] | None = None,
           deciders: list[int] | None = None) -> Round:
    """Play a round strictly from a stacked shoe and a list of decisions (the computer seats'
    decisions among them, in the order they were asked). ``deciders``, if given, collects the
    seat that made each decision (0: the player)."""
    shoe = Shoe.stacked(list(cards), decks=rules.decks)
    try:
        rnd = Round(rules, shoe, list(bets), bankroll, tier=tier, seats=seats,
                    player_seat=player_seat, behind=behind)
    except (EngineError, ValueError) as err:
        raise ReplayError(f"bets: {err}") from None
    step = "the deal"
    try:
        rnd.deal()
        for number, text in enumerate(actions, start=1):
            decision = rnd.legal_actions()
            step = f"decision {number} ({text!r})"
            if decision is None:
                left = ", ".join(actions[number - 1:])
                raise ReplayError(f"the round ended with {len(actions) - number + 1} "
                                  f"decision(s) unused, from decision {number}: {left}")
            if deciders is not None:
                deciders.append(decision.seat)
            try:
                rnd.apply(Action.parse(text))
            except (IllegalActionError, InvalidActionError) as err:
                raise ReplayError(f"decision {number} ({text!r}): {err}") from None
    except ShoeEmptyError:
        raise ReplayError(f"{step}: the shoe ran out after {len(rnd.dealt)} cards") from None
    waiting = rnd.legal_actions()
    if waiting is not None:
        raise ReplayError(f"the decisions ran out; the round still waits for {waiting.describe()}")
    return rnd
