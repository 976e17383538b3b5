"""What several sub-commands share: finding a rule set by name or in a file."""

from __future__ import annotations

import sys
from pathlib import Path

from blackjack_tui.cli import UsageError
from blackjack_tui.engine.rules import Rules
from blackjack_tui.paths import user_rules_file
from blackjack_tui.rulesets import RulesFileInvalid, check_file, load_all


def available_rules(rules_file: str | None = None, *, warn: bool = True) -> dict[str, Rules]:
    """Shipped sets plus the player's own; with ``rules_file``, that file's sets too (strictly)."""
    sets, errors = load_all(user_rules_file())
    if warn:
        for error in errors:
            print(f"warning: {error}", file=sys.stderr)
    if rules_file is not None:
        try:
            sets.update(check_file(Path(rules_file)))
        except RulesFileInvalid as err:
            raise UsageError(str(err)) from None
    return sets


def resolve_rules(name: str | None, rules_file: str | None = None,
                  default: str = "nordic") -> Rules:
    """The rule set called ``name`` (or the only one in ``rules_file``, or ``default``)."""
    sets = available_rules(rules_file)
    if name is None and rules_file is not None:
        own = check_file(Path(rules_file))
        if len(own) == 1:
            return next(iter(own.values()))
        raise UsageError(f"{rules_file} has several rule sets; choose one with --rules NAME")
    key = name or default
    if key not in sets:
        raise UsageError(f"no rule set {key!r}; choose one of: {', '.join(sorted(sets))}")
    return sets[key]
