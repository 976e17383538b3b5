"""How fast the engine plays: hands per second, headless, on one core.

    python benchmarks/engine.py [--rounds 200000] [--rules nordic,swedish] [--boxes 1] [--seed 1]

A fixed simple strategy (hit below 17, stand otherwise, never insure, never take even money)
plays ``--rounds`` rounds under each rule set from a real seeded shoe of the rule set's decks,
reshuffled whenever ``needs_shuffle`` says so. A hand is one box's hand (no splits are played, so
hands = rounds x boxes). The figure includes everything a round costs: bets, deal, decisions,
the dealer, settlement and the events; it leaves out only ``to_dict``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blackjack_tui.engine import Round, Rules, Shoe
from blackjack_tui.rulesets import load_all


def play(rules: Rules, rounds: int, boxes: int, seed: int) -> tuple[int, float, object]:
    """Play ``rounds`` rounds; returns (hands played, seconds, the bankroll's net)."""
    shoe = Shoe.seeded(rules.decks, seed)
    every_round = rules.shuffle == "every-round"
    penetration = rules.penetration
    bets = [rules.min_bet] * boxes
    start = bankroll = rules.min_bet * 10**9
    hands = 0
    began = time.perf_counter()
    for _ in range(rounds):
        if shoe.needs_shuffle(every_round, penetration):
            shoe.shuffle()
        rnd = Round(rules, shoe, bets, bankroll)
        rnd.deal()
        decision = rnd.legal_actions()
        while decision is not None:
            if decision.kind == "play":
                box = rnd.boxes[decision.box - 1]
                hand = box.hands[decision.hand - 1]
                action = "hit" if hand.total < 17 and "hit" in decision.actions else "stand"
            elif decision.kind == "insurance":
                action = "no-insurance"
            else:
                action = "no-even-money"
            rnd.apply(action)
            decision = rnd.legal_actions()
        hands += sum(len(box.hands) for box in rnd.boxes)
        bankroll = rnd.bankroll
    return hands, time.perf_counter() - began, bankroll - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200_000, help="rounds per rule set")
    parser.add_argument("--rules", default="nordic,swedish,vegas-strip",
                        help="comma-separated rule set names")
    parser.add_argument("--boxes", type=int, default=1, help="boxes per round")
    parser.add_argument("--seed", type=int, default=1, help="the shoe's seed")
    args = parser.parse_args(argv)
    sets, errors = load_all()
    for error in errors:
        print(f"warning: {error}", file=sys.stderr)
    total_hands = 0
    total_seconds = 0.0
    for name in args.rules.split(","):
        rules = sets[name.strip()]
        boxes = min(args.boxes, rules.max_boxes)
        hands, seconds, net = play(rules, args.rounds, boxes, args.seed)
        total_hands += hands
        total_seconds += seconds
        print(f"{rules.name:<14} {hands:>9,} hands in {seconds:6.2f} s  "
              f"{hands / seconds:>9,.0f} hands/s   (net {net} on {rules.min_bet} bets)")
    print(f"{'all':<14} {total_hands:>9,} hands in {total_seconds:6.2f} s  "
          f"{total_hands / total_seconds:>9,.0f} hands/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
