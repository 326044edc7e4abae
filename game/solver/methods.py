"""The solver's entry point: pick a method, run it under limits, verify and return the result.

Every SOLVED result has been replayed by the rules core, so a wrong solution can never escape.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.level import Level
from game.core.notation import replay
from game.core.paths import walk_path
from game.solver import portfolio
from game.solver.analysis import Analysis, mask_of
from game.solver.portfolio import feature_space, greedy, take_turns
from game.solver.push import Push
from game.solver.result import Cancel, Limits, Progress, SolveResult, SolveStatus, StopSearch
from game.solver.search import Outcome, Problem, a_star, breadth_first
from game.solver.smt import SMT_HELP, SMT_METHODS

DEFAULT_MEMORY = 1536 * 1024 * 1024  # bytes; well below the 2 GiB a solve may use
# Push-optimal A* weighs a push above any number of steps, so pushes come first, then moves.
LEXICOGRAPHIC_PUSH = 1 << 32

Method = Callable[[Problem, Limits], Outcome]

METHODS: dict[str, Method] = {
    "fast": portfolio.fast,
    "fess": lambda problem, limits: take_turns(problem, limits, ((feature_space, 1),)),
    "greedy": lambda problem, limits: take_turns(problem, limits, ((greedy, 1),)),
    "bfs": breadth_first,
    "astar": lambda problem, limits: a_star(problem, limits, 1, LEXICOGRAPHIC_PUSH + 1),
    "astar-moves": lambda problem, limits: a_star(problem, limits, 1, 1),
    **SMT_METHODS,
}
METHOD_HELP = {
    "fast": "feature space search and greedy search in turns: quickest to a solution",
    "fess": "feature space search guided by a packing plan and advisors, after Festival",
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
) -> SolveResult:
    """Solve ``level`` from its current position with ``method`` (see METHODS).

    ``cancel`` is an Event-like object with ``is_set()`` or a callable returning True to stop;
    it is honoured within about 20 ms of work, as are the time and memory limits (the cap is
    on the process's resident memory). ``progress(nodes, seconds)`` comes about every 0.2 s.
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    limits = Limits(time_limit, node_limit, memory_limit, cancel, progress)

    def finish(
        status: SolveStatus, reason: str = "", lurd: str = "", found_by: str = ""
    ) -> SolveResult:
        moves = pushes = 0
        if lurd:
            moves = len(lurd)
            pushes = sum(1 for letter in lurd if letter.isupper())
        return SolveResult(
            status, lurd, moves, pushes, limits.nodes, limits.elapsed(), method, reason,
            found_by,
        )

    if level.is_solved:
        return finish(SolveStatus.SOLVED, "already solved")
    try:
        found = _search(level, METHODS[method], limits)
    except StopSearch as stop:
        return finish(stop.status, stop.reason)
    except MemoryError:
        return finish(SolveStatus.MEMORY, "out of memory")
    if isinstance(found, str):
        return finish(SolveStatus.UNSOLVABLE, found)
    assert found.pushes is not None
    lurd = pushes_to_lurd(level, found.pushes)
    check = replay(level, lurd)
    if not check.solved:
        raise AssertionError(f"solver produced a wrong solution for {level.title!r}: {check}")
    return finish(SolveStatus.SOLVED, lurd=lurd, found_by=found.found_by or method)


def _search(level: Level, method: Method, limits: Limits) -> Outcome | str:
    """A solution's outcome, or why the level is unsolvable; every phase, from the
    analysis of the board on, runs under ``limits``."""
    analysis = Analysis(level.board, level.player, limits.poll)
    stuck = _stuck_outside(level, analysis)
    if stuck:
        return stuck
    boxes = mask_of(b for b in level.boxes if analysis.floor >> b & 1)
    if boxes & analysis.dead:
        return "a box stands on a dead square"
    problem = Problem(analysis, boxes, level.player)
    for box in level.boxes:
        limits.poll()
        if analysis.floor >> box & 1 and problem.freeze.is_deadlock(box, boxes):
            return "a box is frozen off its goal"
    if not problem.matching.matched(boxes):
        return "the boxes cannot each reach a goal of their own"
    outcome = method(problem, limits)
    if outcome.pushes is None:
        return "every position reachable was searched"
    return outcome


def _stuck_outside(level: Level, analysis: Analysis) -> str:
    """Why boxes or goals out of the player's reach make the level unsolvable, or ''."""
    for box in level.boxes:
        if not analysis.floor >> box & 1 and not level.board.is_goal(box):
            return "a box the player can never reach stands off a goal"
    for goal in level.board.goals:
        if not analysis.floor >> goal & 1 and goal not in level.boxes:
            return "a goal the player can never reach is empty"
    return ""


def pushes_to_lurd(level: Level, pushes: list[Push]) -> str:
    """Player steps for a push sequence: the shortest walk to each push, then the push."""
    board = level.board
    boxes = set(level.boxes)
    player = level.player
    letters: list[str] = []
    for box, direction, count in pushes:
        offset = direction.dx + direction.dy * board.width
        walk = walk_path(board, boxes, player, box - offset)
        if walk is None:
            raise AssertionError("a push in the solution cannot be reached")
        letters.extend(step.value for step in walk)
        letters.append(direction.value.upper() * count)
        boxes.remove(box)
        boxes.add(box + count * offset)
        player = box + (count - 1) * offset
    return "".join(letters)
