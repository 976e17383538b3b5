"""The common round as two state machines over cards: the player's hand, then the dealer's.

Most rounds are decided by a few look-ups per card. :func:`build_machine` turns the tables of
:mod:`.sim_tables` into:

- ``entry[(c1 << 4 | c2) << 8 | up << 4 | hole]``: what the deal leads to (``hole`` is 0 without
  a hole card): a state of the player's machine, or an end;
- ``player[state | card]``: the player hitting (or doubling, or holding a blackjack while a dealer
  without a hole card takes a second card), until the hand busts or stands;
- ``dealer_start[stand | hole]`` and ``dealer[state | card]``: the dealer's second card (no hole
  card: a blackjack now takes the bets) and the draw to 17, against a hand that stands.

A state is ``id << 4`` (``state | card`` is the next look-up); an end is ``~n``: ``n`` below
:data:`STAND_AT` is the net ``nets[n]`` (or :data:`SPLIT_NOW`: the box splits, which
:mod:`.sim_fast` plays by hand); from :data:`STAND_AT` up, a hand standing on a total against an
up card, ``(insured << 7 | 64 + total * 2 + doubled) << 8 | up << 4``, ready to look up with
the hole card.

Insurance (a chart that takes it, :attr:`.sim_tables.Tables.insure`) is in the nets: against an
ace the deal leads to insured states, whose ends carry the insurance's 2:1 or its loss. After the
peek the insurance is known lost; without a hole card it waits for the dealer's second card,
which is drawn for it even when the hand has busted (as the engine's dealer does). Even money
on a blackjack is an end at once: no card is drawn for it.
"""

from __future__ import annotations

from msgspec import Struct

from blackjack_tui.analysis.sim_tables import (
    AT_TURN,
    BLACKJACK,
    BUST,
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    SURRENDER,
    VALUES,
    Tables,
    pair_key,
)
from blackjack_tui.engine.rules import Rules

UNREACHED = 1 << 40
"""What the tables hold where no deal leads: a state past every table, so it fails loudly."""
SPLIT_NOW = 0
"""The end that leaves the machines: the box splits."""
STAND_AT = 64 << 8
"""Ends from here up are hands standing on a total (see the module's docstring)."""
INSURED = 1 << 7
"""The bit of a standing hand's code that says its insurance waits for the dealer."""


class Machine(Struct, frozen=True):
    """The tables of :func:`build_machine` (see the module's docstring)."""

    entry: list[int]
    player: list[int]
    dealer_start: list[int]
    dealer: list[int]
    nets: list[float]


class _Builder:
    """Numbers states as they are first reached and ends by their net."""

    def __init__(self, rules: Rules, t: Tables) -> None:
        self.rules = rules
        self.t = t
        self.peek = rules.hole_card == "peek"
        self.nets: list[float] = [0.0]  # index 0 is SPLIT_NOW; its value is never read
        self.net_index: dict[float, int] = {}
        self.ids: dict[tuple[object, ...], int] = {}
        self.todo: list[tuple[object, ...]] = []
        self.up_codes = {VALUES[code]: code for code in t.codes}

    def end(self, net: float) -> int:
        if net not in self.net_index:
            self.net_index[net] = len(self.nets)
            self.nets.append(net)
        return ~self.net_index[net]

    def stand(self, total: int, doubled: bool, up: int, stake: float) -> int:
        """A hand standing; ``stake``: the insurance taken at the deal (it waits for the dealer),
        or at the dealer's turn, which comes now."""
        insured = stake > 0 or (self.t.insure == AT_TURN and VALUES[up] == 1)
        return ~((insured << 7 | 64 + total * 2 + doubled) << 8 | up << 4)

    def over(self, net: float, up: int, stake: float) -> int:
        """A hand whose money is settled at ``net``, insured for ``stake`` (0: not insured): the
        insurance lost after the peek, or waiting for the dealer's second card without one."""
        if not stake:
            return self.end(net)
        if self.peek:
            return self.end(net - stake)
        return self.state(("settled", net, up, stake))

    def state(self, key: tuple[object, ...]) -> int:
        if key not in self.ids:
            self.ids[key] = len(self.ids)
            self.todo.append(key)
        return self.ids[key] << 4

    def table(self, step: object) -> list[int]:
        """Work out every state reached so far (and those they reach), card by card."""
        out: list[int] = []
        done = 0
        while done < len(self.todo):
            key = self.todo[done]
            out.extend([0] * 16)
            for code in self.t.codes:
                out[done << 4 | code] = step(key, code)  # type: ignore[operator]
            done += 1
        return out


def _player_step(b: _Builder) -> object:
    t = b.t

    def step(key: tuple[object, ...], code: int) -> int:
        kind, s, up, stake = key
        assert isinstance(up, int) and isinstance(stake, float)
        if kind == "settled":  # insured, the hand over: the dealer's second card settles it
            assert isinstance(s, float)
            won = t.blackjack_two[up << 4 | code]
            return b.end(s + 2.0 * stake if won else s - stake)
        assert isinstance(s, int)
        if kind == "blackjack":  # no hole card, not paid at once: the dealer's second card
            if t.blackjack_two[up << 4 | code]:
                return b.end(2.0 * stake)
            return b.end(t.blackjack_pays - stake)
        if kind == "double":
            total = t.double[s | code]
            return b.over(-2.0, up, stake) if total > 21 else b.stand(total, True, up, stake)
        s = t.nxt[s | code]
        if s == BUST:
            return b.over(-1.0, up, stake)
        if t.hit3[s | up]:
            return b.state(("hit", s, up, stake))
        return b.stand(t.best[s], False, up, stake)

    return step


def _entry(b: _Builder, c1: int, c2: int, up: int, hole: int) -> int:
    t, rules, peek = b.t, b.rules, b.peek
    a = t.first[pair_key(c1, c2, up)]
    insured = t.insure and VALUES[up] == 1
    # Asked against an ace: a blackjack even money (1:1 at once), or insurance where the rules
    # insure one; another hand insurance.
    even_money = insured and a == BLACKJACK and rules.even_money
    stake = 0.5 if insured and (a != BLACKJACK or rules.insure_blackjack) \
        and not even_money else 0.0
    if peek and t.blackjack_two[up << 4 | hole]:
        if even_money:
            return b.end(1.0)
        return b.end((0.0 if a == BLACKJACK else -1.0) + 2.0 * stake)
    up = b.up_codes[VALUES[up]]  # the player's decisions depend on the up card's value only
    s = t.start[c1 << 4 | c2]
    if a == BLACKJACK:
        if even_money:
            return b.end(1.0)
        if peek or (rules.blackjack_paid_at_once and not t.could[up]):
            return b.end(t.blackjack_pays - stake)
        return b.state(("blackjack", 0, up, stake))
    if t.insure == AT_TURN:
        stake = 0.0  # asked at the dealer's turn, of a hand still standing there
    if a == SURRENDER:
        return b.over(-0.5, up, stake)
    if a == SPLIT:
        return ~SPLIT_NOW
    if a == HIT:
        return b.state(("hit", s, up, stake))
    if a == DOUBLE:
        return b.state(("double", s, up, stake))
    assert a == STAND
    return b.stand(t.best[s], False, up, stake)


def _dealer(b: _Builder) -> tuple[object, object]:
    t, rules = b.t, b.rules
    loses_all = rules.hole_card == "peek" or rules.no_hole_card_loses == "all"

    def settle(stand: int, d: int, extra: float) -> int:
        """The dealer on state ``d`` against a hand standing on ``stand``: draws on or ends
        (``extra``: the insurance lost, added to the end)."""
        if t.dealer_hits[d]:
            return b.state(("draw", stand, d, extra))
        stake = 2.0 if stand & 1 else 1.0
        return b.end(t.result[(stand >> 1) << 5 | t.best[d]] * stake + extra)

    def step(key: tuple[object, ...], code: int) -> int:
        kind, stand, x, extra = key
        assert isinstance(stand, int) and isinstance(x, int) and isinstance(extra, float)
        if kind == "second":  # no hole card: x is the up card, extra the insurance's stake
            if t.blackjack_two[x << 4 | code]:
                lost = -(2.0 if stand & 1 else 1.0) if loses_all else -1.0
                return b.end(lost + 2.0 * extra)
            return settle(stand, t.dealer_two[x << 4 | code], -extra)
        return settle(stand, t.nxt[x | code], extra)

    def start(stand: int, up: int, hole: int, insured: int) -> int:
        stake = 0.0
        if insured:  # half the bet, or at the dealer's turn half the box's stake
            stake = 1.0 if t.insure == AT_TURN and t.half_box and stand & 1 else 0.5
        if rules.hole_card == "none":
            return b.state(("second", stand, up, stake))
        return settle(stand, t.dealer_two[up << 4 | hole], -stake)  # no blackjack: peeked

    return start, step


def build_machine(rules: Rules, t: Tables) -> Machine:
    """The two machines and their entry tables for one rule set (and chart)."""
    holes = t.codes if rules.hole_card == "peek" else (0,)
    player = _Builder(rules, t)
    entry = [UNREACHED] * 65536
    for c1 in t.codes:
        for c2 in t.codes:
            for up in t.codes:
                for hole in holes:
                    entry[(c1 << 4 | c2) << 8 | up << 4 | hole] = _entry(player, c1, c2, up, hole)
    player_table = player.table(_player_step(player))
    dealer = _Builder(rules, t)
    dealer.nets, dealer.net_index = player.nets, player.net_index  # one list of nets
    start, step = _dealer(dealer)
    dealer_start = [UNREACHED] * ((INSURED + 64 + 44 if t.insure else 64 + 44) << 8)
    ups = sorted(set(player.up_codes.values()))  # a standing hand knows the up card's value
    for total in range(2, 22):  # a doubled A-A with every ace as 1 stands on 3
        for doubled in (0, 1):
            stand = total * 2 + doubled
            for up in ups:
                for insured in ((0, INSURED) if t.insure and VALUES[up] == 1 else (0,)):
                    for hole in holes:
                        at = (insured | 64 + stand) << 8 | up << 4 | hole
                        dealer_start[at] = start(stand, up, hole, insured)  # type: ignore[operator]
    dealer_table = dealer.table(step)
    return Machine(entry, player_table, dealer_start, dealer_table, player.nets)
