"""The shuffle: uniform, conserving, independent; the provably fair shoe recomputes and verifies.

The statistical tests use fixed seeds, so they are deterministic; their thresholds (p < 0.001)
are checked against deliberately biased shuffles, which they must reject.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import random
from collections import Counter
from collections.abc import Callable

import msgspec.structs
import pytest

from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.cards import DECK, Card
from blackjack_tui.engine.fair import (
    FairError,
    FairShoe,
    HmacRandom,
    ShoeRecord,
    commitment,
    fair_order,
    verify_record,
)
from blackjack_tui.engine.round import Round
from blackjack_tui.engine.shoe import RandomSource, Shoe, fisher_yates
from blackjack_tui.rulesets import load_all

SERVER = "0f" * 32
N = 9  # cards in the small deck; (N - 1)**2 = 64 degrees of freedom, even
SHUFFLES = 18_000
ALPHA = 0.001


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for chi-square with an even ``df``: exp(-x/2) * sum_{i<df/2} (x/2)^i / i!."""
    assert df % 2 == 0 and df > 0
    half = x / 2
    term = total = 1.0
    for i in range(1, df // 2):
        term *= half / i
        total += term
    return math.exp(-half) * total


def test_chi2_survival_function_matches_tables() -> None:
    assert chi2_sf(3.0, 2) == pytest.approx(math.exp(-1.5))
    assert chi2_sf(9.4877, 4) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(18.307, 10) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(93.217, 64) == pytest.approx(0.01, abs=2e-4)


def chi2(counts: list[int], expected: float) -> float:
    return sum((c - expected) ** 2 / expected for c in counts)


def position_p(shuffle: Callable[[list[int], int], None], shuffles: int = SHUFFLES) -> float:
    """p-value that card positions are uniform (the N x N card-by-position table, df (N-1)^2)."""
    counts = [[0] * N for _ in range(N)]
    for t in range(shuffles):
        cards = list(range(N))
        shuffle(cards, t)
        for pos, card in enumerate(cards):
            counts[card][pos] += 1
    cells = [c for row in counts for c in row]
    return chi2_sf(chi2(cells, shuffles / N), (N - 1) ** 2)


def seeded(seed: int) -> Callable[[list[int], int], None]:
    rng = random.Random(seed)
    return lambda cards, t: fisher_yates(cards, rng)  # type: ignore[arg-type]


def hmac_shuffle(cards: list[int], t: int) -> None:
    fisher_yates(cards, HmacRandom(SERVER, "client", t))  # type: ignore[arg-type]


class ModuloBias:
    """The mistake rejection sampling avoids: 4 random bits modulo n."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def randrange(self, stop: int, /) -> int:
        return self.rng.getrandbits(4) % stop


def naive(cards: list[int], rng: random.Random) -> None:
    """The classic wrong shuffle: swap every position with any position (n^n paths)."""
    for i in range(len(cards)):
        j = rng.randrange(len(cards))
        cards[i], cards[j] = cards[j], cards[i]


@pytest.mark.parametrize("seed", [1, 2])
def test_positions_uniform_seeded(seed: int) -> None:
    assert position_p(seeded(seed)) > ALPHA


def test_positions_uniform_provably_fair() -> None:
    assert position_p(hmac_shuffle) > ALPHA


def test_the_uniformity_test_rejects_biased_shuffles() -> None:
    biased = ModuloBias(5)
    assert position_p(lambda c, t: fisher_yates(c, biased)) < 1e-6  # type: ignore[arg-type]
    rng = random.Random(5)
    assert position_p(lambda c, t: naive(c, rng)) < 1e-6


def successive_p(shuffle: Callable[[list[int], int], None], pairs: int = SHUFFLES) -> float:
    """p-value that card 0's positions in shuffle t and t+1 are independent and uniform
    (goodness of fit of the N x N pair table to 1/N^2, df N^2 - 1 = 80)."""
    counts = Counter[tuple[int, int]]()
    previous = None
    for t in range(pairs + 1):
        cards = list(range(N))
        shuffle(cards, t)
        pos = cards.index(0)
        if previous is not None:
            counts[previous, pos] += 1
        previous = pos
    cells = [counts[a, b] for a in range(N) for b in range(N)]
    return chi2_sf(chi2(cells, pairs / N**2), N * N - 1)


def test_successive_shuffles_independent() -> None:
    assert successive_p(seeded(3)) > ALPHA
    assert successive_p(hmac_shuffle) > ALPHA


def test_the_independence_test_rejects_dependent_shuffles() -> None:
    rng = random.Random(4)
    last: list[int] = []

    def sticky(cards: list[int], t: int) -> None:
        # Half the time reuse the previous order: successive shuffles depend on each other.
        if last and rng.random() < 0.5:
            cards[:] = last
        else:
            fisher_yates(cards, rng)  # type: ignore[arg-type]
        last[:] = cards

    assert successive_p(sticky) < 1e-6


def test_hmac_randrange_in_range_and_uniform() -> None:
    rng = HmacRandom(SERVER, "c", 0)
    for stop in range(1, 600):
        assert 0 <= rng.randrange(stop) < stop
    counts = Counter(rng.randrange(3) for _ in range(30_000))
    assert chi2_sf(chi2([counts[0], counts[1], counts[2]], 10_000), 2) > ALPHA
    with pytest.raises(ValueError):
        rng.randrange(0)


# ---------------------------------------------------------------------------- conservation

def test_no_card_duplicated_or_lost_across_a_shoe() -> None:
    for shoe in (Shoe.seeded(6, 11), FairShoe(6, client_seed="x"), Shoe(6)):
        dealt = [shoe.draw() for _ in range(shoe.remaining)]
        assert Counter(c.text for c in dealt) == Counter({c.text: 6 for c in DECK})


def test_cards_conserved_through_rounds_and_reshuffles() -> None:
    rules = load_all()[0]["home"]  # one deck, a cut card: many reshuffles
    chooser = random.Random(0)
    shoe = FairShoe(rules.decks, client_seed="table")
    whole = Counter({c.text: rules.decks for c in DECK})
    for _ in range(300):
        if shoe.needs_shuffle(rules.shuffle == "every-round", rules.penetration):
            shoe.shuffle()
        rnd = Round(rules, shoe, [rules.min_bet] * rules.max_boxes, 10_000)
        rnd.deal()
        while (decision := rnd.legal_actions()) is not None:
            rnd.apply(Action(chooser.choice(decision.actions)))
        in_shoe = Counter(c.text for c in shoe.remaining_cards() + shoe.discards)
        assert in_shoe == whole
    retired = shoe.take_retired()
    assert len(retired) > 20
    for record in retired:
        assert verify_record(record).fair
        assert len(set(record.dealt)) == len(record.dealt)  # one deck: no card twice


def test_dry_shoe_reshuffles_its_discards_verifiably() -> None:
    shoe = FairShoe(1, client_seed="dry")
    for _ in range(40):
        shoe.draw()
    shoe.discard([shoe.draw() for _ in range(12)])  # 12 in the tray, 40 "on the table"
    last = shoe.draw()  # the shoe is empty: the tray is shuffled back in
    [record] = shoe.take_retired()
    assert record.pool is None and len(record.dealt) == 52 and verify_record(record).fair
    current = shoe.retire()
    assert current is not None and current.pool is not None and len(current.pool) == 12
    assert current.dealt == (last.text,) and verify_record(current).fair


# ---------------------------------------------------------------------------- provably fair

def spec_order(server: str, client: str, nonce: int, decks: int) -> list[str]:
    """The scheme re-implemented from fair.py's docstring alone, to hold the code to it."""
    key = bytes.fromhex(server)
    stream = bytearray()
    counter = 0

    def take(n: int) -> bytes:
        nonlocal counter
        while len(stream) < n:
            stream.extend(hmac.new(key, f"{client}:{nonce}:{counter}".encode(),
                                   hashlib.sha256).digest())
            counter += 1
        out = bytes(stream[:n])
        del stream[:n]
        return out

    order = "A23456789TJQK"
    suits = "SHDC"
    pool = sorted([r + s for s in suits for r in order] * decks,
                  key=lambda c: (suits.index(c[1]), order.index(c[0])))
    for i in range(len(pool) - 1, 0, -1):
        b = i.bit_length()
        while True:
            j = int.from_bytes(take((b + 7) // 8), "big") & ((1 << b) - 1)
            if j <= i:
                break
        pool[i], pool[j] = pool[j], pool[i]
    return pool[::-1]


@pytest.mark.parametrize(("client", "nonce", "decks"), [("c", 1, 1), ("player:1", 7, 6)])
def test_fair_order_follows_the_documented_scheme(client: str, nonce: int, decks: int) -> None:
    ours = [c.text for c in fair_order(SERVER, client, nonce, decks)]
    assert ours == spec_order(SERVER, client, nonce, decks)


def test_fair_shoe_recomputes_identically() -> None:
    shoe = FairShoe(6, client_seed="mine", server_seed="ab" * 32)
    assert shoe.commitment == hashlib.sha256(bytes.fromhex("ab" * 32)).hexdigest()
    dealt = [shoe.draw() for _ in range(100)]
    again = fair_order("ab" * 32, "mine", 1, 6)
    assert dealt == again[:100]
    assert fair_order("ab" * 32, "mine", 1, 6) == again
    assert fair_order("ab" * 32, "mine", 2, 6) != again
    assert fair_order("ab" * 32, "other", 1, 6) != again


def test_commitment_shown_before_use_and_client_seed_after() -> None:
    shoe = FairShoe(1, shuffle=False, server_seed="cd" * 32)
    shown = shoe.next_commitment
    shoe.set_client_seed("chosen after seeing the commitment")
    shoe.shuffle()
    assert shoe.commitment == shown
    record = shoe.retire()
    assert record is not None and record.client_seed == "chosen after seeing the commitment"
    assert record.server_seed == "cd" * 32 and record.nonce == 1


def retired_record(cards: int = 30) -> ShoeRecord:
    shoe = FairShoe(2, client_seed="verify-me")
    for _ in range(cards):
        shoe.draw()
    record = shoe.retire()
    assert record is not None
    return record


def test_verify_accepts_an_honest_shoe_and_round_trips() -> None:
    record = retired_record()
    assert verify_record(record) == verify_record(ShoeRecord.from_dict(record.to_dict()))
    assert verify_record(record).fair and verify_record(record).checked == 30


def test_verify_detects_a_tampered_card() -> None:
    record = retired_record()
    dealt = list(record.dealt)
    # Swap card 11 with the next card that differs from it (two equal cards swapped change
    # nothing: a shoe of two decks holds each card twice).
    other = next(i for i in range(11, len(dealt)) if dealt[i] != dealt[10])
    dealt[10], dealt[other] = dealt[other], dealt[10]
    verdict = verify_record(msgspec.structs.replace(record, dealt=tuple(dealt)))
    assert not verdict.fair and "card 11" in verdict.problems[0]


def test_verify_detects_a_tampered_seed() -> None:
    record = retired_record()
    other = "11" * 32
    verdict = verify_record(msgspec.structs.replace(record, server_seed=other))
    assert not verdict.fair and "commitment" in verdict.problems[0]
    # A seed swapped together with its commitment still fails on the cards.
    forged = msgspec.structs.replace(record, server_seed=other, commitment=commitment(other))
    assert not verify_record(forged).fair
    assert not verify_record(msgspec.structs.replace(record, nonce=record.nonce + 1)).fair
    assert not verify_record(msgspec.structs.replace(record, client_seed="someone else")).fair


def test_verify_refuses_an_unrevealed_shoe_and_bad_fields() -> None:
    record = retired_record()
    with pytest.raises(FairError):
        verify_record(msgspec.structs.replace(record, server_seed=None))
    for bad in ({"commitment": "zz"}, {"server_seed": "12"}, {"nonce": -1}, {"decks": 9},
                {"dealt": ["XX"]}, {"client_seed": ""}, {"scheme": "md5"}, {"nonce": True}):
        with pytest.raises(FairError):
            ShoeRecord.from_dict({**record.to_dict(), **bad})


def test_default_shoe_uses_system_entropy_and_hmac_is_a_random_source() -> None:
    assert isinstance(Shoe(1).rng, random.SystemRandom)
    source: RandomSource = HmacRandom(SERVER, "c", 0)
    cards: list[Card] = list(DECK)
    fisher_yates(cards, source)
    assert sorted(c.text for c in cards) == sorted(c.text for c in DECK)


def test_shoes_retired_before_cards_were_drawn_lazily_still_verify() -> None:
    # Records retired by the code before issue 12 (a whole shoe, a shoe dealt dry, and the pool
    # its discards made): the provably fair shuffle must never change, or they would fail.
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" / "fair_records_v1.json").read_text())
    records = [ShoeRecord.from_dict(r) for r in data["records"]]
    assert [verify_record(r).fair for r in records] == [True, True, True]
    assert records[2].pool is not None
    # And today's FairShoe deals the same cards from the same seeds.
    shoe = FairShoe(2, client_seed=records[0].client_seed, server_seed=records[0].server_seed)
    assert tuple(shoe.draw().text for _ in range(80)) == records[0].dealt
    small = FairShoe(1, client_seed=records[1].client_seed, server_seed=records[1].server_seed)
    drawn = [small.draw() for _ in range(52)]
    assert tuple(c.text for c in drawn) == records[1].dealt
    small.discard(drawn[:30])
    small.next_server_seed = records[2].server_seed or ""
    assert tuple(small.draw().text for _ in range(12)) == records[2].dealt
