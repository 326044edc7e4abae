"""Counts written in ASCII digits: run lengths, level numbers and move counts.

Only 0-9 count as digits, and a number of thousands of digits is never converted whole.
"""

from __future__ import annotations


def is_count(text: str) -> bool:
    """True when ``text`` is one or more ASCII digits; ``²`` or ``٣`` are not counts.

    >>> is_count("12"), is_count("²"), is_count("٣"), is_count("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def count_of(digits: str, most: int) -> int:
    """The value of ``digits`` (ASCII digits), or ``most + 1`` when it is larger than ``most``.

    Python refuses to convert integers of more than 4,300 digits; a count that long is simply
    too big, so it is never converted.

    >>> count_of("007", 100)
    7
    >>> count_of("9" * 5000, 100)
    101
    """
    significant = digits.lstrip("0")
    if len(significant) > len(str(most)):
        return most + 1
    return min(int(digits), most + 1)


def shortened(text: str, width: int = 24) -> str:
    """``text`` cut to ``width`` characters with an ellipsis, for messages about huge input.

    >>> shortened("1" * 30, 10)
    '111111111…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"
