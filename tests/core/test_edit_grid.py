"""The grid being edited: painting rules, resize, trim, shift with wrap, flips, rectangles, undo.

Also the checks that say what a grid lacks, and the level it makes.
"""

from __future__ import annotations

from game.core.direction import Direction
from game.core.edit_checks import level_origin, one_line_rle, problems, to_level
from game.core.edit_grid import Grid, Mirror, Piece, Rect
from game.core.edit_history import EditHistory
from game.core.xsb import parse_level

ROOM = ["#######", "#@ $ .#", "#     #", "#######"]


def room() -> Grid:
    return Grid.from_rows(ROOM)


def test_rows_round_trip_and_typed_floor() -> None:
    assert room().rows() == ROOM
    assert Grid.from_rows(["#-_#"]).rows() == ["#  #", "", ""]


def test_box_or_player_on_a_goal_combine_and_erasing_leaves_the_goal() -> None:
    grid = room().paint([(5, 1)], Piece.BOX)
    assert grid.at(5, 1) == "*"
    grid = grid.paint([(5, 1)], Piece.ERASER)
    assert grid.at(5, 1) == "."
    grid = grid.paint([(5, 1)], Piece.PLAYER)
    assert grid.at(5, 1) == "+" and grid.at(1, 1) == " "
    assert grid.paint([(5, 1)], Piece.ERASER).at(5, 1) == "."
    assert grid.paint([(3, 1)], Piece.GOAL).at(3, 1) == "*"
    assert grid.paint([(0, 0)], Piece.ERASER).at(0, 0) == " "


def test_a_second_player_moves_the_player() -> None:
    grid = room().paint([(2, 2)], Piece.PLAYER)
    assert grid.player() == (2, 2)
    assert sum(cell in "@+" for cell in grid.cells) == 1


def test_mirror_squares() -> None:
    grid = room()
    assert grid.mirrored(1, 1, Mirror.OFF) == [(1, 1)]
    assert grid.mirrored(1, 1, Mirror.LEFT_RIGHT) == [(1, 1), (5, 1)]
    assert grid.mirrored(1, 1, Mirror.BOTH) == [(1, 1), (1, 2), (5, 1), (5, 2)]


def test_resize_from_each_side_keeps_content_in_place() -> None:
    grid = room()
    left = grid.resized(Direction.LEFT, 2)
    assert left is not None and left.width == 9 and left.rows()[1] == "  #@ $ .#"
    top = grid.resized(Direction.UP, -1)
    assert top is not None and top.rows()[0] == "#@ $ .#"
    assert grid.resized(Direction.DOWN, -2) is None  # below 3 rows
    assert Grid.empty(64, 3).resized(Direction.RIGHT, 1) is None


def test_shift_wraps_around() -> None:
    grid = Grid.from_rows(["@  ", "   ", "  $"])
    shifted = grid.shifted(Direction.RIGHT)
    assert shifted.rows() == [" @", "", "$"]
    assert shifted.shifted(Direction.LEFT) == grid
    assert grid.shifted(Direction.UP).rows() == ["", "  $", "@"]


def test_flip_and_rotate() -> None:
    grid = Grid.from_rows(["#@ ", "   ", "  $"])
    assert grid.flipped(left_right=True).rows() == [" @#", "", "$"]
    assert grid.flipped(left_right=False).rows() == ["  $", "", "#@"]
    wide = Grid.from_rows(["#@ $", "    ", "    "])
    turned = wide.rotated()
    assert (turned.width, turned.height) == (3, 4)
    assert turned.rows() == ["  #", "  @", "", "  $"]
    assert turned.rotated().rotated().rotated() == wide


def test_trim_cuts_empty_edges_and_untouchable_walls() -> None:
    grid = Grid.from_rows(["          ", " ####### #", " #@ $ .# #", " ####### #", "          "])
    assert grid.trimmed().rows() == ["#######", "#@ $ .#", "#######"]


def test_rectangle_copy_paste_and_a_paste_across_the_border_is_refused() -> None:
    grid = room()
    block = grid.block(Rect.spanning((3, 1), (5, 2)))
    assert block.rows() == ["$ .", ""]
    pasted = grid.pasted(block, 1, 2)
    assert pasted is not None and pasted.rows()[2] == "#$ .  #"
    assert grid.pasted(block, 5, 2) is None
    assert grid.cleared(Rect(1, 1, 5, 1)).rows()[1] == "#     #"


def test_undo_and_redo_of_a_drag_and_of_a_resize() -> None:
    history = EditHistory(room())
    history.begin_stroke()
    for x in (1, 2, 3):
        history.apply(history.grid.paint([(x, 2)], Piece.WALL))
    history.end_stroke()
    assert history.grid.rows()[2] == "####  #"
    bigger = history.grid.resized(Direction.RIGHT, 1)
    assert bigger is not None and history.apply(bigger)
    assert history.undo() and history.grid.width == 7
    assert history.undo() and history.grid == room()
    assert not history.undo()
    assert history.redo() and history.grid.rows()[2] == "####  #"
    assert history.redo() and history.grid.width == 8


def test_problems_say_what_the_level_lacks() -> None:
    assert problems(Grid.empty(5, 5)) == ["no player", "no box"]
    assert problems(Grid.from_rows(["#####", "#@$$#", "#.  #", "#####"])) == ["2 boxes and 1 goal"]
    assert problems(Grid.from_rows(["#####", "#@$. ", "#####"])) == [
        "the player can walk off the board"
    ]
    assert problems(Grid.from_rows(["#####", "#@* #", "#####"])) == [
        "already solved: every goal holds a box"
    ]
    assert problems(room()) == []


def test_the_level_made_and_where_it_sits_on_the_grid() -> None:
    grid = room().resized(Direction.LEFT, 2)
    assert grid is not None
    level = to_level(grid, title="t", solution="rrRR")
    assert level.rows() == parse_level("\n".join(ROOM)).rows()
    assert dict(level.extra) == {"Solution": "rrRR"}
    assert level_origin(grid) == (2, 0)
    assert one_line_rle(room()) == "7#|#@-$-.#|#5-#|7#"
