"""The solver's kinds of work as the worker runs them: what an optimization tells as it goes."""

from __future__ import annotations

from game.app.jobs.solver_works import OptimizeRequest
from game.core.metrics import MetricOrder
from game.core.xsb import parse_level

ROOM = parse_level("#######\n#@ $ .#\n#     #\n#######")


def test_an_optimization_tells_its_best_so_far_in_a_line() -> None:
    lines: list[str] = []

    def progress(nodes: int, seconds: float, line: str = "") -> None:
        lines.append(line)

    request = OptimizeRequest(ROOM, "druRR", MetricOrder.MOVES, time_limit=5.0)
    result = request.run(lambda: False, progress)
    assert result.after.moves == 3
    assert lines and lines[-1] == "best so far 3 moves, 2 pushes"
