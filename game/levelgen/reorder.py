"""A solution with its pushes reordered so the player switches boxes as seldom as it can.

A solution found by pulling or by search may hop between boxes that could as well be finished
one at a time; the rating counts the box changes a player needs, so it rates the reordered one.
"""

from __future__ import annotations

from game.core.level import Level
from game.core.metrics import pushes_of
from game.core.push import IndexedPush, from_indexed, lurd_of_pushes
from game.levelgen.bitboard import Masks, flood

# A push of a box known by its number: (the box's number, index of the direction).
_Numbered = tuple[int, int]


class _Replay:
    """Boxes by number and the player, moved push by push on bit masks."""

    def __init__(self, masks: Masks, squares: list[int], player: int) -> None:
        self.masks = masks
        self.squares = squares
        self.boxes = sum(1 << square for square in squares)
        self.player = player

    def copy(self) -> _Replay:
        return _Replay(self.masks, list(self.squares), self.player)

    def push(self, move: _Numbered) -> bool:
        """Make the push if the player can walk to it and the square ahead is free."""
        box, way = move
        square = self.squares[box]
        offset = self.masks.offsets[way]
        free = self.masks.floor & ~self.boxes
        if not free >> square + offset & 1:
            return False
        if not flood(self.player, free, self.masks.width) >> square - offset & 1:
            return False
        self.boxes ^= (1 << square) | (1 << square + offset)
        self.squares[box] = square + offset
        self.player = square
        return True

    def plays_on(self, moves: list[_Numbered]) -> bool:
        """True if every push of ``moves`` can be made in turn (made on this replay)."""
        return all(self.push(move) for move in moves)


def _numbered(masks: Masks, squares: list[int], pushes: list[IndexedPush]) -> list[_Numbered]:
    number = {square: index for index, square in enumerate(squares)}
    moves = []
    for square, way in pushes:
        box = number.pop(square)
        number[square + masks.offsets[way]] = box
        moves.append((box, way))
    return moves


def _plays_first(state: _Replay, pending: list[_Numbered], index: int) -> bool:
    """True if ``pending[index]`` can be made first and the rest still played in order.

    Its box waits untouched until then, so after the pushes before it the boxes stand as they
    would after it in the old order; if the player is in the same area as then (where that
    push would have left him), the rest plays as before and need not be tried."""
    trial = state.copy()
    if not trial.push(pending[index]) or not trial.plays_on(pending[:index]):
        return False
    left_at = state.squares[pending[index][0]]
    free = state.masks.floor & ~trial.boxes
    if flood(trial.player, free, state.masks.width) >> left_at & 1:
        return True
    return trial.plays_on(pending[index + 1 :])


def fewest_changes_pushes(
    masks: Masks, boxes: list[int], player: int, pushes: list[IndexedPush]
) -> list[IndexedPush]:
    """``pushes`` (from ``boxes`` and ``player``) in an order that keeps pushing the same box
    while the rest still plays in its old order. Each box makes the same pushes in the same
    order, so the push count stays and only box changes (and the walks between) can drop."""
    pending = _numbered(masks, boxes, pushes)
    state = _Replay(masks, list(boxes), player)
    made: list[IndexedPush] = []
    current = -1
    while pending:
        choice = 0
        same = next((index for index, (box, _) in enumerate(pending) if box == current), 0)
        if same > 0 and _plays_first(state, pending, same):
            choice = same
        box, way = pending.pop(choice)
        made.append((state.squares[box], way))
        state.push((box, way))
        current = box
    return made


def fewest_changes(level: Level, lurd: str) -> str:
    """The LURD of :func:`fewest_changes_pushes` for a playable solution of ``level``."""
    masks = Masks.of(level.board)
    pushes = pushes_of(level, lurd)
    reordered = fewest_changes_pushes(masks, sorted(level.boxes), level.player, pushes)
    return lurd_of_pushes(level, from_indexed(reordered))
