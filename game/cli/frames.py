"""The ``bench-frames`` subcommand: frame pacing of the real engine while the solver works.

Runs the play scene in real time, headless, on a large generated level, with a search running
in the solver's worker process, and compares the search's speed with a search outside the game.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from game.cli.common import EXIT_OK, CliError, positive_seconds

BENCH_SIZE = (1280, 800)
FRAME_SECONDS = 1 / 60


def register(subparsers: Any) -> None:
    bench = subparsers.add_parser(
        "bench-frames", help="frame times and missed ticks while the solver works"
    )
    bench.add_argument("--with-solver", action="store_true",
                       help="run a search in the solver's worker process during the frames")
    bench.add_argument(
        "--seconds", type=positive_seconds, default=10.0, help="length of the run (10)"
    )
    bench.add_argument("--method", default="bfs",
                       help="search to run (bfs keeps the worker busy the whole run)")
    bench.set_defaults(handler=run_bench_frames)


def run_bench_frames(args: argparse.Namespace) -> int:
    if args.seconds < 1:
        raise CliError("--seconds must be at least 1")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.engine.engine import use_headless_drivers

    use_headless_drivers()
    from game.app.screens import PlayScreen
    from game.cli.play import generated_level
    from game.core.collection import Collection
    from game.core.level_ref import LevelTexts, TextOrigin
    from game.engine.engine import GameEngine
    from game.engine.input_script import InputScript, lurd_actions
    from game.scenes.play import PlayScene
    from game.solver import METHODS, solve

    if args.method not in METHODS:
        raise CliError(f"--method must be one of {', '.join(METHODS)}")
    level = generated_level(40, 24)
    outside_rate = 0.0
    if args.with_solver:
        alone = solve(level, method=args.method, time_limit=args.seconds)
        outside_rate = alone.nodes / max(alone.seconds, 1e-9)

    engine = GameEngine(BENCH_SIZE, sound_enabled=False)
    try:
        bench = Collection(title="bench", levels=[level])
        engine.context.session.open(bench, LevelTexts(TextOrigin.PASTED))
        play = PlayScene(engine, PlayScreen(0))
        play.model.assist.method = args.method
        engine.solver.think_ahead = args.with_solver
        engine.open_stack([])
        engine.push(play)
        engine.add_input_source(InputScript(lurd_actions(("r" * 30 + "l" * 30) * 1000)))
        times, late = _run_real_time(engine, args.seconds)
        progress = play.model.assist.progress
    finally:
        engine.shutdown()

    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"bench-frames: {level.title} level, {BENCH_SIZE[0]}x{BENCH_SIZE[1]}, dummy driver, "
          f"{args.seconds:g} s at 60 frames a second, solver {'on' if args.with_solver else 'off'}")
    print(f"{'frames':>7} {'median ms':>10} {'p99 ms':>8} {'max ms':>8} {'missed ticks':>13}")
    print(f"{len(times):>7} {statistics.median(times):>10.2f} {p99:>8.2f} {times[-1]:>8.2f} "
          f"{engine.ticks.dropped + late:>13}")
    if args.with_solver:
        inside_rate = progress.nodes / max(progress.seconds, 1e-9) if progress else 0.0
        share = inside_rate / outside_rate if outside_rate else 0.0
        print(f"solver ({args.method}): {outside_rate:,.0f} nodes/s alone, "
              f"{inside_rate:,.0f} nodes/s during the game ({share:.0%})")
    return EXIT_OK


def _run_real_time(engine: Any, seconds: float) -> tuple[list[float], int]:
    """Frames paced to 60 a second on the wall clock; frame times (ms) and ticks lost to lag."""
    times: list[float] = []
    started = time.perf_counter()
    last = started
    next_frame = started
    expected_ticks = engine.tick_count
    while time.perf_counter() - started < seconds:
        now = time.perf_counter()
        begin = now
        engine.step_frame(now - last)
        last = now
        times.append((time.perf_counter() - begin) * 1000)
        next_frame += FRAME_SECONDS
        pause = next_frame - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
    expected_ticks += int((last - started) / FRAME_SECONDS)
    # Ticks the accumulator still owes at the end are not lost; allow one frame of slack.
    late = max(0, expected_ticks - engine.tick_count - 1)
    return times, late
