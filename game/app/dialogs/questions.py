"""What a dialog asks the player: a line of text, yes or no, or what to do with unsaved edits.

A flow (game.app.dialogs.flows) yields these; the dialog that shows one hands the answer back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class AskText:
    """A one-line text: answered with the text, or None when the player cancels (Esc).

    ``error`` is shown under the field when the flow asks again after a wrong answer.
    """

    title: str
    hint: str
    text: str = ""
    max_length: int = 1000
    error: str = ""


@dataclass(frozen=True)
class AskYesNo:
    """A question answered yes (True) or no (False; Esc too)."""

    title: str
    question: str


class LeaveChoice(Enum):
    """What to do with unsaved edits when leaving the editor."""

    SAVE = "save"
    DISCARD = "discard"
    STAY = "stay"


@dataclass(frozen=True)
class AskLeave:
    """Save, discard or stay: answered with a LeaveChoice (Esc stays)."""


Question = AskText | AskYesNo | AskLeave
Answer = str | bool | LeaveChoice | None
