"""How fast the engine plays full rounds, beside a peer engine in the same run.

    python benchmarks/engine.py [--rounds 40000] [--runs 5] [--seed 1]

One table for every engine: 6 decks reshuffled when 52 cards are left, dealer stands on soft 17,
peek, double any two cards and after a split, split to 4 hands (split aces one card each, no
resplit of aces), late surrender, blackjack 3:2, a flat bet; insurance and even money are asked
against an ace (by both engines) and declined. One strategy for every engine: the printed basic
strategy (``shared_strategy.py``); each adapter reads the hand from its own engine and says what
its engine allows.

Our engine plays every round through ``Round``/``legal_actions()``/``apply()``, with every event
and exact money, as the game does: the shared strategy's word for a play becomes the engine's typed
:class:`Action` by a look-up (``BARE``), the way any adapter that speaks words does. The peer,
tukiains/blackjack-gui (``peer_blackjack_gui.py``), is skipped with a message when it is not
installed. Runs alternate between the engines; the figure is the median of ``--runs`` runs, each
timed in CPU seconds of this process (``time.process_time``), so a busy moment on a shared machine
hits both alike and waiting for a core counts for neither.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import peer_blackjack_gui  # noqa: E402
import shared_strategy  # noqa: E402

from blackjack_tui.engine import Action, ActionName, Round, Rules, Shoe  # noqa: E402
from blackjack_tui.engine.actions import BARE  # noqa: E402

TABLE = Rules(
    name="benchmark", decks=6, penetration=260 / 312, dealer_hits_soft_17=False,
    hole_card="peek", double_on="any", double_after_split=True, max_split_hands=4,
    resplit_aces=False, split_aces_one_card=True, surrender="late", blackjack_pays="3:2",
    insurance="after-deal", even_money=True, min_bet=Decimal(10), max_bet=Decimal(500),
)
BET = Decimal(10)
NO_INSURANCE, NO_EVEN_MONEY = Action(ActionName.NO_INSURANCE), Action(ActionName.NO_EVEN_MONEY)


def ours(rounds: int, seed: int) -> tuple[int, float, object]:
    """Play ``rounds`` rounds on this engine; returns (hands played, seconds, the net)."""
    rules = TABLE
    shoe = Shoe.seeded(rules.decks, seed)
    penetration = rules.penetration
    strategy = shared_strategy.play
    bets = [BET]
    start = bankroll = BET * 10**9
    hands = 0
    began = time.process_time()
    for _ in range(rounds):
        if shoe.needs_shuffle(False, penetration):
            shoe.shuffle()
        rnd = Round(rules, shoe, bets, bankroll)
        rnd.deal()
        up = rnd.up_card.value
        decision = rnd.legal_actions()
        while decision is not None:
            kind = decision.kind
            if kind == "play":
                hand = rnd.boxes[0].hands[decision.hand - 1]
                total, soft = hand.totals()
                acts = decision.actions
                can_split = "split" in acts
                action = BARE[strategy(total, soft, hand.cards[0].value if can_split else 0, up,
                                       "double" in acts, can_split, "surrender" in acts)]
            elif kind == "insurance":
                action = NO_INSURANCE
            else:
                action = NO_EVEN_MONEY
            rnd.apply(action)
            decision = rnd.legal_actions()
        hands += len(rnd.boxes[0].hands)
        bankroll = rnd.bankroll
    return hands, time.process_time() - began, bankroll - start


PEER = f"{peer_blackjack_gui.NAME} own loop"
LEAN = f"{peer_blackjack_gui.NAME} lean round"
INLINE = f"{peer_blackjack_gui.NAME} inline"
Engine = Callable[[int, int], tuple[int, float, object]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40_000, help="rounds per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per engine (median)")
    parser.add_argument("--seed", type=int, default=1, help="the first run's seed")
    args = parser.parse_args(argv)
    engines: dict[str, Engine] = {"blackjack-tui": ours}
    missing = peer_blackjack_gui.missing()
    if missing is None:
        engines[PEER] = peer_blackjack_gui.play_own_loop
        engines[LEAN] = peer_blackjack_gui.play
        engines[INLINE] = peer_blackjack_gui.play_inline
    else:
        print(f"skipped: {missing}")
    rates: dict[str, list[float]] = {name: [] for name in engines}
    for run in range(args.runs):
        for name, engine in engines.items():
            engine(args.rounds // 20, args.seed + run)  # warm up
            hands, seconds, net = engine(args.rounds, args.seed + run)
            rates[name].append(args.rounds / seconds)
            print(f"run {run + 1}  {name:<26} {args.rounds:>8,} rounds in {seconds:6.2f} s  "
                  f"{args.rounds / seconds:>9,.0f} rounds/s  ({hands:,} hands, net {net})",
                  flush=True)
    print(f"\nmedian of {args.runs} runs, {args.rounds:,} rounds each, per CPU second:")
    medians = {name: statistics.median(values) for name, values in rates.items()}
    for name, median in medians.items():
        print(f"  {name:<26} {median:>9,.0f} rounds/s")
    if len(medians) > 1:
        ours_rate = medians["blackjack-tui"]
        print(f"  blackjack-tui / {PEER}: {ours_rate / medians[PEER]:.2f}x  "
              "(the peer as it plays: its cli.play game loop; the aim is 1.5x)")
        print(f"  blackjack-tui / {LEAN}: {ours_rate / medians[LEAN]:.2f}x  "
              "(its pieces in a round object we wrote lean: no events, float money)")
        print(f"  blackjack-tui / {INLINE}: {ours_rate / medians[INLINE]:.2f}x  "
              "(its pieces with no round object)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
