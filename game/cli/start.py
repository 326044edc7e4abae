"""Starting the game window from the command line.

Kept apart so that the level subcommands never import pygame.
"""

from __future__ import annotations

import sys


def start_game() -> int:
    """Open the game window on the main menu and run until the player quits."""
    import pygame

    from game.engine.engine import GameEngine
    from game.scenes import flow
    from game.scenes.main_menu import MainMenuScene
    from game.storage.store import ProgressStore

    try:
        engine = GameEngine()
    except pygame.error as error:
        print(f"cannot open the game window: {error}", file=sys.stderr)
        return 1
    try:
        # The player's progress (SOKOBAN_HOME overrides its folder); a damaged store was moved
        # aside and a newer one is read-only, and the message says so on the first screen.
        store, message = ProgressStore.open()
        engine.use_progress(store)
        # Synthesising the effects takes a moment; better at start than at the first step.
        engine.sound.preload()
        engine.push(MainMenuScene(engine))
        if message is not None:
            flow.show_message(engine, "Saved progress", message)
        engine.run()
    finally:
        # Leaving the level being played saves it before the store is closed.
        engine.shutdown()
    return 0
