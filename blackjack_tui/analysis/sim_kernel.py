"""The counting simulation compiled by numba: :mod:`.sim_count`'s round, the same tables, in one
machine-code loop.

Imported only when numba is installed (the ``fast`` extra; :mod:`.sim_compiled` decides). The
kernel interprets the tables :mod:`.sim_compiled` packs from :mod:`.sim_machine` and
:mod:`.sim_tables` (one set per true count, for the index plays in force there) and keeps its
state in small integer arrays between calls, so that a chunk can be played in one call or a round
per call (the differential test).

The shoe is the engine's, drawn the engine's way: every shuffle lays out fresh decks, and each
card is drawn at random when it is dealt, one step of Fisher–Yates from the top with
``getrandbits`` and rejection, from a Mersenne Twister whose state is ``random.Random(seed)``'s
own (:func:`getrandbits` is CPython's ``genrand_uint32 >> (32 - k)``). So the kernel deals the very
cards the engine's seeded shoe deals, and plays every round of a seeded or stacked shoe as the
engine does: ``tests/analysis/test_count_differential.py`` asks it round by round.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from blackjack_tui.engine.errors import ShoeEmptyError

# The state array's slots (int64), kept between calls.
N, SHUFFLES, MTI, SEATED, GONE, LEFT_SUM, TAKEN = range(7)
# The parameters' slots (int64).
(P_PEEK, P_ORIGINAL, P_STACKED, P_TOTAL, P_LO, P_HI, P_MODE, P_HAS_IN, P_IN, P_HAS_OUT, P_OUT,
 P_WIDE, P_TC_OFFSET, P_RECORDS, P_MAX_HANDS, P_HALF_BOX) = range(16)
AT_DEAL, AT_TURN = 1, 2
"""``insure[k]``: insurance taken at the deal, or at the dealer's turn (:mod:`.sim_tables`)."""
SPLIT_NETS = 64
"""A split round's net ``x`` is counted at ``2x + SPLIT_NETS`` (a whole number of half bets)."""

STAND_AT = 64 << 8
SPLIT_NOW = 0
STAND, HIT, DOUBLE, SPLIT = 0, 1, 2, 4
MAX_HANDS = 8
ROUND_CARDS = 512
"""Room for one round's cards (the discards a dry shoe reshuffles leave them out)."""


@njit(cache=True)
def _twist(mt: np.ndarray) -> None:
    for i in range(624):
        y = (mt[i] & 0x80000000) | (mt[(i + 1) % 624] & 0x7FFFFFFF)
        v = mt[(i + 397) % 624] ^ (y >> 1)
        if y & 1:
            v ^= 0x9908B0DF
        mt[i] = v


@njit(cache=True)
def getrandbits(mt: np.ndarray, st: np.ndarray, k: int) -> int:
    """CPython's ``getrandbits(k)`` for 0 < k <= 32."""
    i = st[MTI]
    if i >= 624:
        _twist(mt)
        i = 0
    y = mt[i]
    st[MTI] = i + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y >> (32 - k)


@njit(cache=True)
def _bit_length(n: int) -> int:
    k = 0
    while n:
        n >>= 1
        k += 1
    return k


@njit(cache=True)
def draw(cards: np.ndarray, st: np.ndarray, mt: np.ndarray, canon: np.ndarray,
         taken: np.ndarray, tags: np.ndarray, stacked: int) -> int:
    """One card off the top: drawn at random from the cards left (a shoe that runs dry
    mid-round reshuffles everything but this round's cards, from rank order)."""
    n = st[N]
    if n == 0:
        total = canon.shape[0]
        if stacked or st[TAKEN] >= total:
            raise ShoeEmptyError("the shoe ran out of cards")
        counts = np.zeros(16, np.int64)
        for i in range(total):
            counts[canon[i]] += 1
        for i in range(st[TAKEN]):
            counts[taken[i]] -= 1
        left_sum = 0
        for code in range(16):
            for _ in range(counts[code]):
                cards[n] = code
                n += 1
                left_sum += tags[code]
        st[LEFT_SUM] = left_sum
        st[SHUFFLES] += 1
    if not stacked and n > 1:
        k = _bit_length(n)
        j = getrandbits(mt, st, k)
        while j >= n:
            j = getrandbits(mt, st, k)
        top = cards[j]
        cards[j] = cards[n - 1]
        cards[n - 1] = top
    n -= 1
    card = cards[n]
    st[N] = n
    st[LEFT_SUM] -= tags[card]
    taken[st[TAKEN]] = card
    st[TAKEN] += 1
    return card


@njit(cache=True)
def true_count(running: int, left: int, mode: int) -> int:
    """:func:`.counting.true_count`: 0 floor, 1 truncate, 2 half-deck."""
    if left < 1:
        left = 1
    if mode == 0:
        return (running * 52) // left
    if mode == 1:
        whole = (abs(running) * 52) // left
        return whole if running >= 0 else -whole
    halves = max(1, (left + 13) // 26)
    return (running * 2) // halves


@njit(cache=True)
def split_round(c1: int, c2: int, up: int, hole: int, k: int, p: np.ndarray,
                cards: np.ndarray, st: np.ndarray, mt: np.ndarray, canon: np.ndarray,
                taken: np.ndarray, tags: np.ndarray, split_t: np.ndarray, hit3: np.ndarray,
                insure: np.ndarray, start: np.ndarray, nxt: np.ndarray, best: np.ndarray,
                dbl: np.ndarray, dhit: np.ndarray, d2: np.ndarray, bj2: np.ndarray,
                res: np.ndarray) -> float:
    """:func:`.sim_fast._split_round` and its settlement (the insurance as
    :func:`.sim_fast._split_settlement` settles it)."""
    stacked = p[P_STACKED]
    first = np.empty(MAX_HANDS + 1, np.int64)
    second = np.empty(MAX_HANDS + 1, np.int64)
    totals = np.empty(MAX_HANDS + 1, np.int64)
    stakes = np.empty(MAX_HANDS + 1, np.float64)
    first[0] = c1
    second[0] = draw(cards, st, mt, canon, taken, tags, stacked)
    first[1] = c2
    second[1] = draw(cards, st, mt, canon, taken, tags, stacked)
    hands = 2
    played = 0
    while played < hands:
        a0, a1 = first[played], second[played]
        a = split_t[k, (((a0 << 4 | a1) << 4 | up) * MAX_HANDS) + hands]
        if a == SPLIT:
            for i in range(hands, played + 1, -1):  # room for one more hand after this one
                first[i], second[i] = first[i - 1], second[i - 1]
            first[played], second[played] = a0, draw(cards, st, mt, canon, taken, tags, stacked)
            first[played + 1] = a1
            second[played + 1] = draw(cards, st, mt, canon, taken, tags, stacked)
            hands += 1
            continue
        s = start[a0 << 4 | a1]
        if a == DOUBLE:
            totals[played] = dbl[s | draw(cards, st, mt, canon, taken, tags, stacked)]
            stakes[played] = 2.0
        else:
            if a == HIT:
                s = nxt[s | draw(cards, st, mt, canon, taken, tags, stacked)]
                while hit3[k, s | up]:
                    s = nxt[s | draw(cards, st, mt, canon, taken, tags, stacked)]
            totals[played] = best[s]
            stakes[played] = 1.0
        played += 1
    return settle_split(hands, totals, stakes, up, hole, k, p, cards, st, mt, canon, taken, tags,
                        insure, nxt, best, dhit, d2, bj2, res)


@njit(cache=True)
def settle_split(hands: int, totals: np.ndarray, stakes: np.ndarray, up: int, hole: int, k: int,
                 p: np.ndarray, cards: np.ndarray, st: np.ndarray, mt: np.ndarray,
                 canon: np.ndarray, taken: np.ndarray, tags: np.ndarray, insure: np.ndarray,
                 nxt: np.ndarray, best: np.ndarray, dhit: np.ndarray, d2: np.ndarray,
                 bj2: np.ndarray, res: np.ndarray) -> float:
    """:func:`.sim_fast._split_settlement`: the split hands' net, their insurance's too."""
    stacked = p[P_STACKED]
    lost = 0.0
    staked = 0.0
    for i in range(hands):
        if totals[i] > 21:
            lost += stakes[i]
        staked += stakes[i]
    when = insure[k]
    ins = 0.0
    if when and up == 1 and (when == AT_DEAL or lost != staked):
        ins = staked / 2.0 if when == AT_TURN and p[P_HALF_BOX] else 0.5
    if lost == staked:
        if ins == 0.0:
            return -lost
        if p[P_PEEK]:
            return -lost - ins
        if bj2[up << 4 | draw(cards, st, mt, canon, taken, tags, stacked)]:
            return -lost + 2.0 * ins
        return -lost - ins
    dealer_second = hole if hole else draw(cards, st, mt, canon, taken, tags, stacked)
    if bj2[up << 4 | dealer_second]:
        if p[P_ORIGINAL]:
            return -lost - (1.0 if totals[0] <= 21 else 0.0) + 2.0 * ins
        return -staked + 2.0 * ins
    d = d2[up << 4 | dealer_second]
    while dhit[d]:
        d = nxt[d | draw(cards, st, mt, canon, taken, tags, stacked)]
    dealer = best[d]
    won = 0.0
    for i in range(hands):
        if totals[i] <= 21:
            won += res[totals[i] << 5 | dealer] * stakes[i]
    return -lost + won - ins


@njit(cache=True)
def play(rounds: int, p: np.ndarray, st: np.ndarray, mt: np.ndarray, cards: np.ndarray,
         canon: np.ndarray, taken: np.ndarray, tags: np.ndarray, shuffle_at: np.ndarray,
         bets: np.ndarray, entry: np.ndarray, player: np.ndarray, player_of: np.ndarray,
         dealer_start: np.ndarray, dealer: np.ndarray, nets: np.ndarray, dealer_of: np.ndarray,
         split_t: np.ndarray, hit3: np.ndarray, insure: np.ndarray, start: np.ndarray,
         nxt: np.ndarray, best: np.ndarray, dbl: np.ndarray, dhit: np.ndarray, d2: np.ndarray,
         bj2: np.ndarray, res: np.ndarray, ends: np.ndarray, splits: np.ndarray,
         tcs: np.ndarray, records: np.ndarray) -> None:
    """Play ``rounds`` rounds by the plan (:meth:`.sim_count.CountingFastTable.play`). The rounds
    bet on are counted by true count and end (``ends[k, end]``, the net ``nets[dealer_of[k],
    end]``) or, split, by true count and net (``splits[k, 2 net + SPLIT_NETS]``), so that the
    sums are worked out as the Python path works them out; the rounds dealt at each true count
    go into ``tcs`` (offset by ``p[P_TC_OFFSET]``), and with ``p[P_RECORDS]`` each round's (true
    count, bet, net, cards left) into ``records``."""
    peek, stacked, total = p[P_PEEK], p[P_STACKED], p[P_TOTAL]
    lo, hi, mode = p[P_LO], p[P_HI], p[P_MODE]
    has_in, wong_in, has_out, wong_out = p[P_HAS_IN], p[P_IN], p[P_HAS_OUT], p[P_OUT]
    wide, offset, keep = p[P_WIDE], p[P_TC_OFFSET], p[P_RECORDS]
    canon_sum = 0
    for i in range(total):
        canon_sum += tags[canon[i]]
    seated, gone = st[SEATED], st[GONE]
    for r in range(rounds):
        if not stacked and shuffle_at[st[N]]:
            cards[:total] = canon
            st[N] = total
            st[LEFT_SUM] = canon_sum
            st[SHUFFLES] += 1
            seated, gone = 1 - has_in, 0
        st[TAKEN] = 0
        tc = true_count(-st[LEFT_SUM], st[N], mode)
        tcs[tc + offset] += 1
        if not seated and not gone and has_in and tc >= wong_in:
            seated = 1
        if seated and has_out and tc <= wong_out:
            seated, gone = 0, 1
        k = (lo if tc < lo else hi if tc > hi else tc) - lo
        pk, dk = player_of[k], dealer_of[k]
        c1 = draw(cards, st, mt, canon, taken, tags, stacked)
        up = draw(cards, st, mt, canon, taken, tags, stacked)
        c2 = draw(cards, st, mt, canon, taken, tags, stacked)
        hole = draw(cards, st, mt, canon, taken, tags, stacked) if peek else 0
        s = entry[pk, ((c1 * wide + c2) * wide + up) * wide + hole]
        while s >= 0:
            s = player[pk, s | draw(cards, st, mt, canon, taken, tags, stacked)]
        end = ~s
        if end >= STAND_AT:
            d = dealer_start[dk, end | hole]
            while d >= 0:
                d = dealer[dk, d | draw(cards, st, mt, canon, taken, tags, stacked)]
            end = ~d
        if end == SPLIT_NOW:
            net = split_round(c1, c2, up, hole, k, p, cards, st, mt, canon, taken, tags,
                              split_t, hit3, insure, start, nxt, best, dbl, dhit, d2, bj2,
                              res)
            if seated:
                half = int(net * 2.0) + SPLIT_NETS
                if half - SPLIT_NETS != net * 2.0 or not 0 <= half <= 2 * SPLIT_NETS:
                    raise ValueError("a split round's net is not a whole number of half bets")
                splits[k, half] += 1
        else:
            net = nets[dk, end]
            if seated:
                ends[k, end] += 1
        bet = bets[k] if seated else 0.0
        if keep:
            records[r, 0] = tc
            records[r, 1] = bet
            records[r, 2] = net * bet
            records[r, 3] = st[N]
    st[SEATED], st[GONE] = seated, gone
