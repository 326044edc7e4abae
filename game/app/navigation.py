"""Moving between screens: opening collections, starting levels, leaving them, showing messages.

The decisions are made here, without pygame; screens are opened by their typed arguments
through the shell (the engine), so this module knows no scene.
"""

from __future__ import annotations

from game.app import saving
from game.app.context import PlayContext
from game.app.paste import PasteKind, read_paste
from game.app.screens import (
    LEVEL_OVERLAYS,
    LEVEL_SCREENS,
    CollectionSolutionsScreen,
    LevelSelectScreen,
    MainMenuScreen,
    MessageScreen,
    PlayScreen,
    Screen,
    SolutionsScreen,
)
from game.app.session import collection_for, load_collection_file
from game.app.shell import Shell
from game.app.unwritten import unwritten
from game.core.chapters import chapters_of, levels_open
from game.core.collection import Collection, read_collection_text
from game.core.errors import LevelError
from game.core.files import typed_path
from game.core.level_ref import (
    CollectionRef,
    LevelFile,
    LevelTexts,
    TextOrigin,
    collection_of,
)
from game.core.problems import Problem
from game.core.wording import counted
from game.storage.records import SavedGame


def show_message(shell: Shell, title: str, text: str) -> None:
    shell.open(MessageScreen(title, text))


def show_problem(shell: Shell, problem: Problem) -> None:
    """A dialog that tells of ``problem`` in its own words, and carries it."""
    shell.open(MessageScreen(problem.title, problem.text, problem))


def open_collection_file(shell: Shell, path: str) -> None:
    """Open a level file (menu, drop, paste); a message dialog says what went wrong."""
    try:
        collection = load_collection_file(path)
    except LevelError as error:
        show_message(shell, "Cannot open the file", str(error))
        return
    open_collection(shell, collection, LevelFile(str(typed_path(path))))


def open_collection_text(shell: Shell, text: str) -> bool:
    """Open levels pasted as text; False if the text holds none."""
    collection = read_collection_text(text)
    if not collection.levels:
        return False
    collection.title = collection.title or "Pasted levels"
    open_collection(shell, collection, LevelTexts(TextOrigin.PASTED))
    return True


def paste_levels(shell: Shell) -> None:
    """Ctrl+V on a menu: open the levels, or the level file, the clipboard holds; a message
    says so when it holds neither."""
    pasted = read_paste(shell.clipboard.get(), moves_allowed=False)
    if pasted.kind is PasteKind.EMPTY:
        show_message(shell, "Nothing to paste", "The clipboard is empty.")
    elif pasted.kind is PasteKind.FILE:
        open_collection_file(shell, pasted.text)
    elif not open_collection_text(shell, pasted.text):
        show_message(
            shell,
            "Nothing to paste",
            "The clipboard holds no level and no level file's path. Copy a level (its "
            "rows of # $ . @) or a file's path, then press Ctrl+V again.",
        )


def open_collection(shell: Shell, collection: Collection, source: CollectionRef) -> None:
    """Make ``collection`` the one played: its level select, or the level itself if only one."""
    # A level being played saves itself under its own collection before the new one opens.
    shell.open_stack([])
    shell.context.session.open(collection, source)
    remember_collection(shell.context)
    screens: list[Screen] = [MainMenuScreen(), LevelSelectScreen()]
    if len(collection.levels) == 1:
        screens.append(play_screen(shell.context, 0))
    shell.open_stack(screens)
    if collection.errors:
        count = len(collection.errors)
        first = collection.errors[0]
        number = f"level {first.number}" if first.number is not None else first.title
        show_message(
            shell,
            f"{counted(count, 'level')} cannot be played",
            f"They are left out; every other level keeps its number in the file. "
            f"The first, {number}: {first.reason}",
        )


def open_campaign(shell: Shell) -> bool:
    """Make the campaign the open collection; False (after saying why) if it cannot be read.

    What was open before stays open when the campaign fails.
    """
    try:
        shell.context.session.open_campaign()
    except LevelError as error:
        show_message(shell, "No campaign", f"{error}. Open a level file instead.")
        return False
    remember_collection(shell.context)
    return True


def remember_collection(context: PlayContext) -> None:
    """Tell the progress store about the open collection and its levels (for the statistics)."""
    session = context.session
    if session.collection is not None:
        # Random levels are one collection made a level at a time: its levels are not known
        # ahead, so every random level solved counts in its row, not only the one open now.
        levels = () if session.is_random else session.collection.levels
        remembered = context.progress.remember_collection(
            session.collection_id, session.title, session.path, levels
        )
        unwritten("The collection for the statistics", remembered)


def campaign_start(context: PlayContext) -> int:
    """Where "Play campaign" begins: the level after the last one solved in order, or once
    the end was reached (or that level's chapter is still locked), the first open level
    still unsolved."""
    position = context.progress.campaign().position
    is_open = open_levels(context)
    if position < len(is_open) and is_open[position]:
        return position
    solved = solved_indices(context)
    open_unsolved = [i for i, playable in enumerate(is_open) if playable and i not in solved]
    return open_unsolved[0] if open_unsolved else 0


def solved_indices(context: PlayContext) -> set[int]:
    """The indices of the open collection's levels that the player has solved."""
    collection = context.session.collection
    if collection is None:
        return set()
    solved = saving.solved_fingerprints(context)
    return {i for i, level in enumerate(collection.levels) if level.fingerprint() in solved}


def open_levels(context: PlayContext) -> list[bool]:
    """For each level of the open collection, whether it may be played (its chapter is open);
    the records are read once for all of them."""
    collection = context.session.collection
    if collection is None:
        return []
    chapters, solved = chapters_of(collection.levels), solved_indices(context)
    return levels_open(chapters, solved, len(collection.levels))


def level_is_open(context: PlayContext, index: int) -> bool:
    """Whether level ``index`` of the open collection may be played (its chapter is open)."""
    is_open = open_levels(context)
    return 0 <= index < len(is_open) and is_open[index]


def resume_game(shell: Shell, game: SavedGame) -> bool:
    """Play a saved game (the last session or a save slot) from where it was left: the level,
    the position and the whole move history, so undo works. False (after saying why) if its
    levels cannot be found any more."""
    try:
        collection, source = _saved_collection(shell.context, game)
    except LevelError as error:
        show_message(shell, "Cannot continue", str(error))
        return False
    index = game.level_index_in(collection.levels)
    if index is None:
        number, title = game.level.number, game.collection_title or "the saved game"
        # A level known by its text has no number ("Level None of Pasted levels").
        which = f"Level {number} of {title}" if number is not None else f"The level of {title}"
        show_message(shell, "Cannot continue", f"{which} is no longer in its collection.")
        return False
    # The level being played (a load from the pause menu) saves itself before it goes.
    shell.open_stack([])
    shell.context.session.open(collection, source, index)
    remember_collection(shell.context)
    state, note = game.restore(collection.levels[index])
    shell.open_stack(
        [MainMenuScreen(), LevelSelectScreen(), PlayScreen(index, state, game.statistics)]
    )
    if note is not None:
        show_message(shell, "Saved game", note)
    return True


def _saved_collection(context: PlayContext, game: SavedGame) -> tuple[Collection, CollectionRef]:
    """The collection a saved game was played in, and its identity; LevelError if it is gone.

    The open collection serves when it is the one (a level known by its text is rebuilt from
    the text the save keeps).
    """
    session = context.session
    where = collection_of(game.level)
    reusable = not isinstance(where, LevelTexts)
    if session.collection is not None and session.source == where and reusable:
        return session.collection, where
    return collection_for(game.level, game.collection_title)


def ensure_collection(shell: Shell) -> bool:
    """Load the campaign if nothing is open yet; False (after saying why) if that fails."""
    return shell.context.session.collection is not None or open_campaign(shell)


def play_level(shell: Shell, index: int) -> None:
    """Start level ``index`` of the open collection over the current screen (a level of a
    locked chapter says so instead)."""
    if not level_is_open(shell.context, index):
        show_message(
            shell,
            "That chapter is locked",
            "Solve 70% of the chapter before it to open it (levels the solver showed do not "
            "count).",
        )
        return
    shell.open(play_screen(shell.context, index))


def play_screen(context: PlayContext, index: int) -> PlayScreen:
    """Level ``index`` of the open collection as the player left it: at the position of the
    last game when that was this level left mid-way (as Continue resumes it), else afresh."""
    game = context.progress.load_session()
    collection = context.session.collection
    if game is None or collection is None or not game.history:
        return PlayScreen(index)
    same_collection = collection_of(game.level) == context.session.source
    if not same_collection or game.level_index_in(collection.levels) != index:
        return PlayScreen(index)
    state, note = game.restore(collection.levels[index])
    if note is not None or state.is_solved:
        return PlayScreen(index)
    return PlayScreen(index, state, game.statistics)


def leave_level(shell: Shell) -> None:
    """Back from a level (and its pause or result screens) to where it was started from."""
    while isinstance(shell.top_screen(), LEVEL_SCREENS):
        shell.pop()


def restart_in_place(shell: Shell, index: int) -> None:
    """Play level ``index`` in place of the level being played (under its dialogs); the
    screen under the level is not shown in between."""
    while isinstance(shell.top_screen(), LEVEL_OVERLAYS):
        shell.pop()
    if not isinstance(shell.top_screen(), PlayScreen):
        play_level(shell, index)
        return
    if not level_is_open(shell.context, index):
        leave_level(shell)
        play_level(shell, index)
        return
    shell.replace(PlayScreen(index))


def replay_solution(shell: Shell, index: int, lurd: str, name: str) -> None:
    """Step through a library solution of level ``index`` from its start (N, B, Space), in
    place of the level being played if there is one (under the Solutions screen)."""
    # The level's Solutions, and the collection's it was opened from, give way to the replay.
    while isinstance(
        shell.top_screen(), (SolutionsScreen, CollectionSolutionsScreen, *LEVEL_OVERLAYS)
    ):
        shell.pop()
    screen = PlayScreen(index, solution=lurd, solution_name=name)
    if isinstance(shell.top_screen(), PlayScreen):
        shell.replace(screen)
    else:
        shell.open(screen)
