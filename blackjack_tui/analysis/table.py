"""The part of a rule set that changes the math, and a stable key for caching results by it."""

from __future__ import annotations

import hashlib
from typing import Literal

from msgspec import Struct

from blackjack_tui.engine import kernel
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.vocabulary import AcesLow

MATH_VERSION = 2
"""Raised whenever the analysis changes, so results cached by an older version are not reused."""

# Fields that cannot change the expected value of a round played from a full shoe with insurance
# never taken. Everything else (including fields added to Rules later) goes into the cache key.
NON_MATH_FIELDS = frozenset({
    "name", "title", "description", "source", "min_bet", "max_bet", "chips", "tiers", "max_boxes",
    "ledger", "shuffle", "penetration", "insurance", "insurance_stake", "insure_blackjack",
    "even_money", "blackjack_paid_at_once",
})


class TableMath(Struct, frozen=True):
    """The rules as the calculator reads them (plain values, cheap on the hot path)."""

    decks: int
    hits_soft_17: bool
    peek: bool
    loses_original_only: bool
    ties_lose: frozenset[int]
    blackjack_pays: float
    double_low: int
    double_high: int
    double_ace_as_one: Literal["all", "held"] | None
    """Whose aces count 1 in a doubled hand: every one (``all``), those held (``held``), none."""
    double_after_split: bool
    das_any_total: bool
    split_by_rank: bool
    max_split_hands: int
    resplit_aces: bool
    split_aces_one_card: bool
    hit_soft_21: bool
    surrender: bool

    @classmethod
    def from_rules(cls, rules: Rules) -> TableMath:
        """Read the math-relevant fields of ``rules``."""
        low, high = rules.double_range
        return cls(
            decks=rules.decks,
            hits_soft_17=rules.dealer_hits_soft_17,
            peek=rules.hole_card == "peek",
            loses_original_only=(
                rules.hole_card == "none" and rules.no_hole_card_loses == "original"
            ),
            ties_lose=frozenset(rules.dealer_wins_ties),
            blackjack_pays=float(kernel.blackjack_pays(rules)),
            double_low=low,
            double_high=high,
            double_ace_as_one=rules.double_ace_as_one,
            double_after_split=rules.double_after_split,
            das_any_total=rules.double_after_split_any_total,
            split_by_rank=rules.split_by == "rank",
            max_split_hands=rules.max_split_hands,
            resplit_aces=rules.resplit_aces,
            split_aces_one_card=rules.split_aces_one_card,
            hit_soft_21=rules.hit_soft_21,
            surrender=rules.surrender == "late",
        )

    def may_double(self, first: int, second: int, after_split: bool) -> bool:
        """Whether a two-card hand of values ``first`` and ``second`` may double."""
        if after_split:
            if not self.double_after_split:
                return False
            if first == 1 and self.split_aces_one_card:
                return False
            if self.das_any_total:
                return True
        aces_low = None if self.double_ace_as_one is None else AcesLow(self.double_ace_as_one)
        return self.double_low <= kernel.doubling_total(first, second, aces_low) <= self.double_high


def math_key(rules: Rules) -> str:
    """A hex digest of the rule fields that change the math (plus :data:`MATH_VERSION`)."""
    body = rules.model_dump_json(exclude=set(NON_MATH_FIELDS))
    return hashlib.sha256(f"v{MATH_VERSION}:{body}".encode()).hexdigest()[:32]
