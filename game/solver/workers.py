"""Worker processes, one way: started with a pipe and their parent's id, watching the parent,
ended and reaped at once; their priorities. Every worker process of the game is started here.

The solver's portfolio, the level generator's batches and the levels made ahead, the benchmark
and the game's solver worker (game.app.jobs.solver_service) start theirs with :func:`start_worker`;
:func:`parent_watch` stops a worker's work once its parent sends anything or goes away, so no
worker outlives the process that started it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Literal

from game.solver.result import CancelCheck

StartMethod = Literal["fork", "spawn", "forkserver"]
# How workers start: None is the platform's default (fork on Linux); tests also force "spawn",
# which Windows and macOS use.
START_METHOD: StartMethod | None = None


@dataclass(frozen=True)
class Worker:
    """A worker process and this process's end of its pipe."""

    process: BaseProcess
    pipe: Connection


def start_worker(
    target: Callable[..., None],
    *args: Any,
    name: str,
    daemon: bool = True,
    spawn: bool = False,
) -> Worker:
    """Start ``target(pipe, parent, *args)`` in a process of its own: ``pipe`` its end of the
    pipe to this process, ``parent`` this process's id (for :func:`parent_watch`). ``spawn``
    starts a fresh interpreter whatever :data:`START_METHOD` says (from a process with threads
    and a window, such as the game's, a fork would copy them); a worker that starts processes
    of its own must not be ``daemon``."""
    context = multiprocessing.get_context("spawn" if spawn else START_METHOD)
    ours, theirs = context.Pipe()
    process = context.Process(
        target=target, args=(theirs, os.getpid(), *args), name=name, daemon=daemon
    )
    process.start()
    theirs.close()
    return Worker(process, ours)


def end_workers(workers: Iterable[Worker]) -> None:
    """Kill the workers (whatever they hold is not wanted), reap them and close their pipes."""
    ended = list(workers)
    for worker in ended:
        worker.process.kill()
    for worker in ended:
        worker.process.join()
        worker.pipe.close()


def parent_watch(pipe: Connection, parent: int) -> CancelCheck:
    """A worker's stop check: True once the parent (process ``parent``) has sent anything or
    gone away. The pipe reads as closed when the parent dies, except where forked workers hold
    copies of its end; there the parent's process id changes instead (to whoever adopts the
    worker), so both are watched."""

    def stopped() -> bool:
        return pipe.poll() or os.getppid() != parent

    return stopped


def send_quietly(pipe: Connection, message: object) -> None:
    """Send from a worker; when the parent has gone or closed the pipe, nobody wants it."""
    with contextlib.suppress(OSError):
        pipe.send(message)


def lower_priority(steps: int) -> None:
    """This process (and the threads and processes it starts) ``steps`` nice steps lower: on
    POSIX; elsewhere it keeps its priority."""
    if hasattr(os, "nice"):
        os.nice(steps)


def lower_priority_to(niceness: int) -> None:
    """This process at ``niceness`` (if that is lower than where it is), on POSIX."""
    if hasattr(os, "nice"):
        os.nice(max(0, niceness - os.nice(0)))


def lower_thread_priority(steps: int) -> None:
    """The calling thread (and the processes it starts) ``steps`` nice steps lower: on Linux,
    where each thread has its own; elsewhere the work keeps the process's priority."""
    if not sys.platform.startswith("linux"):
        return
    thread = threading.get_native_id()
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, thread, os.getpriority(os.PRIO_PROCESS, thread) + steps)
