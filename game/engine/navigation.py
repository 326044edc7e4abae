"""Moving between screens: opening collections, starting levels, leaving them, showing messages.

Screens are opened by their registered names, so this module imports no scene at all.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import TYPE_CHECKING

from game.app.session import CAMPAIGN_SOURCE, read_campaign
from game.core.chapters import chapters_of, is_level_open
from game.core.collection import Collection, read_collection, read_collection_text
from game.core.errors import LevelError
from game.core.wording import counted
from game.engine import saving
from game.storage.records import CAMPAIGN_ID, SavedGame

if TYPE_CHECKING:
    from game.engine.engine import GameEngine

CLIPBOARD_SOURCE = "clipboard"
# The screens that belong to the level being played, left together when the level is left.
LEVEL_SCENES = frozenset({"play", "pause", "level_complete"})


def show_message(engine: GameEngine, title: str, text: str) -> None:
    engine.push_scene("message", title, text)


def load_collection_file(path: str) -> Collection:
    """A collection with at least one good level; LevelError with the reason otherwise."""
    path = path.strip().strip('"')
    if not path:
        raise LevelError("type the path of a level file")
    file = Path(path).expanduser()
    if file.is_dir():
        raise LevelError(f"{file} is a folder; choose a level file in it")
    collection = read_collection(file)
    if not collection.levels:
        first = collection.errors[0] if collection.errors else "no level found"
        raise LevelError(f"{file.name} holds no level that can be played: {first}")
    return collection


def open_collection_file(engine: GameEngine, path: str) -> None:
    """Open a level file (menu, drop, paste); a message dialog says what went wrong."""
    try:
        collection = load_collection_file(path)
    except LevelError as error:
        show_message(engine, "Cannot open the file", str(error))
        return
    open_collection(engine, collection, str(Path(path.strip().strip('"')).expanduser()))


def open_collection_text(engine: GameEngine, text: str) -> bool:
    """Open levels pasted as text; False if the text holds none."""
    collection = read_collection_text(text)
    if not collection.levels:
        return False
    collection.title = collection.title or "Pasted levels"
    open_collection(engine, collection, CLIPBOARD_SOURCE)
    return True


def open_collection(engine: GameEngine, collection: Collection, source: str) -> None:
    """Make ``collection`` the one played: its level select, or the level itself if only one."""
    # A level being played saves itself under its own collection before the new one opens.
    engine.reset_stack([])
    engine.session.open(collection, source)
    remember_collection(engine)
    scenes = [engine.make_scene("main_menu"), engine.make_scene("level_select")]
    if len(collection.levels) == 1:
        scenes.append(engine.make_scene("play", 0))
    engine.reset_stack(scenes)
    if collection.errors:
        count = len(collection.errors)
        show_message(
            engine,
            f"{counted(count, 'level')} could not be read",
            f"They are left out. The first: {collection.errors[0]}",
        )


def open_campaign(engine: GameEngine) -> bool:
    """Make the campaign the open collection; False (after saying why) if it cannot be read.

    What was open before stays open when the campaign fails.
    """
    try:
        engine.session.open_campaign()
    except LevelError as error:
        show_message(engine, "No campaign", f"{error}. Open a level file instead.")
        return False
    remember_collection(engine)
    return True


def remember_collection(engine: GameEngine) -> None:
    """Tell the progress store about the open collection and its levels (for the statistics)."""
    session = engine.session
    if session.collection is not None:
        engine.progress.remember_collection(
            session.collection_id, session.title, session.source, session.collection.levels
        )


def campaign_start(engine: GameEngine) -> int:
    """Where "Play campaign" begins: the level after the last one solved in order, or once
    the end was reached (or that level's chapter is still locked), the first open level
    still unsolved."""
    position = engine.progress.campaign().position
    is_open = open_levels(engine)
    if position < len(is_open) and is_open[position]:
        return position
    solved = solved_indices(engine)
    open_unsolved = [i for i, playable in enumerate(is_open) if playable and i not in solved]
    return open_unsolved[0] if open_unsolved else 0


def solved_indices(engine: GameEngine) -> set[int]:
    """The indices of the open collection's levels that the player has solved."""
    collection = engine.session.collection
    if collection is None:
        return set()
    solved = saving.solved_fingerprints(engine)
    return {i for i, level in enumerate(collection.levels) if level.fingerprint() in solved}


def open_levels(engine: GameEngine) -> list[bool]:
    """For each level of the open collection, whether it may be played (its chapter is open);
    the records are read once for all of them."""
    collection = engine.session.collection
    if collection is None:
        return []
    chapters, solved = chapters_of(collection.levels), solved_indices(engine)
    return [is_level_open(chapters, solved, index) for index in range(len(collection.levels))]


def level_is_open(engine: GameEngine, index: int) -> bool:
    """Whether level ``index`` of the open collection may be played (its chapter is open)."""
    is_open = open_levels(engine)
    return 0 <= index < len(is_open) and is_open[index]


def resume_game(engine: GameEngine, game: SavedGame) -> bool:
    """Play a saved game (the last session or a save slot) from where it was left: the level,
    the position and the whole move history, so undo works. False (after saying why) if its
    levels cannot be found any more."""
    try:
        collection, source = _saved_collection(engine, game)
    except LevelError as error:
        show_message(engine, "Cannot continue", str(error))
        return False
    index = game.level_index_in(collection.levels)
    if index is None:
        show_message(
            engine,
            "Cannot continue",
            f"Level {game.level_index + 1} of {game.collection_title or 'the saved game'} "
            "is no longer in its collection.",
        )
        return False
    # The level being played (a load from the pause menu) saves itself before it goes.
    engine.reset_stack([])
    engine.session.open(collection, source, index)
    remember_collection(engine)
    state, note = game.restore(collection.levels[index])
    engine.reset_stack([engine.make_scene("main_menu"), engine.make_scene("level_select")])
    engine.push_scene("play", index, state)
    # Entering the level started its counters afresh; the saved ones carry on instead.
    restored = copy.deepcopy(game.statistics)
    engine.statistics.__dict__.update(restored.__dict__)
    if note is not None:
        show_message(engine, "Saved game", note)
    return True


def _saved_collection(engine: GameEngine, game: SavedGame) -> tuple[Collection, str]:
    """The collection a saved game was played in, and its source; LevelError if it is gone."""
    session = engine.session
    same_source = game.collection_id == CAMPAIGN_ID or session.source == game.collection_path
    if (
        session.collection is not None
        and session.collection_id == game.collection_id
        and same_source
    ):
        return session.collection, session.source
    if game.collection_id == CAMPAIGN_ID:
        return read_campaign(), CAMPAIGN_SOURCE
    if game.collection_path == CLIPBOARD_SOURCE:
        raise LevelError("its levels were pasted and are not kept; paste them again to go on")
    path = Path(game.collection_path)
    if not path.is_file():
        name = game.collection_title or "levels"
        raise LevelError(f"the level file of {name} is not found at {game.collection_path}")
    return load_collection_file(game.collection_path), game.collection_path


def ensure_collection(engine: GameEngine) -> bool:
    """Load the campaign if nothing is open yet; False (after saying why) if that fails."""
    return engine.session.collection is not None or open_campaign(engine)


def play_level(engine: GameEngine, index: int) -> None:
    """Start level ``index`` of the open collection over the current screen (a level of a
    locked chapter says so instead)."""
    if not level_is_open(engine, index):
        show_message(
            engine,
            "That chapter is locked",
            "Solve 70% of the chapter before it to open it (levels the solver showed do not "
            "count).",
        )
        return
    engine.push_scene("play", index)


def leave_level(engine: GameEngine) -> None:
    """Back from a level (and its pause or result screens) to where it was started from."""
    while engine.top is not None and engine.top.name in LEVEL_SCENES:
        engine.pop()


def restart_in_place(engine: GameEngine, index: int) -> None:
    """Replace the level being played (under its dialogs) by level ``index``."""
    leave_level(engine)
    play_level(engine, index)
