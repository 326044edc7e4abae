"""Numbered tries of a batch spread over worker processes, their results taken in number order.

The caller sees the same results in the same order for any number of workers; each worker
watches its pipe and its parent, so a batch cancelled, finished or killed leaves none behind.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Generic, TypeVar

from game.levelgen.reverse import Cancelled
from game.solver.result import CancelCheck
from game.solver.workers import end_workers, parent_watch, send_quietly, start_worker

ResultT = TypeVar("ResultT")
# Seconds between two looks at the cancel check while waiting for workers.
CHECK_SECONDS = 0.05
# A try: its number and a cancel check, to a result. It must pickle (a module-level function,
# or a functools.partial of one) to run in a worker.
Work = Callable[[int, CancelCheck], ResultT]
# Takes the result of each try in number order; True when no more are wanted.
Take = Callable[[int, ResultT], bool]


class WorkerFailed(Exception):
    """A try raised an error in a worker; the message is its one-line description."""


def run_tries(
    work: Work[ResultT], tries: int, take: Take[ResultT], jobs: int, cancel: CancelCheck
) -> None:
    """Run tries 0 .. ``tries`` - 1 until ``take`` wants no more, on ``jobs`` processes (in
    this one if ``jobs`` is 1). Raises Cancelled soon after ``cancel()`` turns true, and
    WorkerFailed if a try fails in a worker."""
    if jobs <= 1:
        for index in range(tries):
            if take(index, work(index, cancel)):
                return
        return
    _run_pooled(work, tries, take, jobs, cancel, spawn=False)


def run_apart(work: Work[ResultT], cancel: CancelCheck) -> ResultT:
    """Try 0 of ``work`` in one worker process of its own, spawned (it copies nothing of a
    process with threads and a window, such as the game's); it watches this process as a batch's
    workers do, so it never outlives the call or this process. Raises Cancelled soon after
    ``cancel()`` turns true, and WorkerFailed if the try fails."""
    results: list[ResultT] = []

    def keep(_: int, result: ResultT) -> bool:
        results.append(result)
        return True

    _run_pooled(work, 1, keep, 1, cancel, spawn=True)
    return results[0]


def _run_pooled(
    work: Work[ResultT],
    tries: int,
    take: Take[ResultT],
    jobs: int,
    cancel: CancelCheck,
    spawn: bool,
) -> None:
    """:func:`run_tries` on ``jobs`` worker processes (at least one), spawned if ``spawn``."""
    with _Pool(work, min(jobs, tries), spawn) as pool:
        results: dict[int, ResultT] = {}
        dealt = wanted = 0
        for idle in pool.pipes:
            if dealt < tries:
                pool.deal(idle, dealt)
                dealt += 1
        while wanted < tries:
            if cancel():
                raise Cancelled
            for pipe in wait(list(pool.busy), timeout=CHECK_SECONDS):
                assert isinstance(pipe, Connection)
                index, result = pool.collect(pipe)
                results[index] = result
                if dealt < tries:
                    pool.deal(pipe, dealt)
                    dealt += 1
            while wanted in results:
                if take(wanted, results.pop(wanted)):
                    return
                wanted += 1


class _Pool(Generic[ResultT]):
    """Worker processes, each with a pipe, and which of them are working on a try."""

    def __init__(self, work: Work[ResultT], count: int, spawn: bool) -> None:
        self.workers = [
            start_worker(serve_tries, work, name=f"levelgen-worker-{number}", spawn=spawn)
            for number in range(count)
        ]
        self.pipes = [worker.pipe for worker in self.workers]
        self.busy: set[Connection] = set()

    def __enter__(self) -> _Pool[ResultT]:
        return self

    def __exit__(self, *_: object) -> None:
        end_workers(self.workers)

    def deal(self, pipe: Connection, index: int) -> None:
        pipe.send(index)
        self.busy.add(pipe)

    def collect(self, pipe: Connection) -> tuple[int, ResultT]:
        self.busy.discard(pipe)
        try:
            index, result, failure = pipe.recv()
        except (EOFError, OSError):  # a reset too, when it died with a message unread
            raise WorkerFailed("a level worker ended without an answer") from None
        if failure:
            raise WorkerFailed(failure)
        return index, result


def serve_tries(pipe: Connection, parent: int, work: Work[ResultT]) -> None:
    """A worker: runs each try number it is sent and sends back (number, result, failure).

    Anything more from the parent, or the parent going away, cancels the try at hand (the
    :func:`game.solver.workers.parent_watch`). Ctrl+C is the parent's to
    handle; it ends the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    stopped = parent_watch(pipe, parent)
    while os.getppid() == parent:
        if not pipe.poll(CHECK_SECONDS):
            continue
        try:
            index = pipe.recv()
        except (EOFError, OSError):  # the parent went away (a reset when killed mid-send)
            return
        try:
            result = work(index, stopped)
        except Cancelled:
            return
        except Exception as error:  # told to the parent in one line, which stops the batch
            message = " ".join(str(error).split()) or type(error).__name__
            send_quietly(pipe, (index, None, f"try {index} failed: {message}"))
            return
        send_quietly(pipe, (index, result, ""))

