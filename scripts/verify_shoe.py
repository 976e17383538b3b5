#!/usr/bin/env python3
"""Check a blackjack-tui provably fair shoe with nothing but Python's standard library.

    python3 verify_shoe.py RECORD.json            # a shoe record: exit 0 fair, 1 not
    python3 verify_shoe.py SERVER_SEED CLIENT_SEED NONCE DECKS   # print the shoe, first card first

The scheme (hmac-sha256-fy-v1) is written out in docs/fair.md; this file is its whole reference.
"""
import hashlib
import hmac
import json
import sys

DECK = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]  # AS 2S ... KS AH ... KC


def randoms(seed: bytes, client_seed: str, nonce: int):
    """Bytes of HMAC-SHA256(seed, "client_seed:nonce:counter"), counter 0, 1, 2 ..."""
    counter = 0
    while True:
        yield from hmac.digest(seed, f"{client_seed}:{nonce}:{counter}".encode(), "sha256")
        counter += 1


def shoe(server_seed: str, client_seed: str, nonce: int, decks: int, pool=None) -> list[str]:
    """The cards in dealing order: the first card dealt first."""
    cards = sorted(pool or DECK * decks, key=DECK.index)  # fresh-deck order, copies together
    stream = randoms(bytes.fromhex(server_seed), client_seed, nonce)
    for i in range(len(cards) - 1, 0, -1):  # Fisher-Yates, j uniform in 0..i
        bits = i.bit_length()  # bits of (i + 1) - 1
        while True:  # rejection sampling: big-endian bytes, low `bits` bits kept
            value = int.from_bytes(bytes(next(stream) for _ in range((bits + 7) // 8)), "big")
            j = value & ((1 << bits) - 1)
            if j <= i:
                break
        cards[i], cards[j] = cards[j], cards[i]
    return cards[::-1]  # the end of the shuffled list is dealt first


def check(record: dict) -> list[str]:
    """What is wrong with a revealed shoe record (empty: it is fair)."""
    seed = record["server_seed"]
    problems = []
    if hashlib.sha256(bytes.fromhex(seed)).hexdigest() != record["commitment"].lower():
        problems.append("the server seed does not hash to the commitment")
    order = shoe(seed, record["client_seed"], record["nonce"], record["decks"], record.get("pool"))
    for n, (dealt, expected) in enumerate(zip(record["dealt"], order, strict=False), start=1):
        if dealt.upper().replace("10", "T") != expected:
            problems.append(f"card {n} dealt was {dealt}; the committed shoe has {expected}")
            break
    if len(record["dealt"]) > len(order):
        problems.append(f"{len(record['dealt'])} cards dealt from a shoe of {len(order)}")
    return problems


if __name__ == "__main__":
    if len(sys.argv) == 5:
        print(" ".join(shoe(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))))
        sys.exit(0)
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as file:
        found = check(json.load(file))
    print("\n".join(found) or "FAIR: the seed hashes to the commitment and every card matches")
    sys.exit(1 if found else 0)
