"""The plain mode (``--narrate``) played on a pseudo-terminal, whole rounds at each table, as a
person with a screen reader would: every event a sentence, every question a prompt answered with
a word or a key; the data folder's ``audit`` agrees afterwards."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.plain.pty_driver import drive

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
CHILD = str(Path(__file__).with_name("narrate_child.py"))
ROOT = Path(__file__).resolve().parents[2]
ESC = "\x1b"


def scripted(*typed: str | None, then: Callable[[str], str | None] | None = None
             ) -> Callable[[str], str | None]:
    """Answers in order; after them ``then`` (else the end of input, which quits)."""
    queue = list(typed)

    def answer(prompt: str) -> str | None:
        if queue:
            return queue.pop(0)
        return then(prompt) if then else None
    return answer


def cautious(rounds: int, after: tuple[str, ...] = ()) -> Callable[[str], str | None]:
    """Deal ``rounds`` rounds standing on everything, declining every side bet; then ``after``."""
    dealt = 0
    queue = list(after)

    def answer(prompt: str) -> str | None:
        nonlocal dealt
        if "Deal (enter)" in prompt:
            if dealt < rounds:
                dealt += 1
                return ""
            return queue.pop(0) if queue else None
        if "Yes or no" in prompt:
            return "yes"
        return "s" if "Stand" in prompt or "stand" in prompt else "n"
    return answer


def audited(folder: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "blackjack_tui", "audit", "--data-dir",
                           str(folder)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def play(folder: Path, rules: str, cards: str, answer: Callable[[str], str | None]) -> str:
    text, status = drive([CHILD, str(folder), rules, *cards.split()], answer)
    assert status == 0, text
    assert ESC not in text, "plain mode writes no escape sequences (no colour, no cursor)"
    return text


def test_a_split_at_the_nordic_table_is_told_hand_by_hand(tmp_path: Path) -> None:
    text = play(tmp_path, "nordic", "8S 6H 8D TC 3C TS 9H",
                scripted("bet 10", "", "split", "stand", "s"))
    for sentence in ("Box 1: eight of spades.", "Dealer shows the six of hearts.",
                     "Box 1: eight of spades, eight of diamonds, 16.",
                     "Dealer takes a card face down.",
                     "Box 1: 16 against the six of hearts. Hit, stand, double or split? (h s d p)",
                     "Box 1 splits.", "Box 1, hand 1: eight of spades, three of clubs, 11.",
                     "Box 1, hand 1 stands on 11.", "Box 1, hand 2: eight of diamonds, ten of "
                     "spades, 18.", "Dealer turns the ten of clubs: 16.",
                     "Dealer draws the nine of hearts: 25, bust.", "Dealer busts with 25.",
                     "Box 1, hand 1 wins 10.", "Box 1, hand 2 wins 10.",
                     "Box 1, hand 2: 18 against the six of hearts. Hit, stand or double? (h s d)",
                     "Round +20. Bankroll 1020."):
        assert sentence in text
    assert "Goodbye. Everything is saved." in text
    audited(tmp_path)


def test_insurance_at_the_swedish_table_is_asked_at_the_banks_turn_and_paid(
        tmp_path: Path) -> None:
    text = play(tmp_path, "swedish", "TS AH 9S KD", scripted("bet 20", "", "stand", "yes"))
    asked = text.index("Box 1: insurance for 10 against the dealer's ace? It pays 2 to 1. "
                       "Insurance or no? (i n)")
    assert text.index("Box 1 stands on 19.") < asked
    assert "Box 1 takes insurance for 10." in text
    assert "Dealer draws the king of diamonds: blackjack." in text
    assert "Insurance on box 1 wins 20." in text
    assert "Box 1 loses 20." in text
    assert "Round even. Bankroll 1000." in text
    audited(tmp_path)


def test_even_money_at_the_online_table_is_taken_with_a_word(tmp_path: Path) -> None:
    text = play(tmp_path, "online", "AS AD KS 5C", scripted("", "even money"))
    assert ("Box 1: blackjack against an ace. Take even money? Even money or no? (e n)"
            in text)
    assert "Box 1: ace of spades, king of spades, blackjack." in text
    assert "Box 1 takes even money." in text
    assert "Round +" in text
    audited(tmp_path)


def test_a_home_evening_with_two_computer_players_keeps_its_ledger(tmp_path: Path) -> None:
    text = play(tmp_path, "home", "", cautious(3, after=("ledger", "stats", "history")))
    assert "Computer players:" not in text  # seated by the line below, not at the start
    text = play(tmp_path, "home", "", scripted("players 2", then=cautious(3, ("ledger",))))
    assert "Computer players: " in text
    assert "Home evening, hand 3: You " in text
    assert text.count("Round ") + text.count("you hold the bank") >= 3
    audited(tmp_path)


def test_quitting_mid_round_keeps_the_round_and_the_next_start_finishes_it(
        tmp_path: Path) -> None:
    first = play(tmp_path, "nordic", "9S 6H 7D TC 5C", scripted("bet 10", "", "quit"))
    assert "The round in play is saved" in first
    again = play(tmp_path, "nordic", "", scripted("h", "s"))
    assert "Back at the round in play, where it was:" in again
    assert "Box 1: nine of spades, seven of diamonds, 16." in again
    assert "Box 1: nine of spades, seven of diamonds, five of clubs, 21." in again
    assert "Round +10. Bankroll 1010." in again
    audited(tmp_path)


@pytest.mark.parametrize("rules", ["vegas-strip", "atlantic-city", "downtown-h17"])
def test_the_command_line_narrates_rounds_at_the_reference_tables(
        rules: str, tmp_path: Path) -> None:
    argv = ["-m", "blackjack_tui", "--narrate", "--rules", rules, "--seed", "27",
            "--data-dir", str(tmp_path)]
    text, status = drive(argv, cautious(2, after=("rules", "count", "hint")), timeout=180)
    assert status == 0, text
    assert ESC not in text
    assert text.count("Round ") >= 2
    assert "The hint is for a decision in a round." in text
    assert "Count: running" in text
    audited(tmp_path)
