"""What the Solutions screen's keys and mouse ask of its model (game.app.library.solutions_screen):
the scene maps pygame's events to these, and tests give them to the model directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import Wheel
from game.app.library.solutions import Column


class SolutionsKey(Enum):
    """What the Solutions screen's keys ask."""

    UP = "up"
    DOWN = "down"
    PAGE_UP = "page up"
    PAGE_DOWN = "page down"
    FIRST = "first"
    LAST = "last"
    REPLAY = "replay"
    COPY = "copy"
    DELETE = "delete"
    PASTE = "paste"  # import the clipboard's solutions
    IMPORT_FILE = "import file"
    OPTIMIZE = "optimize"  # the chosen entry, for the primary metric, for the chosen time
    PRIMARY = "primary"  # the next metric order as the primary one
    OPTIMIZE_TIME = "optimize time"  # the next time limit
    SORT_NEXT = "sort next"  # sort by the next column
    SORT_PREVIOUS = "sort previous"
    SORT_REVERSE = "sort reverse"
    MARK = "mark"  # the chosen entry is the first of a comparison
    COMPARE = "compare"  # the marked entry (or the best) against the chosen one
    COLLECTION = "collection"  # every level of the collection with its best solutions
    BACK = "back"  # stop the work, or leave


# The keys that move the choice, in the order of ScrollRoom.moves.
LIST_KEYS = (
    SolutionsKey.UP,
    SolutionsKey.DOWN,
    SolutionsKey.PAGE_UP,
    SolutionsKey.PAGE_DOWN,
    SolutionsKey.FIRST,
    SolutionsKey.LAST,
)


@dataclass(frozen=True)
class SortBy:
    """A click on a column's header: sort by it, or the other way if it is sorted by already."""

    column: Column


SolutionsCommand = SolutionsKey | PointAt | ClickOn | Wheel | SortBy
