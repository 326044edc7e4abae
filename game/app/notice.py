"""A notice: a line of news on a play or editor screen that fades after a few seconds.

The tone says what kind of news it is; the view picks its colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

NOTICE_TICKS = 150


class Tone(Enum):
    """What kind of news a notice is; the view picks its colour."""

    INFO = "info"
    GOOD = "good"
    WARNING = "warning"
    DANGER = "danger"
    GUIDE = "guide"  # the solver's guidance: a hint, a solution being stepped through
    QUIET = "quiet"  # news of no consequence


@dataclass
class Notice:
    text: str
    tone: Tone
    ticks_left: int = NOTICE_TICKS
    square: int | None = None
