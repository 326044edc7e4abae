"""Reverse play as Sokoban YASC has it: the boxes start on the goals and the player pulls them
back to their start squares; a finished reverse game read backwards is a forward solution.

The player may be put down anywhere he could stand until his first pull; a pull is his choice.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.core.board import Board
from game.core.boxes import BoxList
from game.core.direction import Direction
from game.core.level import Level
from game.core.paths import DIRECTIONS, reachable
from game.core.play import Blocked, Move, StepResult
from game.core.problems import Problem, ProblemKind
from game.core.push import Push, UnplayablePush, lurd_of_pushes
from game.core.undo_line import Restart, UndoLine


@dataclass(frozen=True)
class Pull:
    """The player, standing next to ``box``, steps away in ``direction`` and drags it along."""

    box: int
    direction: Direction


@dataclass(frozen=True)
class Placement:
    """The player put down on ``target`` from ``source`` before his first pull."""

    source: int
    target: int


# One entry of a reverse game's line: a step (``pushed`` meaning pulled) or a placement.
ReverseStep = Move | Placement


ReverseAction = ReverseStep | Restart[ReverseStep]


class ReversePlayError(ValueError):
    """A level that cannot be played backwards; ``problem`` says why, for the player."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.text)
        self.problem = problem


def first_square(board: Board, boxes: Collection[int], player: int) -> int | None:
    """Where the player starts a reverse game: his own start square, or, when a box stands on
    it, the free square nearest to it; None when boxes fill every square he could reach."""
    if player not in boxes:
        return player
    ring = [player]
    seen = {player}
    while ring:
        free = sorted(square for square in ring if square not in boxes)
        if free:
            return free[0]
        ring = [
            near
            for square in ring
            for direction in DIRECTIONS
            if (near := board.step(square, direction)) not in seen and board.is_walkable(near)
        ]
        seen.update(ring)
    return None


class ReverseGame:
    """A level played backwards: position, line of moves, undo and redo, and pull counts."""

    def __init__(self, level: Level) -> None:
        """ReversePlayError when the boxes on their goals leave the player nowhere to stand
        (his walled-off area holds only goals)."""
        self.level = level
        self.board: Board = level.board
        self.starts = level.boxes
        self.boxes = BoxList(self.board.goals)
        # The squares he could ever stand on: the level's floor as seen from its start.
        self.floor = frozenset(reachable(self.board, (), level.player))
        player = first_square(self.board, self.board.goals, level.player)
        if player is None:
            raise ReversePlayError(Problem(ProblemKind.NO_REVERSE_PLAY))
        self.player = player
        self.facing = Direction.DOWN
        self._history = UndoLine(self._make, self._unmake)
        # The steps and placements since the start or the last restart.
        self.line: list[ReverseStep] = self._history.steps
        self._moves = 0
        self._pulls = 0
        self._on_starts = len(self.board.goals & self.starts)

    # -- queries -------------------------------------------------------------------------
    @property
    def move_count(self) -> int:
        return self._moves

    @property
    def pull_count(self) -> int:
        return self._pulls

    @property
    def boxes_on_starts(self) -> int:
        return self._on_starts

    @property
    def can_place(self) -> bool:
        """Before the first pull the player may be put down anywhere he could stand."""
        return self._pulls == 0

    @property
    def can_undo(self) -> bool:
        return self._history.can_undo

    @property
    def can_redo(self) -> bool:
        return self._history.can_redo

    def box_squares(self) -> frozenset[int]:
        return self.boxes.frozen()

    def pulls(self) -> list[Pull]:
        """The pulls of the line since the start or the last restart, in the order made."""
        pulls: list[Pull] = []
        player = self.player
        for step in reversed(self.line):
            if isinstance(step, Placement):
                player = step.source
                continue
            offset = self.board.offset(step.direction)
            player -= offset  # where he stood before the step
            if step.pushed:
                pulls.append(Pull(player - offset, step.direction))
        pulls.reverse()
        return pulls

    def standable(self, square: int) -> bool:
        return square in self.floor and square not in self.boxes

    def areas(self) -> list[frozenset[int]]:
        """The separate areas of free squares the player could be put down in, in board order."""
        left = {square for square in self.floor if square not in self.boxes}
        found = []
        while left:
            area = frozenset(reachable(self.board, self.boxes, min(left)))
            found.append(area)
            left -= area
        return found

    def next_area_square(self) -> int | None:
        """The first square of the area after the player's (in board order, round to the first),
        or None when there is one area only."""
        areas = self.areas()
        if len(areas) < 2:
            return None
        here = next(index for index, area in enumerate(areas) if self.player in area)
        return min(areas[(here + 1) % len(areas)])

    def check_step(self, direction: Direction, pull: bool) -> StepResult:
        """What a step would do: a walk, or with ``pull`` and a box behind the player, a pull."""
        board = self.board
        target = board.neighbour(self.player, direction)
        if target is None or not board.is_walkable(target):
            return StepResult(None, Blocked.WALL)
        if target in self.boxes:
            return StepResult(None, Blocked.BOX_BLOCKED)
        behind = board.neighbour(self.player, direction.opposite)
        return StepResult(Move(direction, pull and behind is not None and behind in self.boxes))

    # -- changes -------------------------------------------------------------------------
    def step(self, direction: Direction, pull: bool = False) -> StepResult:
        """Walk one square, pulling the box behind the player if ``pull``; a new move clears
        the redo list."""
        self.facing = direction
        result = self.check_step(direction, pull)
        if result.move is not None:
            self._history.do(result.move)
        return result

    def place(self, square: int) -> bool:
        """Put the player down on ``square``: only before the first pull, on a free square
        he could stand on; False (nothing done) otherwise."""
        if not self.can_place or not self.standable(square) or square == self.player:
            return False
        self._history.do(Placement(self.player, square))
        return True

    def undo(self) -> ReverseAction | None:
        """Take back the last move, placement or restart; None at the start."""
        return self._history.undo()

    def redo(self) -> ReverseAction | None:
        """Do again what undo took back; None if there is nothing."""
        return self._history.redo()

    def restart(self) -> bool:
        """Back to the boxes on their goals as one undoable action; False if already there."""
        return self._history.restart()

    def _make(self, step: ReverseStep) -> None:
        if isinstance(step, Placement):
            self.player = step.target
        else:
            offset = self.board.offset(step.direction)
            if step.pushed:
                self._move_box(self.player - offset, self.player)
                self._pulls += 1
            self.player += offset
            self._moves += 1
            self.facing = step.direction.opposite if step.pushed else step.direction

    def _unmake(self, step: ReverseStep) -> None:
        if isinstance(step, Placement):
            self.player = step.source
            return
        offset = self.board.offset(step.direction)
        self.player -= offset
        if step.pushed:
            self._move_box(self.player, self.player - offset)
            self._pulls -= 1
        self._moves -= 1
        self.facing = step.direction

    def _move_box(self, source: int, target: int) -> None:
        self.boxes.move(source, target)
        self._on_starts += (target in self.starts) - (source in self.starts)


def forward_solution(position: Level, pulls: Sequence[Pull]) -> str:
    """``pulls`` made from the solved position, read backwards as the moves that solve
    ``position`` (the boxes where the last pull left them): the last pull first, each a push
    the other way of the box from where the pull left it, after the shortest walk to it;
    UnplayablePush when one cannot be walked to."""
    board = position.board
    pushes = (
        Push(pull.box + board.offset(pull.direction), pull.direction.opposite)
        for pull in reversed(pulls)
    )
    return lurd_of_pushes(position, pushes)


def moves_to_solved(game: ReverseGame, boxes: frozenset[int], player: int) -> str | None:
    """Forward moves from a position with ``boxes`` and ``player`` to the solved position
    through the reverse game: its pulls read backwards. None unless the reverse game's boxes
    are ``boxes`` and the player can walk to each push."""
    if game.boxes.frozen() != boxes:
        return None
    try:
        return forward_solution(Level(game.board, boxes, player), game.pulls())
    except UnplayablePush:
        return None
