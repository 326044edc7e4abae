"""The Solutions screen through the real engine: opened from level select, the pause menu and the
level complete screen; import from a file and the clipboard, replay, copy, delete, fit.

Level 4 of the test levels is the open room: "drR" and "rdR" solve it, "rddR" walks into a wall.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.app.jobs.jobs import Progress, Purpose
from game.app.jobs.solver_service import OptimizeRequest
from game.app.screens import LevelSelectScreen, MessageScreen, PlayScreen
from game.cli.scripted import run_until_still
from game.core.collection import Collection
from game.core.level_ref import LevelFile
from game.core.solution_diff import Agreement
from game.engine.engine import GameEngine
from game.engine.input_script import InputScript, parse_script
from game.scenes.collection_solutions import CollectionSolutionsScene
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.message import MessageScene
from game.scenes.open_file import OpenFileScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from game.scenes.prompt import ConfirmScene
from game.scenes.solution_compare import CompareScene
from game.scenes.solutions import SolutionsScene
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LibraryEntry, Origin
from game.ui.menu_dialog import dialog_menu_area
from game.ui.widgets import menu_rects
from tests.app.fake_solver import FakeSolver
from tests.engine.harness import (
    FIRST_SOLUTION,
    headless_engine,
    level_collection,
    play_moves,
    press,
    settle,
)
from tests.scenes.conftest import Drawn
from tests.scenes.test_fit import SIZES, set_size
from tests.scenes.test_polish import draw_alone

OPEN_ROOM = 3
SOLUTIONS_FILE = "Title: open room\nSolution: rdR\nSolution: drR\nSolution: rddR\n"
SHIFT = pygame.KMOD_SHIFT


def open_from_level_select(engine: GameEngine, index: int) -> SolutionsScene:
    engine.solver.think_ahead = False
    engine.open(LevelSelectScreen())
    for _ in range(index):
        press(engine, pygame.K_RIGHT)
    pygame.key.set_mods(SHIFT)  # level select reads the held modifiers, as for Shift+Tab
    try:
        press(engine, pygame.K_s, SHIFT)
    finally:
        pygame.key.set_mods(0)
    scene = engine.top
    assert isinstance(scene, SolutionsScene)
    return scene


def finish_import(engine: GameEngine, scene: SolutionsScene) -> None:
    """Run frames until the screen's background work is over and filed (waited for on the
    wall clock, as the work runs there; not timed)."""
    deadline = time.monotonic() + 120
    while scene.model.busy and time.monotonic() < deadline:
        engine.run_frames(1)
        time.sleep(0.005)
    assert not scene.model.busy


def import_file(engine: GameEngine, scene: SolutionsScene, path: Path) -> None:
    """I, then the file chosen in the open-file dialog (its path typed over the folder)."""
    press(engine, pygame.K_i)
    assert isinstance(engine.top, OpenFileScene)
    press(engine, pygame.K_a, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(path)))
    engine.run_frames(1)
    press(engine, pygame.K_RETURN)
    assert engine.top is scene
    finish_import(engine, scene)


def test_a_file_of_three_solutions_one_broken_lists_two_and_says_why_the_third_was_refused(
    engine: GameEngine, drawn_texts: list[Drawn], tmp_path: Path
) -> None:
    file = tmp_path / "room.sok"
    file.write_text(SOLUTIONS_FILE)
    scene = open_from_level_select(engine, OPEN_ROOM)
    assert scene.model.entries == []
    import_file(engine, scene, file)
    entries = [item.entry for item in scene.model.entries]
    assert [(e.number, e.lurd, e.origin) for e in entries] == [
        (1, "rdR", Origin.IMPORTED),
        (2, "drR", Origin.IMPORTED),
    ]
    message = "Added 2 solutions (#1, #2). Solution 3: move 3, 'd', is blocked."
    assert scene.model.message == message
    drawn_texts.clear()
    engine.render(0.0)
    shown = [item.text for item in drawn_texts]
    assert message in shown
    # Equal moves, pushes, box lines, box changes and sessions: #2 walks in one line less
    # ("dr" against "rd" then a push right), so it is the best by moves and by pushes.
    assert [(i.best_moves, i.best_pushes) for i in scene.model.entries] == [
        (False, False),
        (True, True),
    ]
    assert "imported, best moves+pushes" in shown and "imported" in shown


def test_bad_clipboard_input_gets_one_line_each_and_adds_nothing(engine: GameEngine) -> None:
    scene = open_from_level_select(engine, OPEN_ROOM)
    cases = [
        ("drx", "Solution 1: character 3 of the solution, 'x', is not a move."),
        ("r" * 1_000_000, "Solution 1: the solution is longer than 100,000 moves, the most "
         "accepted."),
        ("dr", "Solution 1: it does not solve the level."),
        ("   ", "The clipboard is empty"),
    ]
    for text, message in cases:
        engine.clipboard.put(text)
        press(engine, pygame.K_v)
        if scene.model.busy:
            finish_import(engine, scene)
        assert scene.model.message == message
    assert scene.model.entries == []


def test_a_missing_file_keeps_the_dialog_open_saying_so(engine: GameEngine, tmp_path: Path) -> None:
    open_from_level_select(engine, OPEN_ROOM)
    press(engine, pygame.K_i)
    dialog = engine.top
    assert isinstance(dialog, OpenFileScene)
    press(engine, pygame.K_a, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "none.sok")))
    engine.run_frames(1)
    press(engine, pygame.K_RETURN)
    assert dialog.model.view().error.endswith("none.sok is not a file")
    assert engine.top is dialog


def test_a_file_with_no_solution_lines_is_one_line(engine: GameEngine, tmp_path: Path) -> None:
    file = tmp_path / "levels.xsb"
    file.write_text("#####\n#@$.#\n#####\n")
    scene = open_from_level_select(engine, OPEN_ROOM)
    import_file(engine, scene, file)
    assert scene.model.message == "Nothing imported: levels.xsb has no Solution lines"


def test_copy_replay_and_delete_from_the_screen(engine: GameEngine) -> None:
    scene = open_from_level_select(engine, OPEN_ROOM)
    engine.clipboard.put("Solution: rdR\nSolution: drR")
    press(engine, pygame.K_v)
    finish_import(engine, scene)
    assert scene.model.table.selected == 1  # the last one added is chosen
    press(engine, pygame.K_UP)
    press(engine, pygame.K_c)
    assert engine.clipboard.get() == "rdR"
    # Delete asks first; No keeps it, Yes deletes it.
    press(engine, pygame.K_DELETE)
    assert isinstance(engine.top, ConfirmScene)
    press(engine, pygame.K_n)
    assert len(scene.model.entries) == 2
    press(engine, pygame.K_DELETE)
    press(engine, pygame.K_y)
    assert [item.entry.lurd for item in scene.model.entries] == ["drR"]
    assert scene.model.message == "Deleted #1"
    # Replay: the level opens with the solution to step through (N), as the solver's would.
    press(engine, pygame.K_RETURN)
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.assist.in_solution
    status = play.model.assist.status()
    assert status is not None and status.text.startswith("Solution #2, move 0/3")
    for _ in range(3):
        press(engine, pygame.K_n)
        settle(engine)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene) and complete.model.result.shown


def test_a_solve_is_kept_as_the_player_s_and_the_complete_screen_and_pause_menu_open_it(
    engine: GameEngine,
) -> None:
    engine.solver.think_ahead = False
    engine.open(PlayScreen(0))
    play_moves(engine, FIRST_SOLUTION)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    labels = [item.label for item in complete.model.menu.choices]
    complete.model.menu.select(labels.index("Solutions"))
    press(engine, pygame.K_RETURN)
    scene = engine.top
    assert isinstance(scene, SolutionsScene)
    [item] = scene.model.entries
    assert (item.entry.lurd, item.entry.origin, item.best_moves) == (
        FIRST_SOLUTION,
        Origin.PLAYER,
        True,
    )
    assert item.metrics is not None and item.metrics.moves == len(FIRST_SOLUTION)
    # Replaying from here takes the place of the finished level.
    press(engine, pygame.K_RETURN)
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.assist.in_solution
    assert len([s for s in engine.scenes if isinstance(s, PlayScene)]) == 1
    # The pause menu opens the same library.
    press(engine, pygame.K_ESCAPE)
    pause = engine.top
    assert isinstance(pause, PauseScene)
    labels = [item.label for item in pause.model.menu.choices]
    pause.model.menu.select(labels.index("Solutions"))
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, SolutionsScene)
    assert [i.entry.lurd for i in engine.top.model.entries] == [FIRST_SOLUTION]
    press(engine, pygame.K_ESCAPE)
    assert isinstance(engine.top, PauseScene)


def test_an_entry_of_the_level_before_its_file_changed_is_kept_and_marked(
    engine: GameEngine,
) -> None:
    collection_id = engine.context.session.collection_id
    library = SolutionLibrary(engine.context.progress)
    # Filed under level 4's place with another layout: the file's level 4 was another level.
    old = LibraryEntry(collection_id, "0" * 20, "rrrR", Origin.PLAYER, place=OPEN_ROOM + 1)
    assert library.add(old).error is None
    scene = open_from_level_select(engine, OPEN_ROOM)
    [item] = scene.model.entries
    assert not item.fits and not item.best_moves
    press(engine, pygame.K_RETURN)
    assert engine.top is scene
    assert scene.model.message == "#1 does not fit this level any more"


@pytest.mark.parametrize("size", SIZES)
def test_the_screen_fits(
    engine: GameEngine, drawn_texts: list[Drawn], size: tuple[int, int], tmp_path: Path
) -> None:
    set_size(engine, size)
    file = tmp_path / "many.sok"
    lines = ["Solution: drR", "Solution: rdR", "Solution: rrlldrR", "Solution: dudrR"]
    lines += [f"Solution: {'rl' * n}drR" for n in range(1, 20)] + ["Solution: rddR"]
    file.write_text("\n".join(lines) + "\n")
    levels = level_collection().levels
    long_title = "A collection with a rather long title that a small window must cut " * 2
    engine.context.session.open(Collection(title=long_title, levels=levels), LevelFile("x.xsb"))
    library = SolutionLibrary(engine.context.progress)
    collection_id = engine.context.session.collection_id
    old = LibraryEntry(collection_id, "0" * 20, "rrrR", Origin.SOLVER, place=OPEN_ROOM + 1)
    assert library.add(old).error is None
    scene = open_from_level_select(engine, OPEN_ROOM)
    import_file(engine, scene, file)
    for key in (pygame.K_HOME, pygame.K_DOWN, pygame.K_DOWN):
        press(engine, key)
    drawn_texts.clear()
    draw_alone(engine, scene)
    width, height = size
    name = f"/tmp/solutions_{width}x{height}.png"
    pygame.image.save(engine.screen, name)
    screen = pygame.Rect(0, 0, width, height)
    for item in drawn_texts:
        assert screen.contains(item.rect), (item.text, item.rect)
    area = scene.content_area(engine.screen)
    message = next(item for item in drawn_texts if item.text.startswith("Added"))
    assert message.rect.bottom <= area.bottom
    assert len(scene.model.entries) == 24
    assert "solver: does not fit" in [item.text for item in drawn_texts]
    # Each row's day shows whole (without its year where the column is narrow), never cut.
    today = time.strftime("%Y-%m-%d")
    days = [item.text for item in drawn_texts if item.text.startswith((today, today[5:]))]
    assert len(days) == len(scene.model.view().rows) - 1  # the entry kept without a date: "-"
    assert sum(text.text.startswith("#") for text in drawn_texts) >= 5


def test_f1_lists_the_screen_s_keys(engine: GameEngine) -> None:
    open_from_level_select(engine, OPEN_ROOM)
    press(engine, pygame.K_F1)
    help_scene = engine.top
    assert isinstance(help_scene, MessageScene)
    shown = help_scene.screen
    assert isinstance(shown, MessageScreen)
    lines = shown.text.splitlines()
    assert "I: import a file's Solution lines" in lines and "Del: delete" in lines


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_pause_menu_and_the_complete_screen_fit_with_their_solutions_item(
    engine: GameEngine, size: tuple[int, int]
) -> None:
    set_size(engine, size)
    engine.solver.think_ahead = False
    engine.open(PlayScreen(0))
    press(engine, pygame.K_ESCAPE)
    pause = engine.top
    assert isinstance(pause, PauseScene)
    engine.render(0.0)
    pygame.image.save(engine.screen, f"/tmp/solutions_pause_{size[0]}x{size[1]}.png")
    area = pause.content_area(engine.screen)
    view = pause.model.view()
    lines = menu_rects(view.menu, dialog_menu_area(view, area, pause.width), pause.width - 80)
    assert all(area.contains(rect) for rect in lines)
    press(engine, pygame.K_ESCAPE)
    play_moves(engine, FIRST_SOLUTION)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    engine.render(0.0)
    pygame.image.save(engine.screen, f"/tmp/solutions_complete_{size[0]}x{size[1]}.png")
    area = complete.content_area(engine.screen)
    assert all(area.contains(rect) for rect in complete.menu_lines(engine.screen))


def test_a_replay_asks_before_it_leaves_a_game_in_progress(engine: GameEngine) -> None:
    engine.solver.think_ahead = False
    engine.open(PlayScreen(OPEN_ROOM))
    play_moves(engine, "r")
    press(engine, pygame.K_ESCAPE)
    pause = engine.top
    assert isinstance(pause, PauseScene)
    pause.model.menu.select([item.label for item in pause.model.menu.choices].index("Solutions"))
    press(engine, pygame.K_RETURN)
    scene = engine.top
    assert isinstance(scene, SolutionsScene)
    engine.clipboard.put("drR")
    press(engine, pygame.K_v)
    finish_import(engine, scene)
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, ConfirmScene)
    press(engine, pygame.K_n)
    assert engine.top is scene  # the game under it is untouched
    assert engine.context.playing is not None and engine.context.playing.lurd() == "r"
    press(engine, pygame.K_RETURN)
    press(engine, pygame.K_y)
    play = engine.top
    assert isinstance(play, PlayScene)
    assert play.model.assist.in_solution and not play.model.state.moves


def test_optimize_keeps_a_better_solution_as_a_new_entry_optimized_from_its_source(
    engine: GameEngine,
) -> None:
    scene = open_from_level_select(engine, OPEN_ROOM)
    engine.clipboard.put("rlrldrR")  # walks there and back twice before it goes
    press(engine, pygame.K_v)
    finish_import(engine, scene)
    press(engine, pygame.K_o)
    assert scene.model.work.running is Purpose.OPTIMIZE
    finish_import(engine, scene)
    kept = [(i.entry.number, i.entry.origin_text(), i.entry.moves) for i in scene.model.entries]
    assert kept == [(1, "imported", 7), (2, "optimized from #1", 3)]
    assert scene.model.message == (
        "#1 optimized for moves: 7 moves/1 push became 3 moves/1 push, kept as #2"
    )
    # The best there is: nothing better is found for pushes either, and nothing is added.
    press(engine, pygame.K_m)
    assert scene.model.message == "Primary metric: pushes"
    press(engine, pygame.K_o)
    finish_import(engine, scene)
    assert len(scene.model.entries) == 2
    assert scene.model.message.startswith("Nothing better than #2 for pushes was found")


def test_esc_stops_the_optimizer_and_adds_nothing(engine: GameEngine) -> None:
    scene = open_from_level_select(engine, OPEN_ROOM)
    engine.clipboard.put("rlrldrR")
    press(engine, pygame.K_v)
    finish_import(engine, scene)
    press(engine, pygame.K_o)
    assert scene.model.busy
    press(engine, pygame.K_ESCAPE)
    assert engine.top is scene and not scene.model.busy
    assert scene.model.message == "Optimizing stopped: nothing was added"
    engine.run_frames(5)
    assert len(scene.model.entries) == 1


def test_an_input_script_that_ends_on_an_import_waits_for_it_and_it_is_filed(
    engine: GameEngine,
) -> None:
    scene = open_from_level_select(engine, OPEN_ROOM)
    engine.clipboard.put("\n".join(f"Solution: {'rl' * n}drR" for n in range(300)))
    script = InputScript(parse_script("key v\n"))
    engine.add_input_source(script)
    run_until_still(engine, script, None)
    assert script.finished and not scene.model.busy
    assert len(scene.model.entries) == 300
    assert scene.model.message == "Added 300 solutions (#1 to #300)."


def test_a_busy_screen_is_drawn_again_only_when_its_progress_changes() -> None:
    solver = FakeSolver()  # answers only when told: the optimizer runs until then
    for engine in headless_engine(solver):
        scene = open_from_level_select(engine, OPEN_ROOM)
        engine.clipboard.put("rlrldrR")
        press(engine, pygame.K_v)
        finish_import(engine, scene)
        press(engine, pygame.K_o)
        assert scene.shown().work is Purpose.OPTIMIZE
        drawn = engine.drawn_frames
        engine.run_frames(30)
        assert engine.drawn_frames == drawn
        solver.jobs[-1].report(Progress(100, 3.0))
        engine.run_frames(30)
        assert engine.drawn_frames == drawn + 1
        assert scene.model.view().message == "Optimizing #1 for moves: 3 of 1 min (Esc stops)"
        solver.jobs[-1].report(Progress(200, 4.0, "best so far 5 moves, 1 pushes"))
        engine.run_frames(2)
        assert scene.model.view().message == (
            "Optimizing #1 for moves: 4 of 1 min, best so far 5 moves, 1 pushes (Esc stops)"
        )


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_x_marks_one_d_compares_it_with_the_chosen_and_the_comparison_fits(
    engine: GameEngine, drawn_texts: list[Drawn], size: tuple[int, int]
) -> None:
    set_size(engine, size)
    scene = open_from_level_select(engine, OPEN_ROOM)
    engine.clipboard.put("Solution: rlrldrR\nSolution: drR")
    press(engine, pygame.K_v)
    finish_import(engine, scene)
    press(engine, pygame.K_d)  # #2, the best, against itself: nothing to compare
    assert engine.top is scene
    assert scene.model.message == "Mark a solution with X, then choose another to compare"
    press(engine, pygame.K_x)
    assert [row.marked for row in scene.model.view().rows] == [False, True]
    press(engine, pygame.K_UP)
    press(engine, pygame.K_d)
    compare = engine.top
    assert isinstance(compare, CompareScene)
    view = compare.model.view()
    assert (view.first_name, view.second_name) == ("#2", "#1")
    assert view.first_line == "#2: 3 moves, 1 push, 1 box line, 0 box changes"
    assert [run.agreement for run in view.diff.runs] == [Agreement.SAME]
    drawn_texts.clear()
    draw_alone(engine, compare)
    pygame.image.save(engine.screen, f"/tmp/solutions_compare_{size[0]}x{size[1]}.png")
    screen = pygame.Rect(0, 0, *size)
    assert all(screen.contains(item.rect) for item in drawn_texts)
    assert "1 push the same, in order; 0 pushes of #2 and 0 of #1 differ" in [
        item.text for item in drawn_texts
    ]
    press(engine, pygame.K_ESCAPE)
    assert engine.top is scene


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_l_opens_the_collection_s_solutions_which_opens_a_level_s_and_fits(
    engine: GameEngine, drawn_texts: list[Drawn], size: tuple[int, int]
) -> None:
    set_size(engine, size)
    scene = open_from_level_select(engine, OPEN_ROOM)
    engine.clipboard.put("drR")
    press(engine, pygame.K_v)
    finish_import(engine, scene)
    press(engine, pygame.K_l)
    collection = engine.top
    assert isinstance(collection, CollectionSolutionsScene)
    view = collection.model.view()
    assert [row.count for row in view.rows][OPEN_ROOM] == 1
    assert [row.chosen for row in view.rows].index(True) == OPEN_ROOM
    drawn_texts.clear()
    draw_alone(engine, collection)
    pygame.image.save(engine.screen, f"/tmp/solutions_collection_{size[0]}x{size[1]}.png")
    screen = pygame.Rect(0, 0, *size)
    assert all(screen.contains(item.rect) for item in drawn_texts)
    assert "3/1 (#1)" in [item.text for item in drawn_texts]
    press(engine, pygame.K_UP)
    press(engine, pygame.K_RETURN)
    other = engine.top
    assert isinstance(other, SolutionsScene) and other.model.level_index == OPEN_ROOM - 1


def test_an_optimization_starts_from_the_fewest_pushes_and_fewest_moves_entries_too() -> None:
    solver = FakeSolver()
    for engine in headless_engine(solver):
        scene = open_from_level_select(engine, OPEN_ROOM)
        engine.clipboard.put("Solution: rlrldrR\nSolution: drR\nSolution: udrR")
        press(engine, pygame.K_v)
        finish_import(engine, scene)
        while (chosen := scene.model.table.chosen) is not None and chosen.entry.lurd == "drR":
            press(engine, pygame.K_UP)  # off the best, onto another entry
        press(engine, pygame.K_o)
        request = solver.requests[-1]
        assert isinstance(request, OptimizeRequest)
        assert chosen is not None and request.solution == chosen.entry.lurd != "drR"
        assert request.seeds == ("drR",)


def test_shift_l_on_level_select_opens_the_collection_view_and_l_still_steps_right(
    engine: GameEngine,
) -> None:
    engine.solver.think_ahead = False
    engine.open(LevelSelectScreen())
    select = engine.top
    press(engine, pygame.K_l)
    assert engine.top is select
    pygame.key.set_mods(SHIFT)
    try:
        press(engine, pygame.K_l, SHIFT)
    finally:
        pygame.key.set_mods(0)
    collection = engine.top
    assert isinstance(collection, CollectionSolutionsScene)
    assert [row.chosen for row in collection.model.view().rows].index(True) == 1
