"""The game is built on Textual's and Rich's public API: no private name of theirs anywhere in the
package, but the crash hook (Textual offers no public one), in one place.

The package's modules are read as syntax trees (:mod:`tests.public_names`), not searched as text,
so neither an alias, a ``getattr`` with the name as a string, nor a mixin hides a use.
"""

from __future__ import annotations

from pathlib import Path

import blackjack_tui
from tests.public_names import Finding, Scan, module_from, package_modules

PACKAGE = Path(blackjack_tui.__file__).parent
# The one place allowed: Textual routes every unhandled exception to ``App._handle_exception``
# and prints ``_exit_renderables`` at exit; ``report_crashes`` wraps the one and empties the
# other (tested as a player meets a crash: tests/test_cli_crash.py).
CRASH_HOOK = "commands/play.py"
ALLOWED = {(CRASH_HOOK, "report_crashes", "_handle_exception"),
           (CRASH_HOOK, "report_crashes", "_exit_renderables")}


def test_no_private_name_of_textual_or_rich_is_used_but_in_the_crash_hook() -> None:
    found = Scan(package_modules(blackjack_tui), PACKAGE).findings()
    outside = [str(f) for f in found if (f.path, f.where, f.name) not in ALLOWED]
    assert outside == []
    # The hook is still there, in its one function (else the allowance goes too).
    assert {(f.path, f.where, f.name) for f in found} == ALLOWED


PLANTED = '''
import importlib
import textual._compositor
from textual import _styles_cache as cache_module
from textual._styles_cache import StylesCache
from textual.strip import Strip
from textual.widget import Widget
from rich.style import Style

class Mixin:
    def size_of(self):
        return self._size  # a Widget's, once mixed into one

class Felt(Mixin, Widget):
    def __init__(self):
        super().__init__()
        self._styles_cache = None  # overwrites Textual's
        self._picture = []  # the felt's own: fine

    def picture(self):
        return self._picture

def hover(style: Style) -> bool:
    return bool(style._link_id and getattr(style, "_meta"))

def dirty(widget):
    lines = widget
    return lines._styles_cache._dirty_lines, widget._Widget__thing

def loaded():
    return importlib.import_module("rich._loop")

def fine(strip: Strip, style: Style):
    return strip.crop(0, 1), Style.from_meta({"x": 1}), style.meta
'''


def test_the_scan_finds_a_private_name_however_it_is_reached(tmp_path: Path) -> None:
    path = tmp_path / "planted_felt.py"
    path.write_text(PLANTED)
    module = module_from(path, "planted_felt")
    found = Scan([module], tmp_path).findings()
    assert [(f.line, f.name, f.where) for f in found] == [
        (3, "textual._compositor", ""),
        (4, "textual._styles_cache", ""),
        (5, "textual._styles_cache", ""),
        (12, "_size", "Mixin.size_of"),
        (17, "_styles_cache", "Felt.__init__"),
        (24, "_link_id", "hover"),
        (24, "_meta", "hover"),
        (28, "_Widget__thing", "dirty"),
        (28, "_dirty_lines", "dirty"),
        (28, "_styles_cache", "dirty"),
        (31, "rich._loop", "loaded"),
    ]
    assert all(isinstance(f, Finding) for f in found)
