"""JSON in and out for the store: strict on the way in, compact and stable on the way out."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from blackjack_tui.store.errors import RecordError


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load_json(raw: bytes | str) -> Any:
    """Parse JSON; anything wrong (bad UTF-8, bad syntax, NaN, absurd nesting) is a RecordError."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        return json.loads(text, parse_constant=_no_constants)
    except UnicodeDecodeError:
        raise RecordError("not UTF-8 text") from None
    except RecursionError:
        raise RecordError("nested too deeply") from None
    except ValueError as err:  # JSONDecodeError is a ValueError
        msg = getattr(err, "msg", str(err))
        raise RecordError(f"not valid JSON ({msg})") from None


def dump_text(data: Any) -> str:
    """Compact JSON text on one line, keys in the order given (for a text column)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def dump_json(data: Any, *, indent: int | None = None) -> bytes:
    """Compact UTF-8 JSON (one line unless ``indent``), keys in the order given."""
    if indent is None:
        return dump_text(data).encode("utf-8")
    return (json.dumps(data, ensure_ascii=False, indent=indent) + "\n").encode("utf-8")


def stamp(now: datetime | None = None) -> str:
    """``YYYYmmdd-HHMMSS`` in local time, for files moved aside."""
    return (now or datetime.now()).strftime("%Y%m%d-%H%M%S")


def iso_now() -> str:
    """The current time as ISO 8601 with the UTC offset."""
    return datetime.now().astimezone().isoformat(timespec="seconds")
