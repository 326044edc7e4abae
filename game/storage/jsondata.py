"""Checked reading of untrusted JSON text: settings, saved games and imported progress files.

Everything read back from disk passes through here; saved data is never unpickled or evaluated.
"""

from __future__ import annotations

import json
from typing import TypeAlias, TypeVar, cast

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"

SettingT = TypeVar("SettingT")
MAX_NUMBER_DIGITS = 40  # more than any number the game writes (2**63 has 19 digits)


class DataError(ValueError):
    """Stored or imported data that does not have the expected shape; the message says where."""


def one_line(text: str) -> str:
    """``text`` with every run of whitespace (newlines too) made one space, for a message."""
    return " ".join(text.split())


def encode_json(value: object) -> str:
    """Compact JSON for ``value``; DataError if it is not plain JSON (NaN, sets, objects ...)."""
    try:
        return json.dumps(value, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise DataError(one_line(f"not storable as JSON: {error}")) from None


def decode_json(text: str, where: str = "") -> object:
    """Parse JSON text; DataError naming ``where`` (and the line and column) if it is not JSON,
    holds NaN or Infinity, a number of more than 40 digits, or text that is not Unicode (a
    lone surrogate escape such as ``\\ud800``, which no file or database can store)."""
    prefix = f"{where}: " if where else ""

    def reject_constant(name: str) -> object:
        raise DataError(f"{prefix}{name} is not allowed")

    def short(digits: str) -> str:
        if len(digits) > MAX_NUMBER_DIGITS:
            raise DataError(f"{prefix}a number has more than {MAX_NUMBER_DIGITS} digits")
        return digits

    try:
        value = json.loads(
            text,
            parse_constant=reject_constant,
            parse_int=lambda digits: int(short(digits)),
            parse_float=lambda digits: float(short(digits)),
        )
    except json.JSONDecodeError as error:
        raise DataError(
            f"{prefix}not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise DataError(f"{prefix}nested too deeply") from None
    _check_text(value, prefix)
    return value


def _check_text(value: object, prefix: str) -> None:
    """DataError if any text in ``value`` (keys too) is not valid Unicode."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) and not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise DataError(f"{prefix}text holds a lone surrogate (not Unicode)") from None


def kind(value: object) -> str:
    """How a JSON value is called in messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def as_kind_of(value: object, default: SettingT) -> SettingT | None:
    """``value`` if it has the type of ``default``, else None."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, float):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return cast(SettingT, float(value))
        ok = False
    elif default is None:
        ok = True
    else:
        ok = isinstance(value, type(default))
    return cast(SettingT, value) if ok else None
