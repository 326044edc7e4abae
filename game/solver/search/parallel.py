"""A portfolio's searches at once on one level, each share of them in a process of its own; the
optimizer starts its steps' workers the same way (:func:`start_worker`).

The first worker to solve the level or prove it unsolvable wins and the others are killed at
once; the calling process keeps the time, node and cancel limits, and each worker gets an equal
share of the memory cap, so all of them together stay under it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from game.core.level import Level
from game.solver.result import CHECK_SECONDS, Limits, SolveStatus, StopSearch
from game.solver.search.portfolio import PORTFOLIOS, entries_for, entries_of, take_turns
from game.solver.search.problem import Outcome, Problem
from game.solver.search.start import search_level
from game.solver.workers import Worker, end_workers, parent_watch, send_quietly, start_worker

# What a worker sends: ("progress", nodes), ("found", nodes, pushes, found_by) or
# ("stopped", nodes, status, reason), the status UNSOLVABLE when it proved the level so.
Message = tuple[Any, ...]


def worker_count(method: str, workers: int, boxes: int) -> int:
    """How many processes a solve with ``method`` on a level of ``boxes`` boxes uses when
    ``workers`` are allowed: never more than the method runs searches there (a method that is
    one search runs on one)."""
    if method not in PORTFOLIOS:
        return 1
    return max(1, min(workers, len(entries_of(method, boxes))))


def search_in_parallel(level: Level, method: str, workers: int, limits: Limits) -> Outcome:
    """Like :func:`search_level` for the portfolio ``method``, its searches dealt out to
    ``workers`` processes (see :func:`worker_count`); ``limits.nodes`` ends as their sum."""
    count = worker_count(method, workers, len(level.boxes))
    remaining = None if limits.deadline is None else max(0.0, limits.deadline - time.monotonic())
    started: list[Worker] = []
    try:
        for index in range(count):
            started.append(
                start_worker(
                    _work, level, method, index, count, remaining, limits.node_limit,
                    limits.memory_limit // count, name=f"solver-search-{index}",
                )
            )
        return _first_answer([worker.pipe for worker in started], limits)
    finally:
        end_workers(started)


def _first_answer(pipes: Sequence[Connection], limits: Limits) -> Outcome:
    """Wait for the first worker's answer while keeping the limits; StopSearch when a worker
    proved the level unsolvable, when every worker stopped without an answer (the first
    reason it gave) or when a limit is reached."""
    nodes = [0] * len(pipes)
    waiting = dict(zip(pipes, range(len(pipes)), strict=True))
    stops: list[StopSearch] = []
    while waiting:
        for pipe in wait(list(waiting), timeout=CHECK_SECONDS):
            assert isinstance(pipe, Connection)
            index = waiting[pipe]
            try:
                message: Message = pipe.recv()
            except (EOFError, OSError):  # the worker died without a word (killed from outside)
                del waiting[pipe]
                continue
            nodes[index] = message[1]
            if message[0] == "progress":
                continue
            del waiting[pipe]
            limits.nodes = sum(nodes)
            if message[0] == "found":
                return Outcome(message[2], found_by=message[3])
            stop = StopSearch(SolveStatus(message[2]), message[3])
            if stop.status is SolveStatus.UNSOLVABLE:
                raise stop
            stops.append(stop)
        limits.nodes = sum(nodes)
        if limits.node_limit is not None and limits.nodes > limits.node_limit:
            raise StopSearch(SolveStatus.TIMEOUT, f"node limit {limits.node_limit} reached")
        limits.check()
    if stops:
        raise stops[0]
    raise StopSearch(SolveStatus.TIMEOUT, "every search process ended without an answer")


def _work(
    pipe: Connection,
    parent: int,
    level: Level,
    method: str,
    index: int,
    count: int,
    time_limit: float | None,
    node_limit: int | None,
    memory_limit: int,
) -> None:
    """A worker: the searches ``index``, ``index + count``, ... of the portfolio in turns.

    Anything from the parent, or the parent going away, stops it within the limits' check
    time (see :func:`parent_watch`)."""

    def progress(nodes: int, _seconds: float) -> None:
        send_quietly(pipe, ("progress", nodes))

    limits = Limits(time_limit, node_limit, memory_limit, parent_watch(pipe, parent), progress)

    def share(problem: Problem, limits: Limits) -> Outcome:
        return take_turns(problem, limits, entries_for(method, problem)[index::count])

    try:
        found = search_level(level, share, limits)
    except StopSearch as stop:
        send_quietly(pipe, ("stopped", limits.nodes, stop.status.value, stop.reason))
    except MemoryError:
        send_quietly(pipe, ("stopped", limits.nodes, SolveStatus.MEMORY.value, "out of memory"))
    else:
        send_quietly(pipe, ("found", limits.nodes, found.pushes, found.found_by))
    pipe.close()
