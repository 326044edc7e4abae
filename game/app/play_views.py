"""What the play screen shows, as a frozen view model made from the position at the moment it
is asked for: the board with the step under way and its marks, the HUD, the hint and the lines."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.app.assist_machine import Status
from game.app.hud_info import HudInfo
from game.app.notice import Tone
from game.core.board import Board
from game.core.direction import Direction
from game.solver.plan import Hint


class MarkKind(Enum):
    """Why a square is outlined; the view picks its colour."""

    SELECTED = "selected"  # the box picked for a push by clicks
    REFUSED = "refused"  # where a click could not go
    DEAD = "dead"  # a box of a deadlock just made


@dataclass(frozen=True)
class Mark:
    square: int
    kind: MarkKind


@dataclass(frozen=True)
class Slide:
    """The step being animated: the player (and a box) from one square to the next over
    ``ticks`` ticks, ``elapsed`` of them gone."""

    player_from: int
    player_to: int
    box_from: int | None
    box_to: int | None
    ticks: int
    elapsed: int

    def fraction(self, alpha: float) -> float:
        return min(1.0, (self.elapsed + alpha) / self.ticks)


@dataclass(frozen=True)
class PositionView:
    """The board as shown: the boxes, the player and the step under way; ``homes`` are the
    start squares reverse play pulls the boxes back to (None playing forwards)."""

    board: Board
    boxes: frozenset[int]
    player: int
    facing: Direction
    slide: Slide | None
    marks: tuple[Mark, ...]
    homes: frozenset[int] | None


class Footer(Enum):
    """Which keys the key bar shows: those of forward play, reverse play, or a solution."""

    FORWARD = "forward"
    REVERSE = "reverse"
    SOLUTION = "solution"


@dataclass(frozen=True)
class PlayView:
    """Everything the play screen shows, made from the position this instant."""

    position: PositionView
    hud: HudInfo
    # The next push the solver suggests (shown while nothing moves), its status line, and a
    # tutorial level's caption (shown while the status says nothing).
    hint: Hint | None
    status: Status | None
    caption: str
    notice: tuple[str, Tone] | None
    footer: Footer
