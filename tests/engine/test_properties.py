"""Properties of the round under random rule sets and random legal play (Hypothesis).

Random rules are built from random valid field combinations; the cards come from real seeded
shoes, so every kind of hand turns up. Each example plays a few rounds on one shoe, reshuffling as
the rules say, and at every step checks:

- chips are conserved: the bankroll plus the chips still on the table equals the starting bankroll
  plus every settled net (hands and insurance), and the bankroll is never negative;
- cards are conserved: shoe + discards + table = the shoe's size; at the end the table is discarded;
- every round ends within a bounded number of decisions;
- an illegal action is refused with IllegalActionError and changes nothing;
- the state survives JSON: ``Round.from_dict(json(to_dict()))`` equals the round, and play continued
  from a restored copy ends exactly as the original did.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blackjack_tui.engine import IllegalActionError, InvalidActionError, Round, Rules, Shoe
from blackjack_tui.engine.actions import ACTION_NAMES, Action, Decision

ZERO = Decimal(0)
# A proven bound on decisions in one round: 3 boxes x 4 hands, each at most 21 hits (every card
# adds at least 1 to a hard total that stays at or below 21) and one split, plus 3 insurance
# questions.
MAX_STEPS = 3 * 4 * 22 + 3
EXAMPLES = int(os.environ.get("ENGINE_EXAMPLES", "120"))  # raise it for a long hunt
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    max_split_hands = draw(st.integers(1, 4))
    insurance = draw(st.sampled_from(["none", "after-deal", "dealer-turn"]))
    fields: dict[str, Any] = {
        "name": "random",
        "decks": draw(st.integers(1, 8)),
        "shuffle": draw(st.sampled_from(["every-round", "cut-card"])),
        "penetration": draw(st.sampled_from([0.25, 0.5, 0.75, 0.95])),
        "dealer_hits_soft_17": draw(st.booleans()),
        "hole_card": draw(st.sampled_from(["peek", "none"])),
        "no_hole_card_loses": draw(st.sampled_from(["all", "original"])),
        "dealer_wins_ties": draw(st.lists(st.integers(17, 21), max_size=5)),
        "blackjack_pays": draw(st.sampled_from(["3:2", "6:5", "1:1", "2:1", "7:5"])),
        "blackjack_paid_at_once": draw(st.booleans()),
        "double_on": draw(st.sampled_from(["any", "9-11", "10-11", "7-11"])),
        "double_ace_as_one": draw(st.sampled_from([None, "all", "held"])),
        "double_after_split": draw(st.booleans()),
        "double_after_split_any_total": draw(st.booleans()),
        "split_by": draw(st.sampled_from(["value", "rank"])),
        "max_split_hands": max_split_hands,
        "resplit_aces": max_split_hands >= 3 and draw(st.booleans()),
        "split_aces_one_card": draw(st.booleans()),
        "hit_soft_21": draw(st.booleans()),
        "insurance": insurance,
        "insurance_stake": draw(st.sampled_from(["half-bet", "half-box", "up-to-half"])),
        "insure_blackjack": insurance != "none" and draw(st.booleans()),
        "even_money": draw(st.booleans()),
        "surrender": draw(st.sampled_from(["none", "late"])),
        "min_bet": "0.50",
        "max_bet": 100,
        "max_boxes": draw(st.integers(1, 3)),
    }
    return Rules.model_validate(fields)


BET_CHOICES = [Decimal("0.50"), Decimal(1), Decimal("2.50"), Decimal(5), Decimal(25),
               Decimal("33.33"), Decimal(100)]


# Ranks that make the rare branches (aces up, blackjacks, pairs to split) common.
HOT_RANKS = list("AAAATTTKQJ88855769")


def arrange(shoe: Shoe, ranks: list[str], seed: int) -> Shoe:
    """The same shoe with cards of ``ranks`` swapped up to the top, in that order.

    Swapping keeps exactly the cards the shoe had, so it is still ``decks`` whole decks.
    """
    state = shoe.to_dict()
    cards: list[str] = state["cards"]  # top first
    for i, rank in enumerate(ranks):
        j = next((k for k in range(i, len(cards)) if cards[k][0] == rank), None)
        if j is not None:
            cards[i], cards[j] = cards[j], cards[i]
    return Shoe.from_dict(state, random.Random(seed))


def seeded_shoe(data: st.DataObject, decks: int, seed: int) -> Shoe:
    """A real seeded shoe; half the time its top cards are rearranged towards ``HOT_RANKS``."""
    shoe = Shoe.seeded(decks, seed)
    if not data.draw(st.booleans()):
        return shoe
    return arrange(shoe, data.draw(st.lists(st.sampled_from(HOT_RANKS), max_size=14)), seed)


# The invariants ---------------------------------------------------------------------------------


def check_chips(rnd: Round) -> None:
    on_table = ZERO
    settled = ZERO
    for box in rnd.boxes:
        for hand in box.hands:
            if hand.settled:
                assert hand.net is not None
                assert hand.net >= -hand.stake, "a hand lost more than its stake"
                sign = {"win": 1, "blackjack": 1, "even-money": 1, "push": 0, "lose": -1,
                        "bust": -1, "surrender": -1}[hand.outcome]
                assert (hand.net > 0) - (hand.net < 0) == sign, (hand.outcome, hand.net)
                settled += hand.net
            else:
                on_table += hand.stake
        if box.insurance:
            if box.insurance_net is None:
                on_table += box.insurance
            else:
                assert box.insurance_net in (2 * box.insurance, -box.insurance)
                settled += box.insurance_net
        else:
            assert box.insurance_net is None
    assert rnd.bankroll >= 0, "the bankroll went negative"
    assert rnd.bankroll + on_table == rnd.bankroll_start + settled
    if rnd.over:
        assert on_table == 0
        assert rnd.net == settled


def check_cards(rnd: Round) -> None:
    shoe = rnd.shoe
    table = rnd.table_cards()
    assert len(rnd.dealt) == len(table)
    if rnd.over:
        assert shoe.remaining + len(shoe.discards) == shoe.total
        assert not Counter(table) - Counter(shoe.discards), "table cards not discarded"
    else:
        assert shoe.remaining + len(shoe.discards) + len(table) == shoe.total


def check_round_trip(rnd: Round) -> None:
    data = rnd.to_dict()
    restored = Round.from_dict(json.loads(json.dumps(data)))
    assert restored == rnd
    assert restored.legal_actions() == rnd.legal_actions()


def is_legal(decision: Decision, text: str) -> bool:
    """Legality worked out here, not by asking the engine."""
    name, _, amount = text.partition(":")
    if name not in decision.actions:
        return False
    if not amount:
        return True
    assert decision.stake is not None
    value = Decimal(amount)
    if decision.any_amount:
        return ZERO < value <= decision.stake
    return value == decision.stake


def candidates(decision: Decision) -> list[str]:
    out = list(ACTION_NAMES)
    if decision.stake is not None:
        out += [f"insurance:{decision.stake}", f"insurance:{decision.stake + Decimal('0.01')}",
                "insurance:0.01", "insurance:1"]
    return out


def choose(data: st.DataObject, decision: Decision) -> str:
    action = data.draw(st.sampled_from(decision.actions))
    if action == "insurance" and decision.any_amount and data.draw(st.booleans()):
        assert decision.stake is not None
        cents = data.draw(st.integers(1, int(decision.stake * 100)))
        action = f"insurance:{Decimal(cents) / 100}"
    return action


# Playing one round -------------------------------------------------------------------------------


def play_round(data: st.DataObject, rnd: Round) -> None:
    assert rnd.legal_actions() is None
    check_chips(rnd)
    rnd.deal()
    snapshots: list[tuple[dict[str, Any], Any, int]] = []
    actions: list[str] = []
    steps = 0
    while True:
        check_chips(rnd)
        check_cards(rnd)
        check_round_trip(rnd)
        snapshots.append((rnd.to_dict(), copy.deepcopy(rnd.shoe.rng), len(actions)))
        decision = rnd.legal_actions()
        if decision is None:
            break
        steps += 1
        assert steps <= MAX_STEPS, "the round does not end"
        # Try something that may be illegal first: it must be refused and change nothing.
        attempt = data.draw(st.sampled_from(candidates(decision)))
        if not is_legal(decision, attempt):
            before = rnd.to_dict()
            try:
                rnd.apply(Action.parse(attempt))
            except (IllegalActionError, InvalidActionError):
                pass
            else:
                raise AssertionError(f"illegal {attempt!r} accepted at {decision}")
            assert rnd.to_dict() == before
        action = choose(data, decision)
        assert is_legal(decision, action)
        rnd.apply(Action.parse(action))
        actions.append(action)
    assert rnd.over
    # Continue from a restored copy of some earlier step: the same actions give the same end.
    saved, rng, done = data.draw(st.sampled_from(snapshots))
    copy_shoe = Shoe.from_dict(saved["shoe"], rng)
    restored = Round.from_dict(json.loads(json.dumps(saved)), shoe=copy_shoe)
    for action in actions[done:]:
        restored.apply(Action.parse(action))
    assert restored.over and restored == rnd
    with_decision = rnd.legal_actions()
    assert with_decision is None
    try:
        rnd.apply(Action.parse("stand"))
    except IllegalActionError:
        pass
    else:
        raise AssertionError("an action was accepted after the round ended")


@SETTINGS
@given(rules=rule_sets(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_rules_and_random_legal_play_keep_every_invariant(rules, seed, data):
    shoe = seeded_shoe(data, rules.decks, seed)
    bankroll = data.draw(st.sampled_from([Decimal(3), Decimal(40), Decimal(1000)]))
    for _ in range(data.draw(st.integers(1, 4))):
        if shoe.needs_shuffle(rules.shuffle == "every-round", rules.penetration):
            shoe.shuffle()
        boxes = data.draw(st.integers(1, rules.max_boxes))
        bets: list[Decimal | None] = [data.draw(st.sampled_from([None, *BET_CHOICES]))
                                      for _ in range(boxes)]
        if all(b is None for b in bets):
            bets[0] = Decimal(1)
        if sum(b for b in bets if b is not None) > bankroll:
            return  # the table would refuse these bets; nothing more to play
        rnd = Round(rules, shoe, bets, bankroll)
        play_round(data, rnd)
        bankroll = rnd.bankroll


@settings(SETTINGS, max_examples=max(40, SETTINGS.max_examples // 3))
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_tight_bankrolls_never_go_negative(seed, data):
    # One bet that uses nearly all of a small bankroll, often a pair against an ace: doubles,
    # splits and insurance must be refused or capped rather than overdraw the bankroll.
    rules = data.draw(rule_sets())
    bet = data.draw(st.sampled_from([Decimal(1), Decimal(2), Decimal(5)]))
    bankroll = bet + data.draw(st.sampled_from([ZERO, Decimal("0.50"), bet / 2, bet]))
    first = data.draw(st.sampled_from(HOT_RANKS))
    up = data.draw(st.sampled_from(["A", "A", "T", "6"]))
    second = data.draw(st.sampled_from([first, *HOT_RANKS]))
    shoe = arrange(Shoe.seeded(rules.decks, seed), [first, up, second], seed)
    rnd = Round(rules, shoe, [bet], bankroll)
    play_round(data, rnd)
    assert rnd.bankroll >= 0


def test_action_text_round_trips():
    for text in ["hit", "stand", "double", "split", "surrender", "insurance", "insurance:12.5",
                 "no-insurance", "even-money", "no-even-money"]:
        assert str(Action.parse(text)) == text
