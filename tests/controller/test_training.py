"""The count drills' scorers on fixed (seeded) shoes: each answer scored against the cards."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from blackjack_tui.analysis.counting import Spread, true_count
from blackjack_tui.controller.training import DRILLS
from blackjack_tui.controller.training.base import Tally, parse_whole
from blackjack_tui.controller.training.decks import DeckDrill
from blackjack_tui.controller.training.pairs import PairsDrill
from blackjack_tui.controller.training.ramp import BetRampDrill
from blackjack_tui.controller.training.running import MODES, PACES, RunningCountDrill
from blackjack_tui.controller.training.tags import count_of, count_words, tag_of
from blackjack_tui.controller.training.true_count import TrueCountDrill, TrueCountQuestion
from blackjack_tui.engine.cards import DECK, Card


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_hi_lo_tags_through_the_one_function():
    tags = {card.rank: tag_of(card) for card in DECK}
    assert tags == {"2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0,
                    "T": -1, "J": -1, "Q": -1, "K": -1, "A": -1}
    assert count_of(DECK) == 0


def test_drill_names_are_the_cli_names():
    assert list(DRILLS) == ["strategy", "indices", "running-count", "true-count", "decks",
                            "bet-ramp", "pairs"]


def play_out(drill: RunningCountDrill) -> list[Card]:
    seen: list[Card] = []
    while (group := drill.next_group()) is not None:
        assert 1 <= len(group) <= 3
        seen += group
    return seen


@pytest.mark.parametrize("mode", MODES)
def test_running_count_scores_the_count_of_the_cards_shown(mode):
    clock = Clock()
    drill = RunningCountDrill(mode, random.Random(7), clock)
    seen = play_out(drill)
    assert drill.done and seen == list(drill.run.cards)
    run = drill.run
    if mode == "missing":
        assert len(seen) == 51 and run.missing not in seen
        # The missing card's tag is minus the count of the rest (Hi-Lo is balanced).
        assert run.answer == tag_of(run.missing) == -count_of(seen)
    else:
        assert run.answer == count_of(seen)
        assert {"round": (8, 14), "deck": (26, 51), "shoe": (60, 100)}[mode][0] <= len(seen) \
            <= {"round": (8, 14), "deck": (26, 51), "shoe": (60, 100)}[mode][1]
    clock.now += 4.5
    verdict = drill.answer(count_words(run.answer + 1))
    assert not verdict.right and verdict.expected == f"{int(run.answer):+d}"
    assert drill.tally.missed == [verdict.item]
    play_out(drill)
    clock.now += 1.5
    assert drill.answer(str(drill.run.answer)).right
    assert (drill.tally.asked, drill.tally.right, drill.tally.seconds) == (2, 1, 6.0)


def test_running_count_seeded_is_the_same_twice_and_known():
    one = RunningCountDrill("round", random.Random(3))
    two = RunningCountDrill("round", random.Random(3))
    assert one.run == two.run
    # The seed's first run, worked out by hand from its cards:
    cards = one.run.cards
    assert one.run.answer == sum(1 if c.value in (2, 3, 4, 5, 6) else -1
                                 if c.value in (1, 10) else 0 for c in cards)


def test_running_count_pace_and_bad_answers():
    drill = RunningCountDrill("round", random.Random(1))
    assert drill.seconds == 1.0
    for _ in range(20):
        drill.faster()
    assert drill.seconds == PACES[0]
    for _ in range(20):
        drill.slower()
    assert drill.seconds == PACES[-1]
    play_out(drill)
    with pytest.raises(ValueError, match="whole number"):
        drill.answer("three")
    assert drill.tally.asked == 0  # a mistake in the typing is not scored
    with pytest.raises(ValueError):
        RunningCountDrill("casino")


def test_true_count_within_half_is_right_and_says_the_simulators_figure():
    drill = TrueCountDrill(random.Random(5))
    drill.question = TrueCountQuestion(decks=6, quarters_left=12, running=8)  # 3 decks left
    verdict = drill.answer("2.5")
    assert verdict.right and "+2.67" in verdict.note
    assert "simulator counts +2 (floor)" in verdict.note
    drill.question = TrueCountQuestion(decks=6, quarters_left=12, running=8)
    assert not drill.answer("2").right  # 0.67 off
    drill.question = TrueCountQuestion(decks=8, quarters_left=10, running=-7)  # 2.5 left: -2.8
    verdict = drill.answer("-3")
    assert verdict.right and "-2.8" in verdict.note and "counts -3 (floor)" in verdict.note
    assert (drill.tally.asked, drill.tally.right) == (3, 2)


def test_true_count_seeded_questions_score_against_the_exact_quotient():
    drill = TrueCountDrill(random.Random(11))
    for _ in range(50):
        q = drill.question
        assert q.decks * 4 > q.quarters_left >= 2
        exact = Fraction(q.running * 4, q.quarters_left)
        assert q.simulator == true_count(q.running, q.quarters_left * 13, "floor")
        assert drill.answer(str(float(exact) + 0.49)).right
    assert drill.tally.right == 50
    with pytest.raises(ValueError, match="true count"):
        drill.answer("lots")


def test_deck_estimation_to_the_quarter():
    drill = DeckDrill(random.Random(2))
    for _ in range(40):
        q = drill.question
        discarded = Fraction(q.quarters_discarded, 4)
        expected = discarded if q.ask == "discarded" else q.decks - discarded
        assert drill.answer(str(float(expected))).right
        q = drill.question
        expected = Fraction(q.quarters_discarded, 4) if q.ask == "discarded" else \
            q.decks - Fraction(q.quarters_discarded, 4)
        verdict = drill.answer(str(float(expected + Fraction(1, 4))))
        assert not verdict.right and "over" in verdict.note
    assert (drill.tally.asked, drill.tally.right) == (80, 40)


def test_deck_estimation_takes_decks_from_none_to_the_shoe_and_scores_nothing_else():
    drill = DeckDrill(random.Random(2))
    q = drill.question
    for typed, says in (("-0.5", "holds 0 to"), (str(q.decks + 1), "holds 0 to"),
                        ("lots", "decks are a number")):
        with pytest.raises(ValueError, match=says):
            drill.answer(typed)
    assert drill.tally.asked == 0 and drill.question == q  # asked again, nothing scored
    q = drill.question
    expected = Fraction(q.quarters_discarded, 4) if q.ask == "discarded" else \
        q.decks - Fraction(q.quarters_discarded, 4)
    off = drill.answer(str(float(expected + 1)) if expected + 1 <= q.decks else
                       str(float(expected - 1)))
    assert " 1 deck " in off.note  # one deck off: "deck", not "decks"


def test_bet_ramp_answers_the_spread_units():
    spread = "1:1,2:2,3:4,4:8,5:12"
    drill = BetRampDrill(spread, random.Random(4))
    parsed = Spread.parse(spread)
    seen = set()
    for _ in range(60):
        tc = drill.question.true_count
        seen.add(tc)
        assert drill.answer(str(parsed.units_at(tc))).right
    assert min(seen) <= 0 and max(seen) >= 6  # below the ramp and past its top
    expected = {-1: 1, 1: 1, 2: 2, 3: 4, 4: 8, 5: 12, 9: 12}
    for tc, units in expected.items():
        drill.question = type(drill.question)(tc, parsed.units_at(tc))
        assert drill.answer(str(units)).right
        drill.question = type(drill.question)(tc, parsed.units_at(tc))
        assert not drill.answer(str(units + 1)).right
    assert drill.question.units == parsed.units_at(drill.question.true_count)
    assert isinstance(drill.question.units, Decimal)
    with pytest.raises(ValueError, match="TC:UNITS"):
        BetRampDrill("1-1")


def test_pairs_net_tag():
    drill = PairsDrill(random.Random(9))
    for _ in range(60):
        a, b = drill.pair
        net = tag_of(a) + tag_of(b)
        assert -2 <= net <= 2
        assert drill.answer(str(net)).right
    assert drill.tally.right == 60
    drill.pair = (Card("KS"), Card("5H"))
    assert drill.answer("0").right
    drill.pair = (Card("AS"), Card("TH"))
    verdict = drill.answer("+2")
    assert not verdict.right and verdict.expected == "-2" and verdict.item == "AT"


def test_tally_attempt_and_parse():
    clock = Clock()
    tally = Tally("pairs", clock)
    assert tally.attempt() is None
    assert parse_whole(" +3 ") == 3 and parse_whole("−2") == -2
    with pytest.raises(ValueError):
        parse_whole("3.5")


# Tags typed in from the published tables (Bryce Carlson's Omega II; Arnold Snyder's Red 7), not
# read from the engine's: the drills count in the player's own system.
OMEGA_II = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 1, 8: 0, 9: -1, 10: -2}


def test_the_count_drills_count_in_the_players_system():
    from blackjack_tui.controller.training.tags import drill_system

    assert drill_system("zen") == "zen" and drill_system("Omega II") == "omega-ii"
    assert drill_system("ko") == "ko" and drill_system("red-7") == "red-7"
    assert drill_system("halves") == "halves" and drill_system("Wong Halves") == "halves"
    assert drill_system("no such count") == "hi-lo"
    for mode in MODES:
        drill = RunningCountDrill(mode, rng=random.Random(f"omega {mode}"), system="omega-ii")
        run = drill.run
        if run.missing is not None:
            assert run.answer == OMEGA_II[run.missing.value]
        else:
            assert run.answer == sum(OMEGA_II[c.value] for c in run.cards)
        verdict = drill.answer(f"{int(run.answer):+d}")
        assert verdict.right, (mode, verdict)


def test_red_7_tags_a_seven_by_its_colour_in_the_drills():
    assert tag_of(Card("7H"), "red-7") == 1 and tag_of(Card("7D"), "red-7") == 1
    assert tag_of(Card("7S"), "red-7") == 0 and tag_of(Card("5S"), "red-7") == 1


def test_pairs_in_a_level_two_count_net_up_to_four():
    drill = PairsDrill(rng=random.Random(3), system="omega-ii")
    assert drill.answers == tuple(range(-4, 5))
    assert PairsDrill(system="hi-lo").answers == (-2, -1, 0, 1, 2)
    for _ in range(40):
        a, b = drill.pair
        net = OMEGA_II[a.value] + OMEGA_II[b.value]
        assert drill.net == net
        assert drill.answer(str(net)).right


# Wong Halves' tags typed in from Wong's table (Professional Blackjack): halves, kept exact.
HALVES = {1: Fraction(-1), 2: Fraction(1, 2), 3: Fraction(1), 4: Fraction(1),
          5: Fraction(3, 2), 6: Fraction(1), 7: Fraction(1, 2), 8: Fraction(0),
          9: Fraction(-1, 2), 10: Fraction(-1)}


def halves_words(value: Fraction) -> str:
    """A count in halves as a player types it: ``-3.5``, ``+2``."""
    return f"{float(value):+.1f}".replace(".0", "")


@pytest.mark.parametrize("mode", MODES)
def test_running_count_in_wong_halves_counts_in_halves_exactly(mode):
    drill = RunningCountDrill(mode, rng=random.Random(f"halves {mode}"), system="halves")
    for _ in range(6):
        run = drill.run
        play_out(drill)
        if run.missing is not None:
            expected = HALVES[run.missing.value]
        else:
            expected = sum((HALVES[c.value] for c in run.cards), Fraction(0))
        assert run.answer == expected and isinstance(run.answer, Fraction)
        verdict = drill.answer(halves_words(expected))
        assert verdict.right, (mode, verdict)
        assert verdict.expected == halves_words(expected)


def test_halves_answers_are_typed_in_halves_and_a_miss_says_the_exact_count():
    drill = RunningCountDrill("round", random.Random(11), system="halves")
    # A run whose count has a half (seeded runs until one does).
    while drill.run.answer.denominator == 1:
        drill.run = drill.deal()
    play_out(drill)
    answer = drill.run.answer
    whole = answer - Fraction(1, 2)  # the whole number next to it: a miss by a half
    verdict = drill.answer(f"{int(whole):+d}")
    assert not verdict.right and verdict.expected == halves_words(answer)
    assert "." in verdict.expected and f"running count {halves_words(answer)}" in verdict.note
    play_out(drill)
    for bad in ("3.25", "three", "1/2", "nan"):
        with pytest.raises(ValueError, match=r"in halves such as -3\.5"):
            drill.answer(bad)
    assert drill.tally.asked == 1  # a mistake in the typing is not scored
    right = drill.run.answer
    assert drill.answer(halves_words(right).replace(".", ",")).right  # 3,5 as well as 3.5
    # A whole count still takes whole numbers only.
    hi_lo = RunningCountDrill("round", random.Random(1))
    play_out(hi_lo)
    with pytest.raises(ValueError, match="whole number"):
        hi_lo.answer("2.5")


def test_pairs_in_wong_halves_net_minus_two_to_three_by_halves():
    drill = PairsDrill(rng=random.Random(5), system="halves")
    assert drill.answers == tuple(Fraction(n, 2) for n in range(-4, 7))
    for _ in range(60):
        a, b = drill.pair
        net = HALVES[a.value] + HALVES[b.value]
        assert drill.net == net
        assert drill.answer(halves_words(net)).right
    a, b = drill.pair
    wrong = drill.answer(halves_words(HALVES[a.value] + HALVES[b.value] + Fraction(1, 2)))
    assert not wrong.right and drill.tally.asked == 61


@pytest.mark.parametrize(("system", "step", "largest"),
                         [("halves", Fraction(1, 2), 1.5), ("omega-ii", 1, 2), ("hi-lo", 1, 1)])
def test_the_true_count_drill_counts_in_the_chosen_balanced_system(system, step, largest):
    drill = TrueCountDrill(random.Random(8), system=system)
    assert drill.system == system
    biggest = 0
    for _ in range(200):
        q = drill.question
        assert q.running % step == 0  # in the count's own steps: halves in Wong Halves
        biggest = max(biggest, abs(q.running / q.decks_left))
        assert q.simulator == true_count(int(q.running * q.scale), q.quarters_left * 13,
                                         "floor", q.scale)
        assert drill.answer(count_words(q.running / q.decks_left)
                            if (q.running / q.decks_left).denominator <= 2 else
                            str(float(q.running / q.decks_left))).right
    # Hi-Lo's true counts run to about +8; a count whose tags run to 2 (or 1.5), twice (1.5×) as
    # far (a running count rounded to its step moves a true count over half a deck by up to 1).
    assert 0.8 * 8 * largest <= biggest <= 8 * largest + 1


def test_the_true_count_drill_counts_hi_lo_for_an_unbalanced_count():
    assert TrueCountDrill(random.Random(1), system="ko").system == "hi-lo"
    assert TrueCountDrill(random.Random(1), system="red-7").system == "hi-lo"
