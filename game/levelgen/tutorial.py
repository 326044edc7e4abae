"""The first chapter: seven tiny boards drawn here by hand, each teaching one thing in a caption.

Their ``Spec:`` line is ``tutorial=N``; :func:`tutorial_board` gives the board back from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.level import Level
from game.core.xsb import parse_level

TUTORIAL_PREFIX = "tutorial="


@dataclass(frozen=True)
class Lesson:
    """One tutorial board and the line shown when it opens."""

    title: str
    caption: str
    rows: tuple[str, ...]


LESSONS = (
    Lesson(
        "Walk",
        "Walk with the arrow keys or WASD: go round the wall, then into the box to push it home.",
        ("########", "#@     #", "###### #", "#.  $  #", "########"),
    ),
    Lesson(
        "Push",
        "You push a box by walking into it; to push it another way, walk round to its far side.",
        ("#######", "#     #", "# $ # #", "#@  . #", "#######"),
    ),
    Lesson(
        "No Pulling",
        "Boxes can only be pushed, never pulled: one on a wall stays on it, so push it along.",
        ("########", "#.   $ #", "#      #", "#@     #", "########"),
    ),
    Lesson(
        "Take It Back",
        "Pushed a box the wrong way? U, Z or Ctrl+Z takes back one move at a time.",
        ("#######", "#.    #", "# $## #", "#  $ .#", "#@    #", "#######"),
    ),
    Lesson(
        "Start Again",
        "Boxes stuck for good? R puts the whole level back to its start.",
        ("########", "#  .   #", "# $ $  #", "##  # ##", "#@  .  #", "########"),
    ),
    Lesson(
        "Ask for a Hint",
        "Not sure what comes next? Shift+H shows the solver's next push (a hint costs score).",
        ("  #####", "###   #", "#.$ # #", "# $ . #", "#@  ###", "#####"),
    ),
    Lesson(
        "Click to Walk",
        "Click a square to walk there; click a box, then a square, to push it there.",
        (
            "##########",
            "#@       #",
            "# ###### #",
            "# #    # #",
            "#   $$   #",
            "# #.  .# #",
            "##########",
        ),
    ),
)


def tutorial_spec(number: int) -> str:
    """The ``Spec:`` text of tutorial board ``number`` (1-based)."""
    return f"{TUTORIAL_PREFIX}{number}"


def tutorial_board(spec: str) -> Level | None:
    """The board of a ``tutorial=N`` spec; None if ``spec`` is not one (ValueError if N is bad)."""
    if not spec.startswith(TUTORIAL_PREFIX):
        return None
    number = spec.removeprefix(TUTORIAL_PREFIX).strip()
    if not number.isdigit() or not 1 <= int(number) <= len(LESSONS):
        raise ValueError(f"there are tutorial boards 1 to {len(LESSONS)}, not {number!r}")
    return parse_level(LESSONS[int(number) - 1].rows)
