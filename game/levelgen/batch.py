"""Fresh levels on demand: N rated, distinct levels of a size, box count and difficulty.

Serves ``python -m game generate`` (over several processes), the game's Random level menu, and
:func:`cell_level`, the one-level entry point a background worker process can call.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from game.core.chapters import STARS_KEY
from game.core.level import Level
from game.core.problems import Problem, refusal
from game.core.wording import counted
from game.levelgen.aimed import Progress, Target, aimed_level
from game.levelgen.cells import Cell
from game.levelgen.generate import RATING_KEY, GeneratedLevel
from game.levelgen.parallel import run_tries
from game.levelgen.rating import STAR_THRESHOLDS
from game.levelgen.reverse import Cancelled
from game.levelgen.rooms import BLOCK
from game.levelgen.symmetry import layout_key
from game.solver.result import CancelCheck

MIN_SIDE = BLOCK + 2
MAX_SIDE = 32
MAX_BOXES = 12
MAX_COUNT = 100
# Tries (each one seed of the aimed generator) per level asked for before giving up on the
# rest; a try seldom fails, but two may make the same walls and goals.
TRIES_PER_LEVEL = 4
# Try ``k`` of a request with seed ``s`` uses the generator's seed ``s * SEED_STRIDE + k``.
SEED_STRIDE = 100_000
DIFFICULTIES = range(1, len(STAR_THRESHOLDS) + 2)


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

    def problem(self) -> Problem | None:
        """Why the request cannot be met (the rule it breaks, in one line), or None if it is
        sound."""
        for name, value in (("width", self.width), ("height", self.height)):
            if not MIN_SIDE <= value <= MAX_SIDE:
                return refusal(f"{name} must be {MIN_SIDE} to {MAX_SIDE}, not {value}")
        if self.difficulty not in DIFFICULTIES:
            return refusal(f"difficulty must be 1 to {DIFFICULTIES[-1]}, not {self.difficulty}")
        if not 1 <= self.count <= MAX_COUNT:
            return refusal(f"count must be 1 to {MAX_COUNT}, not {self.count}")
        if self.seed < 0:
            return refusal(f"seed must be 0 or more, not {self.seed}")
        room = (self.width - 2) // BLOCK * ((self.height - 2) // BLOCK) * BLOCK * BLOCK
        most = min(MAX_BOXES, (room - 8) // 3)
        if not 1 <= self.boxes <= most:
            size = f"{self.width}x{self.height}"
            return refusal(f"boxes must be 1 to {most} in a {size} level, not {self.boxes}")
        return None

    def target(self) -> Target:
        return Target(self.width, self.height, self.boxes, self.difficulty)


@dataclass(frozen=True)
class BatchProgress:
    """Where a batch stands: levels made of those wanted, tries done of those allowed, and
    how far the try at hand has gone (0 to 1; known only when the batch runs on one core)."""

    made: int
    wanted: int
    tried: int
    allowed: int
    share: float = 0.0

    def line(self) -> str:
        made = f"{self.made}/{counted(self.wanted, 'level')} made"
        return f"{made}, {self.tried} of up to {self.allowed} tried"


def generate_levels(
    request: Request,
    cancel: CancelCheck = lambda: False,
    progress: Callable[[BatchProgress], None] = lambda _: None,
    jobs: int = 1,
) -> list[Level]:
    """Up to ``request.count`` new levels; fewer if the tries run out. The same for a request
    whatever ``jobs``, the number of processes that make them.

    Each comes with its solution (the ``Solution:`` line), ``Rating:`` and ``Stars:`` lines
    (the stars asked for) and a ``Spec:`` line that makes it again; no two are turns or mirror
    images of the same walls and goals. Raises ValueError for a bad request and Cancelled
    when ``cancel()`` turns true.
    """
    problem = request.problem()
    if problem is not None:
        raise ValueError(problem.text)
    made: list[Level] = []
    seen: set[str] = set()
    allowed = request.count * TRIES_PER_LEVEL
    progress(BatchProgress(0, request.count, 0, allowed))

    def take(index: int, found: GeneratedLevel | None) -> bool:
        if found is not None and (layout := layout_key(found.level)) not in seen:
            seen.add(layout)
            title = f"Random {request.width}x{request.height} #{len(made) + 1}"
            made.append(finished_level(found, title))
        progress(BatchProgress(len(made), request.count, index + 1, allowed))
        return len(made) == request.count

    def told(index: int) -> Progress:
        def share(part: float) -> None:
            progress(BatchProgress(len(made), request.count, index, allowed, part))

        return share

    if jobs <= 1:
        work = functools.partial(_try_here, request, told)
    else:
        work = functools.partial(_try, request.target(), request.seed)
    run_tries(work, allowed, take, jobs, cancel)
    return made


def _try(target: Target, seed: int, index: int, cancel: CancelCheck) -> GeneratedLevel | None:
    """Try ``index`` of a batch: in a worker process, so it takes only values that pickle."""
    return aimed_level(target, seed * SEED_STRIDE + index, cancel)


def _try_here(
    request: Request, told: Callable[[int], Progress], index: int, cancel: CancelCheck
) -> GeneratedLevel | None:
    """Try ``index`` of a batch in this process, telling how far it has gone."""
    return aimed_level(request.target(), request.seed * SEED_STRIDE + index, cancel, told(index))


def finished_level(found: GeneratedLevel, title: str) -> Level:
    """The generated level with ``title`` and its ``Rating:`` and ``Stars:`` lines."""
    level = found.level
    rating = ((RATING_KEY, str(found.rating.value)), (STARS_KEY, str(found.rating.stars)))
    return Level(level.board, level.boxes, level.player, title, level.author, "",
                 (*rating, *level.extra))


def cell_level(
    cell: Cell, seed: int, cancel: CancelCheck, progress: Progress
) -> Level | None:
    """One level for a cell of the Random level menu from ``seed``, or None if none turned
    up; ``progress`` hears the share done (0 to 1). Raises Cancelled soon after ``cancel()``
    turns true. It and its arguments pickle, so a worker process can run it, and it holds
    no lock or state between calls."""
    found = aimed_level(cell.target(), seed, cancel, progress)
    if found is None:
        return None
    return finished_level(found, cell.level_title(seed, found.level.width, found.level.height))


__all__ = ["BatchProgress", "Cancelled", "Request", "cell_level", "generate_levels"]
