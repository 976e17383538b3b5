"""Load rule sets from TOML: the shipped ``rulesets.toml`` and a player's own file.

A bad file never stops the game: :func:`load_all` returns every valid set and a list of
:class:`RulesFileError` for the rest, each naming the file, the rule set, the key and the line.

The shipped file is read, at a start, from :mod:`blackjack_tui.shipped_rules`: the same tables as
Python values, written from the TOML by ``python -m blackjack_tui.rulesets`` (a test fails when the
two differ). Parsing the TOML took 3 ms of every start and loading ``tomllib`` 3 more; ``tomllib``
now loads only for a file of the player's own.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

from msgspec import Struct
from pydantic import ValidationError

from blackjack_tui.engine.rules import Rules
from blackjack_tui.files import InputFileError, read_text, shown

SHIPPED_NAME = "rulesets.toml"
MAX_RULES_BYTES = 1024 * 1024
"""A rules file is read up to 1 MiB (the shipped one is 10 KiB): a device or a huge file is one
error, and the game starts with the other tables."""
MAX_ERRORS = 20
"""The problems of one file shown (then how many more): a game shows each as a notice."""
MAX_EXTENDS = 16
"""How many tables deep ``extends`` may go (a table on a table … on a shipped one): a chain
thousands long stopped the game from starting (Python's recursion limit, and quadratic time)."""


class RulesFileError(Struct, frozen=True):
    """One problem in a rules file, worded for a player:
    ``file:line: ruleset 'x', key 'y': why``."""

    path: str
    message: str
    ruleset: str | None = None
    key: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        what = []
        if self.ruleset is not None:
            what.append(f"rule set {self.ruleset!r}")
        if self.key is not None:
            what.append(f"key {self.key!r}")
        return ": ".join([where, *([", ".join(what)] if what else []), self.message])


class RulesFileInvalid(ValueError):
    """Raised by :func:`check_file` when a file has any problem."""

    def __init__(self, errors: list[RulesFileError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


def shipped_path() -> Path:
    """The shipped rulesets.toml: inside the installed package, else at the repository root.

    Found beside this module, not through ``importlib.resources`` (a millisecond of every start,
    for the same path: the package is installed as files)."""
    here = Path(__file__).resolve().parent
    packaged = here / SHIPPED_NAME
    return packaged if packaged.is_file() else here.parent / SHIPPED_NAME


def _find_line(text: str, ruleset: str, key: str | None) -> int | None:
    """Best-effort line number of ``key`` inside ``[ruleset.NAME]`` (or of the table header)."""
    lines = text.splitlines()
    header = re.compile(r"^\s*\[+\s*ruleset\.\"?" + re.escape(ruleset) + r"\"?[\].]")
    start = next((i for i, line in enumerate(lines) if header.match(line)), None)
    if start is None:
        return None
    if key is None:
        return start + 1
    top = key.split(".")[0]
    pattern = re.compile(r"^\s*" + re.escape(top) + r"\s*=")
    for i in range(start + 1, len(lines)):
        if re.match(r"^\s*\[", lines[i]) and not lines[i].lstrip("[ ").startswith(
            f"ruleset.{ruleset}."
        ):
            break
        if pattern.match(lines[i]):
            return i + 1
    return start + 1


def _pydantic_errors(path: str, text: str, name: str, err: ValidationError) -> list[RulesFileError]:
    out = []
    for item in err.errors():
        key = ".".join(str(p) for p in item["loc"]) or None
        message = item["msg"]
        if item["type"] == "extra_forbidden":
            message = "unknown key (see `blackjack-tui rules NAME` for the keys a rule set takes)"
        elif message.startswith("Value error, "):
            message = message.removeprefix("Value error, ")
        out.append(RulesFileError(path, message, name, key, _find_line(text, name, key)))
    return out


class _ExtendsError(ValueError):
    """``extends`` names no table, or tables extend each other in a circle."""


def _extended(name: str, body: dict[str, Any], tables: dict[str, Any],
              bases: dict[str, dict[str, Any]], chain: tuple[str, ...]) -> dict[str, Any]:
    """``body`` on top of the table it ``extends`` (from the same file, else a shipped one).

    Keys given replace the base's; a ``ledger`` table is merged key by key; ``tiers`` and the
    other lists are replaced whole. Without a ``title`` the table is called after its base.
    """
    if "extends" not in body:
        return dict(body)
    base_name = body["extends"]
    if not isinstance(base_name, str):
        raise _ExtendsError("write the name of a table to start from, like extends = \"swedish\"")
    if base_name in chain or (base_name == name and base_name not in bases):
        raise _ExtendsError(f"tables extend each other in a circle: {' -> '.join((*chain, name))}")
    if len(chain) >= MAX_EXTENDS:
        raise _ExtendsError(f"tables extend tables more than {MAX_EXTENDS} deep "
                            f"({' -> '.join((*chain[:3], '…', name))}); start from fewer")
    own = tables.get(base_name) if base_name != name else None
    if isinstance(own, dict):
        base = _extended(base_name, own, tables, bases, (*chain, name))
    elif base_name in bases:
        base = _extended(base_name, bases[base_name], bases, {}, (*chain, name))
    else:
        known = ", ".join(sorted(set(bases) | {t for t in tables if t != name}))
        raise _ExtendsError(f"no table {base_name!r} to extend (there are: {known})")
    merged = {key: value for key, value in base.items() if key != "extends"}
    changed = [key for key in body if key != "extends"]
    for key in changed:
        value = body[key]
        if key == "ledger" and isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    if "title" not in body:
        merged["title"] = f"{base.get('title') or base_name} ({name})"
    if "description" not in body:
        words = ", ".join(f"{key} = {_toml_value(body[key])}" for key in changed
                          if key not in ("title", "source"))
        merged["description"] = f"{base_name} with {words}" if words else f"as {base_name}"
    return merged


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return str(value)


def shipped_tables() -> dict[str, dict[str, Any]]:
    """The shipped file's tables as written (before validation), for ``extends``: copies, so
    that nothing done with them can change the shipped ones."""
    from blackjack_tui.shipped_rules import SHIPPED

    tables = copy.deepcopy(SHIPPED).get("ruleset", {})
    return {k: v for k, v in tables.items() if isinstance(v, dict)} if isinstance(
        tables, dict) else {}


def shipped_source(text: str) -> str:
    """The text of :mod:`blackjack_tui.shipped_rules` for the shipped TOML ``text``."""
    import pprint
    import tomllib

    head = "SHIPPED: dict[str, Any] = "
    data = pprint.pformat(tomllib.loads(text), width=99 - len(head), sort_dicts=False)
    body = head + data.replace("\n", "\n" + " " * len(head))
    return (f'"""{SHIPPED_NAME} as Python values: what a start reads (parsing the TOML took '
            "3 ms, and loading\ntomllib 3 more). Written by ``python -m blackjack_tui.rulesets`` "
            "from the TOML; do not edit\n(the test of the shipped rules fails when the two "
            f'differ)."""\n\nfrom typing import Any\n\n{body}\n')


def parse_text(text: str, path: str, bases: dict[str, dict[str, Any]] | None = None
               ) -> tuple[dict[str, Rules], list[RulesFileError]]:
    """Parse a rules file's text. Valid sets come back even when others are broken.

    A table may start from another with ``extends = "NAME"``: a table of the same file, else
    one of ``bases`` (the shipped tables, as written).
    """
    import tomllib

    try:
        data = tomllib.loads(text)
    except RecursionError:
        return {}, [RulesFileError(path, "not valid TOML: nested too deeply")]
    except tomllib.TOMLDecodeError as err:
        # Python 3.11-3.13 put the position only in the message: "... (at line 2, column 9)".
        line = getattr(err, "lineno", None)
        if line is None:
            found = re.search(r"\(at line (\d+)", str(err))
            line = int(found.group(1)) if found else None
        msg = str(err).split(" (at line")[0]
        return {}, [RulesFileError(path, f"not valid TOML: {msg}", line=line)]
    return _parse_data(data, text, path, bases)


def _parse_data(data: dict[str, Any], text: str, path: str,
                bases: dict[str, dict[str, Any]] | None) -> tuple[dict[str, Rules],
                                                                  list[RulesFileError]]:
    """The rule sets of a file's values (``text``: the file, where errors find their lines)."""
    sets: dict[str, Rules] = {}
    errors: list[RulesFileError] = []
    unknown = sorted(set(data) - {"ruleset"})
    for key in unknown:
        errors.append(RulesFileError(
            path, "unknown top-level key; rule sets go under [ruleset.NAME]", key=key))
    tables = data.get("ruleset", {})
    if not isinstance(tables, dict):
        errors.append(RulesFileError(path, "'ruleset' must be a table of rule sets", key="ruleset"))
        return sets, errors
    for name, body in tables.items():
        # Past the errors shown, their lines are not looked for (a search of the whole text for
        # each of thousands of broken tables took seconds).
        lines = text if len(errors) <= MAX_ERRORS else ""
        if not isinstance(body, dict):
            errors.append(RulesFileError(path, "a rule set must be a table of keys", name,
                                         line=_find_line(lines, name, None)))
            continue
        try:
            merged = _extended(name, body, tables, bases or {}, ())
        except _ExtendsError as err:
            errors.append(RulesFileError(path, str(err), name, "extends",
                                         _find_line(lines, name, "extends")))
            continue
        fields: dict[str, Any] = {"name": name, **merged}
        try:
            sets[name] = Rules.model_validate(fields)
        except ValidationError as err:
            errors.extend(_pydantic_errors(path, lines, name, err))
    if not tables and not errors:
        errors.append(RulesFileError(path, "no rule sets found; add a [ruleset.NAME] table"))
    if len(errors) > MAX_ERRORS:
        more = len(errors) - MAX_ERRORS
        errors[MAX_ERRORS:] = [RulesFileError(path, f"and {more:,} more problems like these")]
    return sets, errors


def load_file(path: Path) -> tuple[dict[str, Rules], list[RulesFileError]]:
    """Load one rules file; a missing or unreadable file is one error, not an exception."""
    try:
        text = read_text(path, MAX_RULES_BYTES)
    except InputFileError as err:
        return {}, [RulesFileError(shown(path), str(err))]
    bases = None if path.resolve() == shipped_path().resolve() else shipped_tables()
    return parse_text(text, str(path), bases)


def check_file(path: Path) -> dict[str, Rules]:
    """Validate a rules file; :class:`RulesFileInvalid` lists every problem."""
    sets, errors = load_file(path)
    if errors:
        raise RulesFileInvalid(errors)
    return sets


def load_shipped() -> tuple[dict[str, Rules], list[RulesFileError]]:
    """The shipped sets, from :mod:`blackjack_tui.shipped_rules` (a problem is named without its
    line: a shipped table is never broken in a release, and its test reads the TOML itself)."""
    from blackjack_tui.shipped_rules import SHIPPED

    return _parse_data(SHIPPED, "", str(shipped_path()), None)


def load_all(user_file: Path | None = None) -> tuple[dict[str, Rules], list[RulesFileError]]:
    """The shipped sets, then the player's own file's sets added or overriding by name."""
    sets, errors = load_shipped()
    if user_file is not None and user_file.exists():
        own, own_errors = load_file(user_file)
        sets.update(own)
        errors.extend(own_errors)
    return sets, errors


if __name__ == "__main__":  # python -m blackjack_tui.rulesets: write shipped_rules.py again
    target = Path(__file__).with_name("shipped_rules.py")
    target.write_text(shipped_source(shipped_path().read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {target}")
