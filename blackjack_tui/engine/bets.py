"""Taking the bets before the deal: the player's boxes, the computer seats' boxes, bets behind.

Each bet is checked against the table's limits (:class:`~.rules.Limits`), the player's bets and
bets behind together against his bankroll, a seat's bet against its own chips; the chips are then
taken from whoever bets. The boxes come back in seat order: the seats to the player's left, his
own boxes from box 1, the seats to his right.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from blackjack_tui.engine.errors import BetError
from blackjack_tui.engine.hand import PLAYING, Box, Hand
from blackjack_tui.engine.money import ZERO, cents_problem, in_cents, money_str, to_money
from blackjack_tui.engine.rules import Limits, Rules
from blackjack_tui.engine.seats import MAX_SEATS, Seat, SeatBet, seat_box
from blackjack_tui.engine.table_rules import TableRules
from blackjack_tui.engine.wagers import Position, Wager


def table_limits(rules: Rules, tier: str | None) -> Limits:
    """The box limits at ``tier``; :class:`BetError` for a tier the rule set does not have."""
    if not isinstance(tier, str):  # (a damaged saved round's tier, say)
        raise BetError(f"a tier is named, not {tier!r}")
    try:
        return rules.limits(tier)
    except ValueError as err:
        raise BetError(str(err)) from None


def take_bets(table: TableRules, tier: str | None, bets: Sequence[object | None], player: Seat,
              seats: Sequence[SeatBet], player_seat: int,
              behind: Mapping[int, object] | None) -> tuple[list[Box], list[Seat]]:
    """The round's boxes in seat order and the computer seats, with every bet's chips taken."""
    if not seats and not behind and not player_seat:  # the player alone: the short way
        return _alone(table, tier, bets, player), []
    rules = table.rules
    _check_places(rules, len(bets), len(seats), player_seat)
    limits = table.limits if tier is None else table_limits(rules, tier)
    boxes = _own_boxes(bets, limits)
    seated, others = _seat_boxes(seats, limits) if seats else ([], [])
    behind_total = _bets_behind(others, behind, limits) if behind else ZERO
    if not boxes and not others:
        raise BetError("place a bet in at least one box")
    _charge(player, boxes, behind_total)
    if not others:
        return boxes, seated
    left = [b for b in others if b.owner <= player_seat]
    right = [b for b in others if b.owner > player_seat]
    return left + boxes + right, seated


def _alone(table: TableRules, tier: str | None, bets: Sequence[object | None],
           player: Seat) -> list[Box]:
    """The player's boxes when nobody else bets: as :func:`take_bets`, in one pass."""
    if len(bets) == 1 and tier is None:  # one bet, within the limits and the bankroll
        bet = bets[0]
        if type(bet) is Decimal and bet.is_finite() and bet:
            low, high = table.limits
            total = ZERO + bet  # (the sum below, to the same digits)
            if low <= bet <= high and total <= player.bankroll and in_cents(bet):
                player.bankroll -= total
                return [new_box(1, bet)]
    rules = table.rules
    if len(bets) > rules.max_boxes:
        _check_places(rules, len(bets), 0, 0)
    limits = table.limits if tier is None else table_limits(rules, tier)
    boxes = _own_boxes(bets, limits)
    if not boxes:
        raise BetError("place a bet in at least one box")
    _charge(player, boxes, ZERO)
    return boxes


def _charge(player: Seat, boxes: list[Box], behind: Decimal) -> None:
    """Take the boxes' bets and ``behind`` (the bets behind) from the player's bankroll, or
    :class:`BetError` when together they are more than it."""
    total = behind
    for box in boxes:
        total += box.positions[0].bet
    bankroll = player.bankroll
    if total > bankroll:
        raise BetError(f"the bets total {money_str(total)}, more than the bankroll "
                       f"{money_str(bankroll)}")
    player.bankroll = bankroll - total


def _check_places(rules: Rules, bets: int, seats: int, player_seat: int) -> None:
    if seats > MAX_SEATS:
        raise BetError(f"a table seats {MAX_SEATS} other players, not {seats}")
    if not 0 <= player_seat <= seats:
        raise BetError(f"the player sits after 0 to {seats} seats, not {player_seat}")
    if bets > rules.max_boxes:
        raise BetError(f"this table has {rules.max_boxes} box(es); {bets} bets were given")


def _own_boxes(bets: Sequence[object | None], limits: Limits) -> list[Box]:
    low, high = limits
    boxes = []
    number = 0
    for raw in bets:
        number += 1
        if raw is None:
            continue
        if type(raw) is Decimal and raw.is_finite():
            bet = raw
        else:
            try:
                bet = to_money(raw)
            except ValueError as err:
                raise BetError(f"box {number}: {err}") from None
        if not bet:
            continue
        if bet < low or bet > high:
            raise BetError(f"box {number}: {limits.problem(bet)}")
        if not in_cents(bet):
            raise BetError(f"box {number}: {cents_problem(bet)}")
        boxes.append(new_box(number, bet))
    return boxes


def _seat_boxes(seats: Sequence[SeatBet], limits: Limits) -> tuple[list[Seat], list[Box]]:
    """The computer seats and their boxes; their chips taken."""
    seated = []
    boxes = []
    for number, spec in enumerate(seats, start=1):
        try:
            chips = to_money(spec.bankroll)
            bet = ZERO if spec.bet is None else to_money(spec.bet)
        except ValueError as err:
            raise BetError(f"{spec.name}: {err}") from None
        seat = Seat(number, spec.name, chips)
        seated.append(seat)
        if bet == 0:
            continue
        problem = limits.problem(bet) or cents_problem(bet)
        if problem is not None:
            raise BetError(f"{spec.name}: {problem}")
        if bet > chips:
            raise BetError(f"{spec.name} bets {money_str(bet)} with {money_str(chips)}")
        seat.bankroll -= bet
        boxes.append(Box(seat_box(number), bet, owner=number))
    return seated, boxes


def _bets_behind(boxes: list[Box], behind: Mapping[int, object], limits: Limits) -> Decimal:
    """Put the player's bets behind the seats' boxes; returns their total."""
    by_number = {b.number: b for b in boxes}
    total = ZERO
    for number, raw in behind.items():
        try:
            amount = to_money(raw)
        except ValueError as err:
            raise BetError(f"behind box {number}: {err}") from None
        if amount == 0:
            continue
        if not in_cents(amount):
            raise BetError(f"behind box {number}: {cents_problem(amount)}")
        box = by_number.get(number)
        if box is None:
            raise BetError(f"box {number} has no player's bet to bet behind")
        high = limits.high
        if amount < 0 or box.bet + amount > high:
            raise BetError(f"box {number}: the box maximum {money_str(high)} covers the "
                           f"holder's {money_str(box.bet)} and the bet behind together; "
                           f"at most {money_str(high - box.bet)} behind")
        box.add_behind(amount)
        total += amount
    return total


_new = object.__new__


def new_box(number: int, bet: Decimal) -> Box:
    """``Box(number, bet)``: the player's box, nobody behind, its position, its first hand and
    the wager on it, built without the four class calls (a round opens one for every bet). Sets
    every slot the classes' ``__init__`` set (a test compares them)."""
    position = _new(Position)
    position.seat = 0
    position.bet = bet
    position.behind = position.even_money = False
    position.insurance = position.insurance_net = None
    wager = _new(Wager)
    wager.seat = 0
    wager.stake = bet
    wager.behind = False
    wager.outcome = wager.net = None
    hand = _new(Hand)
    hand.wagers = [wager]
    hand.from_split = hand.split_aces = hand.doubled = False
    hand.aces_low = None
    hand.state = PLAYING
    hand._cards = []
    hand.hard = hand.total = 0
    hand.high_ace = hand.soft = False
    box = _new(Box)
    box.number = number
    box.owner = 0
    box.positions = [position]
    box.hands = [hand]
    return box
