"""The plain drills in the process: every drill has its plain sitting, each question is one line
ending in ``?``, the running count waits the pace between groups (and only between), and a
sitting interrupted (ctrl+c) is still kept."""

from __future__ import annotations

import io
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from blackjack_tui.controller.game import Game, GameOptions
from blackjack_tui.controller.training import DRILLS
from blackjack_tui.controller.training.base import Verdict
from blackjack_tui.plain.drill_words import a_shoe, decks_words, verdict_line
from blackjack_tui.plain.drills import sitting
from blackjack_tui.plain.drills.base import Quiz
from blackjack_tui.plain.drills.running import RunningCountSitting
from blackjack_tui.plain.train import Trainer


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Game]:
    opened = Game.open(GameOptions(data_dir=tmp_path))
    yield opened
    opened.close()


def trainer(game: Game, lines: list[str], sleeps: list[float] | None = None) -> Trainer:
    typed = iter(lines)
    return Trainer(game, out=io.StringIO(), read_line=lambda: next(typed, None),
                   sleep=(sleeps.append if sleeps is not None else lambda _: None), seed=11)


def said(t: Trainer) -> list[str]:
    out = t.out
    assert isinstance(out, io.StringIO)
    return out.getvalue().splitlines()


def test_every_drill_of_the_menu_has_a_plain_sitting(game: Game) -> None:
    t = trainer(game, [])
    for name in DRILLS:
        assert sitting(t, name) is not None, f"{name} has no plain sitting"


@pytest.mark.parametrize("name", ["true-count", "decks", "bet-ramp", "pairs"])
def test_each_question_is_one_line_of_words_ending_in_a_question_mark(name: str,
                                                                     game: Game) -> None:
    t = trainer(game, [])
    found = sitting(t, name)
    assert isinstance(found, Quiz)
    for _ in range(200):
        line = found.question()
        assert "\n" not in line and line.endswith("?") and line.isascii(), line
        assert line[0].isupper()
        found.drill.answer("0")  # (the next question)


def test_the_running_count_waits_the_pace_between_groups_only(game: Game) -> None:
    sleeps: list[float] = []
    t = trainer(game, ["slower", "", "+1", "quit"], sleeps)
    found = sitting(t, "running-count")
    assert isinstance(found, RunningCountSitting)
    groups = None
    assert found.run() is False
    lines = said(t)
    assert "1.5 s a group." in lines
    start = lines.index("Next: a deck, stopped part way, 1.5 s a group. Deal? (enter)") + 1
    end = next(i for i, line in enumerate(lines) if line.startswith("All dealt"))
    groups = lines[start:end]
    assert len(groups) >= 9  # (26 cards at least, three at most a line)
    assert sleeps == [1.5] * (len(groups) - 1)
    assert lines[end + 1].startswith(("Right: +1", "Not quite: the count is "))
    assert lines[-1].startswith("Running count: ")
    assert lines[-1].endswith(" s a question. Kept with your progress.")


def test_a_sitting_interrupted_by_ctrl_c_keeps_what_was_answered(game: Game) -> None:
    answers = iter(["0", "1"])

    def read() -> str | None:
        line = next(answers, None)
        if line is None:
            raise KeyboardInterrupt
        return line

    t = Trainer(game, out=io.StringIO(), read_line=read, seed=2)
    with pytest.raises(KeyboardInterrupt):
        t.run("pairs")
    rows, _ = game.store.drill_attempts("pairs")
    assert [(r.asked, r.drill) for r in rows] == [(2, "pairs")]
    assert said(t)[-1].endswith("Kept with your progress.")


def test_the_menu_takes_numbers_and_names_and_says_one_line_for_anything_else(
        game: Game) -> None:
    t = trainer(game, ["9", "baccarat", "help", "5", "menu", "progress", "quit"])
    assert t.run() == 0
    lines = said(t)
    assert lines.count("'9' is not a drill: type 1 to 7, or one of " + ", ".join(DRILLS) +
                       ".") == 1
    assert any(line.startswith("'baccarat' is not a drill") for line in lines)
    assert any(line.startswith("Deck estimation: how full the discard tray is") for line in lines)
    assert "Deck estimation: no answers, nothing kept." in lines
    assert "No sittings kept yet." in lines
    assert lines[-1] == "Goodbye."


def test_the_words_of_the_tray_and_the_verdicts() -> None:
    assert [decks_words(Fraction(q, 4)) for q in (1, 2, 3, 4, 9, 10, 11)] == [
        "a quarter of a deck", "half a deck", "three quarters of a deck", "1 deck",
        "2 and a quarter decks", "2 and a half decks", "2 and three quarters decks"]
    assert (a_shoe(8), a_shoe(6)) == ("An 8-deck shoe", "A 6-deck shoe")
    right = Verdict(True, "+3", "+3", "n")
    wrong = Verdict(False, "+3", "+2", "n")
    assert verdict_line(right, "the count is {}") == "Right: +3."
    assert verdict_line(wrong, "the count is {}", "40 cards") == \
        "Not quite: the count is +2, you said +3; 40 cards."


def test_the_index_drill_says_whose_index_plays_and_asks_each_with_its_count(game: Game) -> None:
    t = trainer(game, ["stand", "kind hard", "s", "quit"])
    found = sitting(t, "indices")
    assert found is not None and found.run() is False
    lines = said(t)
    assert "The index plays of Hi-Lo, by the true count." in lines
    asked = [line for line in lines if line.startswith("True count ")]
    assert len(asked) == 2 and all(" against the dealer's " in line for line in asked)
    assert "Drilling hard totals." in lines
    assert lines[-1].startswith("Basic strategy: ")  # (the kind drilled last, as the screen)
    rows, _ = game.store.drill_attempts()
    assert [(r.drill, r.asked) for r in rows] == [("strategy", 2)]
