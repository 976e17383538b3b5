"""The profile: versioned, saved atomically; a bad file moved aside, a newer one never touched."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest

from blackjack_tui.store import Profile, Store, StoreError
from blackjack_tui.store.profile import SCHEMA_VERSION


def broken_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("profile.json.broken-*"))


def test_first_start_is_a_fresh_profile_without_notice(tmp_path: Path) -> None:
    loaded = Store(tmp_path).load_profile()
    assert loaded.profile == Profile()
    assert loaded.notices == [] and not loaded.read_only


def test_round_trip_keeps_money_exact(tmp_path: Path) -> None:
    store = Store(tmp_path)
    profile = Profile(bankroll=Decimal("1037.50"))
    profile.settings.speed = "fast"
    profile.settings.four_colour = True
    profile.last_bets = [Decimal(20), None, Decimal("12.50")]
    profile.statistics.add_hand("blackjack")
    profile.statistics.add_round(Decimal("32.50"), Decimal("37.50"))
    assert store.save_profile(profile)
    text = (tmp_path / "profile.json").read_text()
    assert '"bankroll": "1037.50"' in text
    assert '"version": 1' in text
    loaded = Store(tmp_path).load_profile()
    assert loaded.profile == profile and loaded.notices == []
    assert loaded.profile.bankroll == Decimal("1037.50")


GOOD = Profile().model_dump(mode="json")

BROKEN = {
    "truncated": json.dumps(GOOD)[:40],
    "empty": "",
    "not-json": "bankroll = 1000\n",
    "not-utf8": b"\xff\xfe\x00garbage",
    "not-an-object": "[1, 2, 3]",
    "no-version": json.dumps({k: v for k, v in GOOD.items() if k != "version"}),
    "old-version": json.dumps({**GOOD, "version": 0}),
    "version-text": json.dumps({**GOOD, "version": "1"}),
    "negative-bankroll": json.dumps({**GOOD, "bankroll": "-5"}),
    "float-cents": json.dumps({**GOOD, "bankroll": "10.001"}),
    "nan-bankroll": json.dumps({**GOOD, "bankroll": "NaN"}),
    "bad-speed": json.dumps({**GOOD, "settings": {**GOOD["settings"], "speed": "warp"}}),
    "unknown-key": json.dumps({**GOOD, "cheat": True}),
    "too-many-boxes": json.dumps({**GOOD, "last_bets": ["1", "1", "1", "1"]}),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_profile_moved_aside_with_one_line_notice(tmp_path: Path, case: str) -> None:
    content = BROKEN[case]
    raw = content if isinstance(content, bytes) else content.encode()
    (tmp_path / "profile.json").write_bytes(raw)
    store = Store(tmp_path)
    loaded = store.load_profile()
    assert loaded.profile == Profile()
    assert not loaded.read_only
    [aside] = broken_files(tmp_path)
    assert re.fullmatch(r"profile\.json\.broken-\d{8}-\d{6}", aside.name)
    assert aside.read_bytes() == raw  # the old file is kept byte for byte
    assert not (tmp_path / "profile.json").exists()
    [notice] = loaded.notices
    assert "\n" not in notice and str(aside) in notice and "fresh profile" in notice
    # The game goes on and the next save writes a new profile beside the old one.
    assert store.save_profile(Profile(bankroll=Decimal(5)))
    assert Store(tmp_path).load_profile().profile.bankroll == Decimal(5)
    assert aside.read_bytes() == raw


def test_notice_says_what_was_wrong(tmp_path: Path) -> None:
    (tmp_path / "profile.json").write_text(BROKEN["bad-speed"])
    [notice] = Store(tmp_path).load_profile().notices
    assert "settings.speed" in notice


def test_newer_version_is_never_clobbered(tmp_path: Path) -> None:
    newer = json.dumps({**GOOD, "version": SCHEMA_VERSION + 1, "bankroll": "99999",
                        "new_field": {"x": 1}})
    path = tmp_path / "profile.json"
    path.write_text(newer)
    store = Store(tmp_path)
    loaded = store.load_profile()
    assert loaded.read_only and store.read_only
    [notice] = loaded.notices
    assert "newer" in notice and "untouched" in notice
    assert loaded.profile == Profile()
    assert store.save_profile(Profile(bankroll=Decimal(1))) is False
    assert store.history.append({"round_id": "r"}) is False
    assert path.read_text() == newer
    assert broken_files(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["profile.json"]


def test_save_failure_is_a_store_error(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    loaded = store.load_profile()  # no folder yet: a fresh profile
    (tmp_path / "data").write_text("a file where the folder should be")
    with pytest.raises(StoreError, match="could not save"):
        store.save_profile(loaded.profile)


def test_unreadable_profile_is_left_alone_and_read_only(tmp_path: Path) -> None:
    (tmp_path / "profile.json").mkdir()  # reading it fails (a folder), moving it would be wrong
    store = Store(tmp_path)
    loaded = store.load_profile()
    assert loaded.read_only and len(loaded.notices) == 1
    assert (tmp_path / "profile.json").is_dir()


def test_assignment_is_validated() -> None:
    profile = Profile()
    with pytest.raises(ValueError):
        profile.bankroll = Decimal(-1)
    with pytest.raises(ValueError):
        profile.settings.speed = "warp"  # type: ignore[assignment]
