"""The Random level menu's choices, in one table: each difficulty, the sizes it offers, their boxes.

A cell is offered only where ``python tools/generator_speed.py`` shows it makes a level every
time in seconds (see the README); the menu, the speed tool and the ready-made levels read this.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.wording import counted
from game.levelgen.aimed import Target

# (name, width, height) of each size the menu knows.
SIZES = (("Small", 8, 8), ("Medium", 11, 8), ("Large", 11, 11), ("Huge", 14, 11))
DIFFICULTIES = (1, 2, 3, 4, 5)
# Boxes by difficulty and size; a size missing from a difficulty's row is not offered there.
BOXES: dict[int, dict[str, int]] = {
    1: {"Small": 1, "Medium": 1, "Large": 1, "Huge": 1},
    2: {"Small": 2, "Medium": 2, "Large": 2, "Huge": 2},
    3: {"Small": 3, "Medium": 3, "Large": 3, "Huge": 3},
    4: {"Medium": 4, "Large": 4, "Huge": 5},
    5: {"Large": 6, "Huge": 7},
}


@dataclass(frozen=True)
class Cell:
    """One choice of the menu: a difficulty in stars and a named size with its boxes."""

    stars: int
    size: str
    width: int
    height: int
    boxes: int

    @property
    def label(self) -> str:
        """The size as the menu shows it: ``Huge, up to 14x11, 7 boxes`` (a level's walls
        are trimmed to its rooms, so it may come out smaller)."""
        boxes = counted(self.boxes, "box", "boxes")
        return f"{self.size}, up to {self.width}x{self.height}, {boxes}"

    def target(self) -> Target:
        return Target(self.width, self.height, self.boxes, self.stars)

    def level_title(self, seed: int, width: int, height: int) -> str:
        """The title of a level made for this cell from ``seed``, ``width`` by ``height`` as
        it came out: its own, so levels kept in My levels never replace each other."""
        return f"Random {width}x{height}, {counted(self.stars, 'star')}, seed {seed}"


CELLS: tuple[Cell, ...] = tuple(
    Cell(stars, name, width, height, BOXES[stars][name])
    for stars in DIFFICULTIES
    for name, width, height in SIZES
    if name in BOXES[stars]
)


def cells_of(stars: int) -> tuple[Cell, ...]:
    """The cells a difficulty offers, smallest first."""
    return tuple(cell for cell in CELLS if cell.stars == stars)


# The size the menu shows first, by its place among those a difficulty offers (the second
# smallest, or the only one).
FIRST_CHOICE = 1


def first_cell(stars: int) -> Cell:
    """The cell the menu shows first for a difficulty."""
    offered = cells_of(stars)
    return offered[min(FIRST_CHOICE, len(offered) - 1)]
