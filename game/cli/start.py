"""Starting the game window from the command line.

Kept apart so that the level subcommands never import pygame.
"""

from __future__ import annotations

import sys


def start_game() -> int:
    """Open the game; the engine arrives with the engine issue."""
    print("the game window is not available yet: use a subcommand (see --help)", file=sys.stderr)
    return 1
