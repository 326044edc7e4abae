"""Wording shared by every layer that talks to the player: counts with the right noun form,
clock readings and moments.

"1 level", "2 levels": a count and its noun belong together.

>>> counted(1, "level")
'1 level'
>>> counted(3, "box", "boxes")
'3 boxes'
"""

from __future__ import annotations

import time


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` with ``noun``, or its plural (``noun`` + "s" unless given) when not one."""
    word = noun if count == 1 else (plural or f"{noun}s")
    return f"{count:,} {word}"


def format_time(seconds: float) -> str:
    """A clock's reading: minutes and seconds, with hours in front from the first hour.

    >>> format_time(61), format_time(3725)
    ('1:01', '1:02:05')
    """
    minutes, rest = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{rest:02d}" if hours else f"{minutes}:{rest:02d}"


def moment_text(seconds: float) -> str:
    """A moment (seconds since the epoch) as the local date and minute, as saves are listed."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))
