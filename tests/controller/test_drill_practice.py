"""The strategy and index drills: close calls ("hard hands"), missed questions dealt again, and
the sitting kept as an attempt."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from blackjack_tui.analysis.cache import cached_analysis
from blackjack_tui.analysis.indices import Index, Indices
from blackjack_tui.analysis.sim_engine import chart_key
from blackjack_tui.controller.drill import CLOSE, REVIEW_SHARE, Drill, item_of
from blackjack_tui.rulesets import load_all

RULES, _ = load_all()


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BLACKJACK_TUI_CACHE_DIR", str(tmp_path))


def chart():
    return cached_analysis(RULES["nordic"]).chart


def test_close_deals_only_hands_whose_best_play_is_close() -> None:
    rules = RULES["nordic"]
    table = chart()
    drill = Drill(rules, table, "close", random.Random(3))
    seen = set()
    for _ in range(60):
        q = drill.question
        cell = table.cells[chart_key(rules, list(q.cards), q.up)]
        evs = [ev for action, ev in cell.ranked if action in q.legal]
        assert evs[0] - evs[1] < CLOSE
        assert q.answer == next(a for a, _ in cell.ranked if a in q.legal)
        seen.add((sum(c.value for c in q.cards), q.up.value))
        drill.answer(q.answer)
    assert len(seen) > 5
    # And "all" deals hands far from close too (the filter does something).
    wide = Drill(rules, table, "all", random.Random(3))
    far = 0
    for _ in range(100):
        far += wide.margin(wide.question) >= CLOSE
        wide.answer(wide.question.answer)
    assert far > 50


def test_missed_questions_come_back_more_often() -> None:
    rules = RULES["nordic"]
    review = Counter({"T6vT": 2, "88vA": 1})
    drill = Drill(rules, chart(), "all", random.Random(8), review=review)
    again = 0
    for _ in range(300):
        q = drill.question
        again += item_of(q) in ("T6vT", "88vA")
        drill.answer(q.answer)
        drill.review = Counter({"T6vT": 2, "88vA": 1})  # kept in, for the count
    # One in REVIEW_SHARE from the review, against a few in a thousand at random.
    assert again > 300 / REVIEW_SHARE * 0.7
    without = Drill(rules, chart(), "all", random.Random(8))
    plain = 0
    for _ in range(300):
        plain += item_of(without.question) in ("T6vT", "88vA")
        without.answer(without.question.answer)
    assert plain < again / 5


def test_a_review_question_answered_right_leaves_the_review() -> None:
    rules = RULES["nordic"]
    drill = Drill(rules, chart(), "hard", random.Random(1), review=Counter({"T6vT": 1}))
    for _ in range(50):
        q = drill.question
        if item_of(q) == "T6vT":
            assert q.answer == "hit"
            drill.answer("stand")  # wrong: stays in the review, and is missed again
            assert "T6vT" in drill.review and drill.score.missed[-1] == "T6vT"
            drill.answer(drill.question.answer)
            break
        drill.answer(q.answer)
    else:
        raise AssertionError("the missed hand never came back")
    for _ in range(50):
        if "T6vT" not in drill.review:
            break
        drill.answer(drill.question.answer)
    assert "T6vT" not in drill.review
    attempt = drill.attempt(12.5)
    assert attempt.drill == "strategy" and attempt.missed == ("T6vT",)
    assert attempt.asked == drill.score.asked and attempt.seconds == 12.5


def test_missed_index_plays_come_back_at_their_count() -> None:
    rules = RULES["nordic"]
    sixteen = Index("hard", 16, 10, 0.4, "hit", "stand")
    insurance = Index("insurance", 0, 1, 3.2, "no-insurance", "insurance")
    drill = Drill(rules, chart(), "counts", random.Random(4), Indices((sixteen, insurance)),
                  review=Counter({"16 v 10@-1": 3, "T6vT": 5}))
    seen = 0
    for _ in range(60):
        q = drill.question
        assert q.kind == "counts"  # a chart hand in the review is not an index question
        if item_of(q) == "16 v 10@-1":
            seen += 1
            assert q.answer == "hit" and q.true_count == -1
        drill.answer(q.answer)
        drill.review["16 v 10@-1"] = 3  # kept in, for the count
    assert seen >= 10
    assert drill.name == "indices"


def test_missed_index_plays_come_back_only_in_their_own_count_system() -> None:
    # A Zen miss is kept with its system's name and comes back in a Zen sitting at its count;
    # in a Hi-Lo sitting it does not (a Zen +5 is not a Hi-Lo +5), nor a Hi-Lo miss in Zen.
    rules = RULES["nordic"]
    sixteen = Index("hard", 16, 10, 1.1, "hit", "stand")
    zen = Indices((sixteen,), "zen")
    # Dealt near the index, 16 v 10 comes at -2 to +4: +5 and -7 can only be the review's.
    review = Counter({"16 v 10@+5@zen": 3, "16 v 10@-7": 3})
    drill = Drill(rules, chart(), "counts", random.Random(6), zen, review=review)
    assert drill.count == "zen"
    counts = []
    for _ in range(90):
        q = drill.question
        counts.append(q.true_count)
        wrong = next(a for a in q.legal if a != q.answer)
        drill.answer(wrong)  # missed: kept in the review, and named with its system
    assert counts.count(5) >= 5 and -7 not in counts  # one in six: the review, then Zen's item
    assert all(item.endswith("@zen") for item in drill.score.missed)
    hi_lo = Drill(rules, chart(), "counts", random.Random(6), Indices((sixteen,)),
                  review=Counter({"16 v 10@+5@zen": 30}))
    for _ in range(60):
        q = hi_lo.question
        assert q.true_count is not None and abs(q.true_count - 1) <= 3  # never the Zen +5
        hi_lo.answer(q.answer)
    assert item_of(q) == item_of(q, "hi-lo") and "@" in item_of(q) and item_of(q).count("@") == 1


def test_an_index_question_never_deals_the_same_card_twice() -> None:
    rules = RULES["home"]  # one deck: a card is there once
    pairs = Index("pair", 10, 6, 4.2, "stand", "split")  # the up card is never one held
    tens = Index("pair", 10, 10, 6.0, "stand", "split")
    twelve = Index("hard", 12, 2, 3.1, "hit", "stand")
    drill = Drill(rules, cached_analysis(rules).chart, "counts", random.Random(1),
                  Indices((pairs, tens, twelve)))
    for _ in range(300):
        q = drill.question
        cards = [*q.cards, q.up]
        assert len({str(c) for c in cards}) == 3, cards
        drill.answer(q.answer)


@pytest.mark.parametrize("kind", ["all", "pairs", "soft"])
def test_a_chart_question_never_deals_the_same_card_twice(kind: str) -> None:
    drill = Drill(RULES["home"], cached_analysis(RULES["home"]).chart, kind, random.Random(5))
    for _ in range(400):
        q = drill.question
        cards = [*q.cards, q.up]
        assert len({str(c) for c in cards}) == 3, cards
        drill.answer(q.answer)
