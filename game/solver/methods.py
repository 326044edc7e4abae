"""The solver's entry point: pick a method, run it under limits, verify and return the result.

Every SOLVED result has been replayed by the rules core, so a wrong solution can never escape.
"""

from __future__ import annotations

from game.core.level import Level
from game.core.notation import push_count, replay
from game.core.push import lurd_of_pushes
from game.solver.result import Cancel, Limits, Progress, SolveResult, SolveStatus, StopSearch
from game.solver.search import portfolio
from game.solver.search.parallel import search_in_parallel, worker_count
from game.solver.search.portfolio import (
    feature_space,
    feature_space_base,
    feature_space_boxes,
    feature_space_hf,
    feature_space_meeting,
    girl,
    greedy,
    take_turns,
)
from game.solver.search.problem import a_star, breadth_first
from game.solver.search.start import Method, search_level
from game.solver.smt import SMT_HELP, SMT_METHODS

DEFAULT_MEMORY = 1536 * 1024 * 1024  # bytes; well below the 2 GiB a solve may use
# Push-optimal A* weighs a push above any number of steps, so pushes come first, then moves.
LEXICOGRAPHIC_PUSH = 1 << 32

METHODS: dict[str, Method] = {
    "fast": portfolio.fast,
    "fess": lambda problem, limits: take_turns(problem, limits, ((feature_space, 1),)),
    "fess-boxes": lambda problem, limits: take_turns(
        problem, limits, ((feature_space_boxes, 1),)
    ),
    "fess-base": lambda problem, limits: take_turns(problem, limits, ((feature_space_base, 1),)),
    "fess-meet": lambda problem, limits: take_turns(
        problem, limits, ((feature_space_meeting, 1),)
    ),
    "fess-hf": lambda problem, limits: take_turns(problem, limits, ((feature_space_hf, 1),)),
    "girl": lambda problem, limits: take_turns(problem, limits, ((girl, 1),)),
    "greedy": lambda problem, limits: take_turns(problem, limits, ((greedy, 1),)),
    "bfs": breadth_first,
    "astar": lambda problem, limits: a_star(problem, limits, 1, LEXICOGRAPHIC_PUSH + 1),
    "astar-moves": lambda problem, limits: a_star(problem, limits, 1, 1),
    **SMT_METHODS,
}
METHOD_HELP = {
    "fast": "feature space searches in turns (with greedy search up to 8 boxes): quickest",
    "fess": "feature space search guided by a packing plan and advisors, after Festival",
    "fess-boxes": "feature space search whose moves take one box to any square it reaches",
    "fess-base": "fess-boxes planned by a backward search that retires boxes on start squares",
    "fess-meet": "fess-boxes aimed at a backward search's positions, finished where it meets one",
    "fess-hf": "fess-boxes towards the goals in any order, ordered as fess-meet orders its own",
    "girl": "Festival's strategy C: backward, then forward, each walking down to the best child",
    "greedy": "greedy best-first search on the matching estimate, with macros",
    "bfs": "breadth-first over pushes: fewest pushes",
    "astar": "A* with a matching bound: fewest pushes, then fewest moves",
    "astar-moves": "A* with a matching bound: fewest moves",
    **SMT_HELP,
}


def solve(
    level: Level,
    method: str = "fast",
    time_limit: float | None = 10.0,
    node_limit: int | None = None,
    cancel: Cancel | None = None,
    progress: Progress | None = None,
    memory_limit: int = DEFAULT_MEMORY,
    workers: int = 1,
) -> SolveResult:
    """Solve ``level`` from its current position with ``method`` (see METHODS).

    ``cancel`` is an Event-like object with ``is_set()`` or a callable returning True to stop;
    it is honoured within about 20 ms of work, as are the time and memory limits (the cap is
    on the process's resident memory). ``progress(nodes, seconds)`` comes about every 0.2 s.
    With ``workers`` above 1 a portfolio method runs its searches in that many processes at
    once (see :mod:`game.solver.search.parallel`); nodes are then counted over all of them.
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    limits = Limits(time_limit, node_limit, memory_limit, cancel, progress)

    def finish(
        status: SolveStatus, reason: str = "", lurd: str = "", found_by: str = ""
    ) -> SolveResult:
        moves = pushes = 0
        if lurd:
            moves = len(lurd)
            pushes = push_count(lurd)
        return SolveResult(
            status, lurd, moves, pushes, limits.nodes, limits.elapsed(), method, reason,
            found_by,
        )

    if level.is_solved:
        return finish(SolveStatus.SOLVED, "already solved")
    try:
        if worker_count(method, workers, len(level.boxes)) > 1:
            found = search_in_parallel(level, method, workers, limits)
        else:
            found = search_level(level, METHODS[method], limits)
    except StopSearch as stop:
        return finish(stop.status, stop.reason)
    except MemoryError:
        return finish(SolveStatus.MEMORY, "out of memory")
    assert found.pushes is not None
    lurd = lurd_of_pushes(level, found.pushes)
    check = replay(level, lurd)
    if not check.solved:
        raise AssertionError(f"solver produced a wrong solution for {level.title!r}: {check}")
    return finish(SolveStatus.SOLVED, lurd=lurd, found_by=found.found_by or method)

