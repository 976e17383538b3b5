"""The provably fair scheme as published (docs/fair.md) is the scheme the engine deals, and the
standard-library verifier (scripts/verify_shoe.py) written from it checks real shoes."""

from __future__ import annotations

import hashlib
import hmac
import importlib.util
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from blackjack_tui.engine.cards import DECK, parse_cards
from blackjack_tui.engine.fair import FairShoe, HmacRandom, commitment, fair_order

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "fair.md"
SCRIPT = ROOT / "scripts" / "verify_shoe.py"


@pytest.fixture(scope="module")
def verifier() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verify_shoe", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def vectors() -> list[dict[str, object]]:
    """Each "Vector N:" block of the page: its seed, commitment, cards and the table's inputs."""
    text = PAGE.read_text(encoding="utf-8")
    table = {row.split("|")[1].strip(): [c.strip() for c in row.split("|")[2:5]]
             for row in text.splitlines() if row.startswith("| ")}
    out = []
    for n, block in enumerate(re.split(r"\nVector \d[^\n]*:\n", text)[1:]):
        block = block.split("\n\n#")[0]
        cards = re.search(r"(?:whole shoe|first 20 cards|the shoe): `([^`]*)`", block, re.S)
        pool = re.search(r"the pool `([^`]*)`", text.split(f"Vector {n + 1}")[-1])
        assert cards is not None
        out.append({
            "phrase": f"blackjack-tui test vector {n + 1}",
            "seed": re.search(r"server seed `([0-9a-f]{64})`", block).group(1),  # type: ignore[union-attr]
            "commitment": re.search(r"commitment `([0-9a-f]{64})`", block).group(1),  # type: ignore[union-attr]
            "client": table["client seed"][n].strip("`"),
            "nonce": int(table["nonce"][n]),
            "decks": int(table["decks"][n].split()[0]),
            "cards": " ".join(cards.group(1).split()).split(),
            "pool": pool.group(1).split() if n == 2 and pool else None,
            "block": block,
        })
    return out


def test_the_page_publishes_three_vectors_whose_seeds_are_the_hashes_of_their_phrases() -> None:
    found = vectors()
    assert len(found) == 3
    for vector in found:
        assert vector["seed"] == hashlib.sha256(str(vector["phrase"]).encode()).hexdigest()


@pytest.mark.parametrize("n", [0, 1, 2])
def test_each_published_vector_is_what_the_engine_and_the_verifier_deal(
        n: int, verifier: ModuleType) -> None:
    v = vectors()[n]
    seed, client, nonce, decks = v["seed"], v["client"], v["nonce"], v["decks"]
    pool = None if v["pool"] is None else parse_cards(list(v["pool"]))  # type: ignore[arg-type]
    engine = [c.text for c in fair_order(seed, client, nonce, decks, pool)]  # type: ignore[arg-type]
    cards = v["cards"]
    assert commitment(seed) == v["commitment"]  # type: ignore[arg-type]
    assert engine[: len(cards)] == cards  # type: ignore[arg-type]
    assert verifier.shoe(seed, client, nonce, decks, v["pool"])[: len(cards)] == cards  # type: ignore[arg-type]


def test_the_first_vectors_digest_and_random_indices_are_the_engines() -> None:
    v = vectors()[0]
    block = str(v["block"])
    digest = re.search(r"message `alice:1:0`\)\s+`([0-9a-f]{64})`", block)
    js = re.search(r"the first ten values of `j`[^:]*: `([\d ]+)`", block)
    assert digest is not None and js is not None
    key = bytes.fromhex(str(v["seed"]))
    assert hmac.digest(key, b"alice:1:0", "sha256").hex() == digest.group(1)
    rng = HmacRandom(str(v["seed"]), "alice", 1)
    drawn = [rng.randrange(i + 1) for i in range(51, 41, -1)]
    assert drawn == [int(j) for j in js.group(1).split()]


def test_the_verifier_deals_every_shoe_the_engine_deals(verifier: ModuleType) -> None:
    rng = random.Random(27)
    for _ in range(40):
        seed = rng.randbytes(32).hex()
        client = "".join(rng.choice("abc xyz:é0") for _ in range(rng.randint(1, 20)))
        nonce, decks = rng.randint(0, 10_000), rng.randint(1, 8)
        pool = rng.sample(list(DECK) * decks, rng.randint(1, 52 * decks)) if rng.random() < 0.3 \
            else None
        ours = [c.text for c in fair_order(seed, client, nonce, decks, pool)]
        theirs = verifier.shoe(seed, client, nonce, decks,
                               None if pool is None else [c.text for c in pool])
        assert theirs == ours


def test_a_shoe_the_game_dealt_passes_the_stand_alone_verifier_and_a_changed_card_fails(
        tmp_path: Path) -> None:
    shoe = FairShoe(6, client_seed="table 27")
    for _ in range(30):
        shoe.draw()
    record = shoe.retire()
    assert record is not None
    path = tmp_path / "shoe.json"
    path.write_text(json.dumps(record.to_dict()))
    # -I -S: no site-packages, no project on the path: only Python's standard library.
    run = [sys.executable, "-I", "-S", str(SCRIPT), str(path)]
    fair = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert fair.returncode == 0, fair.stdout + fair.stderr
    assert "FAIR" in fair.stdout
    data = record.to_dict()
    data["dealt"][4] = "AS" if data["dealt"][4] != "AS" else "KD"
    path.write_text(json.dumps(data))
    unfair = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert unfair.returncode == 1
    assert "card 5 dealt was" in unfair.stdout
