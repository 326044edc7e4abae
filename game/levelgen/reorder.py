"""A solution with its pushes reordered so the player switches boxes as seldom as it can.

A solution found by pulling or by search may hop between boxes that could as well be finished
one at a time; the rating counts the box changes a player needs, so it rates the reordered one.
"""

from __future__ import annotations

from game.core.level import Level
from game.core.paths import DIRECTIONS, walk_path
from game.levelgen.bitboard import Masks, flood
from game.levelgen.score import Push, pushes_of

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

    def plays(self, moves: list[_Numbered]) -> bool:
        """True if every push of ``moves`` can be made in turn (this replay is used up)."""
        return all(self.push(move) for move in moves)


def _numbered(masks: Masks, squares: list[int], pushes: list[Push]) -> list[_Numbered]:
    number = {square: index for index, square in enumerate(squares)}
    moves = []
    for square, way in pushes:
        box = number.pop(square)
        number[square + masks.offsets[way]] = box
        moves.append((box, way))
    return moves


def fewest_changes_pushes(
    masks: Masks, boxes: list[int], player: int, pushes: list[Push]
) -> list[Push]:
    """``pushes`` (from ``boxes`` and ``player``) in an order that keeps pushing the same box
    while the rest still plays in its old order. Each box makes the same pushes in the same
    order, so the push count stays and only box changes (and the walks between) can drop."""
    pending = _numbered(masks, boxes, pushes)
    state = _Replay(masks, list(boxes), player)
    made: list[Push] = []
    current = -1
    while pending:
        choice = 0
        same = next((index for index, (box, _) in enumerate(pending) if box == current), 0)
        if same > 0:
            trial = state.copy()
            rest = pending[:same] + pending[same + 1 :]
            if trial.push(pending[same]) and trial.copy().plays(rest):
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
    return lurd_of_pushes(
        level, fewest_changes_pushes(masks, sorted(level.boxes), level.player, pushes)
    )


def lurd_of_pushes(level: Level, pushes: list[Push]) -> str:
    """LURD for ``pushes`` played from the start of ``level``, joined by shortest walks."""
    boxes = set(level.boxes)
    player = level.player
    letters: list[str] = []
    for square, way in pushes:
        direction = DIRECTIONS[way]
        offset = direction.dx + direction.dy * level.width
        walk = walk_path(level.board, boxes, player, square - offset)
        if walk is None:
            raise ValueError("a push cannot be walked to: the search and the rules disagree")
        letters.extend(step.letter(False) for step in walk)
        letters.append(direction.letter(True))
        boxes.remove(square)
        boxes.add(square + offset)
        player = square
    return "".join(letters)
