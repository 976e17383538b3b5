"""``blackjack-tui train --narrate``: the drills told as plain lines, played through the real
command line on a pseudo-terminal (or a pipe) as a person with a screen reader would: each
question a line ending in ``?``, each answer a typed line, each verdict one sentence; a bad answer
is one line and the question again; the end of the input leaves cleanly; every sitting lands in
the drills store, read back through the store's own functions."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from blackjack_tui.controller.training.tags import drill_system
from blackjack_tui.store import Store
from tests.plain.pty_driver import drive

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
ROOT = Path(__file__).resolve().parents[2]
ESC = "\x1b"
RANKS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "jack": 10, "queen": 10, "king": 10, "ace": 11}
CARD = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
                  r"(?:spades|hearts|diamonds|clubs)\b", re.IGNORECASE)


def hi_lo(text: str) -> int:
    """The Hi-Lo count of the cards spelled in ``text`` (written here, not taken from the
    game: 2-6 +1, 7-9 0, tens and aces -1)."""
    total = 0
    for rank in CARD.findall(text):
        value = RANKS[rank.lower()]
        total += 1 if value <= 6 else -1 if value >= 10 else 0
    return total


def train(folder: Path, *words: str, answer: Callable[[str], str | None],
          heard: list[str] | None = None) -> str:
    argv = ["-m", "blackjack_tui", "--data-dir", str(folder), "train", *words]
    text, status = drive(argv, answer, timeout=180, seen_lines=heard)
    assert status == 0, text
    assert ESC not in text, "the plain drills write no escape sequences (no colour, no cursor)"
    return text


def attempts(folder: Path, drill: str) -> list[tuple[int, int]]:
    """The sittings of ``drill`` kept in the data folder: (asked, right) each."""
    store = Store(folder)
    try:
        rows, notices = store.drill_attempts(drill)
    finally:
        store.close()
    assert notices == []
    return [(row.asked, row.correct) for row in rows]


def test_pairs_right_then_a_bad_answer_then_wrong_then_the_end_of_input_keeps_the_two_answers(
        tmp_path: Path) -> None:
    typed: list[str | None] = []

    def answer(prompt: str) -> str | None:
        if not prompt.endswith("the net tag?"):
            return None
        net = hi_lo(prompt)
        step = len(typed)
        said: str | None = [f"{net:+d}", "seven", f"{net + 1:+d}", None][min(step, 3)]
        typed.append(said)
        return said

    text = train(tmp_path, "--narrate", "pairs", "--seed", "27", answer=answer)
    lines = text.splitlines()
    assert "The count drills count in Hi-Lo." in lines[0]
    assert re.search(r"^[A-Z][a-z]+ of [a-z]+ and [a-z]+ of [a-z]+: the net tag\?$", text, re.M)
    assert re.search(r"^Right: [+-]\d; [a-z]+ of [a-z]+ and [a-z]+ of [a-z]+ net [+-]\d\.$", text,
                     re.M)
    bad = [line for line in lines if "'seven'" in line]
    assert bad == ["The net tag is a whole number such as -2, 0 or +3, not 'seven'."]
    after_bad = lines[lines.index(bad[0]) + 1]
    assert after_bad == lines[lines.index(bad[0]) - 2], "the same question is asked again"
    assert re.search(r"^Not quite: the net tag is ([+-]\d), you said [+-]\d; ", text, re.M)
    assert "Pairs cancelling: 1/2 right (50%); " in text
    assert "Kept with your progress." in text
    assert lines[-1] == "Goodbye. 1 sitting kept."
    assert "Traceback" not in text
    assert attempts(tmp_path, "pairs") == [(2, 1)]


def test_a_running_count_is_dealt_a_group_a_line_at_the_pace_set_and_kept(tmp_path: Path) -> None:
    heard: list[str] = []
    typed = iter(["pace 0.1", "mode round", "", "menu", None])

    def answer(prompt: str) -> str | None:
        if prompt.startswith("Next:"):
            return next(typed)
        if prompt.startswith("All dealt"):  # the count of the lines heard since the deal
            start = len(heard) - 1 - heard[::-1].index(
                "Next: one round's cards, 0.1 s a group. Deal? (enter)")
            return f"{hi_lo(' '.join(heard[start + 1:-1])):+d}"
        return "q" if prompt.startswith("Which drill?") else None

    text = train(tmp_path, "--narrate", "running-count", "--seed", "3", answer=answer,
                 heard=heard)
    lines = text.splitlines()
    assert "0.1 s a group." in lines
    dealt = lines.index("Next: one round's cards, 0.1 s a group. Deal? (enter)") + 1
    end = next(i for i, line in enumerate(lines) if line.startswith("All dealt"))
    groups = [g for g in lines[dealt:end] if g]  # (the terminal echoes the enter typed)
    assert all(re.fullmatch(r"[A-Z][a-z]+ of [a-z]+(, [a-z]+ of [a-z]+){0,2}\.", g)
               for g in groups), groups
    cards = sum(len(CARD.findall(g)) for g in groups)
    assert 8 <= cards <= 14
    assert lines[end] == f"All dealt, {cards} cards: the running count?"
    count = hi_lo(" ".join(groups))
    assert lines[end + 1:end + 3] == [f"{count:+d}", f"Right: {count:+d}; {cards} cards."]
    assert "Running count: 1/1 right (100%); " in text
    assert "The drills:" in text and lines[-1] == "Goodbye. 1 sitting kept."
    assert attempts(tmp_path, "running-count") == [(1, 1)]


def test_the_strategy_drill_names_the_play_in_words_and_refuses_a_word_that_is_not_one(
        tmp_path: Path) -> None:
    plays = iter(["fold", "stand", "h", "quit"])

    def answer(prompt: str) -> str | None:
        if "? (" in prompt and "against the dealer's" in prompt:
            return next(plays)
        return None

    text = train(tmp_path, "--narrate", "strategy", "--seed", "8", answer=answer)
    assert re.search(r"^[A-Z][a-z]+ of [a-z]+ and [a-z]+ of [a-z]+, (hard \d+|soft \d+|a pair), "
                     r"against the dealer's [a-z]+ of [a-z]+\. Hit, stand[a-z, ]*\? "
                     r"\(h s[a-z ]*\)$", text, re.M)
    assert re.search(r"^'fold' is not a play: type hit, stand[a-z, ]*, or help\.$", text, re.M)
    verdicts = re.findall(r"^(Right: [a-z ]+\.|Not quite: the chart says [a-z ]+, you said "
                          r"[a-z ]+\.)$", text, re.M)
    assert len(verdicts) == 2
    right = sum(v.startswith("Right") for v in verdicts)
    assert re.search(rf"^Basic strategy: {right}/2 right ", text, re.M)
    assert attempts(tmp_path, "strategy") == [(2, right)]


def test_an_unknown_drill_is_one_line_and_exit_2_in_the_plain_mode_too(tmp_path: Path) -> None:
    for extra, env in ((["--narrate"], {}), ([], {"BLACKJACK_TUI_NARRATE": "true"})):
        done = subprocess.run(
            [sys.executable, "-m", "blackjack_tui", "--data-dir", str(tmp_path), "train",
             *extra, "baccarat"], capture_output=True, text=True, timeout=120, cwd=ROOT,
            env={**os.environ, **env}, stdin=subprocess.DEVNULL)
        assert done.returncode == 2, done.stderr
        assert done.stdout == ""
        assert done.stderr.count("\n") == 1 and "no drill 'baccarat'" in done.stderr


HALVES = ("in Wong Halves (by halves: type -3.5 or +2)" if drill_system("halves") == "halves"
          else "in Hi-Lo (Wong Halves, your count, counts in halves; the drills take whole "
          "numbers)")
"""What the drills say of Wong Halves: counted in halves where the count drills take halves
(issue 26), else Hi-Lo, saying why."""


@pytest.mark.parametrize(("setting", "counted"), [
    ('narrate = true\ncount_system = "omega-ii"\n', "in Omega II"),
    ('narrate = true\ncount_system = "halves"\n', HALVES),
])
def test_narrate_true_in_the_config_file_makes_train_plain_counting_the_chosen_system(
        setting: str, counted: str, tmp_path: Path) -> None:
    config = tmp_path / "config" / "blackjack-tui"
    config.mkdir(parents=True)
    (config / "config.toml").write_text(setting, encoding="utf-8")
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("BLACKJACK_TUI_NARRATE", None)
    env.pop("BLACKJACK_TUI_COUNT_SYSTEM", None)
    done = subprocess.run(
        [sys.executable, "-m", "blackjack_tui", "--data-dir", str(tmp_path / "data"), "train",
         "pairs", "--seed", "5"], input="0\nmenu\nprogress\n", capture_output=True, text=True,
        timeout=120, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert ESC not in out, "a pipe gets no colour and no cursor"
    assert f"The count drills count {counted}." in out
    by_halves = drill_system("halves") == "halves"
    span = {"in Omega II": "-4 to +4", HALVES: "-2 to +3" if by_halves else "-2 to +2"}
    assert f"Pairs cancelling, {counted}: two cards at a time; type their net tag, " \
           f"{span[counted]}." in out
    assert "1. Basic strategy: name the play (strategy)." in out
    assert re.search(r"^Pairs cancelling: two cards, one net tag: 1 answer, (0|100)% right; "
                     r"\d{4}-\d\d-\d\d: [01]/1 right, ", out, re.M)
    assert out.splitlines()[-1] == "Goodbye. 1 sitting kept."
    assert attempts(tmp_path / "data", "pairs") == [(1, int("100%" in out))]


def test_bytes_that_are_not_words_are_one_line_and_the_menu_asks_again(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "blackjack_tui", "--data-dir", str(tmp_path), "train",
         "--narrate"], input=b"\xff\xfe\n7\n\x80\n", capture_output=True, timeout=120,
        cwd=ROOT)
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in out + done.stderr.decode("utf-8", "replace")
    assert "'\ufffd\ufffd' is not a drill: type 1 to 7" in out
    assert "The net tag is a whole number such as -2, 0 or +3, not '\ufffd'." in out
    assert out.splitlines()[-1] == "Goodbye."


def test_a_reader_that_leaves_early_ends_the_drill_cleanly_and_its_answers_are_kept(
        tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "blackjack_tui", "--data-dir", str(tmp_path), "train",
         "--narrate", "pairs"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, cwd=ROOT)
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    lines = [child.stdout.readline(), child.stdout.readline(), child.stdout.readline()]
    assert lines[2].endswith(b"the net tag?\n")
    child.stdin.write(b"0\n")
    child.stdin.flush()
    assert child.stdout.readline().startswith((b"Right: ", b"Not quite: "))
    assert child.stdout.readline().endswith(b"the net tag?\n")  # (it waits for the answer)
    child.stdout.close()  # as | head does: the reader is gone
    child.stdin.write(b"1\nmenu\n7\n")
    child.stdin.close()
    assert child.wait(timeout=120) == 0
    err = child.stderr.read().decode("utf-8", "replace")
    child.stderr.close()
    assert err == "", "no crash report when the reader leaves"
    assert [asked for asked, _ in attempts(tmp_path, "pairs")] == [2]


def test_the_tables_plain_mode_ends_cleanly_too_when_its_reader_leaves(tmp_path: Path) -> None:
    done = subprocess.run(
        f"{sys.executable} -m blackjack_tui --data-dir {tmp_path} --narrate | head -c 10",
        shell=True, input="bet 10\n\nhelp\nq\n", capture_output=True, text=True, timeout=120,
        cwd=ROOT, executable="/bin/bash")
    assert done.stdout == "blackjack-"
    assert done.stderr == "", done.stderr
