"""Hints in reverse play: the next pull, read from the solver's forward solution of the level
from its start to the reverse game's boxes, taken backwards.

Why forward: a reverse position (the boxes where the pulls left them) lies on a solution exactly
when the level's start can be pushed into it, so the solver is asked that of a copy of the level
whose goals are those boxes; its last push, turned round, is the next pull, and the pushes
before it answer the pulls after it with no new search. The forward solver brings its deadlock
tables, its portfolio and its worker process as they are, where a search of pulls would be a
second solver to keep. What it cannot know is the player's side of the boxes: a pull it
answers may start in an area the player cannot walk to, which the hint then says.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.app.assist_machine import gave_up_message
from game.app.jobs.solver_service import Solved
from game.core.board import Board, Tile
from game.core.direction import Direction
from game.core.level import Level
from game.core.paths import walk_path
from game.core.problems import Problem, ProblemKind
from game.core.push import Push
from game.core.reverse_play import ReverseGame
from game.solver.plan import Hint
from game.solver.result import SolveStatus


def pulled_home_level(level: Level, boxes: frozenset[int]) -> Level:
    """``level`` from its start, with goals where ``boxes`` stand: a forward solution of it,
    read backwards, pulls those boxes home."""
    board = level.board
    tiles = tuple(
        Tile.GOAL if square in boxes else Tile.FLOOR if tile is Tile.GOAL else tile
        for square, tile in enumerate(board.tiles)
    )
    return Level(Board(board.width, board.height, tiles), level.boxes, level.player, level.title)


@dataclass(frozen=True)
class PullHint:
    """The next pull, drawn as a hint is: the walk to the square beside the box (empty when the
    player is first put down there), the box and the square it is pulled onto; ``place`` when
    the player must be put down there (before the first pull, in another area)."""

    hint: Hint
    place: bool = False


class PullPlan:
    """A forward solution from the level's start, kept as the pull that takes each position it
    passes through one push back."""

    def __init__(self, level: Level, plan: Sequence[Push]) -> None:
        board = level.board
        boxes = set(level.boxes)
        # The boxes after each one-square push -> the square its box came to, and the push's
        # direction; and how many pulls are left from there.
        self._back: dict[frozenset[int], tuple[int, Direction, int]] = {}
        count = 0
        for push in plan:
            offset = board.offset(push.direction)
            for step in range(push.squares):
                source = push.box + step * offset
                boxes.remove(source)
                boxes.add(source + offset)
                count += 1
                self._back[frozenset(boxes)] = (source + offset, push.direction, count)

    def next_pull(self, game: ReverseGame) -> PullHint | None:
        """The pull the plan makes next from the reverse game's position: None when the plan
        does not pass through its boxes, or the player can neither walk to the pull nor be
        put down there."""
        found = self._back.get(game.box_squares())
        if found is None:
            return None
        box, pushed, left = found
        pull = pushed.opposite
        stand = game.board.step(box, pull)
        hint = Hint((), Push(box, pull), stand, left)
        walk = walk_path(game.board, game.boxes, game.player, stand)
        if walk is not None:
            return PullHint(Hint(tuple(walk), Push(box, pull), stand, left))
        if game.can_place and game.standable(stand):
            return PullHint(hint, place=True)
        return None

    def passes(self, game: ReverseGame) -> bool:
        """Whether the plan goes through the reverse game's boxes."""
        return game.box_squares() in self._back


# What Shift+H in reverse play may answer besides a pull, worded here.
EVERY_BOX_HOME = "Every box is home: walk to the start square"
OTHER_SIDE = "The solver's way home pulls from another side of the boxes: undo a pull (U)"
THINKING = "Thinking of the next pull... (Esc stops)"
TAKEN = "Another search took the solver: Shift+H asks again"


class PullHints:
    """Shift+H in reverse play: the plan found for the reverse game, the hint shown for its
    position (shown while the position is the one it was given for), and the positions whose
    hint was charged (once each, as forwards)."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.plan: PullPlan | None = None
        self._shown: tuple[tuple[frozenset[int], int], Hint] | None = None
        self._charged: set[frozenset[int]] = set()

    def hint(self, game: ReverseGame) -> Hint | None:
        """The hint to draw for the reverse game as it stands (None once it moved on)."""
        if self._shown is None or self._shown[0] != (game.box_squares(), game.player):
            return None
        return self._shown[1]

    def ask(self, game: ReverseGame) -> PullHint | Problem | None:
        """The next pull from the plan at hand; a problem if there is none to give (every box
        home, a pull from another side); None when the solver must be asked
        (:meth:`search_level`)."""
        if game.box_squares() == self.level.boxes:
            return Problem(ProblemKind.NO_HINT, EVERY_BOX_HOME)
        if self.plan is None or not self.plan.passes(game):
            return None
        found = self.plan.next_pull(game)
        if found is None:
            return Problem(ProblemKind.NO_HINT, OTHER_SIDE)
        self._shown = ((game.box_squares(), game.player), found.hint)
        return found

    def charge(self, game: ReverseGame) -> bool:
        """Whether a hint shown here costs one now (the first at these boxes)."""
        boxes = game.box_squares()
        new = boxes not in self._charged
        self._charged.add(boxes)
        return new

    def search_level(self, game: ReverseGame) -> Level:
        """What the solver is asked for the reverse game's position."""
        return pulled_home_level(self.level, game.box_squares())

    def answered(self, game: ReverseGame, answer: object) -> PullHint | Problem:
        """The solver's answer for the reverse game's position: its plan kept, and the pull
        it gives, or why there is none."""
        if not isinstance(answer, Solved):
            return Problem(ProblemKind.WORK_FAILED, "The solver gave no answer")
        result = answer.result
        if result.status is SolveStatus.UNSOLVABLE:
            return Problem(ProblemKind.NO_WAY_ON)
        if result.status is not SolveStatus.SOLVED:
            return Problem(ProblemKind.WORK_FAILED, gave_up_message(result.status))
        self.plan = PullPlan(self.level, answer.plan)
        answer = self.ask(game)
        return answer if answer is not None else Problem(ProblemKind.NO_HINT, OTHER_SIDE)
