"""Starting the game window from the command line.

Kept apart so that the level subcommands never import pygame.
"""

from __future__ import annotations

import sys


def start_game() -> int:
    """Open the game window on the main menu and run until the player quits."""
    import pygame

    from game.engine.engine import GameEngine
    from game.scenes.main_menu import MainMenuScene

    try:
        engine = GameEngine()
    except pygame.error as error:
        print(f"cannot open the game window: {error}", file=sys.stderr)
        return 1
    try:
        # Synthesising the effects takes a moment; better at start than at the first step.
        engine.sound.preload()
        engine.push(MainMenuScene(engine))
        engine.run()
    finally:
        engine.shutdown()
    return 0
