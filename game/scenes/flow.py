"""Moving between screens: opening collections, starting levels, leaving them, showing messages.

The scene modules import this one, so it imports them only inside its functions.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.core.collection import Collection, read_collection, read_collection_text
from game.core.errors import LevelError

if TYPE_CHECKING:
    from game.engine.engine import GameEngine

CLIPBOARD_SOURCE = "clipboard"


def show_message(engine: GameEngine, title: str, text: str) -> None:
    from game.scenes.message import MessageScene

    engine.push(MessageScene(engine, title, text))


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
    from game.scenes.level_select import LevelSelectScene
    from game.scenes.main_menu import MainMenuScene
    from game.scenes.play import PlayScene

    engine.session.open(collection, source)
    scenes = [MainMenuScene(engine), LevelSelectScene(engine)]
    if len(collection.levels) == 1:
        scenes.append(PlayScene(engine, 0))
    engine.reset_stack(scenes)
    if collection.errors:
        count = len(collection.errors)
        show_message(
            engine,
            f"{count} level(s) could not be read",
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
    return True


def ensure_collection(engine: GameEngine) -> bool:
    """Load the campaign if nothing is open yet; False (after saying why) if that fails."""
    return engine.session.collection is not None or open_campaign(engine)


def play_level(engine: GameEngine, index: int) -> None:
    """Start level ``index`` of the open collection over the current screen."""
    from game.scenes.play import PlayScene

    engine.push(PlayScene(engine, index))


def leave_level(engine: GameEngine) -> None:
    """Back from a level (and its pause or result screens) to where it was started from."""
    from game.scenes.level_complete import LevelCompleteScene
    from game.scenes.pause import PauseScene
    from game.scenes.play import PlayScene

    while isinstance(engine.top, PlayScene | PauseScene | LevelCompleteScene):
        engine.pop()


def restart_in_place(engine: GameEngine, index: int) -> None:
    """Replace the level being played (under its dialogs) by level ``index``."""
    leave_level(engine)
    play_level(engine, index)
