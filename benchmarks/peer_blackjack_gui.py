"""The engine benchmark's peer: tukiains/blackjack-gui (PyPI ``blackjack-gui``), driven headless.

    pip install blackjack-gui      # into a virtual environment of your own; never a dependency

blackjack-gui has no round object to drive: its command-line game (``blackjack_gui.cli.play``)
plays rounds inline, with logging and its own strategy. Three ways to run it, each printed:

- ``play_own_loop``: **its own game loop as shipped** (``cli.play`` with ``ai=True``, the way its
  ``--ai`` simulation runs), its strategy function swapped for the shared strategy, so both
  engines make the same plays. This is the peer the aim is judged against: the issue's figures
  (peer 24,821, our engine then 16,466 rounds/s: 1.51x) match it (here: about 47,000 against
  31,558 for that same old engine, 1.49x), not the lean round below (3.8x).
- ``play``: the package's pieces -- its ``Shoe``, ``Hand.deal`` and ``Dealer.deal`` (which total
  the hand and set its flags), ``Player`` (the stack, as floats) -- behind a round object with
  ``legal_actions()``/``apply()`` that *we* wrote as lean as we could: no events, no history, no
  count, float money. It is not an engine anyone can install; it shows how far a round with
  none of our book-keeping could go.
- ``play_inline``: the same pieces with the flow written inline, no round object at all.
"""

from __future__ import annotations

import logging
import random
import time
from typing import Any

import shared_strategy

NAME = "blackjack-gui"


def missing() -> str | None:
    """Why the peer cannot run here, or ``None`` when it can."""
    try:
        import blackjack_gui.lib  # noqa: F401
    except ImportError as err:  # also a missing tkinter, which its module imports
        return f"{NAME} is not installed ({err}); pip install blackjack-gui to compare"
    return None


def play_own_loop(rounds: int, seed: int) -> tuple[int, float, float]:
    """Its own game loop, ``cli.play`` (``ai=True``, no card counting, logging left as shipped
    and not shown), deciding by the shared strategy; returns (hands, seconds, the net)."""
    import argparse

    from blackjack_gui import cli
    from blackjack_gui.lib import Rules

    rules = Rules(game_type="s17", surrender="2-10", peek=True, double_after_split=True,
                  resplit_aces=False, number_of_decks=6)
    args = argparse.Namespace(rules=rules, n_games=rounds, stack=10**9, bet=10, ai=True,
                              count=False, cards=None, subset=None, dealer_cards=None)
    summary = _Summary()
    root = logging.getLogger()
    level, handlers = root.level, root.handlers[:]
    root.handlers[:] = [summary]
    root.setLevel(logging.INFO)  # its summary is at INFO, its per-card lines at DEBUG
    own = cli.get_correct_play
    cli.get_correct_play = _shared_correct_play
    random.seed(seed)
    try:
        began = time.process_time()
        cli.play(args)
        seconds = time.process_time() - began
    finally:
        cli.get_correct_play = own
        root.handlers[:] = handlers
        root.setLevel(level)
    return summary.hands, seconds, summary.net


class _Summary(logging.Handler):
    """Reads the hands played and the net from the closing lines ``cli.play`` logs."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.hands = 0
        self.net = 0.0

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if text.startswith("Number of hands played"):
            self.hands = int(text.rsplit(" ", 1)[1])
        elif text.startswith("Total win:"):
            self.net = float(text.split()[2])


def _shared_correct_play(hand: Any, dealer_card: Any, n_hands: int, rules: Any, count: Any,
                         deviations: bool = False) -> str:
    """``cli.play`` asks its strategy function at each of its questions (surrender? split?
    double? hit or stay?) and acts when the answer names it: the shared chart answers instead,
    told what the peer's own checks allow at that point."""
    cards = hand.cards
    two = len(cards) == 2
    can_split = (two and cards[0].value == cards[1].value and hand.is_allowed_to_split
                 and n_hands < 4)
    can_double = two and hand.is_hittable and not (hand.is_split_hand
                                                   and not rules.double_after_split)
    can_surrender = two and n_hands == 1 and not hand.is_split_hand
    action = shared_strategy.play(int(hand.sum), not hand.is_hard,
                                  _value(cards[0]) if can_split else 0, _value(dealer_card),
                                  can_double, can_split, can_surrender)
    return "stay" if action == "stand" else action


def play(rounds: int, seed: int) -> tuple[int, float, float]:
    """Play ``rounds`` rounds through :class:`PeerRound`; returns (hands, seconds, the net)."""
    from blackjack_gui.lib import Dealer, Player, Rules, Shoe

    random.seed(seed)  # its shoe shuffles with the module's random
    rules = Rules(game_type="s17", surrender="2-10", peek=True, double_after_split=True,
                  resplit_aces=False, number_of_decks=6)
    player = Player(rules, stack=10**9)
    start = player.stack
    dealer = Dealer(rules.game_type)
    shoe = Shoe(6)
    strategy = shared_strategy.play
    hands = 0
    began = time.process_time()
    for _ in range(rounds):
        if shoe.n_cards < 52:
            shoe = Shoe(6)
        rnd = PeerRound(player, dealer, shoe, 10)
        rnd.deal()
        up = rnd.up
        acts = rnd.legal_actions()
        while acts is not None:
            if acts is INSURANCE:
                action = "no-insurance"
            elif acts is EVEN_MONEY:
                action = "no-even-money"
            else:
                hand = rnd.hand
                can_split = "split" in acts
                action = strategy(hand.sum, not hand.is_hard,
                                  _value(hand.cards[0]) if can_split else 0, up,
                                  "double" in acts, can_split, "surrender" in acts)
            rnd.apply(action)
            acts = rnd.legal_actions()
        hands += len(player.hands)
    return hands, time.process_time() - began, player.stack - start


def play_inline(rounds: int, seed: int) -> tuple[int, float, float]:
    """The same rounds with the flow written inline: no round object, no legality check."""
    from blackjack_gui.lib import Dealer, Player, Rules, Shoe

    random.seed(seed)
    rules = Rules(game_type="s17", surrender="2-10", peek=True, double_after_split=True,
                  resplit_aces=False, number_of_decks=6)
    player = Player(rules, stack=10**9)
    start = player.stack
    dealer = Dealer(rules.game_type)
    shoe = Shoe(6)
    strategy = shared_strategy.play
    hands = 0
    began = time.process_time()
    for _ in range(rounds):
        if shoe.n_cards < 52:
            shoe = Shoe(6)
        hands += _round(player, dealer, shoe, strategy)
    return hands, time.process_time() - began, player.stack - start


def _value(card: Any) -> int:
    return 1 if card.label == "A" else int(card.value)


INSURANCE = ("insurance", "no-insurance")
EVEN_MONEY = ("even-money", "no-even-money")


class PeerRound:
    """One round of the peer's pieces behind the benchmark's interface: ``deal()``, then
    ``legal_actions()`` (the hand in play is ``hand``) and ``apply(action)`` until it says
    ``None``. Like ours, it refuses an action that is not legal now."""

    __slots__ = ("_legal", "bet", "dealer", "hand", "index", "player", "shoe", "up")

    def __init__(self, player: Any, dealer: Any, shoe: Any, bet: int) -> None:
        self.player = player
        self.dealer = dealer
        self.shoe = shoe
        self.bet = bet
        self.index = 0
        self.hand: Any = None
        self.up = 0
        self._legal: tuple[str, ...] | None = None

    def deal(self) -> None:
        player, dealer, shoe = self.player, self.dealer, self.shoe
        player.hands = []
        hand = player.start_new_hand(self.bet)
        dealer.init_hand()
        dealer.deal(shoe)
        hand.deal(shoe)
        dealer.deal(shoe)
        hand.deal(shoe)
        self.up = up = _value(dealer.cards[0])
        self.hand = hand
        if up == 1:  # asked first, as ours asks: even money for a blackjack, else insurance
            self._legal = EVEN_MONEY if hand.is_blackjack else INSURANCE
            return
        self._peek()

    def _peek(self) -> None:
        player, dealer, hand = self.player, self.dealer, self.hand
        if dealer.is_blackjack and self.up in (1, 10):
            if dealer.insurance_bet:
                player.stack += dealer.insurance_bet * 3
            if hand.is_blackjack:
                player.stack += self.bet
            self._legal = None
            return
        if hand.is_blackjack:
            player.stack += self.bet * 2.5
            self._legal = None
            return
        self._seek()

    def legal_actions(self) -> tuple[str, ...] | None:
        return self._legal

    def apply(self, action: str) -> None:
        if self._legal is None or action not in self._legal:
            raise ValueError(f"{action} is not legal now")
        hand, bet, player = self.hand, self.bet, self.player
        if self._legal is INSURANCE or self._legal is EVEN_MONEY:
            self._answer(action)
        elif action == "hit":
            hand.deal(self.shoe)
        elif action == "stand":
            self.index += 1
        elif action == "double":
            player.stack -= bet
            hand.bet += bet
            hand.deal(self.shoe)
            self.index += 1
        elif action == "surrender":
            hand.surrender = True
            player.stack += bet / 2
            self.index += 1
        else:
            _split(player, hand, self.shoe, bet)
        self._seek()

    def _answer(self, action: str) -> None:
        if action == "even-money":
            self.player.stack += self.bet * 2
            self._legal = None
            return
        if action == "insurance":
            self.dealer.insurance_bet = self.bet / 2
            self.player.stack -= self.bet / 2
        self._peek()

    def _seek(self) -> None:
        """On to the next hand that needs a decision; the dealer and the payout after the last."""
        hands = self.player.hands
        while self.index < len(hands):
            hand = hands[self.index]
            if hand.is_hittable and hand.sum < 21:
                self.hand = hand
                two = len(hand.cards) == 2
                legal = ["hit", "stand"]
                if two:
                    legal.append("double")
                    if hand.is_pair and hand.is_allowed_to_split and len(hands) < 4:
                        legal.append("split")
                    if len(hands) == 1 and not hand.is_split_hand:
                        legal.append("surrender")
                self._legal = tuple(legal)
                return
            self.index += 1
        self._legal = None
        self.hand = None
        _dealer_and_payout(self.player, self.dealer, self.shoe, hands)


def _dealer_and_payout(player: Any, dealer: Any, shoe: Any, hands: list[Any]) -> None:
    if any(not h.is_over and not h.surrender for h in hands):
        while not dealer.is_finished:
            dealer.deal(shoe)
    for h in hands:
        if h.is_over or h.surrender:
            continue
        if dealer.sum > 21 or h.sum > dealer.sum:
            player.stack += h.bet * 2
        elif h.sum == dealer.sum:
            player.stack += h.bet


def _round(player: Any, dealer: Any, shoe: Any, strategy: Any, bet: int = 10) -> int:
    player.hands = []
    hand = player.start_new_hand(bet)
    dealer.init_hand()
    dealer.deal(shoe)
    hand.deal(shoe)
    dealer.deal(shoe)
    hand.deal(shoe)
    up = _value(dealer.cards[0])
    if dealer.is_blackjack and up in (1, 10):  # the peek
        if hand.is_blackjack:
            player.stack += bet
        return 1
    if hand.is_blackjack:
        player.stack += bet * 2.5
        return 1
    hands = player.hands
    i = 0
    while i < len(hands):
        _play_hand(player, hands, hands[i], shoe, up, strategy, bet)
        i += 1
    _dealer_and_payout(player, dealer, shoe, hands)
    return len(hands)


def _play_hand(player: Any, hands: list[Any], hand: Any, shoe: Any, up: int, strategy: Any,
               bet: int) -> None:
    while hand.is_hittable and hand.sum < 21:
        two = len(hand.cards) == 2
        can_split = two and hand.is_pair and hand.is_allowed_to_split and len(hands) < 4
        action = strategy(hand.sum, not hand.is_hard,
                          _value(hand.cards[0]) if can_split else 0, up, two, can_split,
                          two and len(hands) == 1 and not hand.is_split_hand)
        if action == "hit":
            hand.deal(shoe)
        elif action == "stand":
            return
        elif action == "double":
            player.stack -= bet
            hand.bet += bet
            hand.deal(shoe)
            return
        elif action == "surrender":
            hand.surrender = True
            player.stack += bet / 2
            return
        else:
            _split(player, hand, shoe, bet)


def _split(player: Any, hand: Any, shoe: Any, bet: int) -> None:
    other = player.start_new_hand(bet)
    other.deal(hand.cards.pop())
    aces = hand.cards[0].label == "A"
    for h in (hand, other):
        h.is_split_hand = True
        h.deal(shoe)
        h.is_blackjack = False
        if aces:
            h.is_hittable = False  # a split ace takes one card
            h.is_allowed_to_split = False
