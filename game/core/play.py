"""The play state: player and boxes on a board, with unlimited undo and redo.

Undo is make/unmake on small records; a restart is itself a record, so it can be undone too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from game.core.board import Board, Tile
from game.core.boxes import BoxList
from game.core.direction import Direction
from game.core.level import Level
from game.core.undo_line import Restart, UndoLine


@dataclass(frozen=True)
class Move:
    """One step of the player; ``pushed`` says whether it moved a box."""

    direction: Direction
    pushed: bool

    @property
    def letter(self) -> str:
        return self.direction.letter(self.pushed)


Action = Move | Restart[Move]


class Blocked(Enum):
    """Why a step could not be taken."""

    WALL = "a wall is in the way"
    BOX_BLOCKED = "the box cannot move: a wall or another box is behind it"


@dataclass(frozen=True)
class StepResult:
    """What a step did: the move made, or why nothing happened."""

    move: Move | None
    blocked: Blocked | None = None

    @property
    def moved(self) -> bool:
        return self.move is not None


class PlayState:
    """A level being played: position, move list, undo and redo."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.board: Board = level.board
        self.boxes = BoxList(level.boxes)
        self.player = level.player
        self.facing = Direction.DOWN
        self._line = UndoLine(self._make, self._unmake)
        # The moves since the start or the last restart (the line's own list, kept in step).
        self.moves: list[Move] = self._line.steps
        self._pushes = 0
        self._boxes_on_goals = len(level.boxes & level.board.goals)

    # -- queries -------------------------------------------------------------------------
    @property
    def move_count(self) -> int:
        return len(self.moves)

    @property
    def push_count(self) -> int:
        return self._pushes

    @property
    def boxes_on_goals(self) -> int:
        return self._boxes_on_goals

    @property
    def is_solved(self) -> bool:
        return self._boxes_on_goals == len(self.board.goals)

    @property
    def can_undo(self) -> bool:
        return self._line.can_undo

    @property
    def can_redo(self) -> bool:
        return self._line.can_redo

    def lurd(self) -> str:
        """The moves since the start (or the last restart) in LURD notation."""
        return "".join(move.letter for move in self.moves)

    def box_squares(self) -> frozenset[int]:
        return self.boxes.frozen()

    def position(self) -> Level:
        """The current position as a level, for solving from the middle of a game."""
        return self.level.with_position(self.boxes.frozen(), self.player)

    def check_step(self, direction: Direction) -> StepResult:
        """What a step would do, without doing it."""
        target = self.board.neighbour(self.player, direction)
        if target is None or not self.board.is_walkable(target):
            return StepResult(None, Blocked.WALL)
        if self.boxes.is_box(target):
            beyond = self.board.neighbour(target, direction)
            if beyond is None or not self.board.is_walkable(beyond) or self.boxes.is_box(beyond):
                return StepResult(None, Blocked.BOX_BLOCKED)
            return StepResult(Move(direction, True))
        return StepResult(Move(direction, False))

    # -- changes -------------------------------------------------------------------------
    def play_letters(self, letters: str) -> Iterator[Move]:
        """Make the moves of ``letters`` (LURD letters, already parsed; case is not checked)
        one by one, yielding each just after it is made; ValueError at the first that cannot
        be made."""
        for number, letter in enumerate(letters, start=1):
            result = self.step(Direction.from_letter(letter))
            if result.move is None:
                reason = result.blocked.value if result.blocked else "blocked"
                raise ValueError(f"move {number} {letter!r}: {reason}")
            yield result.move

    def follow(self, letters: str, strict_case: bool = True) -> tuple[int, str] | None:
        """Make the moves of parsed LURD ``letters`` as :meth:`step` would, one after the
        other, in one pass with the board's numbers at hand: a saved game of a million moves
        resumes in about a second, not fifteen. Stops at the first move that cannot be made
        (or, with ``strict_case``, whose case says push where there is none or the reverse):
        its number and why; None when all were made."""
        made: list[Move] = []
        try:
            return self._follow(letters, strict_case, made)
        finally:
            self._line.add_made(made)
            if made:
                self.facing = made[-1].direction

    def _follow(self, letters: str, strict_case: bool, made: list[Move]) -> tuple[int, str] | None:
        board, boxes = self.board, self.boxes
        goals, width, tiles = board.goals, board.width, board.tiles
        open_squares = {square for square, tile in enumerate(tiles) if tile in _WALKABLE}
        is_box, append = boxes.is_box, made.append
        # Each LURD letter's direction and how far the flat index moves for it.
        steps = {
            letter: (direction, direction.dx + direction.dy * width)
            for direction in Direction
            for letter in (direction.value, direction.value.upper())
        }
        for number, letter in enumerate(letters, start=1):
            direction, offset = steps[letter]
            player = self.player
            target = player + offset
            if _off_grid(player, offset, width) or target not in open_squares:
                return number, Blocked.WALL.value
            pushed = is_box(target)
            if pushed:
                beyond = target + offset
                if _off_grid(target, offset, width) or beyond not in open_squares or is_box(beyond):
                    return number, Blocked.BOX_BLOCKED.value
            if strict_case and pushed != letter.isupper():
                return number, (
                    "it pushes a box, so it should be uppercase"
                    if pushed
                    else "it is uppercase but there is no box to push"
                )
            if pushed:
                boxes.move(target, beyond)
                self._pushes += 1
                self._boxes_on_goals += (beyond in goals) - (target in goals)
            self.player = target
            append(_MOVES[direction, pushed])
        return None

    def step(self, direction: Direction) -> StepResult:
        """Walk or push one square; a new move clears the redo list."""
        self.facing = direction
        result = self.check_step(direction)
        if result.move is not None:
            self._line.do(result.move)
        return result

    def undo(self) -> Action | None:
        """Take back the last move or restart; None at the start."""
        return self._line.undo()

    def redo(self) -> Action | None:
        """Do again what undo took back; None if there is nothing."""
        return self._line.redo()

    def restart(self) -> bool:
        """Go back to the start as one undoable action; False if already there."""
        return self._line.restart()

    def _make(self, move: Move) -> None:
        direction = move.direction
        target = self.board.step(self.player, direction)
        if move.pushed:
            beyond = self.board.step(target, direction)
            self.boxes.move(target, beyond)
            self._pushes += 1
            goals = self.board.goals
            self._boxes_on_goals += (beyond in goals) - (target in goals)
        self.player = target
        self.facing = direction

    def _unmake(self, move: Move) -> None:
        direction = move.direction
        offset = self.board.offset(direction)
        previous = self.player - offset
        if move.pushed:
            box = self.player + offset
            self.boxes.move(box, self.player)
            self._pushes -= 1
            goals = self.board.goals
            self._boxes_on_goals += (self.player in goals) - (box in goals)
        self.player = previous
        self.facing = self.moves[-1].direction if self.moves else direction


_WALKABLE = (Tile.FLOOR, Tile.GOAL)
# Moves are values: one of each serves every step of a long replay.
_MOVES = {
    (direction, pushed): Move(direction, pushed)
    for direction in Direction
    for pushed in (False, True)
}


def _off_grid(square: int, offset: int, width: int) -> bool:
    """True if a step of ``offset`` from ``square`` leaves the grid sideways (left from the
    first column, right from the last); a step past the top or bottom lands on no open
    square."""
    return (offset == -1 and square % width == 0) or (offset == 1 and square % width == width - 1)
