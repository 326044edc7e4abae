"""The ``play`` and ``bench-render`` subcommands: the real engine, in a window or headless.

``play`` prints one line with the result when it ends (headless, with ``--replay LURD`` or
``--input SCRIPT``, or after the window closes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from game.cli.common import (
    EXIT_NO,
    EXIT_OK,
    CliError,
    add_file_argument,
    load_collection,
    replay_moves,
    whole_number,
)
from game.cli.paths import output_file
from game.cli.scripted import (
    add_script_arguments,
    open_engine,
    read_script,
    run_until_still,
    shut_down,
)
from game.core.collection import Collection
from game.core.errors import LevelError, printable
from game.core.level import Level
from game.core.level_ref import Campaign, LevelFile, LevelTexts, TextOrigin
from game.core.resources import CAMPAIGN_NAME
from game.core.xsb import parse_level
from game.storage.jsondata import one_line

BENCH_SIZE = (1280, 800)
MAX_FRAMES = 60 * 60 * 60  # an hour at 60 frames a second: a billion would never end
BENCH_WARM_UP_FRAMES = 60

SMALL_LEVEL = """\
#######
#.@ # #
#$* $ #
#   $ #
# ..  #
#  *  #
#######"""


def register(subparsers: Any) -> None:
    play = subparsers.add_parser("play", help="play a level in the game window, or headless")
    add_file_argument(play)
    play.add_argument("--replay", metavar="LURD", help="moves fed in as key presses")
    add_script_arguments(play)
    play.add_argument(
        "--frames", type=whole_number(MAX_FRAMES), metavar="N", help="stop after N frames"
    )
    play.add_argument("--screenshot", metavar="OUT.png", help="save the last frame as an image")
    play.set_defaults(handler=run_play)

    bench = subparsers.add_parser(
        "bench-render", help="frame times (logic + render) of the play screen, headless"
    )
    bench.add_argument(
        "--frames", type=whole_number(MAX_FRAMES), default=600, help="frames measured per level"
    )
    bench.set_defaults(handler=run_bench_render)


def _level_index(collection: Collection, selector: str) -> int:
    try:
        return collection.find_index(selector)
    except LevelError as error:
        raise CliError(str(error)) from None


def run_play(args: argparse.Namespace) -> int:
    collection = load_collection(args)
    index = _level_index(collection, str(args.level))
    # Checked now: a screenshot that cannot be written is said before the level is played.
    screenshot = None
    if args.screenshot is not None:
        screenshot = output_file(args.screenshot, "--screenshot")
    # The result line should be the only thing on stdout, without pygame's greeting.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.headless:
        from game.engine.engine import use_headless_drivers

        use_headless_drivers()
    import pygame

    from game.app.screens import MainMenuScreen, PlayScreen
    from game.engine.input_script import InputScript, lurd_actions, save_image
    from game.scenes.play import PlayScene

    if args.replay is not None and args.input is not None:
        raise CliError("give --replay or --input, not both")
    actions = lurd_actions(replay_moves(args.replay)) if args.replay else []
    if args.input is not None:
        actions = read_script(args.input)
    script = InputScript(actions) if args.replay is not None or args.input is not None else None
    # A game in the window keeps the player's records, like the game started from the menu;
    # headless runs are checks and leave them alone.
    engine, dialogs = open_engine(args.headless, players_progress=not args.headless)
    # A headless replay needs no hints: keep the solver's worker process from starting.
    engine.solver.think_ahead = not args.headless
    try:
        source = Campaign() if args.file == CAMPAIGN_NAME else LevelFile(str(args.file))
        engine.context.session.open(collection, source, index)
        play = PlayScene(engine, PlayScreen(index))
        engine.open_stack([MainMenuScreen()])
        engine.push(play)
        if script is not None:
            engine.add_input_source(script)
        if args.headless:
            frames = run_until_still(engine, script or InputScript([]), args.frames)
        else:
            engine.sound.preload()
            start = engine.frame_count
            engine.run(max_frames=args.frames)
            frames = engine.frame_count - start
        if screenshot is not None:
            try:
                save_image(engine.screen, screenshot)
            except (pygame.error, OSError) as error:
                raise CliError(one_line(f"cannot save {printable(screenshot)}: {error}")) from None
        state = play.model.state
        solved = "true" if state.is_solved else "false"
        print(
            f"solved={solved} moves={state.move_count} pushes={state.push_count} "
            f"frames={frames}"
        )
        code = EXIT_NO if args.headless and not state.is_solved else EXIT_OK
    finally:
        saved = shut_down(engine)
    # Records that could not be kept (the store said why on stderr) fail the run.
    return code if saved and not dialogs.failed else EXIT_NO


# -- bench-render ------------------------------------------------------------------------------
def generated_level(width: int, height: int) -> Level:
    """A big open level: pillars, rows of boxes (some on goals) and a free top corridor."""
    grid = [[" "] * width for _ in range(height)]
    boxes: list[tuple[int, int]] = []
    goals: list[tuple[int, int]] = []
    for y in range(height):
        for x in range(width):
            if x in (0, width - 1) or y in (0, height - 1) or (x % 4 == 0 and y % 4 == 0):
                grid[y][x] = "#"
            elif x % 4 == 2 and y % 4 == 2:
                if x % 8 == 2:
                    grid[y][x] = "*"
                else:
                    boxes.append((x, y))
            elif x % 4 == 2 and y % 4 == 3 and x % 8 != 2:
                goals.append((x, y))
    count = min(len(boxes), len(goals))
    for x, y in boxes[:count]:
        grid[y][x] = "$"
    for x, y in goals[:count]:
        grid[y][x] = "."
    grid[1][1] = "@"
    return parse_level(["".join(row) for row in grid], title=f"{width}x{height}")


def run_bench_render(args: argparse.Namespace) -> int:
    if args.frames < 10:
        raise CliError("--frames must be at least 10")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.engine.engine import use_headless_drivers

    use_headless_drivers()
    from game.app.screens import PlayScreen
    from game.engine.engine import GameEngine
    from game.engine.input_script import InputScript, lurd_actions
    from game.engine.ticks import TICK_SECONDS
    from game.scenes.play import PlayScene

    cases = [
        ("small", parse_level(SMALL_LEVEL, title="small"), 0),
        ("30x20", generated_level(30, 20), 0),
        ("60x40", generated_level(60, 40), 0),
        ("60x40 zoomed in (scrolling)", generated_level(60, 40), 3),
    ]
    engine = GameEngine(BENCH_SIZE, sound_enabled=False)
    engine.solver.think_ahead = False  # measure drawing alone; bench-frames adds the solver
    print(
        f"frame time (logic + render) at {BENCH_SIZE[0]}x{BENCH_SIZE[1]}, dummy video driver, "
        f"{args.frames} frames after {BENCH_WARM_UP_FRAMES} warm-up frames"
    )
    print(f"{'level':<30} {'tile':>4} {'median ms':>10} {'p99 ms':>8} {'max ms':>8}")
    try:
        for name, level, zoom in cases:
            bench = Collection(title="bench", levels=[level])
            engine.context.session.open(bench, LevelTexts(TextOrigin.PASTED))
            play = PlayScene(engine, PlayScreen(0))
            engine.open_stack([])
            engine.push(play)
            if zoom:
                play.zoom(zoom)
            walk = ("r" * (level.width - 3) + "l" * (level.width - 3)) * 200
            replay = InputScript(lurd_actions(walk))
            engine.add_input_source(replay)
            times = []
            for frame in range(BENCH_WARM_UP_FRAMES + args.frames):
                start = time.perf_counter()
                engine.step_frame(TICK_SECONDS)
                if frame >= BENCH_WARM_UP_FRAMES:
                    times.append((time.perf_counter() - start) * 1000)
            engine.remove_input_source(replay)
            times.sort()
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(
                f"{name:<30} {play.camera.tile_size:>4} {statistics.median(times):>10.2f} "
                f"{p99:>8.2f} {times[-1]:>8.2f}"
            )
    finally:
        engine.shutdown()
    return EXIT_OK
