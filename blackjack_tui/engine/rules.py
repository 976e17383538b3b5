"""House rules: one frozen Pydantic model, loaded from TOML by :mod:`blackjack_tui.rulesets`.

Every field has a docstring that says what it changes at the table; ``describe_rules`` turns a rule
set into plain words for ``blackjack-tui rules NAME`` and the help screen.
"""

# Annotations are evaluated here (no ``from __future__ import annotations``): Pydantic would
# otherwise compile each field's annotation from its string when the model is built, at every
# start (2.5 ms for the rules alone). Names defined later are quoted.

from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Literal, NamedTuple

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from blackjack_tui.engine.money import MAX_DIGITS, money_str

MAX_PAYOUT = Fraction(3)
"""A blackjack pays from 1:1 (even money) to 3:1; beyond that no house deals, and a net the
store could not book was one typo away (``99999999999999:1``)."""
MIN_PAYOUT = Fraction(1)
PAYOUT_DIGITS = 3  # each side of a payout: 3:2, 6:5, 7:5, 125:100


def _bounded(amount: Decimal) -> Decimal:
    """An amount of at most :data:`MAX_DIGITS` digits before the point, as the store keeps."""
    if amount and amount.adjusted() >= MAX_DIGITS:
        raise ValueError(f"an amount has at most {MAX_DIGITS} digits before the point "
                         f"(below 1,000,000,000,000), not {amount:e}")
    return amount


Money = Annotated[Decimal, Field(gt=0, decimal_places=2), AfterValidator(_bounded)]
Amount = Annotated[Decimal, Field(ge=0, decimal_places=2), AfterValidator(_bounded)]

DoubleOn = Literal["any", "9-11", "10-11", "7-11"]
DOUBLE_RANGES: dict[str, tuple[int, int]] = {
    "any": (2, 21),
    "9-11": (9, 11),
    "10-11": (10, 11),
    "7-11": (7, 11),
}


@lru_cache(maxsize=64)
def _ratio(text: str) -> Fraction:
    parts = text.split(":")
    if len(parts) != 2 or not all(p.strip().isdigit() and p.isascii() for p in parts):
        raise ValueError(f"write a payout as 'A:B', like '3:2' or '6:5', not {text[:40]!r}")
    if any(len(p.strip().lstrip("0")) > PAYOUT_DIGITS for p in parts):
        raise ValueError(f"a payout's numbers have at most {PAYOUT_DIGITS} digits, like '3:2', "
                         f"not {text[:40]!r}")
    num, den = (int(p) for p in parts)
    if num <= 0 or den <= 0:
        raise ValueError(f"a payout needs two positive numbers, not {text!r}")
    ratio = Fraction(num, den)
    rest = ratio.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    if rest != 1:
        # Money is never rounded, so a payout must be a finite decimal of any decimal stake.
        raise ValueError(f"payout {text!r} would pay fractions of a cent; "
                         "use a ratio like 3:2 or 6:5")
    if not MIN_PAYOUT <= ratio <= MAX_PAYOUT:
        raise ValueError(f"a blackjack payout is from 1:1 to 3:1, not {text!r}")
    return ratio


class Limits(NamedTuple):
    """A box's bet limits at a table (a tier's, or the rule set's own): ``low, high = limits``."""

    low: Decimal
    high: Decimal

    def fits(self, bet: Decimal) -> bool:
        """The bet is within the limits."""
        return self.low <= bet <= self.high

    def problem(self, bet: Decimal) -> str | None:
        """``a bet is 20 to 70, not 80`` when ``bet`` is outside the limits, else ``None``."""
        if self.low <= bet <= self.high:
            return None
        return f"a bet is {money_str(self.low)} to {money_str(self.high)}, not {money_str(bet)}"

    def describe(self) -> str:
        """``20–70``."""
        return f"{money_str(self.low)}–{money_str(self.high)}"


class Tier(BaseModel):
    """A named table-limit category (Standard, High Roller, VIP) with its own box limits."""

    # defer_build: validated as a part of :class:`Rules` (which builds its schema); its own
    # validator is built only if it is ever validated alone.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str = Field(min_length=1)
    min_bet: Money
    """Smallest bet a box may hold at this tier."""
    max_bet: Money
    """Largest bet a box may hold at this tier."""

    @model_validator(mode="after")
    def _limits_in_order(self) -> "Tier":
        if self.min_bet > self.max_bet:
            raise ValueError(f"min_bet {self.min_bet} is above max_bet {self.max_bet}")
        return self


class LedgerSettings(BaseModel):
    """The home game's ledger: stacks, bust-outs, a rebuy, a fixed number of hands, the bank."""

    # defer_build: validated as a part of :class:`Rules` (which builds its schema); its own
    # validator is built only if it is ever validated alone.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    starting_stack: Money = Decimal(1000)
    """Every player's stack at the start of the evening."""
    normal_bet: Money = Decimal(10)
    """The bet the group agreed on as normal."""
    floor: Amount = Decimal(0)
    """A player whose stack falls to this or below is out."""
    rebuys: int = Field(default=1, ge=0, le=1, strict=True)
    """How many times a broke player may buy back in (the sheet: often once)."""
    hands: int | None = Field(default=None, ge=1, strict=True)
    """Tournament: play this many hands and compare stacks; ``None`` plays to the last stack."""
    rotating_bank: bool = Field(default=True, strict=True)
    """The bank passes to a player who wins a hand with a natural."""


class Rules(BaseModel):
    """One house's rules. Frozen; unknown keys are rejected."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9-]*$")
    """Short name used on the command line (``--rules NAME``)."""
    title: str = ""
    """Display name."""
    description: str = ""
    """One line a player reads in the rules menu, with the choices made where the sheet is
    silent."""
    source: str = ""
    """Where these rules come from."""

    # The shoe
    decks: int = Field(default=6, ge=1, le=8, strict=True)
    """Number of 52-card decks in the shoe."""
    shuffle: Literal["every-round", "cut-card"] = "cut-card"
    """A fresh shuffle before every round, or a reshuffle between rounds once the cut card is
    out."""
    penetration: float = Field(default=0.75, gt=0.2, le=0.95, strict=True)
    """Fraction of the shoe dealt before the cut card comes out (cut-card shuffling only)."""

    # The dealer
    dealer_hits_soft_17: bool = Field(default=False, strict=True)
    """True: the dealer hits a soft 17 (H17). False: stands on all 17s (S17)."""
    hole_card: Literal["peek", "none"] = "peek"
    """``peek``: the dealer takes a hole card and checks it for blackjack under an ace or a ten.
    ``none``: European no hole card; the dealer's second card comes at the dealer's turn."""
    no_hole_card_loses: Literal["all", "original"] = "all"
    """No hole card: what a player loses to a dealer blackjack, all bets (doubles and splits too)
    or the original bet only."""
    dealer_wins_ties: tuple[Annotated[int, Field(strict=True)], ...] = ()
    """Totals at which a tie goes to the dealer (Swedish: 17, 18, 19). Other ties push."""

    # Payouts
    blackjack_pays: str = "3:2"
    """A player blackjack pays this ratio."""
    blackjack_paid_at_once: bool = Field(default=True, strict=True)
    """A player blackjack is paid as soon as the dealer cannot have blackjack, not at the end."""

    # Doubling
    double_on: DoubleOn = "any"
    """Which first-two-card totals may double."""
    double_ace_as_one: Literal["all", "held"] | None = None
    """Swedish: an ace counts as 1 for the double test and in the doubled hand (7+A is 8; after
    doubling, 7+A+3 is 11, not 21). ``"all"``: every ace of the doubled hand counts 1, also one
    drawn on the double (5+4 doubled, an ace drawn: 10); ``"held"``: only the aces held when the
    hand doubles (the drawn card counts as usual). ``None``: aces count as usual. ``true`` in a
    file means ``"all"``, ``false`` means ``None``."""
    double_after_split: bool = Field(default=True, strict=True)
    """A split hand may double on its first two cards."""
    double_after_split_any_total: bool = Field(default=False, strict=True)
    """After a split, double on any two-card total, whatever ``double_on`` says (the online
    sheet)."""

    # Splitting
    split_by: Literal["value", "rank"] = "value"
    """Split two cards of equal value (K+T) or only of equal rank (K+K)."""
    max_split_hands: int = Field(default=4, ge=1, le=4, strict=True)
    """The most hands one box may split into: 1 = no split, 2 = split once (no resplit), 4."""
    resplit_aces: bool = Field(default=False, strict=True)
    """A split ace that is dealt another ace may be split again (within ``max_split_hands``)."""
    split_aces_one_card: bool = Field(default=True, strict=True)
    """Each split ace gets exactly one more card."""

    hit_soft_21: bool = Field(default=False, strict=True)
    """A soft 21 (5+5+A) may take another card. A hard 21 never may."""

    # Insurance and even money
    insurance: Literal["none", "after-deal", "dealer-turn"] = "after-deal"
    """When insurance is asked against an ace up: never, right after the deal, or at the dealer's
    turn before the dealer's second card (the Swedish rule)."""
    insurance_stake: Literal["half-bet", "half-box", "up-to-half"] = "half-bet"
    """The insurance stake: half the original bet; half the box's whole bet including doubles and
    splits; or any amount up to half the original bet."""
    insure_blackjack: bool = Field(default=False, strict=True)
    """A hand with blackjack may be insured (otherwise it is offered even money, if allowed)."""
    even_money: bool = Field(default=True, strict=True)
    """A blackjack against an ace is offered 1:1 at once instead of waiting."""

    surrender: Literal["none", "late"] = "none"
    """Late surrender: give up a first two-card hand for half its bet, after the peek."""

    # Limits and chips
    min_bet: Money = Decimal(1)
    """Smallest bet a box may hold (the first tier's, when tiers are given)."""
    max_bet: Money = Decimal(500)
    """Largest bet a box may hold (the first tier's, when tiers are given)."""
    chips: tuple[Money, ...] = (Decimal(1), Decimal(5), Decimal(25), Decimal(100))
    """Chip denominations on the table."""
    tiers: tuple[Tier, ...] = ()
    """Named table-limit tiers; each has its own box limits."""
    max_boxes: int = Field(default=3, ge=1, le=3, strict=True)
    """Boxes one player may play at once."""

    ledger: LedgerSettings | None = None
    """Home game: the chip ledger's settings."""

    @field_validator("double_ace_as_one", mode="before")
    @classmethod
    def _ace_as_one_words(cls, value: object) -> object:
        # Files written before the two readings existed say true / false.
        if value is True:
            return "all"
        if value is False:
            return None
        return value

    @field_validator("blackjack_pays")
    @classmethod
    def _valid_ratio(cls, value: str) -> str:
        _ratio(value)
        return value

    @field_validator("dealer_wins_ties")
    @classmethod
    def _valid_ties(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        for total in value:
            if not 17 <= total <= 21:
                raise ValueError(f"a dealer stands on 17 to 21, so a tie at {total} cannot happen")
        return tuple(sorted(set(value)))

    @field_validator("chips")
    @classmethod
    def _valid_chips(cls, value: tuple[Decimal, ...]) -> tuple[Decimal, ...]:
        if not value:
            raise ValueError("a table needs at least one chip denomination")
        return tuple(sorted(set(value)))

    @model_validator(mode="after")
    def _consistent(self) -> "Rules":
        if self.min_bet > self.max_bet:
            raise ValueError(f"min_bet {self.min_bet} is above max_bet {self.max_bet}")
        if self.resplit_aces and self.max_split_hands < 3:
            raise ValueError("resplit_aces needs max_split_hands of 3 or 4")
        names = [tier.name for tier in self.tiers]
        if len(set(names)) != len(names):
            raise ValueError("tier names must differ")
        if self.insurance == "none" and self.insure_blackjack:
            raise ValueError("insure_blackjack needs insurance to be offered")
        return self

    # Derived values the engine reads on its hot path.

    @property
    def blackjack_ratio(self) -> Fraction:
        return _ratio(self.blackjack_pays)

    @property
    def double_range(self) -> tuple[int, int]:
        return DOUBLE_RANGES[self.double_on]

    def limits(self, tier: str | None = None) -> Limits:
        """The box limits ``(min, max)`` at ``tier`` (the rule set's own limits when ``None``)."""
        if tier is None:
            return Limits(self.min_bet, self.max_bet)
        for item in self.tiers:
            if item.name.lower() == tier.lower():
                return Limits(item.min_bet, item.max_bet)
        known = ", ".join(t.name for t in self.tiers) or "none"
        raise ValueError(f"rule set {self.name!r} has no tier {tier!r} (tiers: {known})")
