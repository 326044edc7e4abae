"""One typed JSON codec for the store's dataclasses: each field is read and checked by its type.

Limits ride on the types (``Annotated[str, Text(500)]``, ``Annotated[int, Limit(10**12)]``);
a class may add a whole-value check with a ``checked()`` method. Every refusal is one DataError.
"""

from __future__ import annotations

import dataclasses
import math
import types
from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Annotated, TypeVar, Union, cast, get_args, get_origin, get_type_hints

from game.core.digits import shortened
from game.core.errors import visible
from game.storage.jsondata import DataError, JsonValue, kind

T = TypeVar("T")

MAX_TEXT = 100_000
MAX_COUNT = 10**12  # no play adds up to a trillion moves, seconds or points
MAX_TIME = 253_402_300_799.0  # the last second of the year 9999, as a Unix time
JSON_KEY = "json"  # field metadata: the key in JSON, or None for a field JSON does not carry
KIND_KEY = "kind"  # which dataclass of a union a JSON object holds


@dataclass(frozen=True)
class Text:
    """Text of at most ``max_length`` characters; ``required`` text must not be blank."""

    max_length: int = MAX_TEXT
    required: bool = False


@dataclass(frozen=True)
class Limit:
    """A number from zero up to ``maximum``."""

    maximum: float = MAX_COUNT


TITLE_LENGTH = 500
IDENTIFIER_LENGTH = 500  # a collection's id or a layout's fingerprint
Identifier = Annotated[str, Text(IDENTIFIER_LENGTH, required=True)]
Title = Annotated[str, Text(TITLE_LENGTH)]
PathText = Annotated[str, Text(4096)]
Moment = Annotated[float, Limit(MAX_TIME)]


def stored_title(title: str) -> str:
    """A title as the store keeps it: cut to what it reads back (a title is only shown, and a
    file may hold one of a megabyte)."""
    return title[:TITLE_LENGTH]


def json_key(name: str | None) -> dict[str, str | None]:
    """Field metadata: JSON calls this field ``name`` (None: the field is not in JSON)."""
    return {JSON_KEY: name}


def encode(value: object) -> JsonValue:
    """Plain JSON for a dataclass (nested ones, tuples, lists, dicts and enums too).

    A dataclass with a class-level ``kind`` (one of a union of dataclasses) carries it as
    ``"kind"``, so that the union can be read back.
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found: dict[str, JsonValue] = {}
        tag = _tag(type(value))
        if tag is not None:
            found[KIND_KEY] = tag
        for field in dataclasses.fields(value):
            key = field.metadata.get(JSON_KEY, field.name)
            if key is not None:
                found[key] = encode(getattr(value, field.name))
        return found
    if isinstance(value, list | tuple):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {str(key): encode(item) for key, item in value.items()}
    if isinstance(value, Enum):
        return encode(value.value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise DataError(f"not storable as JSON: {type(value).__name__}")


def decode(cls: type[T], data: object, where: str) -> T:
    """A ``cls`` from decoded JSON, every field checked; DataError naming the first bad one.

    A missing field takes its default (so older files load) and unknown keys are ignored (so
    newer files load); a field without a default must be present.
    """
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected an object, found {kind(data)}")
    upgraded = getattr(cls, "upgraded_json", None)
    fields_data: dict[str, object] = data if upgraded is None else upgraded(data)
    # (A class whose JSON changed reads what older versions wrote through that hook.)
    values: dict[str, object] = {}
    for name, key, shape, has_default in _fields(cast(Hashable, cls)):
        if key not in fields_data:
            if has_default:
                continue
            raise DataError(f"{where}.{key}: missing")
        values[name] = _checked(shape, fields_data[key], f"{where}.{key}")
    value = cls(**values)
    checked = getattr(value, "checked", None)
    if checked is None:
        return value
    try:
        return checked()  # type: ignore[no-any-return]
    except ValueError as error:
        raise DataError(f"{where}: {error}") from None


@cache
def _fields(cls: Hashable) -> tuple[tuple[str, str, _Shape, bool], ...]:
    """(name, JSON key, type as read, has a default) of each field JSON carries."""
    assert isinstance(cls, type)
    hints = get_type_hints(cls, include_extras=True)
    found = []
    for field in dataclasses.fields(cls):
        key = field.metadata.get(JSON_KEY, field.name)
        if key is None:
            continue
        has_default = (
            field.default is not dataclasses.MISSING
            or field.default_factory is not dataclasses.MISSING
        )
        found.append((field.name, key, _shape(hints[field.name], ()), has_default))
    return tuple(found)


@dataclass(frozen=True)
class _Shape:
    """A field's type as the codec reads it, worked out once per type rather than for every
    value (a library of 100,000 solutions holds some million values): the type under any
    ``Annotated`` and its origin, the limits the annotations set on a number or a text, and
    for a union the types besides None, for a list, tuple or dict the type of its items."""

    hint: object
    origin: object
    maximum: float  # a number's
    text: Text  # a text's
    options: tuple[_Shape, ...] = ()
    optional: bool = False  # a union that holds None
    items: _Shape | None = None


@cache
def _shape(hint: object, limits: tuple[object, ...]) -> _Shape:
    while get_origin(hint) is Annotated:
        plain, *extra = get_args(hint)
        hint, limits = plain, (*limits, *extra)
    origin, args = get_origin(hint), get_args(hint)
    maximum, text = _limit(limits, Limit()).maximum, _limit(limits, Text())
    if origin in (Union, types.UnionType):
        options = tuple(_shape(option, limits) for option in args if option is not type(None))
        return _Shape(hint, origin, maximum, text, options, len(options) < len(args))
    if origin in (list, tuple):
        return _Shape(hint, origin, maximum, text, items=_shape(args[0], ()))
    if origin is dict:
        return _Shape(hint, origin, maximum, text, items=_shape(args[1], ()))
    return _Shape(hint, origin, maximum, text)


def _checked(shape: _Shape, value: object, where: str) -> object:
    """``value`` checked against the type of ``shape`` (limits from ``Annotated`` included)."""
    hint, origin = shape.hint, shape.origin
    if origin in (Union, types.UnionType):
        if value is None and shape.optional:
            return None
        if len(shape.options) == 1:
            return _checked(shape.options[0], value, where)
        return _tagged(shape.options, value, where)
    if hint is bool:
        if not isinstance(value, bool):
            raise DataError(f"{where}: expected true or false, found {kind(value)}")
        return value
    if hint is int or hint is float:
        return _number(hint, value, where, shape.maximum)
    if hint is str:
        return _text(value, where, shape.text)
    items = shape.items
    if origin in (list, tuple) and items is not None:
        if not isinstance(value, list):
            raise DataError(f"{where}: expected a list, found {kind(value)}")
        found = [_checked(items, item, f"{where}[{index}]") for index, item in enumerate(value)]
        return found if origin is list else tuple(found)
    if origin is dict and items is not None:
        if not isinstance(value, dict):
            raise DataError(f"{where}: expected an object, found {kind(value)}")
        # A key is data (a save's name, of any length and content): shown short and harmless.
        return {
            key: _checked(items, item, f"{where}.{visible(shortened(key, 40))}")
            for key, item in value.items()
        }
    if hint is object:
        return value  # any JSON: decode_json has already checked it
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise DataError(f"{where}: {value!r} is not one of the known values") from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return value if isinstance(value, hint) else decode(hint, value, where)
    raise TypeError(f"the codec cannot read {hint!r}")  # a programming error, not bad data


def _tag(cls: type) -> str | None:
    """The ``kind`` a dataclass of a union is known by in JSON, if it has one."""
    tag = getattr(cls, KIND_KEY, None)
    return tag if isinstance(tag, str) else None


def _tagged(options: tuple[_Shape, ...], value: object, where: str) -> object:
    """One of a union of dataclasses, chosen by the ``kind`` the JSON object carries."""
    by_tag = {
        _tag(option.hint): option
        for option in options
        if isinstance(option.hint, type) and dataclasses.is_dataclass(option.hint)
    }
    if None in by_tag or len(by_tag) != len(options):
        hints = [option.hint for option in options]
        raise TypeError(f"the codec cannot read a union of {hints!r}")  # a programming error
    if not isinstance(value, dict):
        raise DataError(f"{where}: expected an object, found {kind(value)}")
    option = by_tag.get(value.get(KIND_KEY))
    if option is None:
        raise DataError(f"{where}.{KIND_KEY}: not one of {', '.join(sorted(map(str, by_tag)))}")
    return _checked(option, value, where)


def _limit(limits: tuple[object, ...], default: T) -> T:
    for limit in limits:
        if isinstance(limit, type(default)):
            return limit
    return default


def _number(hint: object, value: object, where: str, maximum: float) -> int | float:
    if hint is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DataError(f"{where}: expected a whole number, found {kind(value)}")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DataError(f"{where}: expected a number, found {kind(value)}")
    if not (math.isfinite(value) and 0 <= value <= maximum):
        raise DataError(f"{where}: must be a number from 0 to {maximum:.0f}")
    return value if hint is int else float(value)


def _text(value: object, where: str, limit: Text) -> str:
    if not isinstance(value, str):
        raise DataError(f"{where}: expected text, found {kind(value)}")
    if len(value) > limit.max_length:
        raise DataError(f"{where}: longer than {limit.max_length} characters")
    if limit.required and not value.strip():
        raise DataError(f"{where}: must not be empty")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise DataError(f"{where}: holds a lone surrogate (not Unicode)") from None
    return value
