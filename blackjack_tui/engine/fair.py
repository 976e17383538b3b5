"""Provably fair shoes: the shuffle is committed to before the first card and checkable after.

The scheme (``hmac-sha256-fy-v1``), complete enough to re-implement elsewhere:

1. The game draws a *server seed*: 32 random bytes, written as 64 lowercase hex digits. Before the
   shoe is used it shows the *commitment* ``SHA-256(server seed bytes)`` in hex.
2. The player gives a *client seed* (any text of 1 to 128 printable characters; random by default).
   The *nonce* is the shoe's shuffle number (1 for the first shuffle of a table, then 2, 3 …).
3. Random bytes are the concatenation of ``HMAC-SHA256(key = server seed bytes,
   message = UTF-8 of f"{client_seed}:{nonce}:{counter}")`` for ``counter`` = 0, 1, 2 …
4. ``randrange(n)``: take ``b = bit_length(n - 1)`` bits; read ``ceil(b / 8)`` bytes big-endian,
   keep the low ``b`` bits, and retry with the next bytes while the value is ``>= n`` (rejection
   sampling: no modulo bias).
5. The pool is ``decks`` copies of the 52 cards (or the listed ``pool`` when a shoe ran dry
   mid-round and only its discards were reshuffled), sorted by the order ``AS 2S … KS AH … KH
   AD … KD AC … KC`` with copies together (six decks: six AS, then six 2S …). Fisher–Yates
   runs over it (``for i from len-1 down to 1: j = randrange(i + 1); swap``), and cards are
   dealt from the *end* of the list: the last card of the shuffled list is the first dealt.

When the shoe is retired (reshuffled) the server seed is revealed, and :func:`verify_record`
checks the seed against the commitment and every dealt card against the recomputed shoe.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from msgspec import Struct, field

from blackjack_tui.engine.cards import DECK, Card, CardError, parse_cards
from blackjack_tui.engine.errors import EngineError, StateError
from blackjack_tui.engine.shoe import RandomSource, Shoe, fisher_yates, saved_decks

SCHEME = "hmac-sha256-fy-v1"
_ORDER = {card.text: i for i, card in enumerate(DECK)}


class FairError(EngineError):
    """A seed, nonce or shoe record that is not well formed."""


def new_server_seed() -> str:
    """32 bytes from the operating system's entropy, as 64 hex digits."""
    return secrets.token_hex(32)


def new_client_seed() -> str:
    """A random client seed (16 hex digits) for a player who does not choose one."""
    return secrets.token_hex(8)


def _seed_bytes(server_seed: str) -> bytes:
    if not isinstance(server_seed, str) or len(server_seed) != 64:
        raise FairError("a server seed is 64 hex digits")
    try:
        return bytes.fromhex(server_seed)
    except ValueError:
        raise FairError("a server seed is 64 hex digits") from None


def check_client_seed(client_seed: str) -> str:
    """The client seed if acceptable (1–128 printable characters); :class:`FairError` if not."""
    if not isinstance(client_seed, str) or not 1 <= len(client_seed) <= 128:
        raise FairError("a client seed is 1 to 128 characters")
    if not client_seed.isprintable():
        raise FairError("a client seed is printable text")
    return client_seed


def commitment(server_seed: str) -> str:
    """SHA-256 of the server seed's 32 bytes, in hex: shown before the shoe is used."""
    return hashlib.sha256(_seed_bytes(server_seed)).hexdigest()


class HmacRandom:
    """A :class:`RandomSource` drawing from HMAC-SHA256(server seed, client seed:nonce:counter)."""

    __slots__ = ("_buffer", "_counter", "_key", "_prefix")

    def __init__(self, server_seed: str, client_seed: str, nonce: int) -> None:
        if isinstance(nonce, bool) or not isinstance(nonce, int) or nonce < 0:
            raise FairError("a nonce is a whole number of at least 0")
        self._key = _seed_bytes(server_seed)
        self._prefix = f"{check_client_seed(client_seed)}:{nonce}:"
        self._counter = 0
        self._buffer = b""

    def _take(self, n: int) -> bytes:
        while len(self._buffer) < n:
            message = f"{self._prefix}{self._counter}".encode()
            self._buffer += hmac.digest(self._key, message, "sha256")
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def randrange(self, stop: int, /) -> int:
        """A uniform integer in ``[0, stop)`` by rejection sampling."""
        if stop < 1:
            raise ValueError("empty range for randrange")
        bits = (stop - 1).bit_length()
        if bits == 0:
            return 0
        size = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            value = int.from_bytes(self._take(size), "big") & mask
            if value < stop:
                return value


def canonical(cards: list[Card]) -> list[Card]:
    """Cards sorted into the fresh-deck order (the start of every fair shuffle)."""
    return sorted(cards, key=lambda c: _ORDER[c.text])


def fair_order(server_seed: str, client_seed: str, nonce: int, decks: int,
               pool: list[Card] | None = None) -> list[Card]:
    """The shoe these seeds make, in dealing order (the first card dealt first)."""
    if pool is None:
        if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 8:
            raise FairError("a shoe has 1 to 8 decks")
        pool = list(DECK) * decks
    cards = canonical(pool)
    fisher_yates(cards, HmacRandom(server_seed, client_seed, nonce))
    return cards[::-1]


class ShoeRecord(Struct, frozen=True):
    """One provably fair shoe: its commitment, seeds and the cards dealt from it, in order."""

    commitment: str
    client_seed: str
    nonce: int
    decks: int
    dealt: tuple[str, ...] = ()
    server_seed: str | None = None
    pool: tuple[str, ...] | None = None

    @property
    def revealed(self) -> bool:
        return self.server_seed is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "blackjack-tui/shoe",
            "scheme": SCHEME,
            "commitment": self.commitment,
            "server_seed": self.server_seed,
            "client_seed": self.client_seed,
            "nonce": self.nonce,
            "decks": self.decks,
            "pool": None if self.pool is None else list(self.pool),
            "dealt": list(self.dealt),
        }

    @classmethod
    def from_dict(cls, data: object) -> ShoeRecord:
        """Read a record; :class:`FairError` names the first field that is wrong."""
        if not isinstance(data, dict):
            raise FairError("a shoe record is a JSON object")
        if data.get("scheme", SCHEME) != SCHEME:
            raise FairError(f"unknown scheme {data.get('scheme')!r} (this version checks {SCHEME})")

        def text(key: str) -> str:
            value = data.get(key)
            if not isinstance(value, str):
                raise FairError(f"a shoe record needs {key!r} as text")
            return value

        def whole(key: str) -> int:
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, int):
                raise FairError(f"a shoe record needs {key!r} as a whole number")
            return value

        def cards(key: str) -> tuple[str, ...]:
            value = data.get(key)
            if not isinstance(value, list):
                raise FairError(f"a shoe record needs {key!r} as a list of cards")
            try:
                return tuple(c.text for c in parse_cards(value))
            except CardError as err:
                raise FairError(f"{key}: {err}") from None

        commit = text("commitment").lower()
        if len(commit) != 64 or any(ch not in "0123456789abcdef" for ch in commit):
            raise FairError("a commitment is 64 hex digits")
        seed = data.get("server_seed")
        if seed is not None:
            seed = text("server_seed").lower()
            _seed_bytes(seed)
        nonce = whole("nonce")
        decks = whole("decks")
        if nonce < 0:
            raise FairError("a nonce is at least 0")
        if not 1 <= decks <= 8:
            raise FairError("a shoe has 1 to 8 decks")
        pool = None if data.get("pool") is None else cards("pool")
        return cls(commit, check_client_seed(text("client_seed")), nonce, decks, cards("dealt"),
                   seed, pool)


class Verdict(Struct, frozen=True):
    """The outcome of :func:`verify_record`: ``fair`` and what was checked or found wrong."""

    fair: bool
    checked: int
    problems: list[str] = field(default_factory=list)


def verify_record(record: ShoeRecord) -> Verdict:
    """Re-hash the revealed seed against the commitment and re-deal the shoe card by card."""
    if record.server_seed is None:
        raise FairError("this shoe's server seed is not revealed yet: it is still in play")
    problems = []
    if commitment(record.server_seed) != record.commitment:
        problems.append("the server seed does not hash to the commitment")
    pool = None if record.pool is None else parse_cards(list(record.pool))
    order = [c.text for c in fair_order(record.server_seed, record.client_seed, record.nonce,
                                        record.decks, pool)]
    if len(record.dealt) > len(order):
        problems.append(f"{len(record.dealt)} cards dealt from a shoe of {len(order)}")
    for i, (dealt, expected) in enumerate(zip(record.dealt, order, strict=False), start=1):
        if dealt != expected:
            problems.append(f"card {i} dealt was {dealt}; the committed shoe has {expected}")
            break
    return Verdict(not problems, min(len(record.dealt), len(order)), problems)


class FairShoe(Shoe):
    """A shoe whose every shuffle is provably fair.

    ``next_commitment`` is the commitment of the seed the *next* shuffle will use, so the UI can
    show it before the player picks a client seed. Each shuffle retires the shoe before it:
    ``take_retired()`` hands over the revealed :class:`ShoeRecord`\\ s for the store to keep.
    The ``rng`` argument is accepted for :class:`Shoe` compatibility and not used.
    """

    __slots__ = ("client_seed", "dealt_cards", "next_server_seed", "pool", "retired",
                 "server_seed", "used_client_seed")

    def __init__(self, decks: int, rng: RandomSource | None = None, *, shuffle: bool = True,
                 client_seed: str | None = None, server_seed: str | None = None) -> None:
        self.client_seed = check_client_seed(client_seed or new_client_seed())
        self.next_server_seed = server_seed or new_server_seed()
        _seed_bytes(self.next_server_seed)
        self.server_seed: str | None = None
        self.used_client_seed = self.client_seed  # the shoe in play's (the next may differ)
        self.dealt_cards: list[Card] = []
        self.pool: list[Card] | None = None
        self.retired: list[ShoeRecord] = []
        super().__init__(decks, rng, shuffle=False)
        if shuffle:
            self.shuffle()

    @property
    def commitment(self) -> str | None:
        """The commitment of the shoe in play (``None`` before the first shuffle)."""
        return None if self.server_seed is None else commitment(self.server_seed)

    @property
    def next_commitment(self) -> str:
        return commitment(self.next_server_seed)

    def set_client_seed(self, client_seed: str) -> None:
        """The client seed for the next shuffle (the shoe in play keeps its own)."""
        self.client_seed = check_client_seed(client_seed)

    def current_record(self) -> ShoeRecord | None:
        """The shoe in play, unrevealed (``server_seed`` is ``None``)."""
        if self.server_seed is None:
            return None
        return ShoeRecord(commitment(self.server_seed), self.used_client_seed, self.shuffles,
                          self.decks, tuple(c.text for c in self.dealt_cards), None,
                          None if self.pool is None else tuple(c.text for c in self.pool))

    def take_retired(self) -> list[ShoeRecord]:
        """The revealed records of shoes retired since the last call."""
        out, self.retired = self.retired, []
        return out

    def retire(self) -> ShoeRecord | None:
        """Reveal the shoe in play now (it must be reshuffled before more cards are drawn)."""
        current = self.current_record()
        if current is None:
            return None
        revealed = ShoeRecord(current.commitment, current.client_seed, current.nonce,
                              current.decks, current.dealt, self.server_seed, current.pool)
        self.retired.append(revealed)
        self.server_seed = None
        return revealed

    def draw(self) -> Card:
        card = super().draw()
        self.dealt_cards.append(card)
        return card

    def draw_cards(self, n: int) -> list[Card] | None:
        cards = super().draw_cards(n)
        if cards is not None:
            self.dealt_cards += cards
        return cards

    def shuffle(self) -> None:
        self.retire()
        cards = self._cards + self.discards
        self.discards = []
        self._fair_shuffle(cards)

    def _reshuffle_discards(self) -> None:
        self.retire()
        cards, self.discards = self.discards, []
        self._fair_shuffle(cards)

    def _fair_shuffle(self, cards: list[Card]) -> None:
        ordered = canonical(cards)
        self.pool = None if ordered == canonical(list(DECK) * self.decks) else ordered
        self.shuffles += 1
        self.server_seed, self.next_server_seed = self.next_server_seed, new_server_seed()
        self.used_client_seed = self.client_seed
        order = fair_order(self.server_seed, self.client_seed, self.shuffles, self.decks,
                           self.pool)
        self._cards = order[::-1]  # the shoe draws from the end of its list
        self.dealt_cards = []

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data["fair"] = {
            "client_seed": self.client_seed,
            "used_client_seed": self.used_client_seed,
            "server_seed": self.server_seed,
            "next_server_seed": self.next_server_seed,
            "dealt": [c.text for c in self.dealt_cards],
            "pool": None if self.pool is None else [c.text for c in self.pool],
            "retired": [r.to_dict() for r in self.retired],
        }
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: RandomSource | None = None) -> FairShoe:
        try:
            fair = data["fair"]
            shoe = cls(saved_decks(data), None, shuffle=False,
                       client_seed=fair["client_seed"], server_seed=fair["next_server_seed"])
            base = Shoe.from_dict(data)
            shoe.stacked_shoe = False
            shoe.total = base.total
            shoe._cards = base._cards
            shoe.discards = base.discards
            shoe.shuffles = base.shuffles
            shoe.server_seed = None if fair["server_seed"] is None else str(fair["server_seed"])
            if shoe.server_seed is not None:
                _seed_bytes(shoe.server_seed)
                shoe.used_client_seed = check_client_seed(fair["used_client_seed"])
            shoe.dealt_cards = parse_cards(list(fair["dealt"]))
            shoe.pool = None if fair["pool"] is None else parse_cards(list(fair["pool"]))
            shoe.retired = [ShoeRecord.from_dict(r) for r in fair["retired"]]
        except (KeyError, TypeError, ValueError, ArithmeticError) as err:
            raise StateError(f"not a saved fair shoe: {err}") from None
        return shoe
