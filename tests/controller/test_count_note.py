"""The hint's count note reads the index plays of the count system the player keeps (cached
only, never worked out at the table): a Zen count turns a play at Zen's index, KO's at its
running count, and Hi-Lo's as before."""

from __future__ import annotations

import json

import pytest

from blackjack_tui.analysis.cache import ENV_VAR, indices_file
from blackjack_tui.analysis.indices import Index, Indices, to_json
from blackjack_tui.controller.strategy import count_note
from blackjack_tui.rulesets import load_all

RULES = load_all()[0]["nordic"]
SIXTEEN = ("hard", 16, 10)


def keep(tmp_path, count: str, number: float) -> None:
    found = Indices((Index("hard", 16, 10, number, "hit", "stand"),), count)
    path = indices_file(RULES, count=count)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(to_json(found)), encoding="utf-8")


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "cache"))


def test_a_zen_count_turns_the_play_at_zens_index_not_hi_los(tmp_path) -> None:
    keep(tmp_path, "hi-lo", 0.4)
    keep(tmp_path, "zen", 2.6)
    legal = ("hit", "stand")
    assert count_note(RULES, SIXTEEN, 1.0, legal, "hi-lo") is not None  # Hi-Lo: stand at +1
    assert count_note(RULES, SIXTEEN, 1.0, legal, "zen") is None  # Zen: not yet at +1
    note = count_note(RULES, SIXTEEN, 3.0, legal, "zen")
    assert note is not None and "stand at true count +3.0" in note


def test_ko_turns_the_play_at_its_running_count(tmp_path) -> None:
    keep(tmp_path, "ko", 2)
    note = count_note(RULES, SIXTEEN, 4.0, ("hit", "stand"), "ko")
    assert note is not None and "stand at running count +4.0" in note


def test_no_note_in_a_system_whose_indices_are_not_cached() -> None:
    assert count_note(RULES, SIXTEEN, 9.0, ("hit", "stand"), "omega-ii") is None
