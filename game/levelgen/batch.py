"""Fresh levels on demand: N solver-checked, rated, distinct levels of a size and difficulty.

Serves ``python -m game generate`` and the game's "Random level" entry, which runs
:func:`generate_levels` off the main loop with a cancel check and a progress callback.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.chapters import STARS_KEY
from game.core.level import Level
from game.levelgen.generate import (
    RATING_KEY,
    SOLUTION_KEY,
    SPEC_KEY,
    CancelCheck,
    Cancelled,
    LevelSpec,
    generate_level,
)
from game.levelgen.rooms import BLOCK
from game.levelgen.symmetry import layout_key

MIN_SIDE = BLOCK + 2
MAX_SIDE = 32
MAX_BOXES = 12
MAX_COUNT = 100
# Seeds tried per level asked for before giving up on the rest.
TRIES_PER_LEVEL = 30


@dataclass(frozen=True)
class Effort:
    """How hard the generator searches at one difficulty (see :class:`LevelSpec`)."""

    state_limit: int
    stages: int
    goal_tries: int
    goal_cluster: int = 0


# The harder settings are those that made the campaign's chapters 4 and 6.
EFFORT = {
    1: Effort(2_000, 1, 2),
    2: Effort(10_000, 1, 3),
    3: Effort(30_000, 1, 4),
    4: Effort(50_000, 1, 4),
    5: Effort(60_000, 2, 2, goal_cluster=1),
}


@dataclass(frozen=True)
class Request:
    """What to make: ``count`` levels of at most ``width`` x ``height`` squares with ``boxes``
    boxes, rated ``difficulty`` stars (1-5), all following from ``seed``."""

    width: int
    height: int
    boxes: int
    count: int
    difficulty: int
    seed: int

    def problem(self) -> str | None:
        """Why the request cannot be met, in one line, or None if it is sound."""
        for name, value in (("width", self.width), ("height", self.height)):
            if not MIN_SIDE <= value <= MAX_SIDE:
                return f"{name} must be {MIN_SIDE} to {MAX_SIDE}, not {value}"
        if self.difficulty not in EFFORT:
            return f"difficulty must be 1 to 5, not {self.difficulty}"
        if not 1 <= self.count <= MAX_COUNT:
            return f"count must be 1 to {MAX_COUNT}, not {self.count}"
        if self.seed < 0:
            return f"seed must be 0 or more, not {self.seed}"
        room = (self.width - 2) // BLOCK * ((self.height - 2) // BLOCK) * BLOCK * BLOCK
        most = min(MAX_BOXES, (room - 8) // 3)
        if not 1 <= self.boxes <= most:
            size = f"{self.width}x{self.height}"
            return f"boxes must be 1 to {most} in a {size} level, not {self.boxes}"
        return None

    def spec(self, index: int) -> LevelSpec:
        effort = EFFORT[self.difficulty]
        return LevelSpec(
            seed=self.seed * 100_000 + index,
            boxes=self.boxes,
            blocks_wide=(self.width - 2) // BLOCK,
            blocks_high=(self.height - 2) // BLOCK,
            goal_tries=effort.goal_tries,
            state_limit=effort.state_limit,
            stages=effort.stages,
            goal_cluster=effort.goal_cluster,
        )


@dataclass(frozen=True)
class BatchProgress:
    """Where a batch stands: levels made of those wanted, and seeds tried of those allowed."""

    made: int
    wanted: int
    tried: int
    allowed: int

    def line(self) -> str:
        return f"{self.made}/{self.wanted} levels made, {self.tried} of up to {self.allowed} tried"


def generate_levels(
    request: Request,
    cancel: CancelCheck = lambda: False,
    progress: Callable[[BatchProgress], None] = lambda _: None,
) -> list[Level]:
    """Up to ``request.count`` new levels, in the order found; fewer if the seeds run out.

    Each is solved by the solver (its solution is in the ``Solution:`` line), rated with
    ``Rating:`` and ``Stars:`` lines equal to the difficulty asked for, re-creatable from its
    ``Spec:`` line, and no two are turns or mirror images of the same walls and goals. Raises
    ValueError for a bad request and Cancelled when ``cancel()`` turns true.
    """
    problem = request.problem()
    if problem:
        raise ValueError(problem)
    made: list[Level] = []
    seen: set[str] = set()
    allowed = request.count * TRIES_PER_LEVEL
    tried = 0
    while len(made) < request.count and tried < allowed:
        progress(BatchProgress(len(made), request.count, tried, allowed))
        found = generate_level(request.spec(tried), cancel)
        tried += 1
        if found is None or not found.solver_solved:
            continue
        if found.rating.stars != request.difficulty or (layout := layout_key(found.level)) in seen:
            continue
        seen.add(layout)
        extra = (
            (RATING_KEY, str(found.rating.value)),
            (STARS_KEY, str(found.rating.stars)),
            (SPEC_KEY, found.spec.describe()),
            (SOLUTION_KEY, found.solution),
        )
        title = f"Random {request.width}x{request.height} #{len(made) + 1}"
        level = found.level
        made.append(Level(level.board, level.boxes, level.player, title, level.author, "", extra))
    progress(BatchProgress(len(made), request.count, tried, allowed))
    return made


__all__ = ["BatchProgress", "Cancelled", "Request", "generate_levels"]
