"""A sitting at one table: the rules, the shoe, the player's chips and the last bets, across rounds.

``bankroll`` is the chips in front of the player at this table: his bankroll at the casino tables,
his stack in a home evening. The game (:mod:`.game`) sets it from the account it plays with and
books every round to that account; the session never decides whose money it is. A change of rules
asked for during a round is queued and takes effect between rounds, never inside one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from blackjack_tui.controller.players import Opponent, opponent_bet
from blackjack_tui.engine.errors import BetError
from blackjack_tui.engine.money import ZERO
from blackjack_tui.engine.rules import Limits, Rules
from blackjack_tui.engine.seats import SeatBet, seat_box
from blackjack_tui.engine.shoe import RandomSource, Shoe

if TYPE_CHECKING:
    from blackjack_tui.controller.home import HomeGame
    from blackjack_tui.engine.fair import ShoeRecord
    from blackjack_tui.engine.round import Round


class Session:
    def __init__(self, rules: Rules, bankroll: Decimal, *, tier: str | None = None,
                 seed: int | None = None, rng: RandomSource | None = None,
                 fair: bool = False, client_seed: str | None = None) -> None:
        self.rules = rules
        self.tier = tier if rules.tiers else None
        self.bankroll = bankroll
        self.seed = seed
        self.rng: RandomSource = rng or (random.Random(seed) if seed is not None
                                         else random.SystemRandom())
        self.fair = fair
        self.client_seed = client_seed
        self.shoe = self.new_shoe(rules.decks)
        self.round: Round | None = None
        self.last_bets: list[Decimal | None] = []
        self.pending: tuple[Rules, str | None] | None = None
        self.others: list[Opponent] = []
        self.home_hands: int | None = None  # the home game as a tournament of N hands
        """The computer players at the table, seat 1 first."""
        self.player_seat = 0
        """How many of them sit to the player's left (are dealt first)."""
        self.behind: dict[int, Decimal] = {}
        """The player's bets behind computer players' boxes for the next round."""
        self.sitting_out: set[str] = set()
        """Computer players who bet nothing this round (the home game's banker, the broke)."""
        self.home: HomeGame | None = None
        """The home game's evening being played at this table, if any."""
        self.retired: list[ShoeRecord] = []
        """Fair shoes taken off the table and revealed, for the game to keep (``take_retired``)."""

    def new_shoe(self, decks: int) -> Shoe:
        """A fresh, unshuffled shoe: provably fair (committed server seed) or from the RNG."""
        if self.fair:
            from blackjack_tui.engine.fair import FairShoe

            return FairShoe(decks, shuffle=False, client_seed=self.client_seed)
        return Shoe(decks, self.rng, shuffle=False)

    def set_fair(self, fair: bool, client_seed: str | None = None) -> Shoe | None:
        """Switch provably fair shoes on or off, between rounds only. Returns the shoe taken
        off the table (a fair one has revealed its seed, to be kept for ``verify``)."""
        if self.round is not None and not self.round.over:
            raise ValueError("the shoe changes between rounds")
        self.fair = fair
        self.client_seed = client_seed
        old = self.shoe
        self.replace_shoe(self.new_shoe(self.rules.decks))
        return old

    def replace_shoe(self, shoe: Shoe) -> None:
        """Put ``shoe`` on the table; a fair shoe that leaves it is revealed (see ``retired``)."""
        from blackjack_tui.engine.fair import FairShoe

        old = self.shoe
        if old is not shoe and isinstance(old, FairShoe):
            old.retire()
            self.retired += old.take_retired()
        self.shoe = shoe

    def retired_records(self) -> list[ShoeRecord]:
        """Every fair shoe revealed and not yet kept (:meth:`take_retired` takes them)."""
        from blackjack_tui.engine.fair import FairShoe

        shoe = self.shoe
        return [*self.retired, *(shoe.retired if isinstance(shoe, FairShoe) else [])]

    def take_retired(self) -> list[ShoeRecord]:
        """Every fair shoe revealed since the last call: those taken off the table and those the
        shoe in play retired at its shuffles."""
        from blackjack_tui.engine.fair import FairShoe

        out, self.retired = self.retired, []
        if isinstance(self.shoe, FairShoe):
            out += self.shoe.take_retired()
        return out

    # The rules

    @property
    def limits(self) -> Limits:
        return self.rules.limits(self.tier)

    def switch_rules(self, rules: Rules, tier: str | None = None) -> bool:
        """Switch tables now, or queue it while a round is on; returns whether it was queued."""
        tier = tier if rules.tiers else None
        if self.round is not None and not self.round.over:
            self.pending = (rules, tier)
            return True
        self._apply_rules(rules, tier)
        return False

    def _apply_rules(self, rules: Rules, tier: str | None) -> None:
        # Another table is another shoe (as at a casino), even with as many decks: the count
        # the player keeps starts with it. Another tier of the same table keeps its shoe.
        if rules.name != self.rules.name or rules.decks != self.rules.decks \
                or rules.shuffle != self.rules.shuffle:
            self.replace_shoe(self.new_shoe(rules.decks))
        self.rules = rules
        self.tier = tier
        self.pending = None
        self.last_bets = self.fit_bets(self.last_bets)

    def fit_bets(self, bets: Sequence[Decimal | None]) -> list[Decimal | None]:
        """Bets carried to another table: within its boxes and limits, else dropped."""
        limits = self.limits
        kept = [b if b is not None and limits.fits(b) else None
                for b in list(bets)[: self.rules.max_boxes]]
        return kept if any(kept) else []

    # Rounds

    def seat_bets(self) -> list[SeatBet]:
        """The computer players as they sit down for the next round, with their bets."""
        return [SeatBet(o.name, o.stack, None if o.name in self.sitting_out
                        else opponent_bet(self.rules, o.stack, self.tier))
                for o in self.others]

    def set_others(self, others: list[Opponent]) -> None:
        """Seat these computer players (between rounds); the player sits in the middle."""
        self.others = others
        self.player_seat = len(others) // 2
        self.behind = {b: v for b, v in self.behind.items() if b <= seat_box(len(others))}

    def _round(self, bets: Sequence[Decimal | None]) -> Round:
        from blackjack_tui.engine.round import Round  # loaded after the first frame

        seats = self.seat_bets()
        live = {seat_box(n) for n, s in enumerate(seats, 1) if s.bet}
        # (Never at the home table, which has no bets behind.)
        behind = {} if self.home is not None else {
            b: v for b, v in self.behind.items() if b in live}
        return Round(self.rules, self.shoe, list(bets), self.bankroll, tier=self.tier,
                     seats=seats, player_seat=self.player_seat, behind=behind)

    def check_bets(self, bets: Sequence[Decimal | None]) -> str | None:
        """Why these bets cannot be dealt, or ``None`` if they can."""
        try:
            self._round(bets)
        except BetError as err:
            return str(err)
        return None

    def start_round(self, bets: Sequence[Decimal | None]) -> tuple[Round, bool]:
        """Take the bets and make the round (not yet dealt); returns it and whether the shoe was
        shuffled first. Raises :class:`BetError` for bets the table refuses."""
        if self.round is not None and not self.round.over:
            raise BetError("a round is already being played")
        rnd = self._round(bets)
        shuffled = False
        if self.shoe.needs_shuffle(self.rules.shuffle == "every-round", self.rules.penetration):
            self.shoe.shuffle()
            shuffled = True
        self.round = rnd
        if any(bets):  # (a hand the player banks, betting nothing, keeps his last bets)
            self.last_bets = list(bets)
        return rnd, shuffled

    def resume(self, rnd: Round) -> None:
        """Sit back down at a round saved mid-play (its shoe becomes the table's shoe)."""
        self.round = rnd
        self.rules = rnd.rules
        self.tier = rnd.tier
        self.shoe = rnd.shoe  # the same shoe as the one saved between rounds, dealt on: keep it
        self.bankroll = rnd.bankroll_start
        self.last_bets = placed_bets(rnd)  # (kept on disk only when a round is booked)
        if rnd.seats:
            self.others = [Opponent(s.name, s.bankroll_start) for s in rnd.seats]
            self.player_seat = rnd.player_seat

    def finish_round(self) -> None:
        """After the round is booked: the chips it left, and a queued change of rules."""
        assert self.round is not None and self.round.over
        self.bankroll = self.round.bankroll
        for seat in self.round.seats:
            for other in self.others:
                if other.name == seat.name:
                    other.stack = seat.bankroll
        if self.pending is not None:
            self._apply_rules(*self.pending)

    @property
    def round_over(self) -> bool:
        """No round is being played (none yet, or the last one is over)."""
        return self.round is None or self.round.over

    @property
    def broke(self) -> bool:
        low, _ = self.limits
        return self.bankroll < low

    def describe_limits(self) -> str:
        return self.limits.describe()

    @property
    def total_bet(self) -> Decimal:
        return sum((b for b in self.last_bets if b), ZERO)


def placed_bets(rnd: Round) -> list[Decimal | None]:
    """The player's bets as placed, one entry per box from box 1."""
    boxes = {b.number: b.bet for b in rnd.player_boxes()}
    top = max(boxes, default=0)
    return [boxes.get(n) for n in range(1, top + 1)]
