"""The round in progress, saved after every step so a crash loses nothing.

The saved state (the ``inflight`` row of the database; ``inflight.json`` in 0.1.0) is::

    {"format": "blackjack-tui/inflight", "version": 1, "round_id": "…", "saved_at": "…",
     "rules_name": "nordic", "round": Round.to_dict(), "rng": {…}, "extra": {…}}

``rng`` is the shoe's random source: ``{"kind": "random", "version": 3, "words": "…", "gauss":
null}`` for a seeded ``random.Random`` (so the next shuffle after a resume is the one the seed
would have made; ``words``, its 625 state words as little-endian 32-bit numbers in base64; 0.1.0
wrote them as a list, ``"state": [version, [words], gauss]``, read still),
``{"kind": "system"}`` for the operating system's entropy, ``{"kind": "stacked"}`` for a stacked
shoe (it deals exactly its cards and never draws from its generator), ``{"kind": "fair"}`` when
the shoe is a :class:`~blackjack_tui.engine.fair.FairShoe` (its seeds travel inside
``round.shoe.fair``; note the unrevealed server seed is then on the player's own disk).
``extra`` is the app's own (JSON) data.

A round that cannot be finished is settled by :func:`settle_unfinished`, the way best for the
player.
"""

from __future__ import annotations

import base64
import random
import struct
import uuid
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field

from blackjack_tui.engine.errors import StateError
from blackjack_tui.engine.fair import FairShoe
from blackjack_tui.engine.money import ZERO, money_str, to_money
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import RandomSource, Shoe
from blackjack_tui.store.errors import RecordError
from blackjack_tui.store.jsonio import iso_now

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round

FORMAT = "blackjack-tui/inflight"
VERSION = 1


def new_round_id() -> str:
    """A fresh, unique round id."""
    return uuid.uuid4().hex


# ---------------------------------------------------------------------------- the shoe's RNG

def rng_state(shoe: Shoe) -> dict[str, Any]:
    """The shoe's random source as JSON (see the module docstring)."""
    if isinstance(shoe, FairShoe):
        return {"kind": "fair"}
    if shoe.stacked_shoe:  # deals exactly its cards, never shuffles: its generator is unused
        return {"kind": "stacked"}
    rng = shoe.rng
    if type(rng) is random.Random:
        version, internal, gauss = rng.getstate()
        words = base64.b64encode(struct.pack(f"<{len(internal)}I", *internal)).decode("ascii")
        return {"kind": "random", "version": version, "words": words, "gauss": gauss}
    return {"kind": "system"}


def random_state(rng: dict[str, Any]) -> tuple[int, tuple[int, ...], float | None]:
    """The generator state :func:`rng_state` saved (packed, or as 0.1.0's list)."""
    if "words" in rng:
        raw = base64.b64decode(rng["words"], validate=True)
        internal = struct.unpack(f"<{len(raw) // 4}I", raw)
        return int(rng["version"]), internal, rng["gauss"]
    version, listed, gauss = rng["state"]
    return int(version), tuple(int(i) for i in listed), gauss


def shoe_from_state(shoe: dict[str, Any], rng: Any) -> Shoe:
    """Rebuild a live shoe (with its RNG) from ``Shoe.to_dict()`` and :func:`rng_state`."""
    try:
        if isinstance(shoe, dict) and "fair" in shoe:
            return FairShoe.from_dict(shoe)
        kind = rng.get("kind") if isinstance(rng, dict) else None
        source: RandomSource
        if kind == "random":
            seeded = random.Random()
            seeded.setstate(random_state(rng))
            source = seeded
        elif kind == "stacked":
            source = random.Random(0)  # as Shoe.stacked gives it: never drawn from
        else:
            source = random.SystemRandom()
        return Shoe.from_dict(shoe, source)
    except (KeyError, TypeError, ValueError, ArithmeticError, struct.error) as err:
        raise StateError(f"not a saved shoe: {err}") from None


# ---------------------------------------------------------------------------- the file

def encode(round_id: str, rnd: Round, extra: dict[str, Any] | None = None,
           saved_at: str | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "round_id": round_id,
        "saved_at": saved_at or iso_now(),
        "rules_name": rnd.rules.name,
        "round": rnd.to_dict(),
        "rng": rng_state(rnd.shoe),
        "extra": extra or {},
    }


class Inflight(Struct):
    """A restored round in progress."""

    round_id: str
    round: Round
    extra: dict[str, Any] = field(default_factory=dict)


def check_envelope(data: Any) -> dict[str, Any]:
    """The saved dict if it is an in-flight file of this version; :class:`RecordError` if not."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not a saved round")
    if data.get("version") != VERSION:
        raise RecordError(f"a saved round of version {data.get('version')!r}, not {VERSION}")
    if not isinstance(data.get("round_id"), str) or not isinstance(data.get("round"), dict):
        raise RecordError("a saved round without its id or state")
    return data


def decode(data: Any) -> Inflight:
    """Restore the round; :class:`RecordError` for a wrong file, StateError for a bad state."""
    from blackjack_tui.engine.round import Round  # the round's machinery: only to take one back

    data = check_envelope(data)
    state = data["round"]
    shoe = shoe_from_state(state.get("shoe"), data.get("rng"))
    rnd = Round.from_dict(state, shoe=shoe)
    extra = data.get("extra")
    return Inflight(data["round_id"], rnd, extra if isinstance(extra, dict) else {})


# ---------------------------------------------------------------------------- settling

class Settlement(Struct, frozen=True):
    """How an unfinishable round was closed: ``net`` to add to the bankroll (never negative)."""

    net: Decimal
    staked: Decimal | None
    notice: str


def _bound(state: dict[str, Any]) -> Fraction:
    """The most a hand can win per unit staked under the saved rules (at least 2, a won double)."""
    try:
        num, den = str(state["rules"]["blackjack_pays"]).split(":")
        return max(Fraction(2), Fraction(int(num), int(den)))
    except (KeyError, TypeError, ValueError, ArithmeticError):
        return Fraction(2)


def _results(state: Any) -> tuple[Decimal, Decimal]:
    """``(staked, already won)`` from a saved round dict, checked for sense; ValueError if not."""
    if not isinstance(state, dict) or not isinstance(state.get("boxes"), list):
        raise ValueError("no boxes")
    bound = _bound(state)
    staked = won = ZERO
    for box in state["boxes"]:
        for hand in box["hands"]:
            stake = to_money(hand["stake"])
            if stake < 0:
                raise ValueError("negative stake")
            staked += stake
            if hand.get("outcome") is not None:
                net = to_money(hand["net"])
                if not -stake <= net <= stake * bound.numerator / bound.denominator:
                    raise ValueError("a hand's result is out of range")
                won += net
        insurance = box.get("insurance")
        if insurance is not None:
            stake = to_money(insurance)
            if stake < 0:
                raise ValueError("negative insurance")
            staked += stake
            if box.get("insurance_net") is not None:
                net = to_money(box["insurance_net"])
                if not -stake <= net <= 2 * stake:
                    raise ValueError("an insurance result is out of range")
                won += net
    return staked, won


def settle_unfinished(data: Any, why: str) -> Settlement:
    """Close a round that cannot be played on, the way best for the player.

    Either every bet is returned (net 0), or the hands already settled keep their results and the
    open bets are returned, whichever is more. ``data`` is the saved in-flight dict (or anything:
    when it cannot be read the bets are returned). The player's bankroll on disk is still the one
    before the round, so "returned" needs no money moved: only a positive ``net`` is credited.
    """
    state = data.get("round") if isinstance(data, dict) else None
    try:
        staked, won = _results(state)
    except (KeyError, TypeError, ValueError, ArithmeticError, AttributeError):
        return Settlement(ZERO, None, f"The unfinished round could not be resumed ({why}); "
                          "your bets were returned (any winnings in it could not be read).")
    if won > 0:
        return Settlement(won, staked, f"The unfinished round could not be resumed ({why}); "
                          f"it was settled in your favour: {money_str(won)} already won is "
                          "credited and the open bets were returned.")
    return Settlement(ZERO, staked, f"The unfinished round could not be resumed ({why}); "
                      f"your bets of {money_str(staked)} were returned.")


def unfinishable(data: dict[str, Any], rule_sets: dict[str, Rules]) -> str | None:
    """Why a saved round cannot be played on under today's rule sets, or ``None`` if it can."""
    try:
        saved = data["round"]["rules"]
        name = saved["name"]
    except (KeyError, TypeError):
        return "its rules are missing"
    current = rule_sets.get(name) if isinstance(name, str) else None
    if current is None:
        return f"its rule set {name!r} is gone"
    try:
        dealt = Rules.model_validate(saved)
    except ValueError:
        return "its rules cannot be read"
    # Only what changes the play: a reworded description never costs a player his round.
    if current.model_dump(exclude=PROSE) != dealt.model_dump(exclude=PROSE):
        return f"the rule set {name!r} has changed since it was dealt"
    return None


PROSE = {"title", "description", "source"}


__all__ = [
    "Inflight",
        "Settlement",
    "decode",
    "encode",
    "new_round_id",
    "random_state",
    "rng_state",
    "settle_unfinished",
    "shoe_from_state",
    "unfinishable",
]
