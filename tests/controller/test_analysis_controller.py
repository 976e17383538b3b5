"""The hint, the coach, the Hi-Lo count and the drill, through the controller (no UI)."""

from __future__ import annotations

import asyncio
import random
from decimal import Decimal

import pytest

from blackjack_tui.analysis.cache import cached_analysis
from blackjack_tui.controller.coach import Coach, Verdict
from blackjack_tui.controller.controller import RoundController
from blackjack_tui.controller.count import HiLoCount, hi_lo
from blackjack_tui.controller.drill import Drill, kind_of
from blackjack_tui.controller.session import Session
from blackjack_tui.engine.actions import Action
from blackjack_tui.engine.cards import parse_card, parse_cards
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.rulesets import load_all

RULES, _ = load_all()


class Quiet:
    def show(self, view, event) -> None:  # type: ignore[no-untyped-def]
        pass

    def ask(self, decision) -> None:  # type: ignore[no-untyped-def]
        pass


def table(cards: list[str], rules: str = "nordic") -> RoundController:
    session = Session(RULES[rules], Decimal(1000), seed=1)
    session.shoe = Shoe.stacked(cards)
    return RoundController(session, Quiet(), "instant")


async def until_asked(controller: RoundController) -> None:
    for _ in range(100):
        if controller.decision is not None:
            return
        await asyncio.sleep(0)
    raise AssertionError("no decision came")


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BLACKJACK_TUI_CACHE_DIR", str(tmp_path))


async def test_hint_for_the_hand_in_play() -> None:
    # Box: 10+6 against a 6 up (hole 9): stand is best, and every legal action has an EV.
    controller = table(["TS", "6D", "6H", "9C", "5C"])
    assert controller.hint() is None  # no round yet
    task = asyncio.create_task(controller.play([Decimal(10)]))
    await until_asked(controller)
    advice = controller.hint()
    assert advice is not None and advice.best == "stand"
    assert [a for a, _ in advice.ranked] == ["stand", "hit", "double"]
    assert advice.stake == Decimal(10)
    assert advice.cost("stand") == 0 and advice.cost("hit") > 0.2
    controller.decide(Action.parse("stand"))
    await task


async def test_coach_tallies_a_wrong_play_and_its_cost() -> None:
    # 10+6 against a 6: hitting is a mistake (and here busts on the 10).
    controller = table(["TS", "6D", "6H", "9C", "TC", "5D"])
    controller.coach = Coach()
    verdicts: list[Verdict] = []
    controller.on_verdict = verdicts.append
    task = asyncio.create_task(controller.play([Decimal(10)]))
    await until_asked(controller)
    expected = controller.hint()
    controller.decide(Action.parse("hit"))
    await task
    (verdict,) = verdicts
    assert verdict.mistake and verdict.best == "stand" and verdict.action == "hit"
    assert verdict.cost == pytest.approx(expected.cost("hit"))
    assert verdict.money == (Decimal(repr(verdict.cost)) * 10).quantize(Decimal("0.01"))
    coach = controller.coach
    assert (coach.decisions, coach.mistakes, coach.cost) == (1, 1, verdict.money)
    assert "1 decision · 1 mistake" in coach.summary()


async def test_coach_counts_a_right_play_as_no_mistake() -> None:
    controller = table(["TS", "6D", "6H", "9C", "5C"])
    controller.coach = Coach()
    task = asyncio.create_task(controller.play([Decimal(1)]))
    await until_asked(controller)
    controller.decide(Action.parse("stand"))
    await task
    assert (controller.coach.decisions, controller.coach.mistakes) == (1, 0)
    assert controller.coach.cost == 0


async def test_the_count_sees_each_card_once_and_the_hole_card_when_revealed() -> None:
    # Box 5+4, dealer up 6 with hole 9 (face down until the dealer's turn), then stand.
    controller = table(["5S", "6D", "4H", "9C", "KD"])
    task = asyncio.create_task(controller.play([Decimal(1)]))
    await until_asked(controller)
    # 5, 6 and 4 are +1 each; the hole card is not counted yet.
    assert controller.count_view().running == 3 and controller.count.seen == 3
    controller.decide(Action.parse("stand"))
    await task
    # The 9 revealed counts 0; the dealer's 15 draws the K: -1.
    assert controller.count.running == 2 and controller.count.seen == 5


def test_the_count_resets_at_the_shuffle_and_reads_the_shoe() -> None:
    count = HiLoCount()
    for text in ("2S", "3S", "KD", "AC", "7H", "5D"):
        count.observe(Event("card", 1, 1, parse_card(text)))
    count.observe(Event("hole", 0, 0, parse_card("2C")))  # face down: not counted
    assert (count.running, count.seen) == (1, 6)
    view = count.view(remaining=156, total=312)
    assert view.true_count == pytest.approx(1 / 3) and view.penetration == 0.5
    count.observe(Event("shuffle"))
    assert (count.running, count.seen) == (0, 0)
    assert [hi_lo(c) for c in parse_cards(["AS", "2S", "6S", "7S", "9S", "TS", "KS"])] == \
        [-1, 1, 1, 0, 0, -1, -1]


async def test_the_count_resets_when_the_table_shuffles_between_rounds() -> None:
    session = Session(RULES["online"], Decimal(1000), seed=4)  # a shuffle before every round
    controller = RoundController(session, Quiet(), "instant")
    for _ in range(2):
        task = asyncio.create_task(controller.play([Decimal(1)]))
        while not task.done():
            if controller.decision is not None:
                controller.decide(Action.parse("stand"))
            await asyncio.sleep(0)
        rnd = task.result()
        shown = [c for c in rnd.table_cards() if not (rnd.rules.hole_card == "peek"
                                                       and c is rnd.dealer.cards[1]
                                                       and rnd.hole_hidden)]
        assert controller.count.seen == len(shown)
        assert controller.count.running == sum(hi_lo(c) for c in shown)


def test_drill_scores_answers_and_breaks_errors_down_by_kind() -> None:
    rules = RULES["nordic"]
    chart = cached_analysis(rules).chart
    drill = Drill(rules, chart, "pairs", random.Random(2))
    for _ in range(5):
        assert drill.question.kind == "pairs"
        drill.answer(drill.question.answer)
    wrong = next(a for a in drill.question.legal if a != drill.question.answer)
    right, asked = drill.answer(wrong)
    assert not right and asked.kind == "pairs"
    score = drill.score
    assert (score.asked, score.right) == (6, 5)
    assert score.errors == {"hard": 0, "soft": 0, "pairs": 1, "counts": 0}
    drill.set_kind("soft")
    assert drill.question.kind == "soft" and kind_of(rules, list(drill.question.cards)) == "soft"
    with pytest.raises(ValueError):
        drill.answer("surrender")  # not legal at this table
    with pytest.raises(ValueError):
        drill.set_kind("jokers")


def test_drill_answers_are_the_charts() -> None:
    rules = RULES["nordic"]
    drill = Drill(rules, cached_analysis(rules).chart, "hard", random.Random(5))
    seen = 0
    while seen < 200:
        q = drill.question
        total = sum(c.value for c in q.cards)
        if total == 16 and q.up.value == 10:
            assert q.answer == "hit"
        if total == 11 and q.up.value in (2, 3, 4, 5, 6):
            assert q.answer == "double"
        if total >= 17:
            assert q.answer == "stand"
        drill.answer(q.answer)
        seen += 1


async def test_hint_for_a_bet_on_box_two_only() -> None:
    # Box numbers skip empty boxes: the only box in play is number 2.
    controller = table(["TS", "6D", "6H", "9C", "5C"])
    task = asyncio.create_task(controller.play([None, Decimal(1)]))
    await until_asked(controller)
    assert controller.decision.box == 2
    assert controller.hint().best == "stand"
    controller.decide(Action.parse("stand"))
    await task


def test_counts_drill_asks_index_plays_with_the_count_shown() -> None:
    from blackjack_tui.analysis.indices import Index, Indices

    rules = RULES["nordic"]
    chart = cached_analysis(rules).chart
    sixteen = Index("hard", 16, 10, 0.4, "hit", "stand")
    insurance = Index("insurance", 0, 1, 3.2, "no-insurance", "insurance")
    drill = Drill(rules, chart, "counts", random.Random(5), Indices((sixteen, insurance)))
    seen = set()
    for _ in range(40):
        q = drill.question
        assert q.kind == "counts" and q.true_count is not None and q.index is not None
        assert abs(q.true_count - q.index.number) <= 3
        if q.index is sixteen:
            assert sum(c.value for c in q.cards) == 16 and q.up.value == 10
            assert q.answer == ("stand" if q.true_count >= 0 else "hit")  # the index: 0
        else:
            assert q.up.is_ace and q.legal == ("insurance", "no-insurance")
            assert q.answer == ("insurance" if q.true_count >= 3 else "no-insurance")
        seen.add(q.index.kind)
        drill.answer(q.answer)
    assert seen == {"hard", "insurance"}
    assert drill.score.right == 40 and drill.score.asked_by_kind["counts"] == 40


async def test_hint_says_when_the_count_turns_the_play(tmp_path) -> None:
    from blackjack_tui.analysis import indices as ix
    from blackjack_tui.analysis.cache import _write, indices_file
    from blackjack_tui.controller.strategy import advise

    rules = RULES["nordic"]
    # The table's index plays as the cache would hold them: 16 v 10 turns to stand at +0.4.
    turns = ix.Indices((ix.Index("hard", 16, 10, 0.4, "hit", "stand"),
                        ix.Index("insurance", 0, 1, 3.2, "no-insurance", "insurance")))
    _write(indices_file(rules), ix.to_json(turns))
    # Box: 10+6 against a 10 up (hole 7); cards go box, up card, box, hole card.
    controller = table(["TS", "TH", "6D", "7C", "5C"])
    task = asyncio.create_task(controller.play([Decimal(10)]))
    await until_asked(controller)
    rnd, decision = controller.session.round, controller.decision
    assert rnd is not None and decision is not None
    assert advise(rnd, decision, -1.0).note is None  # below the index: the chart's play stands
    note = advise(rnd, decision, 2.0).note
    assert note is not None and "stand" in note and "+2.0" in note
    assert advise(rnd, decision, 0.0).note is not None  # the index rounds the turn to 0
    assert advise(rnd, decision).note is None  # no count kept: nothing to say
    controller.decide(Action.parse("stand"))
    await task


async def test_insurance_hint_from_the_cards_in_sight() -> None:
    # Box: 10+9 against an ace up: insurance is asked; from a full shoe it is a bad bet.
    controller = table(["TS", "AH", "9D", "7C", "5C"])
    task = asyncio.create_task(controller.play([Decimal(10)]))
    await until_asked(controller)
    assert controller.decision is not None and controller.decision.kind == "insurance"
    advice = controller.hint()
    assert advice is not None and advice.best == "no-insurance"
    shoe_tens = 24 * 4 - 1  # six decks less the box's ten
    left = 312 - 3
    # Per unit of the bet: the insurance stake is half of it.
    assert advice.ev("insurance") == pytest.approx(0.5 * (3 * shoe_tens / left - 1))
    controller.decide(Action.parse("no-insurance"))
    while controller.decision is not None or not task.done():
        if controller.decision is not None:
            controller.decide(Action.parse("stand"))
        await asyncio.sleep(0)
    await task
