"""Tests for the Random level menu's table of cells: one place, every cell a sound request.

The speed of each cell is measured by tools/generator_speed.py, not here.
"""

from __future__ import annotations

from game.levelgen.batch import Request
from game.levelgen.cells import CELLS, DIFFICULTIES, SIZES, cells_of


def test_every_difficulty_offers_sizes_in_order_and_every_cell_is_a_sound_request() -> None:
    names = [name for name, _, _ in SIZES]
    for stars in DIFFICULTIES:
        offered = cells_of(stars)
        assert offered, stars
        positions = [names.index(cell.size) for cell in offered]
        assert positions == sorted(positions)
    for cell in CELLS:
        assert (cell.size, cell.width, cell.height) in SIZES
        assert Request(cell.width, cell.height, cell.boxes, 1, cell.stars, 1).problem() is None
        assert cell.target().stars == cell.stars and cell.target().boxes == cell.boxes


def test_harder_cells_hold_at_least_as_many_boxes_and_labels_say_them() -> None:
    for name, _, _ in SIZES:
        boxes = [cell.boxes for cell in CELLS if cell.size == name]
        assert boxes == sorted(boxes), name
    assert cells_of(1)[0].label == "Small, up to 8x8, 1 box"
    assert cells_of(5)[-1].label.endswith(f"{cells_of(5)[-1].boxes} boxes")
