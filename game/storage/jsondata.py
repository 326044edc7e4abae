"""Checked reading of untrusted JSON: settings, saved games and imported progress files.

Everything read back from disk passes through here; saved data is never unpickled or evaluated.
"""

from __future__ import annotations

import json
import math
from typing import TypeAlias

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"

MAX_TEXT = 100_000


class DataError(ValueError):
    """Stored or imported data that does not have the expected shape; the message says where."""


def encode_json(value: object) -> str:
    """Compact JSON for ``value``; DataError if it is not plain JSON (NaN, sets, objects ...)."""
    try:
        return json.dumps(value, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise DataError(f"not storable as JSON: {error}") from None


def decode_json(text: str, where: str = "") -> object:
    """Parse JSON text; DataError naming ``where`` and the line and column if it is not JSON."""
    prefix = f"{where}: " if where else ""

    def reject_constant(name: str) -> object:
        raise DataError(f"{prefix}{name} is not allowed")

    try:
        return json.loads(text, parse_constant=reject_constant)
    except json.JSONDecodeError as error:
        raise DataError(
            f"{prefix}not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise DataError(f"{prefix}nested too deeply") from None


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


class Fields:
    """One JSON object and where it sits in the file, with typed, checked getters."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise DataError(f"{where}: expected an object, found {kind(data)}")
        self.data: dict[str, object] = data
        self.where = where

    def _at(self, key: str) -> str:
        return f"{self.where}.{key}"

    def _value(self, key: str) -> object:
        if key not in self.data:
            raise DataError(f"{self._at(key)}: missing")
        return self.data[key]

    def has(self, key: str) -> bool:
        return self.data.get(key) is not None

    def text(self, key: str, default: str | None = None, max_length: int = MAX_TEXT) -> str:
        if default is not None and key not in self.data:
            return default
        value = self._value(key)
        if not isinstance(value, str):
            raise DataError(f"{self._at(key)}: expected text, found {kind(value)}")
        if len(value) > max_length:
            raise DataError(f"{self._at(key)}: longer than {max_length} characters")
        return value

    def count(self, key: str, default: int | None = None) -> int:
        """A whole number, zero or more."""
        if default is not None and key not in self.data:
            return default
        value = self._value(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataError(f"{self._at(key)}: expected a whole number, found {kind(value)}")
        if value < 0:
            raise DataError(f"{self._at(key)}: must not be negative")
        return value

    def optional_count(self, key: str) -> int | None:
        return self.count(key) if self.has(key) else None

    def number(self, key: str, default: float | None = None) -> float:
        """A finite number, zero or more."""
        if default is not None and key not in self.data:
            return default
        value = self._value(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise DataError(f"{self._at(key)}: expected a number, found {kind(value)}")
        if not math.isfinite(value) or value < 0:
            raise DataError(f"{self._at(key)}: must be a finite number, zero or more")
        return float(value)

    def optional_number(self, key: str) -> float | None:
        return self.number(key) if self.has(key) else None

    def flag(self, key: str, default: bool | None = None) -> bool:
        if default is not None and key not in self.data:
            return default
        value = self._value(key)
        if not isinstance(value, bool):
            raise DataError(f"{self._at(key)}: expected true or false, found {kind(value)}")
        return value

    def object(self, key: str) -> Fields:
        return Fields(self._value(key), self._at(key))

    def optional_object(self, key: str) -> Fields | None:
        return self.object(key) if self.has(key) else None

    def items(self, key: str, default_empty: bool = False) -> list[Fields]:
        """A list of objects, each with its index in the location."""
        if default_empty and key not in self.data:
            return []
        value = self._value(key)
        if not isinstance(value, list):
            raise DataError(f"{self._at(key)}: expected a list, found {kind(value)}")
        return [Fields(item, f"{self._at(key)}[{index}]") for index, item in enumerate(value)]

    def text_list(self, key: str, default_empty: bool = False) -> list[str]:
        if default_empty and key not in self.data:
            return []
        value = self._value(key)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise DataError(f"{self._at(key)}: expected a list of text")
        return [str(item) for item in value]
